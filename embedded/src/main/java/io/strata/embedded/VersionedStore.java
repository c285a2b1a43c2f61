package io.strata.embedded;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The ordered multi-version key-value store.
 *
 * <p>Invariants: each key maps to a chain of versions, newest first, whose versions never increase (a
 * commit that writes a key twice adds two nodes of the same version, the later write first); a
 * {@code null} value is a tombstone. Only the committer thread (holding the database's commit lock)
 * calls {@link #apply}; readers call {@link #get} and {@link #range} concurrently without locks and see,
 * for a read version {@code v}, exactly the newest entry with version {@code <= v}. Entries older than
 * the newest one at or below the horizon (the oldest version a legal read may use) are unreachable and
 * are pruned. Pruning is amortised: each head node carries the chain's length and the length left by
 * the last prune, and a write walks the chain only once it has doubled since then, so writing one hot
 * key many times costs O(1) per write instead of a walk over every version in the window; a chain
 * holds at most about twice the versions a legal read can need.
 */
final class VersionedStore {
    /** A version of one key's value; {@code older} is only ever cut (pruned), never changed otherwise. */
    private static final class Node {
        final long version;
        final byte[] value;
        volatile Node older;
        /** Nodes in the chain from this one down (an upper bound once older nodes are pruned). */
        int length;
        /** The chain's length right after its last prune. */
        int kept;

        Node(long version, byte[] value, Node older) {
            this.version = version;
            this.value = value;
            this.older = older;
            this.length = older == null ? 1 : older.length + 1;
            this.kept = older == null ? 1 : older.kept;
        }
    }

    /** Chains shorter than this are never walked for pruning. */
    private static final int PRUNE_MIN_LENGTH = 4;

    private final ConcurrentSkipListMap<byte[], Node> map = new ConcurrentSkipListMap<>(Keys.ORDER);
    private final ArrayDeque<Map.Entry<Long, byte[]>> tombstones = new ArrayDeque<>();

    /** The value visible at {@code version}, or null. */
    byte[] get(byte[] key, long version) {
        return visible(map.get(key), version);
    }

    private static byte[] visible(Node node, long version) {
        while (node != null && node.version > version) {
            node = node.older;
        }
        return node == null ? null : node.value;
    }

    /**
     * The live key-values in {@code [begin, end)} at {@code version}, in key order (or reverse), at most
     * {@code limit} of them (0 = all).
     */
    List<byte[][]> range(byte[] begin, byte[] end, long version, int limit, boolean reverse) {
        List<byte[][]> out = new ArrayList<>();
        if (Keys.compare(begin, end) >= 0) {
            return out;
        }
        NavigableMap<byte[], Node> sub = map.subMap(begin, true, end, false);
        Iterator<Map.Entry<byte[], Node>> it = (reverse ? sub.descendingMap() : sub).entrySet().iterator();
        while (it.hasNext() && (limit <= 0 || out.size() < limit)) {
            Map.Entry<byte[], Node> e = it.next();
            byte[] value = visible(e.getValue(), version);
            if (value != null) {
                out.add(new byte[][] {e.getKey(), value});
            }
        }
        return out;
    }

    /** An iterator over live keys from {@code from} (inclusive) in one direction, for key selectors. */
    Iterator<byte[][]> scan(byte[] from, boolean inclusive, boolean forward, long version) {
        NavigableMap<byte[], Node> sub = forward ? map.tailMap(from, inclusive) : map.headMap(from, inclusive).descendingMap();
        Iterator<Map.Entry<byte[], Node>> it = sub.entrySet().iterator();
        return new Iterator<>() {
            byte[][] next = advance();

            private byte[][] advance() {
                while (it.hasNext()) {
                    Map.Entry<byte[], Node> e = it.next();
                    byte[] v = visible(e.getValue(), version);
                    if (v != null) {
                        return new byte[][] {e.getKey(), v};
                    }
                }
                return null;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public byte[][] next() {
                byte[][] r = next;
                next = advance();
                return r;
            }
        };
    }

    /** Writes {@code value} (null = clear) for {@code key} at {@code version}; committer only. */
    void put(byte[] key, byte[] value, long version, long horizon) {
        Node head = map.get(key);
        if (head == null && value == null) {
            return;
        }
        Node node = new Node(version, value, head);
        if (node.length >= Math.max(PRUNE_MIN_LENGTH, 2 * node.kept)) {
            prune(node, horizon);
        }
        map.put(key, node);
        if (value == null) {
            tombstones.add(Map.entry(version, key));
        }
    }

    /** Clears every live key in {@code [begin, end)} at {@code version}; committer only. */
    void clearRange(byte[] begin, byte[] end, long version, long horizon) {
        if (Keys.compare(begin, end) >= 0) {
            return;
        }
        for (Map.Entry<byte[], Node> e : map.subMap(begin, true, end, false).entrySet()) {
            if (e.getValue().value != null) {
                put(e.getKey(), null, version, horizon);
            }
        }
    }

    /** Drops tombstones that no legal read can see any more; committer only. */
    void collect(long horizon) {
        while (!tombstones.isEmpty() && tombstones.peekFirst().getKey() <= horizon) {
            Map.Entry<Long, byte[]> t = tombstones.pollFirst();
            Node head = map.get(t.getValue());
            if (head != null && head.value == null && head.version <= horizon) {
                map.remove(t.getValue(), head);
            }
        }
    }

    /** Cuts the chain below the newest node at or below {@code horizon}; records the length left. */
    private static void prune(Node head, long horizon) {
        Node n = head;
        int length = 1;
        while (n.older != null && n.version > horizon) {
            n = n.older;
            length++;
        }
        n.older = null;
        head.length = length;
        head.kept = length;
    }

    /** Sum of key and value sizes of the live entries in {@code [begin, end)} at {@code version}. */
    long sizeOf(byte[] begin, byte[] end, long version) {
        long total = 0;
        for (byte[][] kv : range(begin, end, version, 0, false)) {
            total += kv[0].length + kv[1].length;
        }
        return total;
    }
}
