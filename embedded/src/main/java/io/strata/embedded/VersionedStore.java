package io.strata.embedded;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The ordered multi-version key-value store.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Each key maps to a {@link Chain} of versions, newest first, whose versions never increase (a
 *       commit that writes a key twice adds two nodes of the same version, the later write first); a
 *       {@code null} value is a tombstone. Only the committer thread (holding the database's commit
 *       lock) writes; readers call {@link #get} and {@link #scan} concurrently without locks and see,
 *       for a read version {@code v}, exactly the newest entry with version {@code <= v}.
 *   <li>Entries older than the newest one at or below the horizon (the oldest version a legal read may
 *       use) are unreachable and are pruned, amortised: a write walks a chain only once it has doubled
 *       since its last prune, so writing one hot key many times costs O(1) per write; a chain holds at
 *       most about twice the versions a legal read can need.
 *   <li>{@link #live} holds exactly the keys whose newest entry is a value. Every tombstone is queued in
 *       {@link #deaths} in commit order (and its count published in {@link #deathCount} before the key
 *       leaves {@link #live}) until it leaves the window; then a key whose newest entry is still that
 *       tombstone is dropped. So a reader at {@code v} finds every key visible at {@code v} among the
 *       live keys plus the keys that died after {@code v}, without stepping over the tombstones of the
 *       last 5 seconds, and knows it missed nothing if no key died while it read ({@link Scan#consistent}).
 *   <li>{@link #byKey} holds exactly the keys and chains of {@link #all} (added together, dropped together):
 *       point reads find a chain by hash, range reads walk the ordered maps.
 * </ul>
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

    /** One key's versions; the committer swaps {@code head}, readers follow it without locks. */
    private static final class Chain {
        volatile Node head;
        /** Whether the key is in {@link #live}; committer only. */
        boolean live;
    }

    private record Death(long version, byte[] key) {}

    /** Chains shorter than this are never walked for pruning. */
    private static final int PRUNE_MIN_LENGTH = 4;
    /** A reader this many deaths behind scans every key instead of merging them in. */
    private static final int MAX_MERGED_DEATHS = 256;

    /** A key compared by content, for {@link #byKey}; wraps the store's own array. */
    private static final class Key {
        final byte[] bytes;
        final int hash;

        Key(byte[] bytes) {
            this.bytes = bytes;
            this.hash = KeyMap.hash(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && Arrays.equals(bytes, k.bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final ConcurrentSkipListMap<byte[], Chain> all = new ConcurrentSkipListMap<>(Keys.ORDER);
    /**
     * The chains of {@link #all} by key content: a point read is one hash lookup rather than a skip-list
     * search (~17 key comparisons, each a cache miss, over 100,000 keys). Same keys, same chains.
     */
    private final ConcurrentHashMap<Key, Chain> byKey = new ConcurrentHashMap<>();
    private final ConcurrentSkipListMap<byte[], Chain> live = new ConcurrentSkipListMap<>(Keys.ORDER);
    private final ConcurrentLinkedDeque<Death> deaths = new ConcurrentLinkedDeque<>();
    private volatile long deathCount;
    /** While a checkpoint reads the store at this version, housekeeping keeps what a read at it needs. */
    private volatile long pinned = Long.MAX_VALUE;

    /** The value visible at {@code version}, or null. */
    byte[] get(byte[] key, long version) {
        Chain chain = byKey.get(new Key(key));
        return chain == null ? null : visible(chain.head, version);
    }

    private static byte[] visible(Node node, long version) {
        while (node != null && node.version > version) {
            node = node.older;
        }
        return node == null ? null : node.value;
    }

    /**
     * The live key-values in {@code [begin, end)} at {@code version}, in key order (or reverse), at most
     * {@code limit} of them (0 = all). Walks every key with versions: for the committer and estimates.
     */
    List<byte[][]> range(byte[] begin, byte[] end, long version, int limit, boolean reverse) {
        List<byte[][]> out = new ArrayList<>();
        if (Keys.compare(begin, end) >= 0) {
            return out;
        }
        NavigableMap<byte[], Chain> sub = all.subMap(begin, true, end, false);
        Iterator<Map.Entry<byte[], Chain>> it = (reverse ? sub.descendingMap() : sub).entrySet().iterator();
        while (it.hasNext() && (limit <= 0 || out.size() < limit)) {
            Map.Entry<byte[], Chain> e = it.next();
            byte[] value = visible(e.getValue().head, version);
            if (value != null) {
                out.add(new byte[][] {e.getKey(), value});
            }
        }
        return out;
    }

    /**
     * The key-values visible at {@code version} from {@code from} in one direction. Unless
     * {@code exhaustive}, it walks only live keys and those that died after {@code version}: check
     * {@link Scan#consistent()} when done, and scan again exhaustively if it says a key may have been missed.
     */
    Scan scan(byte[] from, boolean inclusive, boolean forward, long version, boolean exhaustive) {
        return new Scan(from, inclusive, forward, version, exhaustive);
    }

    /**
     * Keeps every entry a read at {@code version} needs until {@link #unpin()}, however old it gets: a
     * checkpoint reads the store at one version for as long as writing it takes.
     */
    void pin(long version) {
        pinned = version;
    }

    void unpin() {
        pinned = Long.MAX_VALUE;
    }

    /** Writes {@code value} (null = clear) for {@code key} at {@code version}; committer only. */
    void put(byte[] key, byte[] value, long version, long horizon) {
        horizon = Math.min(horizon, pinned);
        Chain chain;
        if (value == null) {
            chain = byKey.get(new Key(key));
            if (chain == null) {
                return;
            }
        } else {
            Chain fresh = new Chain(); // complete before it is published: one map operation finds or adds the key
            fresh.head = new Node(version, value, null);
            chain = all.putIfAbsent(key, fresh);
            if (chain == null) {
                byKey.put(new Key(key), fresh);
                fresh.live = true;
                live.put(key, fresh);
                return;
            }
        }
        Node node = new Node(version, value, chain.head);
        if (node.length >= Math.max(PRUNE_MIN_LENGTH, 2 * node.kept)) {
            prune(node, horizon);
        }
        chain.head = node;
        if (value != null && !chain.live) {
            chain.live = true;
            live.put(key, chain);
        } else if (value == null) {
            deaths.addLast(new Death(version, key));
            deathCount = deathCount + 1; // single writer; published before the key leaves `live`
            if (chain.live) {
                chain.live = false;
                live.remove(key);
            }
        }
    }

    /** Clears every live key in {@code [begin, end)} at {@code version} and returns them; committer only. */
    List<byte[]> clearRange(byte[] begin, byte[] end, long version, long horizon) {
        byte[] first = live.ceilingKey(begin);
        if (first == null || Keys.compare(first, end) >= 0) {
            return List.of(); // most cleared ranges hold nothing (a new entity's blob chunks): one search, no view
        }
        List<byte[]> cleared = new ArrayList<>(live.subMap(first, true, end, false).keySet());
        for (byte[] key : cleared) {
            put(key, null, version, horizon);
        }
        return cleared;
    }

    /** Drops keys whose newest entry is a tombstone no legal read can see any more; committer only. */
    void collect(long horizon) {
        horizon = Math.min(horizon, pinned);
        Death d;
        while ((d = deaths.peekFirst()) != null && d.version() <= horizon) {
            deaths.pollFirst();
            Chain chain = all.get(d.key());
            if (chain != null && !chain.live && chain.head.version <= horizon && all.remove(d.key(), chain)) {
                byKey.remove(new Key(d.key()), chain);
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

    /**
     * Key-values visible at one version, from a key in one direction: the live keys merged with the keys
     * that died after the version (or every key, when exhaustive or too far behind). Lazy: it steps its
     * iterators only as far as asked (a step of a descending skip-list iterator is a search), so a read of
     * one key costs one step, not a look-ahead.
     */
    final class Scan extends Lookahead<byte[][]> implements MergedCursor.SourceScan {
        private final long version;
        private final boolean forward;
        private final long deathsAtStart;
        private final Lookahead<Map.Entry<byte[], Chain>> main;
        /** The keys that died after the version, or null when the scan walks every key. */
        private final Lookahead<Map.Entry<byte[], Chain>> extra;

        private Scan(byte[] from, boolean inclusive, boolean forward, long version, boolean exhaustive) {
            this.version = version;
            this.forward = forward;
            this.deathsAtStart = deathCount;
            TreeMap<byte[], Chain> died = exhaustive ? null : diedAfter(from, inclusive);
            ConcurrentSkipListMap<byte[], Chain> source = died == null ? all : live;
            main = forward ? Lookahead.of(source.tailMap(from, inclusive).entrySet().iterator()) : new Descending(source, from, inclusive);
            extra = died == null ? null : Lookahead.of((forward ? died : died.descendingMap()).entrySet().iterator());
        }

        /**
         * A map's entries in descending order from a key, each step one {@code lowerEntry} search. A descending
         * view's iterator searches for the next entry as it hands out the current one, so reading only the last key
         * before {@code from} (a reverse read of limit 1, the most common) would cost two searches instead of one.
         */
        private static final class Descending extends Lookahead<Map.Entry<byte[], Chain>> {
            private final ConcurrentSkipListMap<byte[], Chain> map;
            private byte[] from;
            private boolean inclusive;

            Descending(ConcurrentSkipListMap<byte[], Chain> map, byte[] from, boolean inclusive) {
                this.map = map;
                this.from = from;
                this.inclusive = inclusive;
            }

            @Override
            protected Map.Entry<byte[], Chain> find() {
                Map.Entry<byte[], Chain> e = inclusive ? map.floorEntry(from) : map.lowerEntry(from);
                if (e != null) {
                    from = e.getKey();
                    inclusive = false;
                }
                return e;
            }
        }

        /** Keys past {@code from} that died after this scan's version; null when there are too many. */
        private TreeMap<byte[], Chain> diedAfter(byte[] from, boolean inclusive) {
            TreeMap<byte[], Chain> died = new TreeMap<>(Keys.ORDER);
            int seen = 0;
            for (Iterator<Death> it = deaths.descendingIterator(); it.hasNext(); ) {
                Death d = it.next();
                if (d.version() <= version) {
                    break;
                }
                if (++seen > MAX_MERGED_DEATHS) {
                    return null;
                }
                int c = Keys.compare(d.key(), from);
                boolean inside = forward ? c > 0 || (inclusive && c == 0) : c < 0 || (inclusive && c == 0);
                Chain chain = inside ? all.get(d.key()) : null;
                if (chain != null) {
                    died.put(d.key(), chain);
                }
            }
            return died;
        }

        @Override
        protected byte[][] find() {
            while (true) {
                Map.Entry<byte[], Chain> m = main.peek();
                Map.Entry<byte[], Chain> x = extra == null ? null : extra.peek();
                if (m == null && x == null) {
                    return null;
                }
                int c = m == null ? 1 : x == null ? -1 : forward ? Keys.compare(m.getKey(), x.getKey()) : -Keys.compare(m.getKey(), x.getKey());
                Map.Entry<byte[], Chain> e = c <= 0 ? main.next() : extra.next();
                if (c == 0) {
                    extra.next(); // died after the version and live again: one key
                }
                byte[] value = visible(e.getValue().head, version);
                if (value != null) {
                    return new byte[][] {e.getKey(), value};
                }
            }
        }

        /** False when a key died while this scan ran, so it may have left the live keys unseen: scan again exhaustively. */
        public boolean consistent() {
            return extra == null || deathCount == deathsAtStart;
        }
    }
}
