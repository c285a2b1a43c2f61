package io.strata.embedded;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.async.AsyncIterable;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The read side of one transaction attempt: its read version, the MVCC window, read-your-writes over
 * the store, and the read-conflict ranges reads add.
 *
 * <p>Invariants: the read version is fixed at the first read or {@code getReadVersion} (or by
 * {@link #setReadVersion}); a read that reaches storage with a read version more than 5 seconds behind the
 * clock, before or after it runs, fails with transaction_too_old (1007) rather than return what pruning may
 * have cut, while a read answered from the attempt's own writes or its {@link ReadCache} never does;
 * every non-snapshot read not served wholly from the attempt's own writes adds the read-conflict range
 * FoundationDB would. As in FoundationDB, no key longer than the key limit can exist, so reading one
 * returns nothing rather than failing, and an inverted or zero-width range reads as empty. Results are
 * copies: the engine never hands out an array it keeps, nor keeps one the caller passed. A read is computed
 * when it is issued, holding the write buffer's monitor, so it sees exactly the writes issued before it
 * even when other threads keep writing and its answer arrives later.
 */
final class TransactionReads {
    static final int KEY_LIMIT = 10_000;
    static final int SYSTEM_KEY_LIMIT = 30_000;

    private final EmbeddedDatabase db;
    private final EmbeddedTransaction tr;
    /** What this attempt read from storage: made by the first read that records something (blind writes never do). */
    private volatile ReadCache cache;
    private final RangeReads ranges;
    private volatile long readVersion = -1;
    /** When this attempt's read version arrives from the (simulated) network; reads cannot go out before. */
    private volatile long readVersionArrives;
    /** The read version request's wave on the critical path: 1 once asked for, 0 while none was (or one was set). */
    private volatile long readVersionWave;
    private final RoundTrips.Path path;
    /** Whether the fault plan made this attempt's read version stale: then every read fails with 1007. */
    private volatile boolean stale;

    TransactionReads(EmbeddedDatabase db, EmbeddedTransaction tr) {
        this.db = db;
        this.tr = tr;
        this.ranges = new RangeReads(db, tr, this);
        this.path = db.network().path();
    }

    /** A {@code getMappedRange} of this attempt (its helper is made per call: most transactions never make one). */
    MappedRangeRead mapped() {
        return new MappedRangeRead(db, tr, this);
    }

    /** The read cache, or null while nothing has been recorded in it. */
    ReadCache cacheIfAny() {
        return cache;
    }

    /** The read cache, made on first use. */
    ReadCache cache() {
        ReadCache c = cache;
        if (c == null) {
            synchronized (this) {
                c = cache;
                if (c == null) {
                    cache = c = new ReadCache(tr.buffer());
                }
            }
        }
        return c;
    }

    long readVersionIfTaken() {
        return readVersion;
    }

    /** Whether the fault plan made this attempt's read version stale (so a read-write commit fails with 1007). */
    boolean isStale() {
        return stale;
    }

    /** The read version, taken now if the attempt has none (1051 when the fault plan throttles a batch-priority request). */
    private long readVersionNow() {
        long v = readVersion;
        return v >= 0 ? v : firstReadVersion();
    }

    private synchronized long firstReadVersion() {
        if (readVersion < 0) {
            if (tr.batchPriority && db.faults().nextBatchThrottled()) {
                db.network().readVersion();
                throw FdbErrors.of(1051);
            }
            stale = db.faults().nextTransactionTooOld();
            takeReadVersion();
        }
        return readVersion;
    }

    private void takeReadVersion() {
        long version = db.readVersion();
        db.network().readVersion();
        readVersionArrives = db.network().dueAfter(0);
        readVersionWave = path.sent(1);
        readVersion = version; // last: a reader that sees it without the lock sees when it arrives, and staleness
    }

    /** This attempt's critical path, which its answers carry their waves on. */
    RoundTrips.Path path() {
        return path;
    }

    /**
     * When the read version a commit is sent with arrives. A blind-write attempt takes one now (a round
     * trip, as fdb's client gets one before committing), fresh: the fault plan's stale versions are for
     * reads.
     */
    synchronized long readVersionForCommit() {
        if (readVersion < 0) {
            takeReadVersion();
        }
        return readVersionArrives;
    }

    CompletableFuture<Long> getReadVersion() {
        FDBException error = tr.lifecycle().versionError();
        if (error != null) {
            return CompletableFuture.failedFuture(error);
        }
        long version;
        try {
            version = readVersionNow();
        } catch (FDBException e) {
            return CompletableFuture.failedFuture(e);
        }
        return db.network().deliver(CompletableFuture.completedFuture(version), readVersionArrives, tr.getExecutor(),
                tr.deadlineNanos(), path, readVersionWave);
    }

    synchronized void setReadVersion(long version) {
        FDBException error = tr.lifecycle().writeError();
        if (error == null && readVersion >= 0) {
            error = FdbErrors.of(2010);
        } else if (error == null && version <= 0) {
            error = FdbErrors.of(2011);
        } else if (error == null && version > db.readVersion()) {
            error = FdbErrors.of(1009);
        }
        if (error != null) {
            tr.lifecycle().defer(error);
            return;
        }
        readVersion = version;
    }

    private FDBException tooOld() {
        return db.clockVersion() - readVersion > EmbeddedDatabase.WINDOW ? FdbErrors.of(1007) : null;
    }

    /**
     * Runs a read: state checks, then for a read that reaches storage injected faults and delays, the
     * MVCC window before and after, and one simulated round trip (after the read version arrives). A
     * {@code local} read is answered from the attempt's writes and read cache, as a real client answers
     * it: at once, and never with 1007. The body runs now; only its answer waits for the network.
     */
    <T> CompletableFuture<T> perform(boolean local, Supplier<T> body) {
        CompletableFuture<T> answer = answer(local, body);
        if (local) {
            // what the cache holds is known only once the reads that filled it are answered
            ReadCache c = cache;
            return db.network().deliver(answer, c == null ? 0 : c.answeredBy(), tr.getExecutor(), tr.deadlineNanos(),
                    path, Math.max(path.seen(), c == null ? 0 : c.wave()));
        }
        long delay = db.faults().nextReadDelayNanos();
        long due = db.network().dueAfter(readVersionArrives);
        if (delay > 0) {
            due = Math.max(due, System.nanoTime()) + delay;
        }
        long wave = 0;
        if (due != 0) {
            wave = path.read(readVersionWave);
            cache().answeredBy(due, wave);
        }
        return db.network().deliver(answer, due, tr.getExecutor(), tr.deadlineNanos(), path, wave);
    }

    /** A read's answer, computed now without waiting for the network (a watch's read, and {@link #perform}). */
    <T> CompletableFuture<T> answer(boolean local, Supplier<T> body) {
        FDBException error = tr.lifecycle().readError();
        if (error == null) {
            try {
                readVersionNow();
            } catch (FDBException e) {
                return CompletableFuture.failedFuture(e);
            }
            if (!local) {
                db.network().readRequest();
            }
            error = local ? null : stale ? FdbErrors.of(1007) : tooOld();
        }
        if (error != null) {
            return CompletableFuture.failedFuture(error);
        }
        try {
            T value;
            synchronized (tr.buffer()) { // the writes issued before this read, and none while it merges with them
                value = body.get();
            }
            // the store may have pruned versions this read needed while it ran: then it is too old
            error = local ? null : tooOld();
            return error != null ? CompletableFuture.failedFuture(error) : CompletableFuture.completedFuture(value);
        } catch (FDBException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    byte[] keyLimit() {
        return tr.systemKeys ? Keys.SYSTEM_END : Keys.SYSTEM_PREFIX;
    }

    int keySizeLimit() {
        return tr.systemKeys ? SYSTEM_KEY_LIMIT : KEY_LIMIT;
    }

    WriteBuffer visibleWrites(boolean snapshotRead) {
        return tr.rywDisabled || (snapshotRead && tr.snapshotRywDisabled) ? null : tr.buffer();
    }

    ConflictRanges conflicts() {
        return tr.conflicts();
    }

    /** The store at this attempt's read version, recording what it returns in the read cache when {@code record}. */
    MergedCursor.Source storage(boolean record) {
        return new MergedCursor.Source() {
            @Override
            public MergedCursor.SourceScan scan(byte[] from, boolean inclusive, boolean forward, boolean exhaustive) {
                VersionedStore.Scan scan = db.store().scan(from, inclusive, forward, readVersion, exhaustive);
                return !record ? scan : new MergedCursor.SourceScan() {
                    @Override
                    public boolean consistent() {
                        return scan.consistent();
                    }

                    @Override
                    public boolean hasNext() {
                        return scan.hasNext();
                    }

                    @Override
                    public byte[][] next() {
                        byte[][] kv = scan.next();
                        cache().record(kv[0], kv[1]);
                        return kv;
                    }
                };
            }

            @Override
            public byte[] get(byte[] key) {
                byte[] value = db.store().get(key, readVersion);
                if (record) {
                    cache().record(key, value);
                }
                return value;
            }
        };
    }

    /**
     * What the attempt knows of a key before reading it: its buffered state (null: none), the value the read cache
     * holds ({@link ReadCache#NOT_KNOWN}: none), and so whether the read is answered locally. Looked up once, for
     * both the routing of the read and its answer.
     */
    private record Known(WriteBuffer.Entry own, byte[] cached, boolean local) {}

    private Known known(byte[] key, boolean snapshotRead) {
        WriteBuffer visible = visibleWrites(snapshotRead);
        if (visible == null) {
            return new Known(null, ReadCache.NOT_KNOWN, false);
        }
        WriteBuffer.Entry own = visible.entry(key);
        boolean ownKnown = own != null && own.known();
        ReadCache c = cache;
        byte[] cached = ownKnown || c == null ? ReadCache.NOT_KNOWN : c.lookup(key);
        return new Known(own, cached, ownKnown || cached != ReadCache.NOT_KNOWN || key.length > keySizeLimit());
    }

    CompletableFuture<byte[]> get(byte[] key, boolean snapshotRead) {
        Known known = known(key, snapshotRead);
        return perform(known.local(), () -> getNow(key, snapshotRead, known));
    }

    /** A watch's read of its key: counted like any read, answered without waiting for the network. */
    CompletableFuture<byte[]> getForWatch(byte[] key) {
        Known known = known(key, false);
        return answer(known.local(), () -> getNow(key, false, known));
    }

    private byte[] getNow(byte[] key, boolean snapshotRead, Known known) {
        if (Keys.isSpecial(key)) {
            throw FdbErrors.specialKey(key);
        }
        if (Keys.compare(key, keyLimit()) >= 0) {
            throw FdbErrors.of(2004);
        }
        if (key.length > keySizeLimit()) {
            return null; // no stored key can be this long
        }
        if (tr.buffer().isUnreadable(key)) {
            throw FdbErrors.of(1036);
        }
        WriteBuffer.Entry entry = known.own();
        conflicts().count(key.length);
        if (entry != null && entry.known()) {
            return copy(entry.value());
        }
        byte[] stored = known.cached();
        if (stored == ReadCache.NOT_KNOWN) {
            stored = db.store().get(key, readVersion);
            tr.countRead(1, key.length + (stored == null ? 0 : stored.length));
            if (visibleWrites(snapshotRead) != null) {
                cache().recordPoint(key, stored);
            }
        }
        if (!snapshotRead) {
            conflicts().addReadKey(key);
        }
        return copy(entry == null ? stored : entry.resolve(stored));
    }

    /** A copy for the caller (null stays null): the engine never hands out an array it keeps. */
    static byte[] copy(byte[] value) {
        return value == null ? null : value.clone();
    }

    CompletableFuture<byte[]> getKey(KeySelector selector, boolean snapshotRead) {
        return ranges.getKey(selector, snapshotRead);
    }

    AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse,
                                  StreamingMode mode, boolean snapshotRead) {
        return ranges.range(begin, end, limit, reverse, mode, snapshotRead);
    }

    RangeReads ranges() {
        return ranges;
    }

    CompletableFuture<Long> estimatedSize(byte[] begin, byte[] end) {
        return perform(false, () -> db.store().sizeOf(begin, end, readVersion));
    }

    CompletableFuture<KeyArrayResult> splitPoints(byte[] begin, byte[] end, long chunkSize) {
        return perform(false, () -> {
            if (chunkSize <= 0) {
                throw FdbErrors.of(2006);
            }
            List<byte[]> points = new ArrayList<>();
            points.add(begin);
            long acc = 0;
            for (byte[][] kv : db.store().range(begin, end, readVersion, 0, false)) {
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
}
