package io.strata.embedded;

import com.apple.foundationdb.Database;
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
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One transaction: a read version, a {@link WriteBuffer}, and the conflict ranges it will hand the
 * committer.
 *
 * <p>Invariants: the read version is fixed at the first read (or {@link #setReadVersion}); every
 * non-snapshot read not served wholly from the transaction's own writes adds the read-conflict range
 * FoundationDB would; every write adds its write-conflict range unless
 * NEXT_WRITE_NO_WRITE_CONFLICT_RANGE was set just before; size and validity errors of writes are kept
 * and surface on the next read or on commit, as in fdb-java. Not thread-safe for concurrent writes
 * (neither is FoundationDB's client), but reads may run from any thread.
 */
final class EmbeddedTransaction extends ReadSurface implements Transaction {
    static final long DEFAULT_SIZE_LIMIT = 10_000_000L;
    private static final int KEY_LIMIT = 10_000;
    private static final int SYSTEM_KEY_LIMIT = 30_000;
    private static final int VALUE_LIMIT = 100_000;

    private enum State { ACTIVE, COMMITTING, COMMITTED, CANCELLED, CLOSED }

    private record PendingWatch(byte[] key, byte[] expected, CompletableFuture<Void> future) {}

    private final EmbeddedDatabase db;
    private final Executor executor;
    private final SplittableRandom random = new SplittableRandom();
    private final long createdNanos = System.nanoTime();
    private final Snapshot snapshot = new Snapshot();

    // options that survive reset (FoundationDB API >= 610)
    private long timeoutMillis;
    private long retryLimit;
    private long maxRetryDelayMillis;
    private long sizeLimit;
    private int retries;

    // per-attempt state, cleared by reset()
    private State state;
    private long readVersion;
    private long readVersionClock;
    private WriteBuffer buffer;
    private List<byte[][]> readConflicts;
    private List<byte[][]> writeConflicts;
    private long size;
    private FDBException pendingError;
    private boolean rywDisabled;
    private boolean snapshotRywDisabled;
    private boolean nextWriteNoConflict;
    private boolean systemKeys;
    private long committedVersion;
    private CompletableFuture<byte[]> versionstamp;
    private List<PendingWatch> watches;

    EmbeddedTransaction(EmbeddedDatabase db, Executor executor) {
        this.db = db;
        this.executor = executor;
        EmbeddedDatabase.TransactionDefaults d = db.defaults();
        this.timeoutMillis = d.timeoutMillis;
        this.retryLimit = d.retryLimit;
        this.maxRetryDelayMillis = d.maxRetryDelayMillis;
        this.sizeLimit = d.sizeLimit;
        reset();
    }

    private void reset() {
        state = State.ACTIVE;
        readVersion = -1;
        buffer = new WriteBuffer();
        readConflicts = new ArrayList<>();
        writeConflicts = new ArrayList<>();
        size = 0;
        pendingError = null;
        rywDisabled = false;
        snapshotRywDisabled = false;
        nextWriteNoConflict = false;
        systemKeys = false;
        committedVersion = -1;
        versionstamp = new CompletableFuture<>();
        watches = new ArrayList<>();
    }

    static long longParam(byte[] param) {
        return ByteBuffer.wrap(param).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    // ---------------------------------------------------------------- state and checks

    private FDBException usable() {
        if (state == State.CLOSED) {
            throw new IllegalStateException("Cannot access closed object: the transaction was closed");
        }
        if (state == State.CANCELLED) {
            return FdbErrors.of(1025);
        }
        if (timedOut()) {
            cancelWith(FdbErrors.of(1031));
            return FdbErrors.of(1031);
        }
        if (state == State.COMMITTING) {
            return FdbErrors.of(2017);
        }
        return null;
    }

    private boolean timedOut() {
        return timeoutMillis > 0 && System.nanoTime() - createdNanos > TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    private byte[] keyLimit() {
        return systemKeys ? Keys.SYSTEM_END : Keys.SYSTEM_PREFIX;
    }

    /** Validates a key for reading: 2004 outside the legal range, 2102 too large. */
    private FDBException checkReadKey(byte[] key, boolean isEnd) {
        int c = Keys.compare(key, keyLimit());
        if (isEnd ? c > 0 : c >= 0) {
            return FdbErrors.of(2004);
        }
        return key.length > (systemKeys ? SYSTEM_KEY_LIMIT : KEY_LIMIT) ? FdbErrors.of(2102) : null;
    }

    private long readVersionNow() {
        if (readVersion < 0) {
            readVersion = db.latestVersion();
            readVersionClock = db.clockVersion();
        }
        return readVersion;
    }

    /** Runs a read: state checks, stored errors, injected faults and delays, the MVCC window. */
    private <T> CompletableFuture<T> perform(Supplier<T> body) {
        FDBException error = usable();
        if (error == null) {
            error = pendingError;
        }
        if (error == null && db.faults().nextReadTooOld()) {
            error = FdbErrors.of(1007);
        }
        if (error == null) {
            readVersionNow();
            if (db.clockVersion() - readVersionClock > EmbeddedDatabase.WINDOW) {
                error = FdbErrors.of(1007);
            }
        }
        if (error != null) {
            return CompletableFuture.failedFuture(error);
        }
        long delay = db.faults().nextReadDelayNanos();
        try {
            T value = body.get();
            if (delay == 0) {
                return CompletableFuture.completedFuture(value);
            }
            return CompletableFuture.supplyAsync(() -> value, CompletableFuture.delayedExecutor(delay, TimeUnit.NANOSECONDS, executor));
        } catch (FDBException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void addReadConflict(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) < 0) {
            readConflicts.add(new byte[][] {begin, end});
            size += begin.length + end.length;
        }
    }

    private void addWriteConflict(byte[] begin, byte[] end) {
        if (nextWriteNoConflict) {
            nextWriteNoConflict = false;
            return;
        }
        writeConflicts.add(new byte[][] {begin, end});
        size += begin.length + end.length;
    }

    private WriteBuffer visibleWrites(boolean snapshotRead) {
        return rywDisabled || (snapshotRead && snapshotRywDisabled) ? null : buffer;
    }

    // ---------------------------------------------------------------- reads

    private CompletableFuture<byte[]> get(byte[] key, boolean snapshotRead) {
        return perform(() -> {
            FDBException bad = checkReadKey(key, false);
            if (bad != null) {
                throw bad;
            }
            byte[] end = Keys.after(key);
            if (buffer.isUnreadable(key, end)) {
                throw FdbErrors.of(1036);
            }
            WriteBuffer writes = visibleWrites(snapshotRead);
            WriteBuffer.Entry entry = writes == null ? null : writes.entry(key);
            size += key.length;
            if (entry != null && entry.known()) {
                return entry.value();
            }
            byte[] stored = db.store().get(key, readVersion);
            if (!snapshotRead) {
                addReadConflict(key, end);
            }
            return entry == null ? stored : entry.resolve(stored);
        });
    }

    /** Resolves a key selector over this transaction's view; adds the range it resolved over as a conflict. */
    private byte[] resolve(KeySelector selector, boolean snapshotRead) {
        byte[] key = selector.getKey();
        int offset = selector.getOffset();
        boolean forward = offset >= 1;
        int steps = forward ? offset : 1 - offset;
        boolean inclusive = forward != selector.orEqual();
        byte[] limit = keyLimit();
        byte[] from = forward ? key : Keys.min(key, limit);
        if (forward && Keys.compare(key, limit) >= 0) {
            return limit;
        }
        MergedCursor cursor = new MergedCursor(db.store(), readVersion, visibleWrites(snapshotRead), from, inclusive || (!forward && Keys.compare(key, limit) > 0), forward);
        byte[] found = null;
        while (steps > 0 && cursor.hasNext()) {
            byte[] k = cursor.next()[0];
            if (forward && Keys.compare(k, limit) >= 0) {
                break;
            }
            if (--steps == 0) {
                found = k;
            }
        }
        byte[] resolved = found != null ? found : forward ? limit : Keys.EMPTY;
        if (!snapshotRead) {
            byte[] lo = Keys.min(key, resolved);
            byte[] hi = Keys.max(key, resolved);
            addReadConflict(lo, Keys.min(Keys.after(hi), limit.length > 1 ? Keys.after(limit) : limit));
        }
        size += key.length;
        return resolved;
    }

    private static boolean isFirstGreaterOrEqual(KeySelector s) {
        return !s.orEqual() && s.getOffset() == 1;
    }

    private byte[] rangeBound(KeySelector s, boolean snapshotRead) {
        if (isFirstGreaterOrEqual(s)) {
            return Keys.min(s.getKey(), keyLimit());
        }
        if (s.orEqual() && s.getOffset() == 1) {
            return Keys.min(Keys.after(s.getKey()), keyLimit());
        }
        return resolve(s, snapshotRead);
    }

    private AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse, StreamingMode mode, boolean snapshotRead) {
        return new RangeIterable(() -> perform(() -> {
            if (limit < 0) {
                throw FdbErrors.of(2012);
            }
            if (mode == StreamingMode.EXACT && limit == 0) {
                throw FdbErrors.of(2210);
            }
            for (KeySelector s : List.of(begin, end)) {
                if (isFirstGreaterOrEqual(s)) {
                    FDBException bad = checkReadKey(s.getKey(), true);
                    if (bad != null) {
                        throw bad;
                    }
                }
            }
            byte[] b = rangeBound(begin, snapshotRead);
            byte[] e = rangeBound(end, snapshotRead);
            List<KeyValue> out = new ArrayList<>();
            if (Keys.compare(b, e) >= 0) {
                return out;
            }
            if (buffer.isUnreadable(b, e)) {
                throw FdbErrors.of(1036);
            }
            WriteBuffer writes = visibleWrites(snapshotRead);
            MergedCursor cursor = new MergedCursor(db.store(), readVersion, writes, reverse ? e : b, !reverse, !reverse);
            while (cursor.hasNext() && (limit == 0 || out.size() < limit)) {
                byte[][] kv = cursor.next();
                if (reverse ? Keys.compare(kv[0], b) < 0 : Keys.compare(kv[0], e) >= 0) {
                    break;
                }
                out.add(new KeyValue(kv[0], kv[1]));
            }
            size += b.length + e.length;
            if (!snapshotRead && (writes == null || !writes.coversCleared(b, e))) {
                boolean cut = limit != 0 && out.size() == limit;
                byte[] last = cut ? out.get(out.size() - 1).getKey() : null;
                addReadConflict(cut && reverse ? last : b, cut && !reverse ? Keys.after(last) : e);
            }
            return out;
        }));
    }

    @Override
    AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse, StreamingMode mode) {
        return range(begin, end, limit, reverse, mode, false);
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
        return get(key, false);
    }

    @Override
    public CompletableFuture<byte[]> getKey(KeySelector selector) {
        return perform(() -> resolve(selector, false));
    }

    @Override
    public CompletableFuture<Long> getReadVersion() {
        FDBException error = usable();
        return error != null ? CompletableFuture.failedFuture(error) : CompletableFuture.completedFuture(readVersionNow());
    }

    @Override
    public void setReadVersion(long version) {
        if (readVersion >= 0) {
            pendingError = FdbErrors.of(2010);
            return;
        }
        if (version > db.latestVersion()) {
            pendingError = FdbErrors.of(1009);
            return;
        }
        readVersion = version;
        readVersionClock = version;
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
        return perform(() -> db.store().sizeOf(begin, end, db.latestVersion()));
    }

    CompletableFuture<KeyArrayResult> splitPoints(byte[] begin, byte[] end, long chunkSize) {
        return perform(() -> {
            if (chunkSize <= 0) {
                throw FdbErrors.of(2006);
            }
            List<byte[]> points = new ArrayList<>();
            points.add(begin);
            long acc = 0;
            for (byte[][] kv : db.store().range(begin, end, db.latestVersion(), 0, false)) {
                if (acc >= chunkSize) {
                    points.add(kv[0]);
                    acc = 0;
                }
                acc += kv[0].length + kv[1].length;
            }
            points.add(end);
            ByteArrayOutputStream keys = new ByteArrayOutputStream();
            int[] lengths = new int[points.size()];
            for (int i = 0; i < lengths.length; i++) {
                keys.writeBytes(points.get(i));
                lengths[i] = points.get(i).length;
            }
            return new KeyArrayResult(keys.toByteArray(), lengths);
        });
    }

    // ---------------------------------------------------------------- writes

    private boolean writable() {
        if (state == State.CLOSED) {
            throw new IllegalStateException("Cannot access closed object: the transaction was closed");
        }
        FDBException error = usable();
        if (error != null) {
            if (pendingError == null) {
                pendingError = error;
            }
            return false;
        }
        return true;
    }

    private boolean checkWriteKey(byte[] key) {
        FDBException bad = Keys.compare(key, keyLimit()) >= 0 ? FdbErrors.of(2004)
                : key.length > (systemKeys ? SYSTEM_KEY_LIMIT : KEY_LIMIT) ? FdbErrors.of(2102) : null;
        if (bad != null && pendingError == null) {
            pendingError = bad;
        }
        return bad == null;
    }

    private boolean checkValue(byte[] value) {
        if (value.length > VALUE_LIMIT) {
            if (pendingError == null) {
                pendingError = FdbErrors.of(2103);
            }
            return false;
        }
        return true;
    }

    @Override
    public void set(byte[] key, byte[] value) {
        if (writable() && checkWriteKey(key) && checkValue(value)) {
            buffer.set(key, value);
            size += key.length + value.length;
            addWriteConflict(key, Keys.after(key));
        }
    }

    @Override
    public void clear(byte[] key) {
        if (writable() && checkWriteKey(key)) {
            buffer.clear(key);
            size += key.length;
            addWriteConflict(key, Keys.after(key));
        }
    }

    @Override
    public void clear(byte[] begin, byte[] end) {
        if (!writable()) {
            return;
        }
        if (Keys.compare(begin, end) > 0) {
            pendingError = pendingError == null ? FdbErrors.of(2005) : pendingError;
            return;
        }
        if (Keys.compare(end, keyLimit()) > 0) {
            pendingError = pendingError == null ? FdbErrors.of(2004) : pendingError;
            return;
        }
        buffer.clear(begin, end);
        size += begin.length + end.length;
        addWriteConflict(begin, end);
    }

    @Override
    public void clear(Range range) {
        clear(range.begin, range.end);
    }

    @Override
    public void clearRangeStartsWith(byte[] prefix) {
        clear(prefix, ByteArrayUtil.strinc(prefix));
    }

    @Override
    public void mutate(MutationType type, byte[] key, byte[] param) {
        if (!writable() || !checkValue(param)) {
            return;
        }
        if (type == MutationType.SET_VERSIONSTAMPED_KEY) {
            if (Versionstamps.offset(key) < 0) {
                pendingError = pendingError == null ? FdbErrors.of(2000) : pendingError;
                return;
            }
            byte[] low = Versionstamps.fillWith(key, (byte) 0);
            if (checkWriteKey(low) && checkWriteKey(Versionstamps.fillWith(key, (byte) 0xff))) {
                buffer.versionstamped(type, key, param, low, Keys.after(Versionstamps.fillWith(key, (byte) 0xff)));
                size += key.length + param.length;
            }
            return;
        }
        if (!checkWriteKey(key)) {
            return;
        }
        if (type == MutationType.SET_VERSIONSTAMPED_VALUE) {
            if (Versionstamps.offset(param) < 0) {
                pendingError = pendingError == null ? FdbErrors.of(2000) : pendingError;
                return;
            }
            buffer.versionstamped(type, key, param, key, Keys.after(key));
        } else {
            buffer.atomic(type, key, param);
        }
        size += key.length + param.length;
        addWriteConflict(key, Keys.after(key));
    }

    @Override
    public void addReadConflictRange(byte[] begin, byte[] end) {
        if (writable()) {
            addReadConflict(begin, end);
        }
    }

    @Override
    public void addReadConflictKey(byte[] key) {
        addReadConflictRange(key, Keys.after(key));
    }

    @Override
    public void addWriteConflictRange(byte[] begin, byte[] end) {
        if (writable() && Keys.compare(begin, end) < 0) {
            writeConflicts.add(new byte[][] {begin, end});
            size += begin.length + end.length;
        }
    }

    @Override
    public void addWriteConflictKey(byte[] key) {
        addWriteConflictRange(key, Keys.after(key));
    }

    // ---------------------------------------------------------------- commit, retry, lifecycle

    @Override
    public CompletableFuture<Void> commit() {
        FDBException error = usable();
        if (error == null) {
            error = pendingError;
        }
        if (error == null && size > sizeLimit) {
            error = FdbErrors.of(2101);
        }
        if (error != null) {
            versionstamp.completeExceptionally(FdbErrors.of(2020));
            return CompletableFuture.failedFuture(error);
        }
        if (buffer.isEmpty() && writeConflicts.isEmpty()) {
            state = State.COMMITTED;
            versionstamp.completeExceptionally(FdbErrors.of(2021));
            armWatches();
            return CompletableFuture.completedFuture(null);
        }
        state = State.COMMITTING;
        try {
            committedVersion = db.commit(new EmbeddedDatabase.CommitRequest(
                    readVersion, List.copyOf(readConflicts), List.copyOf(writeConflicts), List.copyOf(buffer.log())));
        } catch (FDBException e) {
            state = State.ACTIVE;
            versionstamp.completeExceptionally(FdbErrors.of(2020));
            return CompletableFuture.failedFuture(e);
        }
        state = State.COMMITTED;
        versionstamp.complete(ByteBuffer.allocate(10).putLong(committedVersion).putShort((short) 0).array());
        armWatches();
        return CompletableFuture.completedFuture(null);
    }

    private void armWatches() {
        for (PendingWatch w : watches) {
            db.arm(w.key(), w.expected(), w.future());
        }
        watches.clear();
    }

    @Override
    public Long getCommittedVersion() {
        return committedVersion;
    }

    @Override
    public CompletableFuture<byte[]> getVersionstamp() {
        return versionstamp;
    }

    @Override
    public CompletableFuture<Long> getApproximateSize() {
        return CompletableFuture.completedFuture(size);
    }

    @Override
    public CompletableFuture<Transaction> onError(Throwable e) {
        Throwable t = EmbeddedDatabase.unwrap(e);
        if (!(t instanceof FDBException fe) || state == State.CLOSED) {
            return CompletableFuture.failedFuture(t);
        }
        if (timedOut()) {
            return CompletableFuture.failedFuture(FdbErrors.of(1031));
        }
        if (retryLimit >= 0 && retries >= retryLimit) {
            return CompletableFuture.failedFuture(fe);
        }
        OptionalLong delay = FdbErrors.backoffMillis(fe.getCode(), retries, maxRetryDelayMillis, random);
        if (delay.isEmpty()) {
            return CompletableFuture.failedFuture(fe);
        }
        retries++;
        failWatches(FdbErrors.of(1025));
        return CompletableFuture.supplyAsync(() -> {
            reset();
            return this;
        }, CompletableFuture.delayedExecutor(delay.getAsLong(), TimeUnit.MILLISECONDS, executor));
    }

    private void failWatches(FDBException error) {
        for (PendingWatch w : watches) {
            w.future().completeExceptionally(error);
        }
        watches.clear();
    }

    private void cancelWith(FDBException error) {
        if (state != State.CLOSED) {
            state = State.CANCELLED;
        }
        failWatches(error);
        versionstamp.completeExceptionally(error);
    }

    @Override
    public void cancel() {
        cancelWith(FdbErrors.of(1025));
    }

    @Override
    public CompletableFuture<Void> watch(byte[] key) {
        FDBException error = usable();
        if (error == null && rywDisabled) {
            error = FdbErrors.of(1034);
        }
        if (error != null) {
            return CompletableFuture.failedFuture(error);
        }
        byte[] expected;
        try {
            expected = get(key, true).join();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(EmbeddedDatabase.unwrap(e));
        }
        CompletableFuture<Void> future = new CompletableFuture<>();
        watches.add(new PendingWatch(key, expected == null ? null : Arrays.copyOf(expected, expected.length), future));
        return future;
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
    public void close() {
        if (state != State.COMMITTED) {
            failWatches(FdbErrors.of(1025));
        }
        state = State.CLOSED;
    }

    @Override
    public TransactionOptions options() {
        return new TransactionOptions((code, param) -> {
            switch (code) {
                case 30 -> nextWriteNoConflict = true;
                case 51 -> rywDisabled = true;
                case 600 -> snapshotRywDisabled = false;
                case 601 -> snapshotRywDisabled = true;
                case 301, 302, 303 -> systemKeys = true;
                case 500 -> timeoutMillis = longParam(param);
                case 501 -> retryLimit = longParam(param);
                case 502 -> maxRetryDelayMillis = longParam(param);
                case 503 -> sizeLimit = longParam(param);
                default -> { } // priorities, tags, logging, causal-read options: no observable effect in one process
            }
        });
    }

    /** The snapshot view: same reads, no read-conflict ranges. */
    private final class Snapshot extends ReadSurface {
        @Override
        AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse, StreamingMode mode) {
            return EmbeddedTransaction.this.range(begin, end, limit, reverse, mode, true);
        }

        @Override
        EmbeddedTransaction transaction() {
            return EmbeddedTransaction.this;
        }

        @Override
        public boolean isSnapshot() {
            return true;
        }

        @Override
        public ReadTransaction snapshot() {
            return this;
        }

        @Override
        public CompletableFuture<byte[]> get(byte[] key) {
            return EmbeddedTransaction.this.get(key, true);
        }

        @Override
        public CompletableFuture<byte[]> getKey(KeySelector selector) {
            return perform(() -> resolve(selector, true));
        }

        @Override
        public boolean addReadConflictRangeIfNotSnapshot(byte[] begin, byte[] end) {
            return false;
        }

        @Override
        public boolean addReadConflictKeyIfNotSnapshot(byte[] key) {
            return false;
        }
    }
}
