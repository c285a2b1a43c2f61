package io.strata.embedded;

import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a workload's commits wrote (see {@link WriteRecorder}): how many commits wrote each key, each range of
 * the key space cut by size as FoundationDB's data distribution cuts shards, and each versionstamp tail (the
 * key prefix before the versionstamp of a {@code SET_VERSIONSTAMPED_KEY} write, where such keys append: a
 * cluster keeps the end of a range on one storage team, so every append to one tail goes to one team). On a
 * cluster a key, or a range's end, written by every commit caps the whole workload at what one storage team
 * takes, whatever the cluster's size.
 *
 * @param commits the commits recorded
 * @param keys    every key written, most written first (ties in key order)
 * @param ranges  the ranges, in key order; each begins where the one before ends, the first at the empty key
 *                and the last ending at {@code \xff}
 * @param tails   every versionstamp tail appended to, most appended first (ties in key order)
 * @param split   {@code ranges} split further between written keys where they take many writes, as the data
 *                distributor splits a write hot spot: each piece takes about 1/{@code ranges.size()} of the writes
 *                or is a single key (or a single tail's end, where every append to it lands) taking more
 */
public record WriteDistribution(int commits, List<Writes> keys, List<Range> ranges, List<Writes> tails, List<Range> split) {
    /** A key, or a versionstamp tail, and the number of commits that wrote it. */
    public record Writes(byte[] key, int commits) {
        /** The key as a tuple when it is one ({@code ("E", "#")}), else its printable bytes. */
        public String printable() {
            return WriteDistribution.printable(key);
        }
    }

    /** A range {@code [begin, end)}, the bytes stored in it when the report was made, and the commits that wrote in it. */
    public record Range(byte[] begin, byte[] end, long bytes, int commits) {}

    public WriteDistribution {
        keys = List.copyOf(keys);
        ranges = List.copyOf(ranges);
        tails = List.copyOf(tails);
        split = List.copyOf(split);
    }

    static WriteDistribution of(List<WriteRecorder.Commit> recorded, List<byte[]> begins, List<byte[][]> stored) {
        Map<ByteBuffer, Integer> perKey = new HashMap<>();
        Map<ByteBuffer, Integer> perTail = new HashMap<>();
        Map<ByteBuffer, Integer> perPosition = new HashMap<>();
        for (WriteRecorder.Commit c : recorded) {
            c.keys().forEach(k -> perKey.merge(k, 1, Integer::sum));
            c.tails().forEach(t -> perTail.merge(t, 1, Integer::sum));
            c.positions().forEach(p -> perPosition.merge(p, 1, Integer::sum));
        }
        List<byte[]> pieces = split(begins, perPosition, (double) recorded.size() / begins.size());
        return new WriteDistribution(recorded.size(), mostWritten(perKey), ranges(recorded, begins, stored, false),
                mostWritten(perTail), ranges(recorded, pieces, stored, true));
    }

    /**
     * The ranges {@code begins} starts, each with its bytes in {@code stored} and the commits that wrote in it: by
     * their keys, or by their {@link WriteRecorder.Commit#positions() positions}.
     */
    private static List<Range> ranges(List<WriteRecorder.Commit> recorded, List<byte[]> begins, List<byte[][]> stored, boolean byPosition) {
        int[] commits = new int[begins.size()];
        for (WriteRecorder.Commit c : recorded) {
            Set<Integer> touched = new HashSet<>();
            (byPosition ? c.positions() : c.keys()).forEach(k -> touched.add(rangeOf(begins, bytes(k))));
            for (byte[][] clear : c.clears()) {
                if (Keys.compare(clear[0], clear[1]) < 0) {
                    int last = rangeOf(begins, clear[1]);
                    boolean endsAtBegin = Arrays.equals(begins.get(last), clear[1]);
                    for (int r = rangeOf(begins, clear[0]); r <= last - (endsAtBegin ? 1 : 0); r++) {
                        touched.add(r);
                    }
                }
            }
            touched.forEach(r -> commits[r]++);
        }
        long[] bytes = new long[begins.size()];
        for (byte[][] kv : stored) {
            bytes[rangeOf(begins, kv[0])] += kv[0].length + kv[1].length;
        }
        List<Range> out = new ArrayList<>(begins.size());
        for (int r = 0; r < begins.size(); r++) {
            out.add(new Range(begins.get(r), r + 1 < begins.size() ? begins.get(r + 1) : Keys.SYSTEM_PREFIX, bytes[r], commits[r]));
        }
        return out;
    }

    /**
     * The ranges {@code begins} starts, each split between the positions written in it, as FoundationDB's data
     * distribution splits a shard taking many writes: a new piece begins before a position when the writes of the
     * piece so far and of that position would pass {@code target}. A position is never split, so one written by
     * more than {@code target} commits stays a piece of its own.
     */
    private static List<byte[]> split(List<byte[]> begins, Map<ByteBuffer, Integer> perPosition, double target) {
        List<ByteBuffer> positions = new ArrayList<>(perPosition.keySet());
        positions.sort((a, b) -> Keys.compare(bytes(a), bytes(b)));
        List<byte[]> pieces = new ArrayList<>();
        int range = -1;
        double load = 0;
        for (ByteBuffer p : positions) {
            byte[] key = bytes(p);
            int r = rangeOf(begins, key);
            for (int skipped = range + 1; skipped <= r; skipped++) {
                pieces.add(begins.get(skipped)); // every range begins a piece, written or not
                load = 0;
            }
            range = r;
            int writes = perPosition.get(p);
            if (load > 0 && load + writes > target && Keys.compare(key, pieces.get(pieces.size() - 1)) > 0) {
                pieces.add(key);
                load = 0;
            }
            load += writes;
        }
        for (int skipped = range + 1; skipped < begins.size(); skipped++) {
            pieces.add(begins.get(skipped));
        }
        return pieces;
    }

    /** The range, of those beginning at {@code begins} (sorted, the first empty), that holds {@code key}. */
    static int rangeOf(List<byte[]> begins, byte[] key) {
        int i = Collections.binarySearch(begins, key, Keys.ORDER);
        return i >= 0 ? i : -i - 2;
    }

    private static byte[] bytes(ByteBuffer key) {
        return Arrays.copyOfRange(key.array(), key.arrayOffset(), key.arrayOffset() + key.limit());
    }

    private static List<Writes> mostWritten(Map<ByteBuffer, Integer> counts) {
        List<Writes> out = new ArrayList<>(counts.size());
        counts.forEach((k, n) -> out.add(new Writes(bytes(k), n)));
        out.sort(Comparator.comparingInt(Writes::commits).reversed().thenComparing(Writes::key, Keys.ORDER));
        return out;
    }

    /** The share of the commits that wrote the most written key (0 with no commits). */
    public double hottestKeyShare() {
        return share(keys.isEmpty() ? 0 : keys.get(0).commits());
    }

    /** The share of the commits that wrote in the most written range. */
    public double hottestRangeShare() {
        return share(ranges.stream().mapToInt(Range::commits).max().orElse(0));
    }

    /**
     * The share of the commits that wrote in the most written range once ranges are also split between keys by
     * writes: what the busiest storage team takes when only single keys and tails' ends cannot be split.
     */
    public double hottestSplitShare() {
        return share(split.stream().mapToInt(Range::commits).max().orElse(0));
    }

    /** The share of the commits that appended to the most appended versionstamp tail (0 when none did). */
    public double hottestTailShare() {
        return share(tails.isEmpty() ? 0 : tails.get(0).commits());
    }

    /** {@code n} commits as a share of all those recorded. */
    public double share(int n) {
        return commits == 0 ? 0 : (double) n / commits;
    }

    /** The {@code n} ranges most written, most first (ties in key order). */
    public List<Range> hottestRanges(int n) {
        return hottest(ranges, n);
    }

    private static List<Range> hottest(List<Range> ranges, int n) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingInt(Range::commits).reversed());
        return sorted.subList(0, Math.min(n, sorted.size()));
    }

    /** A report naming the {@code top} hottest keys, ranges and versionstamp tails, with their shares of the commits. */
    public String report(int top) {
        StringBuilder out = new StringBuilder();
        out.append(commits).append(" commits, ").append(ranges.size()).append(" ranges cut by size\n");
        out.append("hottest keys:\n");
        keys.subList(0, Math.min(top, keys.size())).forEach(w -> line(out, w.commits(), w.printable()));
        out.append("hottest ranges:\n");
        hottestRanges(top).forEach(r -> line(out, r.commits(), "[" + printable(r.begin()) + ", " + printable(r.end()) + ") " + r.bytes() + " bytes"));
        out.append("hottest ranges split by writes (").append(split.size()).append(" pieces):\n");
        hottest(split, top).forEach(r -> line(out, r.commits(), "[" + printable(r.begin()) + ", " + printable(r.end()) + ")"));
        out.append("versionstamp tails:\n");
        tails.subList(0, Math.min(top, tails.size())).forEach(w -> line(out, w.commits(), w.printable()));
        return out.toString();
    }

    private void line(StringBuilder out, int n, String what) {
        out.append(String.format("  %6d  %5.1f%%  %s%n", n, 100 * share(n), what));
    }

    /**
     * A key as a tuple when it decodes as one; a versionstamp tail (a tuple's bytes and the versionstamp's type
     * code) as its tuple followed by {@code …}; else its printable bytes.
     */
    static String printable(byte[] key) {
        try {
            return Tuple.fromBytes(key).toString();
        } catch (RuntimeException notATuple) {
            if (key.length > 0 && key[key.length - 1] == 0x33) {
                try {
                    String tuple = Tuple.fromBytes(key, 0, key.length - 1).toString();
                    return tuple.substring(0, tuple.length() - 1) + ", …)";
                } catch (RuntimeException stillNot) {
                    // printed as bytes below
                }
            }
            return ByteArrayUtil.printable(key);
        }
    }
}
