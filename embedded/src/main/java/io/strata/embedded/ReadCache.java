package io.strata.embedded;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one transaction attempt has already read from storage at its read version, as FoundationDB's
 * ReadYourWritesTransaction caches it: the values of the point reads and of the ranges read, and which
 * ranges of keys are thereby known completely. A read that the cache (with the attempt's own writes)
 * answers never reaches storage, so it never fails with transaction_too_old, however old the read
 * version.
 *
 * <p>Point reads and range reads are kept apart: a key point-read is held in a hash map with its value
 * (null: absent), so a point read costs a hash lookup rather than ordered-map operations; a range read
 * marks its range known and keeps its values with that range, in key order. A range known only thanks to point
 * reads is made a known range, with their values, when a range read asks for it ({@link #covers}).
 *
 * <p>Each known range holds its own values, so recording a range read's values costs what that range holds, not
 * an ordered insert among everything the attempt read before (a transaction that read thousands of small
 * ranges paid that on every range read); ranges that come to meet are merged, the smaller's values into the
 * larger's.
 *
 * <p>Invariants: known ranges are disjoint and never touch; every value held is the stored value at the attempt's
 * read version (they never change); a key inside a known range without a value there, or point-read with a null
 * value, was absent at that version.
 *
 * <p>Thread-safety: reads of one attempt may run from several threads. Every method holds the monitor of the
 * transaction's write buffer (the cache's {@link #lock}), which a read also holds for the whole of its answer
 * ({@link TransactionReads#answer}): a {@link #scan} iterates a range's values lazily, without a copy, and no
 * other read can change them while it runs.
 */
final class ReadCache implements MergedCursor.Source {
    /** What {@link #lookup} answers for a key the cache does not know (compared by identity). */
    static final byte[] NOT_KNOWN = new byte[0];

    private final Object lock;
    /** The known ranges, each keeping the values stored in it (null while none). */
    private final KeyRanges<TreeMap<byte[], byte[]>> known = new KeyRanges<>(ReadCache::merged);
    /**
     * The values the storage read under way has recorded ({@code {key, value}}), taken by the range it then marks
     * known ({@link #markKnown}); reads run one at a time under {@link #lock}.
     */
    private final List<byte[][]> recorded = new ArrayList<>();
    /** The keys point-read from storage, with their values (null: absent). */
    private final KeyMap<byte[]> points = new KeyMap<>();
    /** Written under the lock, read without it (every cached read asks). */
    private volatile long answeredBy;
    /** The largest wave of those reads on the attempt's critical path ({@link RoundTrips.Path}). */
    private volatile long wave;

    /** A cache whose methods hold {@code lock}: the monitor of the transaction's write buffer. */
    ReadCache(Object lock) {
        this.lock = lock;
    }

    /** Notes that a storage read of {@code wave} filling this cache is answered at {@code dueNanos} (0: at once). */
    void answeredBy(long dueNanos, long wave) {
        synchronized (lock) {
            answeredBy = Math.max(answeredBy, dueNanos);
            this.wave = Math.max(this.wave, wave);
        }
    }

    /** The largest wave of the storage reads so far: a cached answer carries no less. */
    long wave() {
        return wave;
    }

    /** When every storage read so far is answered (0 when all were immediate): no cached answer comes sooner. */
    long answeredBy() {
        return answeredBy;
    }

    /**
     * Records a stored value the read under way read at the read version (null: absent, nothing to keep); kept if
     * the range the read then marks known holds it. The cache keeps {@code key}, which is never changed.
     */
    void record(byte[] key, byte[] value) {
        if (value != null) {
            synchronized (lock) {
                recorded.add(new byte[][] {key, value});
            }
        }
    }

    /** Records a point read of {@code key} (copied) at the read version: {@code value}, or null when absent. */
    void recordPoint(byte[] key, byte[] value) {
        synchronized (lock) {
            points.putIfAbsent(key, value);
        }
    }

    /**
     * Marks {@code [begin, end)} (non-empty; kept, never changed) as read completely, with the values the read recorded
     * in it.
     */
    void markKnown(byte[] begin, byte[] end) {
        synchronized (lock) {
            KeyRanges.Range<TreeMap<byte[], byte[]>> range = known.add(begin, end);
            for (byte[][] kv : recorded) {
                if (Keys.compare(kv[0], begin) >= 0 && Keys.compare(kv[0], end) < 0) {
                    keep(range, kv[0], kv[1]);
                }
            }
            recorded.clear();
        }
    }

    /** Keeps {@code key}'s stored value with the known range holding it. */
    private static void keep(KeyRanges.Range<TreeMap<byte[], byte[]>> range, byte[] key, byte[] value) {
        if (range.kept() == null) {
            range.keep(new TreeMap<>(Keys.ORDER));
        }
        range.kept().put(key, value);
    }

    /** The values of two known ranges merged into one: the smaller map added to the larger. */
    private static TreeMap<byte[], byte[]> merged(TreeMap<byte[], byte[]> a, TreeMap<byte[], byte[]> b) {
        TreeMap<byte[], byte[]> larger = a.size() >= b.size() ? a : b;
        larger.putAll(larger == a ? b : a);
        return larger;
    }

    /** The value a known range holds for {@code key}, or null. */
    private static byte[] valueIn(KeyRanges.Range<TreeMap<byte[], byte[]>> range, byte[] key) {
        return range.kept() == null ? null : range.kept().get(key);
    }

    /** The stored value of {@code key} (null: absent) if the cache knows it, else {@link #NOT_KNOWN}. */
    byte[] lookup(byte[] key) {
        synchronized (lock) {
            byte[] value = points.get(key, NOT_KNOWN);
            if (value != NOT_KNOWN) {
                return value;
            }
            KeyRanges.Range<TreeMap<byte[], byte[]>> range = known.holding(key);
            return range == null ? NOT_KNOWN : valueIn(range, key);
        }
    }

    /**
     * Whether the whole of {@code [begin, end)} is known, by the ranges read and the keys point-read together.
     * When point reads are needed to cover it, the range is made known with their values, so that the cache can
     * answer it by a scan.
     */
    boolean covers(byte[] begin, byte[] end) {
        synchronized (lock) {
            List<byte[]> pointsUsed = null;
            byte[] at = begin;
            while (Keys.compare(at, end) < 0) {
                KeyRanges.Range<TreeMap<byte[], byte[]>> range = known.holding(at);
                if (range != null) {
                    at = range.end();
                    continue;
                }
                if (!points.containsKey(at)) {
                    return false;
                }
                if (pointsUsed == null) {
                    pointsUsed = new ArrayList<>();
                }
                pointsUsed.add(at);
                at = Keys.after(at);
            }
            if (pointsUsed == null) {
                return true; // one known range holds it all (known ranges never touch)
            }
            KeyRanges.Range<TreeMap<byte[], byte[]>> range = known.add(begin.clone(), end.clone());
            for (byte[] key : pointsUsed) {
                byte[] value = points.get(key, null);
                if (value != null) {
                    keep(range, key.clone(), value);
                }
            }
            return true;
        }
    }

    /** The value a known range holds for {@code key}; null when absent or not known. */
    @Override
    public byte[] get(byte[] key) {
        synchronized (lock) {
            KeyRanges.Range<TreeMap<byte[], byte[]>> range = known.holding(key);
            return range == null ? null : valueIn(range, key);
        }
    }

    /**
     * The values of the known range holding the scan's first key, from it in one direction; called only for a range
     * the cache {@link #covers}, which one known range holds. Iterated under {@link #lock} (see the class comment).
     */
    @Override
    public MergedCursor.SourceScan scan(byte[] from, boolean inclusive, boolean forward, boolean exhaustive) {
        Map<byte[], byte[]> part;
        synchronized (lock) {
            // the one range holding the scan: a range beginning at a reverse scan's exclusive start would touch it
            KeyRanges.Range<TreeMap<byte[], byte[]>> range = known.atOrBefore(from);
            TreeMap<byte[], byte[]> values = range == null ? null : range.kept();
            part = values == null ? Map.of()
                    : forward ? values.tailMap(from, inclusive) : values.headMap(from, inclusive).descendingMap();
        }
        Iterator<Map.Entry<byte[], byte[]>> it = part.entrySet().iterator();
        return new MergedCursor.SourceScan() {
            @Override
            public boolean consistent() {
                return true;
            }

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public byte[][] next() {
                Map.Entry<byte[], byte[]> e = it.next();
                return new byte[][] {e.getKey(), e.getValue()};
            }
        };
    }
}
