package io.strata.embedded;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * What one transaction attempt has already read from storage at its read version, as FoundationDB's
 * ReadYourWritesTransaction caches it: the values of the point reads and of the ranges read, and which
 * ranges of keys are thereby known completely. A read that the cache (with the attempt's own writes)
 * answers never reaches storage, so it never fails with transaction_too_old, however old the read
 * version.
 *
 * <p>Point reads and range reads are kept apart: a key point-read is held in a hash map with its value
 * (null: absent), so a point read costs a hash lookup rather than ordered-map operations; a range read
 * marks its range known and records its values in key order, for scans. A range known only thanks to point
 * reads is moved to the ordered side when a range read asks for it ({@link #covers}).
 *
 * <p>Invariants: every value held is the stored value at the attempt's read version (they never change);
 * a key point-read, or inside a known range, with no value was absent at that version. Values outside the
 * known ranges and point reads may be held (a range read that runs to its end has recorded the first stored key
 * past it) but are never answered from.
 * Thread-safe: reads of one attempt may run from several threads.
 */
final class ReadCache implements MergedCursor.Source {
    /** What {@link #lookup} answers for a key the cache does not know (compared by identity). */
    static final byte[] NOT_KNOWN = new byte[0];

    /**
     * Concurrent so that a scan iterates it lazily, without a copy (a copy made a range read cost as much as
     * everything the attempt had read): values never change once held, so a weakly consistent iteration
     * sees exactly the values of every known range.
     */
    private final ConcurrentSkipListMap<byte[], byte[]> values = new ConcurrentSkipListMap<>(Keys.ORDER);
    private final KeyRanges known = new KeyRanges();
    /** The keys point-read from storage, with their values (null: absent). */
    private final KeyMap<byte[]> points = new KeyMap<>();
    /** Written under the monitor, read without it (every cached read asks). */
    private volatile long answeredBy;

    /** Notes that a storage read filling this cache is answered at {@code dueNanos} (0: at once). */
    synchronized void answeredBy(long dueNanos) {
        answeredBy = Math.max(answeredBy, dueNanos);
    }

    /** When every storage read so far is answered (0 when all were immediate): no cached answer comes sooner. */
    long answeredBy() {
        return answeredBy;
    }

    /** Records a stored value read at the read version (null: absent, nothing to keep). */
    synchronized void record(byte[] key, byte[] value) {
        if (value != null) {
            values.put(key, value);
        }
    }

    /** Records a point read of {@code key} (copied) at the read version: {@code value}, or null when absent. */
    synchronized void recordPoint(byte[] key, byte[] value) {
        points.putIfAbsent(key, value);
    }

    /** Marks {@code [begin, end)} as read completely. */
    synchronized void markKnown(byte[] begin, byte[] end) {
        known.add(begin, end);
    }

    /** The stored value of {@code key} (null: absent) if the cache knows it, else {@link #NOT_KNOWN}. */
    synchronized byte[] lookup(byte[] key) {
        byte[] value = points.get(key, NOT_KNOWN);
        return value != NOT_KNOWN ? value : known.contains(key) ? values.get(key) : NOT_KNOWN;
    }

    /**
     * Whether the whole of {@code [begin, end)} is known, by the ranges read and the keys point-read together.
     * When point reads are needed to cover it, their values are recorded in key order and the range marked
     * known, so that the cache can answer it by a scan.
     */
    synchronized boolean covers(byte[] begin, byte[] end) {
        List<byte[]> pointsUsed = null;
        byte[] at = begin;
        while (Keys.compare(at, end) < 0) {
            byte[] rangeEnd = known.endOfRangeHolding(at);
            if (rangeEnd != null) {
                at = rangeEnd;
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
        for (byte[] key : pointsUsed) {
            byte[] value = points.get(key, null);
            if (value != null) {
                values.put(key.clone(), value);
            }
        }
        known.add(begin.clone(), end.clone());
        return true;
    }

    @Override
    public byte[] get(byte[] key) {
        return values.get(key);
    }

    @Override
    public MergedCursor.SourceScan scan(byte[] from, boolean inclusive, boolean forward, boolean exhaustive) {
        Map<byte[], byte[]> part = forward ? values.tailMap(from, inclusive) : values.headMap(from, inclusive).descendingMap();
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
