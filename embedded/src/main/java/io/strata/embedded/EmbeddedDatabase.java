package io.strata.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.DatabaseOptions;
import com.apple.foundationdb.EventKeeper;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyRangeArrayResult;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Tenant;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The committer and the {@link Database} face of the engine.
 *
 * <p>Invariants: commits are serialised by {@link #commitLock}; each gets a version strictly greater
 * than the last and at least the wall-clock version (about 1,000,000 per second), its mutations are
 * applied to the store at that version, and only then is {@link #latestVersion} published, so a reader
 * whose read version is the published one never sees part of a commit. Write-conflict ranges of every
 * commit inside the 5-second MVCC window are kept in {@link ConflictHistory}. Versions follow the clock
 * even when nothing commits, as a cluster's do: a read version is never more than
 * {@link #IDLE_VERSION_LAG} behind the clock ({@link #readVersion} advances the published version, under
 * the commit lock, when the database has been idle). Housekeeping (forgetting conflict ranges and
 * tombstones that left the window) is incremental, a little on every commit, so no commit pauses for it.
 *
 * <p>A durable database ({@link EmbeddedFdb#open(java.nio.file.Path)}) has a {@link Journal}: a commit is
 * checked and given its version under the commit lock as above, then written to the log; it is applied and
 * published (under the commit lock again, in version order) only once the log is forced, and its future
 * completes after that: on the executor, so callbacks never run on the log writer — except for a caller that
 * {@linkplain #commit waits} on a future nobody else holds ({@code Database.run}), which the writer completes itself,
 * waking the caller without an executor task in between. Versions handed out but not yet published ({@link #assignedVersion}
 * ahead of {@link #latestVersion}) are never read: the read version stays at the last published one.
 */
final class EmbeddedDatabase implements Database {
    /** The MVCC window: 5 seconds of versions. */
    static final long WINDOW = 5_000_000L;
    /** How far the published version may trail the clock before a read version request advances it (1 ms). */
    static final long IDLE_VERSION_LAG = 1_000L;

    private final VersionedStore store = new VersionedStore();
    private final ConflictHistory history = new ConflictHistory();
    private final Watches watches;
    private final Object commitLock = new Object();
    private final Faults faults;
    private final RoundTrips network;
    private final boolean mappedRanges;
    private final Executor executor;
    private final LongSupplier nanoClock;
    private final long clockOrigin;
    private final long versionOrigin;
    private final TransactionDefaults defaults = new TransactionDefaults();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long latestVersion;
    private final AtomicInteger outstandingWatches = new AtomicInteger();
    /** The durable log, or null for an in-memory database. */
    private final Journal journal;
    /** The last version given to a commit; ahead of {@link #latestVersion} while commits wait for the disk. */
    private long assignedVersion;
    private volatile int maxWatches = Watches.DEFAULT_LIMIT;
    /** Records what commits write, when asked ({@link EmbeddedFdb#recordWrites}); null otherwise. */
    private volatile WriteRecorder recorder;

    /**
     * A database kept in {@code durable}'s directory (null: in memory), recovered from it before this returns.
     *
     * @param nanoClock the monotonic clock versions follow ({@link System#nanoTime} outside tests)
     * @param network   the simulated round trip and the counters behind {@link EngineStats}
     * @param mappedRanges whether getMappedRange is served (else it fails with 2108)
     * @param durable   for a durable database: its directory, checkpoint threshold and log disk; null in memory
     */
    EmbeddedDatabase(Faults faults, Executor executor, LongSupplier nanoClock, RoundTrips network, boolean mappedRanges,
            Journal.Settings durable) {
        this.network = network;
        this.mappedRanges = mappedRanges;
        this.faults = faults;
        this.executor = executor;
        this.watches = new Watches(executor);
        this.nanoClock = nanoClock;
        this.clockOrigin = nanoClock.getAsLong();
        this.versionOrigin = System.currentTimeMillis() * 1000L;
        store.put(Keys.FIRST_SHARD, Keys.EMPTY, 0, 0); // one shard, beginning at the empty key (docs/engine.md)
        this.journal = durable == null ? null : Journal.open(durable, store, this::replay);
        long recovered = journal == null ? 0 : journal.recoveredVersion();
        this.latestVersion = Math.max(versionOrigin, recovered + 1); // versions go on increasing across restarts
        this.assignedVersion = latestVersion;
    }

    /** Options set on the database that every new transaction starts with. */
    static final class TransactionDefaults {
        volatile long timeoutMillis;
        volatile long retryLimit = -1;
        volatile long maxRetryDelayMillis = FdbErrors.DEFAULT_MAX_RETRY_DELAY_MILLIS;
        volatile long sizeLimit = EmbeddedTransaction.DEFAULT_SIZE_LIMIT;
    }

    VersionedStore store() {
        return store;
    }

    Faults faults() {
        return faults;
    }

    RoundTrips network() {
        return network;
    }

    /** What the database has done so far: the network's counters, and the log's for a durable database. */
    EngineStats stats() {
        return journal == null ? network.stats(0, 0, 0, 0)
                : network.stats(journal.forces(), journal.loggedCommits(), journal.logBytes(), journal.checkpoints());
    }

    /** Starts recording what commits write, replacing any recorder already recording. */
    WriteRecorder recordWrites() {
        WriteRecorder started = new WriteRecorder(this);
        recorder = started;
        return started;
    }

    /** Stops {@code stopped} recording, unless another recorder replaced it. */
    void stopRecording(WriteRecorder stopped) {
        synchronized (commitLock) {
            if (recorder == stopped) {
                recorder = null;
            }
        }
    }

    /** Commits of a durable database waiting for the log writer to take them (0 in memory). */
    int queuedForLog() {
        return journal == null ? 0 : journal.queued();
    }

    /** Whether getMappedRange is served ({@code EmbeddedFdb.builder().mappedRanges}). */
    boolean servesMappedRanges() {
        return mappedRanges;
    }

    TransactionDefaults defaults() {
        return defaults;
    }

    long latestVersion() {
        return latestVersion;
    }

    /**
     * A read version for a new transaction: the latest committed version, first advanced to the clock
     * when nothing has committed for {@link #IDLE_VERSION_LAG} (a cluster's versions advance about
     * 1,000,000 per second whether or not anything commits, so a fresh read version is always current).
     */
    long readVersion() {
        long v = latestVersion;
        long now = clockVersion();
        if (now - v <= IDLE_VERSION_LAG) {
            return v;
        }
        synchronized (commitLock) {
            // no commit is half-applied while the lock is held, so publishing the clock's version is safe,
            // unless a commit is waiting for the disk: the read version must stay below its version
            if (latestVersion < now && assignedVersion == latestVersion) {
                latestVersion = now;
                assignedVersion = now;
            }
            return latestVersion;
        }
    }

    /** The wall-clock version: about 1,000,000 versions per second. */
    long clockVersion() {
        return versionOrigin + (nanoClock.getAsLong() - clockOrigin) / 1_000L;
    }

    /** The database's monotonic clock, in nanoseconds (for transaction timeouts). */
    long nanoTime() {
        return nanoClock.getAsLong();
    }

    /**
     * What a transaction hands the committer: its mutation log (logged, counted, and replayed in order when
     * its effects key by key, {@link WriteBuffer.Effects}, might differ from it) and those effects.
     */
    record CommitRequest(
            long readVersion,
            List<byte[][]> readConflicts,
            List<byte[][]> writeConflicts,
            List<WriteBuffer.Mutation> mutations,
            WriteBuffer.Effects effects) {

        /** The bytes of the mutations: keys, values or operands, range ends. */
        long bytes() {
            long bytes = 0;
            for (WriteBuffer.Mutation m : mutations) {
                bytes += m.key().length + (m.end() != null ? m.end().length : m.param() != null ? m.param().length : 0);
            }
            return bytes;
        }
    }

    /**
     * Checks and applies one read-write transaction; the future completes with its commit version once it
     * is applied (for a durable database: once its log record is forced to disk too).
     *
     * @param waiting whether the caller keeps the future to itself and waits for it at once: then a durable
     *     database's log writer completes it directly, waking the caller without a task on the executor. Only
     *     for a future no callback is attached to before it completes (the writer would run the callback)
     * @throws FDBException not_committed (1020), commit_unknown_result (1021), transaction_too_old (1007)
     */
    CompletableFuture<Long> commit(CommitRequest request, boolean waiting) {
        checkOpen();
        ByteBuffer record = journal == null ? null : LogRecords.encode(request.mutations());
        synchronized (commitLock) {
            Faults.CommitFault fault = faults.nextCommitFault();
            long now = clockVersion();
            if (request.readVersion() >= 0 && now - request.readVersion() > WINDOW) {
                throw FdbErrors.of(1007);
            }
            if (fault == Faults.CommitFault.NOT_COMMITTED) {
                throw FdbErrors.of(1020);
            }
            if (request.readVersion() >= 0) {
                for (byte[][] r : request.readConflicts()) {
                    if (history.conflicts(r[0], r[1], request.readVersion())) {
                        network.conflict();
                        throw FdbErrors.of(1020);
                    }
                }
            }
            if (fault == Faults.CommitFault.UNKNOWN_NOT_APPLIED) {
                throw FdbErrors.of(1021);
            }
            long version = Math.max(assignedVersion + 1, now);
            long horizon = now - WINDOW;
            network.written(request.mutations().size(), request.bytes());
            history.record(request.writeConflicts(), version);
            history.forgetBefore(horizon);
            assignedVersion = version;
            WriteRecorder recording = recorder;
            if (recording != null) {
                recording.commit(request.mutations(), stamp(version));
            }
            if (journal != null) {
                return durably(version, record, request, fault, waiting ? Runnable::run : this::onExecutor);
            }
            apply(version, request, horizon);
            latestVersion = version;
            store.collect(horizon);
            if (fault == Faults.CommitFault.UNKNOWN_APPLIED) {
                throw FdbErrors.of(1021);
            }
            return CompletableFuture.completedFuture(version);
        }
    }

    /**
     * Logs a checked commit; once it is on disk, applies and publishes it, then completes through {@code completion}:
     * on the executor, or on the log writer for a caller that {@linkplain #commit waits} on the future.
     */
    private CompletableFuture<Long> durably(long version, ByteBuffer record, CommitRequest request,
            Faults.CommitFault fault, Executor completion) {
        CompletableFuture<Long> done = new CompletableFuture<>();
        journal.append(new Journal.Entry(version, LogRecords.withVersion(record, version), () -> {
            synchronized (commitLock) {
                long horizon = clockVersion() - WINDOW;
                apply(version, request, horizon);
                latestVersion = version;
                store.collect(horizon);
            }
            completion.execute(() -> {
                if (fault == Faults.CommitFault.UNKNOWN_APPLIED) {
                    done.completeExceptionally(FdbErrors.of(1021));
                } else {
                    done.complete(version);
                }
            });
        }, error -> completion.execute(() -> done.completeExceptionally(error))));
        return done;
    }

    /** Runs a completion on the executor, so callers' callbacks never run on the log writer; here if it refuses. */
    private void onExecutor(Runnable completion) {
        try {
            executor.execute(completion);
        } catch (RejectedExecutionException shutDown) {
            completion.run();
        }
    }

    /** Applies a logged commit while the database is recovered: nothing reads older versions yet. */
    private void replay(LogRecords.Commit commit) {
        applyMutations(commit.version(), commit.mutations(), commit.version());
        store.collect(commit.version());
    }

    /**
     * Applies one commit at {@code version}: by its effects, each written key once, unless a versionstamped
     * write lands on a key another write touches (then the log, in order); caller holds the commit lock.
     */
    private void apply(long version, CommitRequest request, long horizon) {
        WriteBuffer.Effects effects = request.effects();
        byte[] stamp = stamp(version);
        if (!effects.stampsLandApart(stamp)) {
            applyMutations(version, request.mutations(), horizon);
            return;
        }
        for (byte[][] range : effects.cleared()) {
            for (byte[] key : store.clearRange(range[0], range[1], version, horizon)) {
                watches.changed(key, null);
            }
        }
        for (WriteBuffer.Written w : effects.written()) {
            WriteBuffer.Entry e = w.entry();
            write(w.key(), e.known() ? e.value() : e.resolve(store.get(w.key(), version)), version, horizon);
        }
        for (WriteBuffer.Mutation m : effects.versionstamped()) {
            apply(m, version, horizon, stamp);
        }
    }

    /** Applies one commit's mutations, in order, at {@code version}; caller holds the commit lock (or recovers). */
    private void applyMutations(long version, List<WriteBuffer.Mutation> mutations, long horizon) {
        byte[] stamp = stamp(version);
        for (WriteBuffer.Mutation m : mutations) {
            apply(m, version, horizon, stamp);
        }
    }

    /** The 10-byte versionstamp of a commit: its version, then batch order 0. */
    /** The directory of a durable database's write-ahead log. */
    java.nio.file.Path logDirectory() {
        if (journal == null) {
            throw new IllegalArgumentException("an in-memory database has no write-ahead log");
        }
        return journal.directory();
    }

    /** The 10-byte versionstamp of the commit at {@code version}: what its versionstamped writes are filled with. */
    static byte[] stamp(long version) {
        return ByteBuffer.allocate(10).putLong(version).putShort((short) 0).array();
    }

    private void apply(WriteBuffer.Mutation m, long version, long horizon, byte[] stamp) {
        switch (m.kind()) {
            case SET -> write(m.key(), m.param(), version, horizon);
            case CLEAR -> write(m.key(), null, version, horizon);
            case CLEAR_RANGE -> {
                for (byte[] key : store.clearRange(m.key(), m.end(), version, horizon)) {
                    watches.changed(key, null);
                }
            }
            case ATOMIC -> {
                if (m.type() == MutationType.SET_VERSIONSTAMPED_KEY) {
                    write(Versionstamps.fill(m.key(), stamp), m.param(), version, horizon);
                } else if (m.type() == MutationType.SET_VERSIONSTAMPED_VALUE) {
                    write(m.key(), Versionstamps.fill(m.param(), stamp), version, horizon);
                } else {
                    write(m.key(), AtomicOps.apply(m.type(), store.get(m.key(), version), m.param()), version, horizon);
                }
            }
        }
    }

    private void write(byte[] key, byte[] value, long version, long horizon) {
        store.put(key, value, version, horizon);
        watches.changed(key, value);
    }

    /**
     * Counts a new watch against MAX_WATCHES (10,000 by default), as FoundationDB counts every watch from
     * its creation until it fires, fails or is cancelled; false when the limit is reached.
     */
    boolean reserveWatch() {
        while (true) {
            int n = outstandingWatches.get();
            if (n >= maxWatches) {
                return false;
            }
            if (outstandingWatches.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    void releaseWatch() {
        outstandingWatches.decrementAndGet();
    }

    /** Arms a watch after its transaction committed (or ended read-only). */
    void arm(byte[] key, byte[] expected, CompletableFuture<Void> future) {
        synchronized (commitLock) {
            watches.arm(key, expected, store.get(key, latestVersion), future);
        }
    }

    void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("Cannot access closed object: this EmbeddedFdb database was closed");
        }
    }

    // ---- Database ----

    @Override
    public Transaction createTransaction(Executor e, EventKeeper eventKeeper) {
        checkOpen();
        return new EmbeddedTransaction(this, e, eventKeeper);
    }

    @Override
    public EmbeddedTransaction createTransaction(Executor e) {
        checkOpen();
        return new EmbeddedTransaction(this, e, null);
    }

    @Override
    public DatabaseOptions options() {
        return new DatabaseOptions((code, param) -> {
            switch (code) {
                case 20 -> maxWatches = (int) Math.min(Integer.MAX_VALUE, EmbeddedTransaction.longParam(param));
                case 500 -> defaults.timeoutMillis = EmbeddedTransaction.longParam(param);
                case 501 -> defaults.retryLimit = EmbeddedTransaction.longParam(param);
                case 502 -> defaults.maxRetryDelayMillis = EmbeddedTransaction.longParam(param);
                case 503 -> defaults.sizeLimit = EmbeddedTransaction.longParam(param);
                default -> { } // location cache, machine ids, snapshot RYW...: no effect in one process
            }
        });
    }

    @Override
    public Executor getExecutor() {
        return executor;
    }

    @Override
    public <T> T run(Function<? super Transaction, T> retryable, Executor e) {
        return RetryLoop.runBlocking(createTransaction(e), retryable);
    }

    @Override
    public <T> T read(Function<? super ReadTransaction, T> retryable, Executor e) {
        return RetryLoop.readBlocking(createTransaction(e), retryable);
    }

    @Override
    public <T> CompletableFuture<T> runAsync(
            Function<? super Transaction, ? extends CompletableFuture<T>> retryable, Executor e) {
        return RetryLoop.run(createTransaction(e),
                tr -> retryable.apply(tr).thenCompose(v -> tr.commit().thenApply(ignore -> v)), e);
    }

    @Override
    public <T> CompletableFuture<T> readAsync(
            Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable, Executor e) {
        return RetryLoop.run(createTransaction(e), retryable::apply, e);
    }

    /**
     * Closes the database; a durable one first writes every commit in flight and a checkpoint, and releases
     * its directory.
     *
     * @throws StorageException when the closing checkpoint cannot be written (the log still holds every commit)
     */
    @Override
    public void close() {
        if (!closed.getAndSet(true) && journal != null) {
            journal.close();
        }
    }

    @Override
    public double getMainThreadBusyness() {
        return 0.0;
    }

    // ---- surface FoundationDB has but this engine does not: fail loudly, never silently ----

    private static <T> CompletableFuture<T> unsupported(String feature) {
        return CompletableFuture.failedFuture(FdbErrors.unsupported(feature));
    }

    @Override
    public Tenant openTenant(Tuple tenantName) {
        throw FdbErrors.unsupported("tenants (openTenant)");
    }

    @Override
    public Tenant openTenant(byte[] tenantName, Executor e) {
        throw FdbErrors.unsupported("tenants (openTenant)");
    }

    @Override
    public Tenant openTenant(Tuple tenantName, Executor e) {
        throw FdbErrors.unsupported("tenants (openTenant)");
    }

    @Override
    public Tenant openTenant(byte[] tenantName, Executor e, EventKeeper eventKeeper) {
        throw FdbErrors.unsupported("tenants (openTenant)");
    }

    @Override
    public Tenant openTenant(Tuple tenantName, Executor e, EventKeeper eventKeeper) {
        throw FdbErrors.unsupported("tenants (openTenant)");
    }

    @Override
    public CompletableFuture<byte[]> purgeBlobGranules(byte[] b, byte[] e, long v, boolean force, Executor ex) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<Void> waitPurgeGranulesComplete(byte[] purgeKey, Executor e) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<Boolean> blobbifyRange(byte[] b, byte[] e, Executor ex) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<Boolean> blobbifyRangeBlocking(byte[] b, byte[] e, Executor ex) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<Boolean> unblobbifyRange(byte[] b, byte[] e, Executor ex) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<KeyRangeArrayResult> listBlobbifiedRanges(byte[] b, byte[] e, int limit, Executor ex) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<Long> verifyBlobRange(byte[] b, byte[] e, long version, Executor ex) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<Boolean> flushBlobRange(byte[] b, byte[] e, boolean compact, long version, Executor ex) {
        return unsupported("blob granules");
    }

    @Override
    public CompletableFuture<byte[]> getClientStatus(Executor e) {
        return unsupported("client status (getClientStatus)");
    }

    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof java.util.concurrent.ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
