package io.strata.embedded;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Recent write-conflict ranges, for the resolver: the key space is cut into segments
 * {@code [start, next start)}, each labelled with the newest commit version that wrote any part of it.
 *
 * <p>Invariants: segments are disjoint and cover the key space (a key before the first segment has
 * version 0); adjacent segments may share a version. Checking a read range costs the writes committed
 * since its read version when they are few (at most {@link #RECENT_CHECKS}), else the number of
 * segments it overlaps; never the length of history. Every recorded range is also queued in commit
 * order, and {@link #forgetBefore} forgets writes older than the MVCC window incrementally: it visits
 * only the ranges that left the window since its last call (so the committer never pauses to sweep
 * the whole map), relabels their segments 0 when nothing newer wrote them, and merges neighbours that
 * end up with the same label. Not thread-safe: used under the commit lock.
 */
final class ConflictHistory {
    private record Recorded(long version, byte[] begin, byte[] end) {}

    /** How many of the newest writes a check compares one by one before it walks the segments instead. */
    static final int RECENT_CHECKS = 64;

    private final TreeMap<byte[], Long> starts = new TreeMap<>(Keys.ORDER);
    private final ArrayDeque<Recorded> recorded = new ArrayDeque<>();

    ConflictHistory() {
        starts.put(Keys.EMPTY, 0L);
    }

    /**
     * Whether any write committed after {@code readVersion} intersects {@code [begin, end)}. Looks first at
     * the few newest writes (a fresh transaction has seen few commits since its read version), then, if
     * there are more than {@link #RECENT_CHECKS} of them, at the segments the range overlaps. Exact both
     * ways: a write newer than {@code readVersion} is still queued, because writes leave the queue only
     * once they are older than the MVCC window, and the committer refuses older read versions first.
     */
    boolean conflicts(byte[] begin, byte[] end, long readVersion) {
        if (Keys.compare(begin, end) >= 0) {
            return false;
        }
        int checked = 0;
        for (var it = recorded.descendingIterator(); it.hasNext(); ) {
            Recorded r = it.next();
            if (r.version() <= readVersion) {
                return false;
            }
            if (++checked > RECENT_CHECKS) {
                return overlapsNewer(begin, end, readVersion);
            }
            if (Keys.compare(r.begin(), end) < 0 && Keys.compare(begin, r.end()) < 0) {
                return true;
            }
        }
        return false;
    }

    /** {@link #conflicts} by the segments {@code [begin, end)} overlaps. */
    private boolean overlapsNewer(byte[] begin, byte[] end, long readVersion) {
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

    /**
     * Records one commit's write-conflict ranges, at {@code version}, the newest commit so far. In key order:
     * each range's search then walks the path the one before it warmed, where the transaction's order (a hash
     * set's, for single keys) would take a cold path through the whole map every time.
     */
    void record(List<byte[][]> ranges, long version) {
        byte[][][] sorted = ranges.toArray(new byte[0][][]);
        Arrays.sort(sorted, Keys.BY_BEGIN);
        for (byte[][] r : sorted) {
            record(r[0], r[1], version);
        }
    }

    /** Records that {@code [begin, end)} was written at {@code version}, the newest commit so far. */
    void record(byte[] begin, byte[] end, long version) {
        if (Keys.compare(begin, end) >= 0) {
            return;
        }
        Map.Entry<byte[], Long> last = starts.floorEntry(end);
        long after = last.getValue();
        if (Keys.compare(last.getKey(), begin) >= 0) { // segments start inside [begin, end]: they go
            starts.subMap(begin, true, end, true).clear();
        }
        starts.put(begin, version);
        starts.put(end, after);
        recorded.addLast(new Recorded(version, begin, end));
    }

    /**
     * Forgets writes at or before {@code horizon}: no transaction that old may commit anyway. Costs
     * the segments of the ranges recorded since the last horizon passed, not the size of the map.
     */
    void forgetBefore(long horizon) {
        while (!recorded.isEmpty() && recorded.peekFirst().version() <= horizon) {
            Recorded r = recorded.pollFirst();
            forget(r.begin(), r.end(), horizon);
        }
    }

    private void forget(byte[] begin, byte[] end, long horizon) {
        byte[] from = starts.floorKey(begin);
        var it = starts.subMap(from, true, end, true).entrySet().iterator();
        Map.Entry<byte[], Long> before = starts.lowerEntry(from);
        Long previous = before == null ? null : before.getValue();
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
        Map.Entry<byte[], Long> next = starts.higherEntry(end);
        if (next != null && next.getValue() == (long) previous) {
            starts.remove(next.getKey());
        }
    }

    int segments() {
        return starts.size();
    }
}
