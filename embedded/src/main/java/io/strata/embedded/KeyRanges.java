package io.strata.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of keys as disjoint, non-adjacent half-open ranges {@code [begin, end)}: the ranges a
 * transaction cleared, or the ranges whose stored contents it has already read.
 *
 * <p>Invariant: ranges are non-empty, disjoint and not touching (an added range is merged with every
 * range it overlaps or meets). Not thread-safe; owners synchronise.
 */
final class KeyRanges {
    private final TreeMap<byte[], byte[]> ranges = new TreeMap<>(Keys.ORDER);

    /**
     * Adds {@code [begin, end)}, merging it with the ranges it overlaps or touches; an empty range adds nothing.
     * A range that meets none costs two searches and an insert.
     */
    void add(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) >= 0) {
            return;
        }
        byte[] b = begin;
        byte[] e = end;
        Map.Entry<byte[], byte[]> before = ranges.floorEntry(b);
        if (before != null && Keys.compare(before.getValue(), b) >= 0) {
            b = before.getKey();
            e = Keys.max(e, before.getValue());
        }
        for (Map.Entry<byte[], byte[]> next = ranges.higherEntry(b); next != null && Keys.compare(next.getKey(), e) <= 0;
                next = ranges.higherEntry(b)) {
            e = Keys.max(e, next.getValue());
            ranges.remove(next.getKey());
        }
        ranges.put(b, e);
    }

    boolean contains(byte[] key) {
        return endOfRangeHolding(key) != null;
    }

    /** The end of the range that holds {@code key}, or null when none does. */
    byte[] endOfRangeHolding(byte[] key) {
        Map.Entry<byte[], byte[]> r = ranges.floorEntry(key);
        return r != null && Keys.compare(key, r.getValue()) < 0 ? r.getValue() : null;
    }

    /** The ranges, {@code {begin, end}}, in key order. */
    List<byte[][]> ranges() {
        List<byte[][]> out = new ArrayList<>(ranges.size());
        ranges.forEach((begin, end) -> out.add(new byte[][] {begin, end}));
        return out;
    }

    /** Whether any range overlaps {@code [begin, end)}. */
    boolean intersects(byte[] begin, byte[] end) {
        Map.Entry<byte[], byte[]> r = ranges.lowerEntry(end);
        return r != null && Keys.compare(r.getValue(), begin) > 0;
    }

    /** Whether the whole of {@code [begin, end)} lies in one range. */
    boolean covers(byte[] begin, byte[] end) {
        Map.Entry<byte[], byte[]> r = ranges.floorEntry(begin);
        return r != null && Keys.compare(end, r.getValue()) <= 0;
    }
}
