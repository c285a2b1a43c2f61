package io.strata.embedded;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Recent write-conflict ranges, for the resolver: the key space is cut into segments
 * {@code [start, next start)}, each labelled with the newest commit version that wrote any part of it.
 *
 * <p>Invariants: segments are disjoint and cover the key space (a key before the first segment has
 * version 0); adjacent segments may share a version. Checking a read range costs the number of
 * segments it overlaps, never the length of history. Segments older than the MVCC window are merged
 * away by {@link #forgetBefore}. Not thread-safe: used under the commit lock.
 */
final class ConflictHistory {
    private final TreeMap<byte[], Long> starts = new TreeMap<>(Keys.ORDER);

    ConflictHistory() {
        starts.put(Keys.EMPTY, 0L);
    }

    /** Whether any write committed after {@code readVersion} intersects {@code [begin, end)}. */
    boolean conflicts(byte[] begin, byte[] end, long readVersion) {
        if (Keys.compare(begin, end) >= 0) {
            return false;
        }
        Map.Entry<byte[], Long> first = starts.floorEntry(begin);
        if (first.getValue() > readVersion) {
            return true;
        }
        for (long v : starts.subMap(begin, false, end, false).values()) {
            if (v > readVersion) {
                return true;
            }
        }
        return false;
    }

    /** Records that {@code [begin, end)} was written at {@code version}, the newest commit so far. */
    void record(byte[] begin, byte[] end, long version) {
        if (Keys.compare(begin, end) >= 0) {
            return;
        }
        long after = starts.floorEntry(end).getValue();
        NavigableMap<byte[], Long> inside = starts.subMap(begin, true, end, true);
        inside.clear();
        starts.put(begin, version);
        starts.put(end, after);
    }

    /** Forgets writes at or before {@code horizon}: no transaction that old may commit anyway. */
    void forgetBefore(long horizon) {
        var it = starts.entrySet().iterator();
        Long previous = null;
        while (it.hasNext()) {
            Map.Entry<byte[], Long> e = it.next();
            long v = e.getValue() <= horizon ? 0L : e.getValue();
            if (previous != null && previous == v) {
                it.remove();
            } else {
                e.setValue(v);
                previous = v;
            }
        }
    }

    int segments() {
        return starts.size();
    }
}
