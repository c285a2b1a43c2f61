package io.strata.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BinaryOperator;

/**
 * A set of keys as disjoint, non-adjacent half-open ranges {@code [begin, end)}, each with what its owner keeps
 * for it ({@code V}; null while nothing): the ranges a transaction cleared, those its versionstamped writes make
 * unreadable until commit ({@code Void}), or those whose stored values it has read, each with those values
 * ({@link ReadCache}).
 *
 * <p>Invariant: ranges are non-empty, disjoint and not touching (an added range is merged with every
 * range it overlaps or meets, and so is what they keep). Not thread-safe; owners synchronise.
 */
final class KeyRanges<V> {
    /** One range: where it ends, and what its owner keeps for it. */
    static final class Range<V> {
        private byte[] end;
        private V kept;

        private Range(byte[] end) {
            this.end = end;
        }

        byte[] end() {
            return end;
        }

        V kept() {
            return kept;
        }

        void keep(V kept) {
            this.kept = kept;
        }
    }

    private final TreeMap<byte[], Range<V>> ranges = new TreeMap<>(Keys.ORDER);
    /** What a range merged out of two keeps, given what each kept (neither null). */
    private final BinaryOperator<V> merge;

    /** Ranges that keep nothing. */
    static KeyRanges<Void> plain() {
        return new KeyRanges<>((a, b) -> null);
    }

    KeyRanges(BinaryOperator<V> merge) {
        this.merge = merge;
    }

    /**
     * Adds {@code [begin, end)} (kept as given, never changed), merging it with the ranges it overlaps or touches;
     * the range that now holds it, or null for an empty range, which adds nothing. A range that meets none costs two
     * searches and an insert.
     */
    Range<V> add(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) >= 0) {
            return null;
        }
        byte[] from = begin;
        Map.Entry<byte[], Range<V>> before = ranges.floorEntry(begin);
        Range<V> range;
        if (before != null && Keys.compare(before.getValue().end, begin) >= 0) {
            from = before.getKey();
            range = before.getValue();
            range.end = Keys.max(range.end, end);
        } else {
            range = new Range<>(end);
            ranges.put(begin, range);
        }
        for (Map.Entry<byte[], Range<V>> next = ranges.higherEntry(from);
                next != null && Keys.compare(next.getKey(), range.end) <= 0; next = ranges.higherEntry(from)) {
            Range<V> absorbed = next.getValue();
            range.end = Keys.max(range.end, absorbed.end);
            if (range.kept == null || absorbed.kept == null) {
                range.kept = range.kept == null ? absorbed.kept : range.kept;
            } else {
                range.kept = merge.apply(range.kept, absorbed.kept);
            }
            ranges.remove(next.getKey());
        }
        return range;
    }

    /** The range beginning at or before {@code key} (which may end before it), or null. */
    Range<V> atOrBefore(byte[] key) {
        Map.Entry<byte[], Range<V>> r = ranges.floorEntry(key);
        return r == null ? null : r.getValue();
    }

    /** The range holding {@code key}, or null. */
    Range<V> holding(byte[] key) {
        Range<V> r = atOrBefore(key);
        return r != null && Keys.compare(key, r.end) < 0 ? r : null;
    }

    boolean contains(byte[] key) {
        return holding(key) != null;
    }

    /** The ranges, {@code {begin, end}}, in key order. */
    List<byte[][]> ranges() {
        List<byte[][]> out = new ArrayList<>(ranges.size());
        ranges.forEach((begin, range) -> out.add(new byte[][] {begin, range.end}));
        return out;
    }

    /** Whether any range overlaps {@code [begin, end)}. */
    boolean intersects(byte[] begin, byte[] end) {
        Map.Entry<byte[], Range<V>> r = ranges.lowerEntry(end);
        return r != null && Keys.compare(r.getValue().end, begin) > 0;
    }

    /** Whether the whole of {@code [begin, end)} lies in one range. */
    boolean covers(byte[] begin, byte[] end) {
        Range<V> r = atOrBefore(begin);
        return r != null && Keys.compare(end, r.end) <= 0;
    }
}
