package io.strata.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.EventKeeper;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionOptions;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One attempt of a transaction, as fdb-java's {@code FDBTransaction} handle presents it: the write
 * buffer, commit, watches, options and retry ({@code onError}); reads live in {@link TransactionReads},
 * write validation in {@link TransactionWrites}, conflict ranges and size in {@link ConflictRanges}, the state machine in {@link Lifecycle}.
 *
 * <p>Invariants: a handle is one attempt and is never reset in place. {@code onError} closes it at once
 * and (after the backoff) completes with a new handle that shares only the {@link RetryState}, as
 * fdb-java's {@code onError} transfers the reset native transaction to a new object; the old handle
 * throws {@link IllegalStateException} from then on. Writes never throw (fdb-java's {@code set},
 * {@code clear} and {@code mutate} cannot): their errors are deferred and surface on the next read or on
 * commit. Watches are armed only when the commit succeeds; until then they belong to the attempt and fail
 * with its error. Safe to use from several threads and callbacks at once, as fdb-java's transactions are:
 * writes, and each read's merge with them, are serialised on the {@link WriteBuffer} (as FoundationDB's
 * client runs a transaction's calls one at a time on its network thread), so a read sees exactly the writes
 * issued before it, whichever thread issued them and whenever its answer arrives.
 */
final class EmbeddedTransaction extends ReadSurface implements Transaction {
    static final long DEFAULT_SIZE_LIMIT = 10_000_000L;

    private final EmbeddedDatabase db;
    private final Executor executor;
    private final RetryState retry;
    private final Lifecycle lifecycle;
    private final TransactionReads reads;
    private final TransactionWrites writes;
    private final SnapshotView snapshot;
    private final WriteBuffer buffer = new WriteBuffer();
    private final ConflictRanges conflicts = new ConflictRanges();
    private final VersionstampPromise versionstamp = new VersionstampPromise();
    private final PendingWatches watches = new PendingWatches();
    private volatile long committedVersion = -1;
    /** Counts this transaction's reads and commits for its creator ({@link #countRead}, {@link Written}); null: none. */
    private final EventKeeper keeper;

    // per-attempt options, read by TransactionReads
    volatile boolean rywDisabled;
    volatile boolean snapshotRywDisabled;
    volatile boolean systemKeys;
    volatile boolean batchPriority;

    EmbeddedTransaction(EmbeddedDatabase db, Executor executor, EventKeeper keeper) {
        this(db, executor, keeper, new RetryState(db));
    }

    private EmbeddedTransaction(EmbeddedDatabase db, Executor executor, EventKeeper keeper, RetryState retry) {
        this.db = db;
        this.executor = executor;
        this.keeper = keeper;
        this.retry = retry;
        this.lifecycle = new Lifecycle(retry, this::retire);
        this.reads = new TransactionReads(db, this);
        this.writes = new TransactionWrites(this);
        this.snapshot = new SnapshotView(this);
    }

    /**
     * What a committed attempt wrote, counted in the {@code EventKeeper} given to
     * {@code createTransaction(executor, eventKeeper)}: its mutations and their bytes, as {@link EngineStats} counts them.
     * fdb-java has no events for writes; these are the engine's, matched by name ({@code KEYS_WRITTEN}, {@code BYTES_WRITTEN}).
     */
    enum Written implements EventKeeper.Event { KEYS_WRITTEN, BYTES_WRITTEN }

    /**
     * {@code keys} keys of {@code bytes} bytes read from storage: counted in the engine's statistics and, when this
     * transaction was created with an {@code EventKeeper}, as fdb-java's {@code RANGE_QUERY_RECORDS_FETCHED} and
     * {@code BYTES_FETCHED} (point reads too: the engine has one kind of read).
     */
    void countRead(long keys, long bytes) {
        db.network().read(keys, bytes);
        if (keeper != null) {
            keeper.count(EventKeeper.Events.RANGE_QUERY_RECORDS_FETCHED, keys);
            keeper.count(EventKeeper.Events.BYTES_FETCHED, bytes);
        }
    }

    static long longParam(byte[] param) {
        return ByteBuffer.wrap(param).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    Lifecycle lifecycle() {
        return lifecycle;
    }

    /** When this transaction's TIMEOUT runs out (0: none), for answers still on the simulated network. */
    long deadlineNanos() {
        return retry.deadlineNanos();
    }

    TransactionReads reads() {
        return reads;
    }

    WriteBuffer buffer() {
        return buffer;
    }

    ConflictRanges conflicts() {
        return conflicts;
    }

    // ---------------------------------------------------------------- reads (see TransactionReads)

    @Override
    AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse, StreamingMode mode) {
        return reads.range(begin, end, limit, reverse, mode, false);
    }

    @Override
    EmbeddedTransaction transaction() {
        return this;
    }

    @Override
    public boolean isSnapshot() {
        return false;
    }

    @Override
    public ReadTransaction snapshot() {
        return snapshot;
    }

    @Override
    public CompletableFuture<byte[]> get(byte[] key) {
        return reads.get(key, false);
    }

    @Override
    public CompletableFuture<byte[]> getKey(KeySelector selector) {
        return reads.getKey(selector, false);
    }

    @Override
    public CompletableFuture<Long> getReadVersion() {
        return reads.getReadVersion();
    }

    @Override
    public void setReadVersion(long version) {
        reads.setReadVersion(version);
    }

    @Override
    public boolean addReadConflictRangeIfNotSnapshot(byte[] begin, byte[] end) {
        addReadConflictRange(begin, end);
        return true;
    }

    @Override
    public boolean addReadConflictKeyIfNotSnapshot(byte[] key) {
        addReadConflictKey(key);
        return true;
    }

    CompletableFuture<Long> estimatedSize(byte[] begin, byte[] end) {
        return reads.estimatedSize(begin, end);
    }

    CompletableFuture<KeyArrayResult> splitPoints(byte[] begin, byte[] end, long chunkSize) {
        return reads.splitPoints(begin, end, chunkSize);
    }

    // ---------------------------------------------------------------- writes (see TransactionWrites)

    @Override
    public void set(byte[] key, byte[] value) {
        writes.set(key, value);
    }

    @Override
    public void clear(byte[] key) {
        writes.clear(key);
    }

    @Override
    public void clear(byte[] begin, byte[] end) {
        writes.clear(begin, end);
    }

    @Override
    public void clear(Range range) {
        writes.clear(range.begin, range.end);
    }

    @Override
    public void clearRangeStartsWith(byte[] prefix) {
        writes.clear(prefix, ByteArrayUtil.strinc(prefix));
    }

    @Override
    public void mutate(MutationType type, byte[] key, byte[] param) {
        writes.mutate(type, key, param);
    }

    @Override
    public void addReadConflictRange(byte[] begin, byte[] end) {
        writes.addReadConflictRange(begin, end);
    }

    @Override
    public void addReadConflictKey(byte[] key) {
        writes.addReadConflictRange(key, Keys.after(key));
    }

    @Override
    public void addWriteConflictRange(byte[] begin, byte[] end) {
        writes.addWriteConflictRange(begin, end);
    }

    @Override
    public void addWriteConflictKey(byte[] key) {
        writes.addWriteConflictRange(key, Keys.after(key));
    }

    // ---------------------------------------------------------------- commit

    @Override
    public CompletableFuture<Void> commit() {
        return commit(false);
    }

    /**
     * Commits and waits for the outcome, for {@code Database.run}: a durable database's log writer wakes this thread
     * directly, and the commit's own completion steps (versionstamp, watches) run here rather than on the executor.
     */
    void commitAndWait() {
        commit(true).join();
    }

    private CompletableFuture<Void> commit(boolean waiting) {
        CompletableFuture<Void> outcome = commitNow(waiting);
        if (buffer.isEmpty() && !conflicts.hasWrites()) {
            return outcome; // read-only (or refused before sending): answered by the client, no round trip
        }
        long due = db.network().dueAfter(reads.readVersionForCommit());
        return db.network().deliver(outcome, due, executor, retry.deadlineNanos(), reads.path(), reads.path().commit());
    }

    /** Commits now; {@link #commit()} delivers the outcome one round trip later, as a cluster would. */
    private CompletableFuture<Void> commitNow(boolean waiting) {
        FDBException error = lifecycle.beginCommit();
        if (error != null) {
            return CompletableFuture.failedFuture(error);
        }
        if (conflicts.size() > retry.sizeLimit) {
            return failCommit(FdbErrors.of(2101));
        }
        if (buffer.isEmpty() && !conflicts.hasWrites()) {
            versionstamp.failWith(2021);
            watches.armAll(db);
            return CompletableFuture.completedFuture(null);
        }
        reads.readVersionForCommit(); // a blind write still needs a read version, as fdb's client gets one first
        db.network().commit();
        if (reads.isStale()) {
            return failCommit(FdbErrors.of(1007)); // a stale read version is too old to commit, as it is to read storage
        }
        CompletableFuture<Long> applied;
        EmbeddedDatabase.CommitRequest request;
        try {
            request = new EmbeddedDatabase.CommitRequest(
                    reads.readVersionIfTaken(), conflicts.reads(), conflicts.writes(), buffer.log(), buffer.effects());
            applied = db.commit(request, waiting);
        } catch (FDBException e) {
            return failCommit(e);
        }
        if (waiting) {
            // the log writer completes `applied` and wakes this thread; nothing is attached to it until then, so the
            // steps below run here, never on the writer
            try {
                applied.join();
            } catch (RuntimeException failed) {
                // the failure is handled below, as for an asynchronous commit
            }
        }
        // in memory `applied` is complete already, so this finishes before commit() returns
        CompletableFuture<Void> done = new CompletableFuture<>();
        applied.whenComplete((version, failure) -> {
            if (failure != null) {
                Throwable cause = EmbeddedDatabase.unwrap(failure);
                failCommit(cause);
                done.completeExceptionally(cause);
                return;
            }
            committedVersion = version;
            if (keeper != null) {
                keeper.count(Written.KEYS_WRITTEN, request.mutations().size());
                keeper.count(Written.BYTES_WRITTEN, request.bytes());
            }
            versionstamp.committed(version);
            watches.armAll(db);
            done.complete(null);
        });
        return done;
    }

    /**
     * A commit that failed: the versionstamp has no version (2020) and the attempt's watches fail with the
     * error (an {@link FDBException}, or the {@link StorageException} of a durable database whose disk failed).
     */
    private CompletableFuture<Void> failCommit(Throwable e) {
        versionstamp.failWith(2020);
        watches.failAll(e);
        return CompletableFuture.failedFuture(e);
    }

    @Override
    public Long getCommittedVersion() {
        lifecycle.checkOpen();
        return committedVersion;
    }

    @Override
    public CompletableFuture<byte[]> getVersionstamp() {
        FDBException error = lifecycle.commitStartedError();
        return error != null ? CompletableFuture.failedFuture(error) : versionstamp.future();
    }

    @Override
    public CompletableFuture<Long> getApproximateSize() {
        lifecycle.checkOpen(); // FoundationDB returns the running size whatever the attempt's state
        return CompletableFuture.completedFuture(conflicts.size());
    }

    // ---------------------------------------------------------------- watches

    @Override
    public CompletableFuture<Void> watch(byte[] callerKey) {
        byte[] key = callerKey.clone(); // kept until the watch fires: never the caller's array
        FDBException error = lifecycle.readError();
        if (error == null && rywDisabled) {
            error = FdbErrors.of(1034);
        }
        if (error == null && Keys.isSpecial(key)) {
            error = FdbErrors.specialKey(key);
        }
        if (error == null && Keys.compare(key, reads.keyLimit()) >= 0) {
            error = FdbErrors.of(2004);
        }
        if (error == null && key.length > reads.keySizeLimit()) {
            error = FdbErrors.of(2102);
        }
        if (error == null && !db.reserveWatch()) {
            error = FdbErrors.of(1032);
        }
        if (error != null) {
            return CompletableFuture.failedFuture(error);
        }
        CompletableFuture<Void> future = new CompletableFuture<>();
        future.whenComplete((v, e) -> db.releaseWatch());
        byte[] expected;
        try {
            // a watch's read adds a read-conflict range, as in FoundationDB; its answer is not waited for
            expected = reads.getForWatch(key).join();
        } catch (RuntimeException e) {
            future.completeExceptionally(EmbeddedDatabase.unwrap(e));
            return future;
        }
        watches.add(key, expected, future);
        return future;
    }

    /** Fails what this attempt still owes once it is cancelled, timed out, poisoned or reset. */
    private void retire(FDBException error) {
        watches.failAll(error);
        versionstamp.fail(error);
    }

    /** As {@link #retire(FDBException)} with transaction_cancelled, building the exception only when something is owed. */
    private void retireCancelled() {
        if (!watches.isEmpty() || versionstamp.isOwed()) {
            retire(FdbErrors.of(1025));
        }
    }

    // ---------------------------------------------------------------- retry and lifecycle

    @Override
    public CompletableFuture<Transaction> onError(Throwable e) {
        Throwable t = EmbeddedDatabase.unwrap(e);
        if (!(t instanceof FDBException fe)) {
            return CompletableFuture.failedFuture(t);
        }
        lifecycle.checkOpen();
        FDBException reset = lifecycle.resetError();
        EmbeddedTransaction next = new EmbeddedTransaction(db, executor, keeper, retry);
        // fdb-java hands the reset transaction to a new object and closes this one at once
        lifecycle.close();
        retireCancelled();
        if (reset != null) {
            return giveUp(next, reset);
        }
        boolean limitReached = retry.retryLimit >= 0 && retry.retries >= retry.retryLimit;
        int attempt = retry.retries;
        retry.retries = attempt == Integer.MAX_VALUE ? attempt : attempt + 1;
        if (limitReached) {
            return giveUp(next, fe);
        }
        OptionalLong delay = FdbErrors.backoffMillis(fe.getCode(), attempt, retry.maxRetryDelayMillis, retry.random());
        if (delay.isEmpty()) {
            return giveUp(next, fe);
        }
        return CompletableFuture.supplyAsync(() -> next,
                CompletableFuture.delayedExecutor(delay.getAsLong(), TimeUnit.MILLISECONDS, executor));
    }

    private static CompletableFuture<Transaction> giveUp(EmbeddedTransaction next, FDBException error) {
        next.close();
        return CompletableFuture.failedFuture(error);
    }

    @Override
    public void cancel() {
        lifecycle.cancel();
    }

    @Override
    public void close() {
        if (!lifecycle.isClosed()) {
            lifecycle.close();
            retireCancelled();
        }
    }

    @Override
    public Database getDatabase() {
        return db;
    }

    @Override
    public <T> T run(Function<? super Transaction, T> retryable) {
        return retryable.apply(this);
    }

    @Override
    public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable) {
        return retryable.apply(this);
    }

    @Override
    public Executor getExecutor() {
        return executor;
    }

    @Override
    public TransactionOptions options() {
        return new TransactionOptions((code, param) -> {
            lifecycle.checkOpen();
            switch (code) {
                case 30 -> conflicts.skipNextWrite();
                case 51 -> rywDisabled = true;
                case 600 -> snapshotRywDisabled = false;
                case 601 -> snapshotRywDisabled = true;
                case 301, 302, 303 -> systemKeys = true;
                case 500 -> retry.timeoutMillis = longParam(param);
                case 501 -> retry.retryLimit = longParam(param);
                case 502 -> retry.maxRetryDelayMillis = longParam(param);
                case 503 -> retry.sizeLimit = longParam(param);
                case 701 -> lifecycle.disableProtection();
                case 201 -> batchPriority = true; // PRIORITY_BATCH: only the fault plan's batchThrottled observes it
                default -> { } // priorities, tags, logging, causal-read options: no observable effect in one process
            }
        });
    }
}
