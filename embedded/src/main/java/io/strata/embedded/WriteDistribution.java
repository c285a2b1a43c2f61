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
 */
public record WriteDistribution(int commits, List<Writes> keys, List<Range> ranges, List<Writes> tails) {
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
    }

    static WriteDistribution of(List<WriteRecorder.Commit> recorded, List<byte[]> begins, long[] sizes) {
        Map<ByteBuffer, Integer> perKey = new HashMap<>();
        Map<ByteBuffer, Integer> perTail = new HashMap<>();
        int[] perRange = new int[begins.size()];
        for (WriteRecorder.Commit c : recorded) {
            c.keys().forEach(k -> perKey.merge(k, 1, Integer::sum));
            c.tails().forEach(t -> perTail.merge(t, 1, Integer::sum));
            Set<Integer> touched = new HashSet<>();
            c.keys().forEach(k -> touched.add(rangeOf(begins, bytes(k))));
            for (byte[][] clear : c.clears()) {
                if (Keys.compare(clear[0], clear[1]) < 0) {
                    int last = rangeOf(begins, clear[1]);
                    boolean endsAtBegin = Arrays.equals(begins.get(last), clear[1]);
                    for (int r = rangeOf(begins, clear[0]); r <= last - (endsAtBegin ? 1 : 0); r++) {
                        touched.add(r);
                    }
                }
            }
            touched.forEach(r -> perRange[r]++);
        }
        List<Range> ranges = new ArrayList<>(begins.size());
        for (int r = 0; r < begins.size(); r++) {
            ranges.add(new Range(begins.get(r), r + 1 < begins.size() ? begins.get(r + 1) : Keys.SYSTEM_PREFIX, sizes[r], perRange[r]));
        }
        return new WriteDistribution(recorded.size(), mostWritten(perKey), ranges, mostWritten(perTail));
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
