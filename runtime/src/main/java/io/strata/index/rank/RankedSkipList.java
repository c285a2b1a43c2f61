package io.strata.index.rank;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A ranked skip list of tuples inside one subspace {@code G} (one group of a {@code @Rank}), giving rank,
 * select, range and size in O(log n) keys read.
 *
 * <h2>Structure</h2>
 * {@link #LEVELS} levels, 0 to 7. Every element {@code e} (a tuple {@code (value, id)}) has a node at
 * level 0 and, with probability 16<sup>-l</sup>, at every level up to {@code l}: its height is a
 * deterministic hash of {@code e} ({@link #height}), so a delete finds exactly the nodes its insert made.
 * <pre>
 * (G, l)            = count   the head of level l (absent when 0): elements before the first node of level l
 * (G, l, value, id) = count   a node: how many elements lie in [this node, the next node of level l)
 * </pre>
 * Counts are 8-byte little-endian integers; a level-0 node counts only itself (1). So every level
 * partitions the elements into spans, and a level-{@code l} span is the sum of the level-{@code l-1}
 * spans it covers. The rank of {@code e} is the sum of the spans passed while descending from the
 * top-level head to {@code e}: at each level only the nodes between the predecessors found at the
 * levels above and below (16 on average), so O(16 · log<sub>16</sub> n) keys in two round trips.
 * Predecessors are found with a reverse read of one key at levels 0 to 3 and one read of every node of the
 * levels above, all in one round trip (see {@link #predecessors}). A rank read inside a read-write transaction
 * so conflicts with any insert or delete of an element tall enough to reach level 4 (one in 65,536) in its
 * group, besides the spans it reads.
 *
 * <h2>Concurrency</h2>
 * An insert or delete finds its predecessor at every level with snapshot reads, then declares read
 * conflicts only on the gaps it depends on: the keys after each predecessor up to the element, and the
 * predecessor's level-0 key (which a delete of that predecessor clears). Above its height it changes the
 * predecessors' counts with atomic ADD, which concurrent inserts elsewhere in the group do not conflict
 * with. Only at levels up to its height (1 in 16 inserts reaches level 1) does it read exact counts,
 * to split a span. So concurrent writers into one group conflict only when they land in the same gap or
 * split the same span.
 */
public final class RankedSkipList {
  static final int LEVELS = 8;
  private static final int BITS_PER_LEVEL = 4;
  private static final byte[] ONE = Codec.int64().encode(1L);
  private static final byte[] MINUS_ONE = Codec.int64().encode(-1L);
  private static final byte[] ZERO = Codec.int64().encode(0L);
  private static final int SCAN_CHUNK = 24;
  /** The lowest level whose nodes {@link #predecessors} reads with those of every level above, in one read. */
  private static final int UPPER = 4;
  /** How many keys that read may return: a group whose upper levels hold more reads them level by level. */
  static final int UPPER_KEYS = 64;
  /** Each level number packed as a tuple element: a node key is the group's prefix, this, then the element's packing. */
  private static final byte[][] LEVEL = new byte[LEVELS][];

  static {
    for (int l = 0; l < LEVELS; l++) {
      LEVEL[l] = Tuple.from(l).pack();
    }
  }

  private RankedSkipList() {}

  /** The highest level holding a node of {@code element}: 0 with probability 15/16, each next level 16 times rarer. */
  public static int height(Tuple element) {
    return height(element.pack());
  }

  static int height(byte[] packedElement) {
    long h = 0xcbf29ce484222325L;
    for (byte b : packedElement) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return Math.min(LEVELS - 1, Long.numberOfTrailingZeros(h) / BITS_PER_LEVEL);
  }

  public static byte[] head(Subspace g, int level) {
    return new Keys(g).head(level);
  }

  /** The key of {@code element}'s node at {@code level}; the head's key when {@code element} is null. */
  public static byte[] node(Subspace g, int level, Tuple element) {
    return new Keys(g).node(level, element == null ? null : element.pack());
  }

  /**
   * The keys of one group's skip list. A tuple packs as its elements' packings one after another, so a node key
   * {@code (G, l, value, id)} is the group's prefix, level {@code l}'s packing and the element's packing, and an
   * operation packs its element once instead of once per key. Elements are handled packed: null means the head.
   */
  static final class Keys {
    private final byte[] prefix;

    Keys(Subspace g) {
      this.prefix = g.getKey();
    }

    byte[] head(int level) {
      return ByteArrayUtil.join(prefix, LEVEL[level]);
    }

    byte[] node(int level, byte[] element) {
      return element == null ? head(level) : ByteArrayUtil.join(prefix, LEVEL[level], element);
    }

    /** The first key after {@code element}'s node at {@code level} (the head's when null): the node key and a 0 byte, in one array. */
    byte[] afterNode(int level, byte[] element) {
      byte[] l = LEVEL[level];
      int length = element == null ? 0 : element.length;
      byte[] key = Arrays.copyOf(prefix, prefix.length + l.length + length + 1); // the last byte stays 0
      System.arraycopy(l, 0, key, prefix.length, l.length);
      if (element != null) {
        System.arraycopy(element, 0, key, prefix.length + l.length, length);
      }
      return key;
    }

    byte[] levelEnd(int level) {
      return ByteArrayUtil.join(prefix, LEVEL[level], new byte[] {(byte) 0xff});
    }

    /** The level of a node or head key. */
    int level(byte[] key) {
      for (int l = 0; l < LEVELS; l++) {
        if (Arrays.equals(key, prefix.length, prefix.length + LEVEL[l].length, LEVEL[l], 0, LEVEL[l].length)) {
          return l;
        }
      }
      throw new IllegalArgumentException("not a key of this skip list: " + ByteArrayUtil.printable(key));
    }

    /** The packed element of a node key of {@code level}, or null for the head. */
    byte[] element(int level, byte[] key) {
      int at = prefix.length + LEVEL[level].length;
      return key.length == at ? null : Arrays.copyOfRange(key, at, key.length);
    }
  }

  private static byte[] after(byte[] key) {
    return ByteArrayUtil.join(key, new byte[] {0});
  }

  public static long count(byte[] value) {
    return value == null ? 0 : Codec.int64().decode(value);
  }

  /**
   * Per level, the packed element of the last node before {@code element} (null: the head). Levels 0 to 3 are
   * read with a reverse read of one key each; the levels from {@link #UPPER} up hold a 61,440th of the elements
   * between them (and four heads), so one forward read of them all, at most {@link #UPPER_KEYS} keys, answers
   * them together in the same round trip for a group under about 3.6 million elements. A larger group reads
   * them again one level at a time, a round trip later. Five reads instead of eight: each read is a request
   * of its own to the engine or a storage server, whatever it returns.
   */
  private static CompletableFuture<byte[][]> predecessors(ReadTransaction tr, Keys keys, byte[] element, int upperKeys) {
    byte[][] p = new byte[LEVELS][];
    CompletableFuture<byte[][]> lower = lastBefore(tr, keys, element, 0, UPPER, p);
    CompletableFuture<List<KeyValue>> upper = tr.getRange(keys.head(UPPER), keys.levelEnd(LEVELS - 1), upperKeys).asList();
    return lower.thenCombine(upper, (q, nodes) -> nodes).thenCompose(nodes -> {
      if (nodes.size() >= upperKeys) {
        return lastBefore(tr, keys, element, UPPER, LEVELS, p);
      }
      for (KeyValue kv : nodes) { // in key order: level by level, each level's nodes in element order
        int l = keys.level(kv.getKey());
        byte[] node = keys.element(l, kv.getKey());
        if (node != null && ByteArrayUtil.compareUnsigned(node, element) < 0) {
          p[l] = node;
        }
      }
      return CompletableFuture.completedFuture(p);
    });
  }

  /**
   * Fills {@code p} at the levels {@code from} to {@code to - 1} with the packed element of the last node before
   * {@code element} (null: the head): a reverse read of one key from each level's head, all sent together.
   */
  static CompletableFuture<byte[][]> lastBefore(ReadTransaction tr, Keys keys, byte[] element, int from, int to, byte[][] p) {
    List<CompletableFuture<Void>> reads = new ArrayList<>(to - from);
    for (int l = from; l < to; l++) {
      int level = l;
      reads.add(tr.getRange(keys.head(level), keys.node(level, element), 1, true).asList()
          .thenAccept(kvs -> p[level] = kvs.isEmpty() ? null : keys.element(level, kvs.get(0).getKey())));
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(v -> p);
  }

  /** Read conflicts on what an insert or delete of {@code element} relies on (see the class comment). */
  private static void conflicts(Transaction tr, Keys keys, byte[] element, byte[][] p) {
    for (int l = 0; l < LEVELS; l++) {
      tr.addReadConflictRange(keys.afterNode(l, p[l]), keys.afterNode(l, element));
      if (p[l] != null) {
        tr.addReadConflictRange(keys.node(0, p[l]), keys.afterNode(0, p[l]));
      }
    }
  }

  private static void add(Transaction tr, Keys keys, int level, byte[] at, long delta) {
    if (delta == 0) {
      return;
    }
    byte[] key = keys.node(level, at);
    tr.mutate(MutationType.ADD, key, delta == 1 ? ONE : delta == -1 ? MINUS_ONE : Codec.int64().encode(delta));
    if (at == null && delta < 0) {
      tr.mutate(MutationType.COMPARE_AND_CLEAR, key, ZERO); // an empty head is absent; counts only fall to 0
    }
  }

  /** Sum of the counts of the nodes of {@code level} in {@code [from, to)} (exact reads). */
  private static CompletableFuture<Long> sum(ReadTransaction tr, Keys keys, int level, byte[] from, byte[] to) {
    return tr.getRange(keys.node(level, from), keys.node(level, to)).asList().thenApply(kvs -> {
      long total = 0;
      for (KeyValue kv : kvs) {
        total += count(kv.getValue());
      }
      return total;
    });
  }

  /** The rest of an insert or remove, once {@link #change} has done what both do. */
  private interface Rest {
    CompletableFuture<Void> apply(Keys keys, byte[] element, int height, byte[][] predecessors);
  }

  /**
   * What an insert ({@code delta} 1) and a remove ({@code delta} -1) of {@code element} share: its predecessors read
   * at snapshot, the read conflicts they rely on declared, and the spans holding it above its height changed by
   * {@code delta}; then {@code rest} changes level 0 and the levels up to its height.
   */
  private static CompletableFuture<Void> change(Transaction tr, Subspace g, Tuple element, int upperKeys, long delta, Rest rest) {
    Keys keys = new Keys(g);
    byte[] e = element.pack();
    return predecessors(tr.snapshot(), keys, e, upperKeys).thenCompose(p -> changeAt(tr, keys, e, p, delta, rest));
  }

  /** {@link #change} once the predecessors {@code p} of {@code e} are known. */
  private static CompletableFuture<Void> changeAt(Transaction tr, Keys keys, byte[] e, byte[][] p, long delta, Rest rest) {
    int h = height(e);
    conflicts(tr, keys, e, p);
    for (int l = h + 1; l < LEVELS; l++) {
      add(tr, keys, l, p[l], delta);
    }
    return rest.apply(keys, e, h, p);
  }

  /** Adds {@code element}, which must not be present. */
  public static CompletableFuture<Void> insert(Transaction tr, Subspace g, Tuple element) {
    return insert(tr, g, element, UPPER_KEYS);
  }

  /** {@link #insert}, reading the upper levels together only while they hold fewer than {@code upperKeys} keys. */
  static CompletableFuture<Void> insert(Transaction tr, Subspace g, Tuple element, int upperKeys) {
    return change(tr, g, element, upperKeys, 1, (keys, e, h, p) -> link(tr, keys, e, h, p));
  }

  /** {@link #insert} of the packed {@code e} once its predecessors {@code p} are known ({@link RankedBatch}). */
  static CompletableFuture<Void> insertAt(Transaction tr, Keys keys, byte[] e, byte[][] p) {
    return changeAt(tr, keys, e, p, 1, (k, x, h, q) -> link(tr, k, x, h, q));
  }

  /** What an insert writes below its height + 1: its level-0 node, and at each level up to its height the span it splits. */
  private static CompletableFuture<Void> link(Transaction tr, Keys keys, byte[] e, int h, byte[][] p) {
    tr.set(keys.node(0, e), ONE);
    if (h == 0) {
      return CompletableFuture.completedFuture(null);
    }
    // before[l]: elements in [p[l], element) = the level-(l-1) spans from p[l] up to p[l-1], plus before[l-1]
    List<CompletableFuture<Long>> spans = new ArrayList<>();
    List<CompletableFuture<byte[]>> counts = new ArrayList<>();
    for (int l = 1; l <= h; l++) {
      spans.add(sum(tr, keys, l - 1, p[l], p[l - 1]));
      counts.add(tr.get(keys.node(l, p[l])));
    }
    return CompletableFuture.allOf(spans.toArray(CompletableFuture[]::new)).thenCombine(
        CompletableFuture.allOf(counts.toArray(CompletableFuture[]::new)), (a, b) -> {
          long before = p[0] == null ? 0 : 1;
          for (int l = 1; l <= h; l++) {
            before += spans.get(l - 1).join();
            long span = count(counts.get(l - 1).join());
            if (p[l] == null && before == 0) {
              tr.clear(keys.head(l));
            } else {
              tr.set(keys.node(l, p[l]), Codec.int64().encode(before));
            }
            tr.set(keys.node(l, e), Codec.int64().encode(span + 1 - before));
          }
          return null;
        });
  }

  /** Removes {@code element}, which must be present. */
  public static CompletableFuture<Void> remove(Transaction tr, Subspace g, Tuple element) {
    return remove(tr, g, element, UPPER_KEYS);
  }

  /** {@link #remove}, reading the upper levels together only while they hold fewer than {@code upperKeys} keys. */
  static CompletableFuture<Void> remove(Transaction tr, Subspace g, Tuple element, int upperKeys) {
    return change(tr, g, element, upperKeys, -1, (keys, e, h, p) -> {
      tr.clear(keys.node(0, e));
      List<CompletableFuture<byte[]>> counts = new ArrayList<>();
      for (int l = 1; l <= h; l++) {
        counts.add(tr.get(keys.node(l, e)));
      }
      return CompletableFuture.allOf(counts.toArray(CompletableFuture[]::new)).thenApply(v -> {
        for (int l = 1; l <= h; l++) {
          add(tr, keys, l, p[l], count(counts.get(l - 1).join()) - 1); // the predecessor's span absorbs this one
          tr.clear(keys.node(l, e));
        }
        return null;
      });
    });
  }

  /** Whether {@code element} is present: one key. */
  public static CompletableFuture<Boolean> contains(ReadTransaction tr, Subspace g, Tuple element) {
    return tr.get(node(g, 0, element)).thenApply(v -> v != null);
  }

  /** How many elements sort before {@code element} (which need not be present). */
  public static CompletableFuture<Long> rank(ReadTransaction tr, Subspace g, Tuple element) {
    Keys keys = new Keys(g);
    byte[] e = element.pack();
    return predecessors(tr, keys, e, UPPER_KEYS).thenCompose(p -> {
      List<CompletableFuture<Long>> parts = new ArrayList<>();
      for (int l = LEVELS - 1; l >= 1; l--) {
        parts.add(sum(tr, keys, l, l == LEVELS - 1 ? null : p[l + 1], p[l]));
      }
      parts.add(sum(tr, keys, 0, p[1], e));
      return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).thenApply(v -> {
        long rank = 0;
        for (CompletableFuture<Long> part : parts) {
          rank += part.join();
        }
        return rank;
      });
    });
  }

  /** The number of elements: the spans of the top level. */
  public static CompletableFuture<Long> size(ReadTransaction tr, Subspace g) {
    Keys keys = new Keys(g);
    return tr.getRange(keys.head(LEVELS - 1), keys.levelEnd(LEVELS - 1)).asList().thenApply(kvs -> {
      long total = 0;
      for (KeyValue kv : kvs) {
        total += count(kv.getValue());
      }
      return total;
    });
  }

  /** The element at {@code rank} (0-based), empty when {@code rank >= size}. */
  public static CompletableFuture<Optional<Tuple>> select(ReadTransaction tr, Subspace g, long rank) {
    return descend(tr, new Keys(g), LEVELS - 1, null, rank).thenApply(found -> found.map(Tuple::fromBytes));
  }

  /** At {@code level}, from {@code cur}'s node (null: the head), finds the span holding position {@code remaining}. */
  private static CompletableFuture<Optional<byte[]>> descend(ReadTransaction tr, Keys keys, int level, byte[] cur, long remaining) {
    if (level == 0) {
      return tr.getRange(keys.node(0, cur), keys.levelEnd(0), (int) Math.min(Integer.MAX_VALUE, remaining + 1)).asList()
          .thenApply(kvs -> kvs.size() > remaining ? Optional.of(keys.element(0, kvs.get((int) remaining).getKey())) : Optional.empty());
    }
    return walk(tr, keys, level, keys.node(level, cur), remaining);
  }

  private static CompletableFuture<Optional<byte[]>> walk(ReadTransaction tr, Keys keys, int level, byte[] from, long remaining) {
    return tr.getRange(from, keys.levelEnd(level), SCAN_CHUNK).asList().thenCompose(kvs -> {
      long left = remaining;
      for (KeyValue kv : kvs) {
        long span = count(kv.getValue());
        if (left < span) {
          return descend(tr, keys, level - 1, keys.element(level, kv.getKey()), left);
        }
        left -= span;
      }
      if (kvs.size() < SCAN_CHUNK) {
        return CompletableFuture.completedFuture(Optional.empty());
      }
      return walk(tr, keys, level, after(kvs.get(kvs.size() - 1).getKey()), left);
    });
  }

  /** Up to {@code count} elements from {@code first} (inclusive) on, in order: level-0 keys only. */
  public static CompletableFuture<List<Tuple>> scan(ReadTransaction tr, Subspace g, Tuple first, int count) {
    Keys keys = new Keys(g);
    return tr.getRange(keys.node(0, first.pack()), keys.levelEnd(0), count).asList().thenApply(kvs -> {
      List<Tuple> out = new ArrayList<>(kvs.size());
      kvs.forEach(kv -> out.add(Tuple.fromBytes(keys.element(0, kv.getKey()))));
      return out;
    });
  }
}
