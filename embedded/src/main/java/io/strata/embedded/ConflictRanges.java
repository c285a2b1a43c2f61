package io.strata.embedded;

import java.util.ArrayList;
import java.util.List;

/**
 * The conflict ranges one transaction attempt hands the committer, and its running size.
 *
 * <p>A point read's range {@code [k, k\x00)} is kept as its key in a hash set, so a key read again adds
 * nothing and a point read costs no ordered insert; {@link #reads()} turns the keys into ranges for the
 * committer.
 *
 * <p>Invariants: every range is non-empty ({@code begin < end}); a write-conflict range added for a
 * write ({@link #addForWrite}) is skipped, once, after NEXT_WRITE_NO_WRITE_CONFLICT_RANGE
 * ({@link #skipNextWrite}), while an explicit one ({@link #addWrite}) never is; {@link #size()} counts
 * what FoundationDB's transaction size counts: written keys, values and ranges, read keys and ranges
 * (not read values), and conflict ranges. Reads may add ranges from several threads, so additions are
 * synchronised.
 */
final class ConflictRanges {
    private final List<byte[][]> reads = new ArrayList<>();
    /** The point reads' keys (copies); made by the first. */
    private KeyMap<Void> readKeys;
    private final List<byte[][]> writes = new ArrayList<>();
    private long size;
    private boolean nextWriteNoConflict;

    synchronized void addRead(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) < 0) {
            reads.add(new byte[][] {begin, end});
            size += begin.length + end.length;
        }
    }

    /** The read-conflict range {@code [key, key\x00)} of a point read; {@code key} is copied if it is new. */
    synchronized void addReadKey(byte[] key) {
        if (readKeys == null) {
            readKeys = new KeyMap<>();
        }
        readKeys.putIfAbsent(key, null);
        size += 2L * key.length + 1;
    }

    /** The write-conflict range of a write, unless NEXT_WRITE_NO_WRITE_CONFLICT_RANGE was just set. */
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
            writes.add(new byte[][] {begin, end});
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
        if (readKeys == null) {
            return List.copyOf(reads);
        }
        List<byte[][]> all = new ArrayList<>(reads.size() + readKeys.size());
        all.addAll(reads);
        readKeys.forEach((key, none) -> all.add(new byte[][] {key, Keys.after(key)}));
        return all;
    }

    synchronized List<byte[][]> writes() {
        return List.copyOf(writes);
    }
}
