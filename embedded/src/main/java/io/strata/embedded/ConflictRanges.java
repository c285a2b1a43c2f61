package io.strata.embedded;

import java.util.ArrayList;
import java.util.List;

/**
 * The conflict ranges one transaction attempt hands the committer, and its running size.
 *
 * <p>A point range {@code [k, k\x00)} (a point read, a write of one key) is kept as its key in a hash set,
 * so a key read or written again adds nothing (an index count bumped for every entity of a batch is one
 * range, not hundreds) and adding one costs no ordered insert; {@link #reads()} and {@link #writes()} turn
 * the keys into ranges for the committer.
 *
 * <p>Invariants: every range is non-empty ({@code begin < end}); a write-conflict range added for a
 * write ({@link #addForWrite}) is skipped, once, after NEXT_WRITE_NO_WRITE_CONFLICT_RANGE
 * ({@link #skipNextWrite}), while an explicit one ({@link #addWrite}) never is; {@link #size()} counts
 * what FoundationDB's transaction size counts: written keys, values and ranges, read keys and ranges
 * (not read values), and conflict ranges, each time one is added. Reads may add ranges from several
 * threads, so additions are synchronised.
 */
final class ConflictRanges {
    /** The ranges of one kind: point ranges as a set of their keys (copies), others as they came. */
    private static final class Ranges {
        private final List<byte[][]> ranges = new ArrayList<>();
        /** Made by the first point range. */
        private KeyMap<Void> keys;

        void add(byte[] begin, byte[] end) {
            ranges.add(new byte[][] {begin, end});
        }

        /** Adds the point range of {@code key}: a copy of it when {@code copy}, else the array itself (never changed afterwards). */
        void addKey(byte[] key, boolean copy) {
            if (keys == null) {
                keys = new KeyMap<>();
            }
            if (copy) {
                keys.putIfAbsent(key, null);
            } else {
                keys.put(key, null);
            }
        }

        boolean isEmpty() {
            return ranges.isEmpty() && (keys == null || keys.size() == 0);
        }

        /** Every range, the point ranges as {@code [k, k\x00)}, in no particular order. */
        List<byte[][]> all() {
            if (keys == null) {
                return List.copyOf(ranges);
            }
            List<byte[][]> out = new ArrayList<>(ranges.size() + keys.size());
            out.addAll(ranges);
            keys.forEach((key, none) -> out.add(new byte[][] {key, Keys.after(key)}));
            return out;
        }
    }

    private final Ranges reads = new Ranges();
    private final Ranges writes = new Ranges();
    private long size;
    private boolean nextWriteNoConflict;

    synchronized void addRead(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) < 0) {
            reads.add(begin, end);
            size += begin.length + end.length;
        }
    }

    /** The read-conflict range {@code [key, key\x00)} of a point read; {@code key} is copied if it is new. */
    synchronized void addReadKey(byte[] key) {
        reads.addKey(key, true);
        size += 2L * key.length + 1;
    }

    /**
     * The write-conflict range {@code [key, key\x00)} of a write of one key, unless NEXT_WRITE_NO_WRITE_CONFLICT_RANGE was
     * just set; {@code key} is the transaction's own copy (the one its write buffer keeps), kept as it is.
     */
    synchronized void addForWrite(byte[] key) {
        if (nextWriteNoConflict) {
            nextWriteNoConflict = false;
            return;
        }
        writes.addKey(key, false);
        size += 2L * key.length + 1;
    }

    /** The write-conflict range of a range clear, unless NEXT_WRITE_NO_WRITE_CONFLICT_RANGE was just set. */
    synchronized void addForWrite(byte[] begin, byte[] end) {
        if (nextWriteNoConflict) {
            nextWriteNoConflict = false;
            return;
        }
        addWrite(begin, end);
    }

    /** An explicit write-conflict range ({@code addWriteConflictRange}). */
    synchronized void addWrite(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) < 0) {
            writes.add(begin, end);
            size += begin.length + end.length;
        }
    }

    synchronized void skipNextWrite() {
        nextWriteNoConflict = true;
    }

    /** Adds bytes read or written to the transaction size. */
    synchronized void count(long bytes) {
        size += bytes;
    }

    synchronized long size() {
        return size;
    }

    synchronized boolean hasWrites() {
        return !writes.isEmpty();
    }

    synchronized List<byte[][]> reads() {
        return reads.all();
    }

    synchronized List<byte[][]> writes() {
        return writes.all();
    }
}
