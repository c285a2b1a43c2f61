package io.strata.embedded;

import com.apple.foundationdb.MutationType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A transaction's uncommitted writes: the ordered mutation log applied at commit, and the
 * read-your-writes view of it.
 *
 * <p>Invariants: {@link #entries} holds, for each key written since the last range clear covering it,
 * either its known final value ({@code known}, null = absent) or the atomic operations still to apply
 * to the stored value, and {@link #byKey} maps each key of {@link #entries} to the same entry (a key a range
 * clear removed from {@link #entries} to null): point lookups hash instead of searching the ordered map, which
 * grows with the transaction; {@link #cleared} holds disjoint cleared ranges, and a key inside one with no
 * entry is absent. Versionstamped writes are unreadable until commit ({@link #unreadable}). Both are made by
 * the first write that needs them (most transactions never clear a range or write a versionstamp).
 *
 * <p>Thread-safety: a transaction may be used from several threads and callbacks at once, and FoundationDB's
 * client runs its calls one at a time, in the order they are made, on its network thread, so a read sees
 * exactly the writes issued before it. Here every method holds this buffer's monitor, and a read holds it
 * for the whole of its merge with the buffer ({@link TransactionReads#answer}): the merge runs when the read
 * is issued (only its answer waits for the network), so it sees the writes made before the call and none
 * made while it runs. The live views {@link #entries} returns may be used only while holding the monitor.
 */
final class WriteBuffer {
    /** One mutation, in the order issued; applied in this order at commit. */
    record Mutation(Kind kind, byte[] key, byte[] end, MutationType type, byte[] param) {
        enum Kind { SET, CLEAR, CLEAR_RANGE, ATOMIC }
    }

    /**
     * The read-your-writes state of one key: its known final value, or the atomic operations still to apply to
     * the stored value. The operations are appended in place, and the last stored value resolved is kept with
     * its result and moved forward by each new operation, so a key a transaction bumps many times (index
     * counts, rank spans and heads) is never replayed from its first operation on every read.
     */
    static final class Entry {
        private final boolean known;
        private final byte[] value;
        private final List<Mutation> pending;
        private boolean memoized;
        private byte[] memoStored;
        private byte[] memoResult;

        private Entry(boolean known, byte[] value, List<Mutation> pending) {
            this.known = known;
            this.value = value;
            this.pending = pending;
        }

        static Entry known(byte[] value) {
            return new Entry(true, value, List.of());
        }

        static Entry pending(Mutation first) {
            List<Mutation> ops = new ArrayList<>();
            ops.add(first);
            return new Entry(false, null, ops);
        }

        boolean known() {
            return known;
        }

        /** The known value (null = absent); meaningful only when {@link #known()}. */
        byte[] value() {
            return value;
        }

        synchronized void append(Mutation m) {
            pending.add(m);
            if (memoized) {
                memoResult = AtomicOps.apply(m.type(), memoResult, m.param());
            }
        }

        /** The value after this entry, given the stored value (used only when not known). */
        synchronized byte[] resolve(byte[] stored) {
            if (known) {
                return value;
            }
            if (memoized && Arrays.equals(memoStored, stored)) {
                return memoResult;
            }
            byte[] v = stored;
            for (Mutation m : pending) {
                v = AtomicOps.apply(m.type(), v, m.param());
            }
            memoized = true;
            memoStored = stored;
            memoResult = v;
            return v;
        }
    }

    /** A key written, and its final state in this buffer. */
    record Written(byte[] key, Entry entry) {}

    /**
     * What committing this buffer does, key by key: clear the cleared ranges, then write each written key once
     * (its known value, or its pending operations applied to the value stored by then), then the versionstamped
     * writes in the order issued. A key written many times (an index count bumped for every entity of a batch)
     * is written to the store once. The same as replaying the log in order whenever the versionstamped writes
     * land on keys no other write touches ({@link #stampsLandApart}); the committer checks that once the stamp
     * is known, and replays the log otherwise.
     */
    record Effects(List<byte[][]> cleared, List<Written> written, List<Mutation> versionstamped) {
        /** Whether, with the commit's {@code stamp}, every versionstamped write lands on a key no other write touches. */
        boolean stampsLandApart(byte[] stamp) {
            KeyMap<Void> landed = new KeyMap<>();
            for (Mutation m : versionstamped) {
                byte[] key = m.type() == MutationType.SET_VERSIONSTAMPED_KEY ? Versionstamps.fill(m.key(), stamp) : m.key();
                if (!landed.putIfAbsent(key, null) || Collections.binarySearch(written, new Written(key, null), BY_KEY) >= 0
                        || isCleared(key)) {
                    return false;
                }
            }
            return true;
        }

        /** Whether a cleared range holds {@code key}: a search of the ranges, which are disjoint and in key order. */
        private boolean isCleared(byte[] key) {
            int i = Collections.binarySearch(cleared, new byte[][] {key}, Keys.BY_BEGIN);
            int last = i >= 0 ? i : -i - 2; // the last range beginning at or before key
            return last >= 0 && Keys.compare(key, cleared.get(last)[1]) < 0;
        }
    }

    /** {@link Written}s in key order, as {@link #effects} lists them. */
    private static final Comparator<Written> BY_KEY = Comparator.comparing(Written::key, Keys.ORDER);

    private final List<Mutation> log = new ArrayList<>();
    private final TreeMap<byte[], Entry> entries = new TreeMap<>(Keys.ORDER);
    private final KeyMap<Entry> byKey = new KeyMap<>();
    private KeyRanges<Void> cleared;
    private KeyRanges<Void> unreadable;
    /** The versionstamped writes, in the order issued; made by the first. */
    private List<Mutation> versionstamped;

    /** The mutations so far, in the order issued: a copy, for the commit. */
    synchronized List<Mutation> log() {
        return List.copyOf(log);
    }

    synchronized boolean isEmpty() {
        return log.isEmpty();
    }

    synchronized void set(byte[] key, byte[] value) {
        log.add(new Mutation(Mutation.Kind.SET, key, null, null, value));
        put(key, Entry.known(value));
    }

    /** Buffers {@code key}'s new state; the buffer keeps {@code key} (a copy the transaction made). */
    private void put(byte[] key, Entry entry) {
        entries.put(key, entry);
        byKey.put(key, entry);
    }

    synchronized void clear(byte[] key) {
        log.add(new Mutation(Mutation.Kind.CLEAR, key, null, null, null));
        put(key, Entry.known(null));
    }

    synchronized void clear(byte[] begin, byte[] end) {
        log.add(new Mutation(Mutation.Kind.CLEAR_RANGE, begin, end, null, null));
        NavigableMap<byte[], Entry> inside = entries.subMap(begin, true, end, false);
        inside.keySet().forEach(key -> byKey.put(key, null));
        inside.clear();
        if (cleared == null) {
            cleared = KeyRanges.plain();
        }
        cleared.add(begin, end);
    }

    synchronized void atomic(MutationType type, byte[] key, byte[] operand) {
        Mutation m = new Mutation(Mutation.Kind.ATOMIC, key, null, type, operand);
        log.add(m);
        Entry e = entry(key);
        if (e == null) {
            put(key, Entry.pending(m));
        } else if (e.known()) {
            put(key, Entry.known(AtomicOps.apply(type, e.value(), operand)));
        } else {
            e.append(m);
        }
    }

    /** A versionstamped write: applied at commit; {@code [begin, end)} may not be read before then. */
    synchronized void versionstamped(MutationType type, byte[] key, byte[] param, byte[] unreadableBegin, byte[] unreadableEnd) {
        Mutation m = new Mutation(Mutation.Kind.ATOMIC, key, null, type, param);
        log.add(m);
        if (unreadable == null) {
            unreadable = KeyRanges.plain();
            versionstamped = new ArrayList<>();
        }
        unreadable.add(unreadableBegin, unreadableEnd);
        versionstamped.add(m);
    }

    /** This buffer's {@link Effects}, for the committer. */
    synchronized Effects effects() {
        List<Written> written = new ArrayList<>(entries.size());
        entries.forEach((key, entry) -> written.add(new Written(key, entry)));
        return new Effects(cleared == null ? List.of() : cleared.ranges(), written,
                versionstamped == null ? List.of() : List.copyOf(versionstamped));
    }

    /** This key's buffered state, or null when the stored value shows through. */
    synchronized Entry entry(byte[] key) {
        Entry e = byKey.get(key, null);
        if (e == null && isCleared(key)) {
            return Entry.known(null);
        }
        return e;
    }

    synchronized boolean isCleared(byte[] key) {
        return cleared != null && cleared.contains(key);
    }

    /** Whether the whole of {@code [begin, end)} lies in one cleared range (so reads of it need no storage). */
    synchronized boolean coversCleared(byte[] begin, byte[] end) {
        return cleared != null && cleared.covers(begin, end);
    }

    /** Whether this transaction wrote anything in {@code [begin, end)}: a set, clear, atomic or versionstamped write. */
    synchronized boolean touches(byte[] begin, byte[] end) {
        return !entries.subMap(begin, true, end, false).isEmpty()
                || cleared != null && cleared.intersects(begin, end)
                || isUnreadable(begin, end);
    }

    /** Whether {@code key} may not be read before commit (a versionstamped write may land on it). */
    synchronized boolean isUnreadable(byte[] key) {
        return unreadable != null && unreadable.contains(key);
    }

    synchronized boolean isUnreadable(byte[] begin, byte[] end) {
        return unreadable != null && unreadable.intersects(begin, end);
    }

    /** Buffered entries from a key, in key order or reverse: a live view, to be used only while holding this buffer's monitor. */
    synchronized NavigableMap<byte[], Entry> entries(byte[] from, boolean fromInclusive, boolean forward) {
        return forward ? entries.tailMap(from, fromInclusive) : entries.headMap(from, fromInclusive).descendingMap();
    }
}
