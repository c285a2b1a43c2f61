package io.strata.embedded;

import java.util.ArrayList;
import java.util.List;

/**
 * The conflict ranges one transaction attempt hands the committer, and its running size.
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
    private final List<byte[][]> writes = new ArrayList<>();
    private long size;
    private boolean nextWriteNoConflict;

    synchronized void addRead(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) < 0) {
            reads.add(new byte[][] {begin, end});
            size += begin.length + end.length;
        }
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
        return List.copyOf(reads);
    }

    synchronized List<byte[][]> writes() {
        return List.copyOf(writes);
    }
}
