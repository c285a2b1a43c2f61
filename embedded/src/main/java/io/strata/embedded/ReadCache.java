package io.strata.embedded;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * What one transaction attempt has already read from storage at its read version, as FoundationDB's
 * ReadYourWritesTransaction caches it: the values of the point reads and of the ranges read, and which
 * ranges of keys are thereby known completely. A read that the cache (with the attempt's own writes)
 * answers never reaches storage, so it never fails with transaction_too_old, however old the read
 * version.
 *
 * <p>Invariants: every value held is the stored value at the attempt's read version (they never change);
 * a key inside a known range that has no value was absent at that version. Values outside the known
 * ranges may be held (a range read looks one key ahead) but are never answered from. Thread-safe: reads
 * of one attempt may run from several threads.
 */
final class ReadCache implements MergedCursor.Source {
    /**
     * Concurrent so that a scan iterates it lazily, without a copy (a copy made a range read cost as much as
     * everything the attempt had read): values never change once held, so a weakly consistent iteration
     * sees exactly the values of every known range.
     */
    private final ConcurrentSkipListMap<byte[], byte[]> values = new ConcurrentSkipListMap<>(Keys.ORDER);
    private final KeyRanges known = new KeyRanges();
    private long answeredBy;

    /** Notes that a storage read filling this cache is answered at {@code dueNanos} (0: at once). */
    synchronized void answeredBy(long dueNanos) {
        answeredBy = Math.max(answeredBy, dueNanos);
    }

    /** When every storage read so far is answered (0 when all were immediate): no cached answer comes sooner. */
    synchronized long answeredBy() {
        return answeredBy;
    }

    /** Records a stored value read at the read version (null: absent, nothing to keep). */
    synchronized void record(byte[] key, byte[] value) {
        if (value != null) {
            values.put(key, value);
        }
    }

    /** Marks {@code [begin, end)} as read completely. */
    synchronized void markKnown(byte[] begin, byte[] end) {
        known.add(begin, end);
    }

    synchronized boolean knows(byte[] key) {
        return known.contains(key);
    }

    synchronized boolean covers(byte[] begin, byte[] end) {
        return known.covers(begin, end);
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
