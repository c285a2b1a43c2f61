package io.strata.index.rank;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.row.WriteShards;
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
 * (G, l, null, s)             = delta   a shard of the head's count, s = 0 to 31 (levels 1 and up)
 * (G, l, value, id, null, s)  = delta   a shard of a node's count
 * </pre>
 * Counts are 8-byte little-endian integers; a level-0 node counts only itself (1). A span is the node's (or
 * head's) own count plus its deltas, which sort right after it and before the next node (elements hold no null,
 * so a null item marks a delta), so a range read of a level sums spans without telling them apart. So every level
 * partitions the elements into spans, and a level-{@code l} span is the sum of the level-{@code l-1}
 * spans it covers.
 *
 * The rank of {@code e} is the sum of the spans passed while descending from the
 * top-level head to {@code e}: at each level only the nodes between the predecessors found at the
 * levels above and below (16 on average), so O(16 · log<sub>16</sub> n) keys in two round trips.
 * Predecessors are found with a reverse read of one key at levels 0 to 3 and one read of every node of the
 * levels above, all in one round trip (see {@link #predecessors}). A rank read inside a read-write transaction
 * so conflicts with any insert or delete in its group (each adds to a span of the levels from 4 up, which it
 * reads whole), besides the spans it reads.
 *
 * <h2>Why deltas</h2>
 * An insert or delete changes the span holding it at every level above its height: at the top levels that is
 * the head or one of a few nodes, which would be written by every insert into the group, one hot key on one
 * storage team of a cluster. So it adds to one of {@code k} deltas of that span instead, {@code k} chosen per level
 * from the group's size {@code n} ({@link #shards}): the spans of level {@code l} hold about 16<sup>l</sup> of the
 * {@code n} elements, so {@code k = ceil(64 · 16^l / n)}, at most 32 and at most {@code n / 64} (1: the node's own
 * key). Each key then takes about 1/64 of the group's inserts, and a level holds about 64 deltas in all however
 * many nodes it has: a rank or select reads at most ~64 keys more per level, where one delta per shard on every
 * node would multiply its keys by up to 33. The delta is the shard of the element ({@link #shard}: CRC-32 of its
 * packing modulo 32, as {@code WriteShards}) modulo {@code k}. A split folds the node's deltas back into its count
 * (it reads the exact span anyway). A skip list written before deltas existed is one with none, and one written
 * when the group was smaller has more deltas than it needs: both are valid, nothing to migrate.
 *
 * <h2>Concurrency</h2>
 * An insert or delete finds its predecessor at every level with snapshot reads, then declares read
 * conflicts only on the gaps it depends on: the keys after each predecessor up to the element, and the
 * predecessor's level-0 key (which a delete of that predecessor clears). Above its height it changes the
 * predecessors' counts (or deltas) with atomic ADD, which concurrent inserts elsewhere in the group do not conflict
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
  /** SkipListKeys per read of a level by select; doubled when one node and its deltas fill a read. */
  private static final int SCAN_CHUNK = 24;
  /** The lowest level whose nodes {@link #predecessors} reads with those of every level above, in one read. */
  private static final int UPPER = 4;
  /**
   * How many keys that read may return: a group whose upper levels hold more reads them level by level. The four
   * heads take up to 33 keys each with their deltas, and each node as many.
   */
  static final int UPPER_KEYS = 256;
  /** Deltas per level across all its spans (see the class comment). */
  private static final int DELTAS_PER_LEVEL = 64;


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

  /**
   * How many deltas the spans of {@code level} take in a group of {@code size} elements: 1 (the node's own key) at
   * level 0 and wherever each span's share of the inserts is small already (see the class comment).
   */
  static int shards(int level, long size) {
    if (level == 0 || size < 2 * DELTAS_PER_LEVEL) {
      return 1;
    }
    long k = ((long) DELTAS_PER_LEVEL << (BITS_PER_LEVEL * level)) / size + 1;
    return (int) Math.min(Math.min(WriteShards.SHARDS, k), size / DELTAS_PER_LEVEL);
  }

  /** The delta shard an insert or delete of the packed element writes: CRC-32 of its bytes modulo 32. */
  static int shard(byte[] packedElement) {
    return WriteShards.ofPacked(packedElement);
  }

  /**
   * Whether {@code rest}, a key of a level unpacked after the group's prefix and the level, is a delta: its
   * second-to-last item is null (which no element holds).
   */
  static boolean isDelta(Tuple rest) {
    return rest.size() >= 2 && rest.get(rest.size() - 2) == null;
  }

  /** The element {@code rest} (as in {@link #isDelta}) counts for: itself, or for a delta its node's (empty: the head). */
  static Tuple owner(Tuple rest) {
    return isDelta(rest) ? Tuple.fromList(rest.getItems().subList(0, rest.size() - 2)) : rest;
  }

  public static byte[] head(Subspace g, int level) {
    return new SkipListKeys(g).head(level);
  }

  /** The key of the shard {@code s} delta of {@code element}'s node at {@code level}. */
  public static byte[] delta(Subspace g, int level, Tuple element, int s) {
    return new SkipListKeys(g).delta(level, element.pack(), s);
  }

  /** The key of {@code element}'s node at {@code level}; the head's key when {@code element} is null. */
  public static byte[] node(Subspace g, int level, Tuple element) {
    return new SkipListKeys(g).node(level, element == null ? null : element.pack());
  }

  public static long count(byte[] value) {
    return value == null ? 0 : Codec.int64().decode(value);
  }

  /**
   * Per level, the packed element of the last node before {@code element} (null: the head). Levels 0 to 3 are
   * read with a reverse read of one key each; the levels from {@link #UPPER} up hold a 61,440th of the elements
   * between them (and four heads, and up to ~64 span deltas per level), so one forward read of them all, at most
   * {@link #UPPER_KEYS} keys, answers them together in the same round trip for a group under about 2 million
   * elements (when every span holds all its deltas; 15 million with none). A larger group reads
   * them again one level at a time, a round trip later. Five reads instead of eight: each read is a request
   * of its own to the engine or a storage server, whatever it returns.
   */
  private static CompletableFuture<byte[][]> predecessors(ReadTransaction tr, SkipListKeys keys, byte[] element, int upperKeys) {
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
  static CompletableFuture<byte[][]> lastBefore(ReadTransaction tr, SkipListKeys keys, byte[] element, int from, int to, byte[][] p) {
    List<CompletableFuture<Void>> reads = new ArrayList<>(to - from);
    for (int l = from; l < to; l++) {
      int level = l;
      reads.add(tr.getRange(keys.head(level), keys.node(level, element), 1, true).asList()
          .thenAccept(kvs -> p[level] = kvs.isEmpty() ? null : keys.element(level, kvs.get(0).getKey())));
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(v -> p);
  }

  /**
   * Read conflicts on what an insert or delete of {@code element} relies on (see the class comment): each gap
   * starts after the predecessor's deltas, which other inserts into its span add to.
   */
  private static void conflicts(Transaction tr, SkipListKeys keys, byte[] element, byte[][] p) {
    for (int l = 0; l < LEVELS; l++) {
      tr.addReadConflictRange(keys.nodeEnd(l, p[l]), keys.afterNode(l, element));
      if (p[l] != null) {
        tr.addReadConflictRange(keys.node(0, p[l]), keys.afterNode(0, p[l]));
      }
    }
  }

  /**
   * Adds {@code delta} to the span of {@code at}'s node at {@code level} (the head's when null): to its delta
   * {@code slot[level]}, which is cleared when it comes back to 0, or to its own key when that is -1.
   */
  private static void add(Transaction tr, SkipListKeys keys, int level, byte[] at, long delta, int[] slot) {
    if (delta == 0) {
      return;
    }
    boolean sharded = slot[level] >= 0;
    byte[] key = sharded ? keys.delta(level, at, slot[level]) : keys.node(level, at);
    tr.mutate(MutationType.ADD, key, delta == 1 ? ONE : delta == -1 ? MINUS_ONE : Codec.int64().encode(delta));
    if (sharded || at == null && delta < 0) {
      tr.mutate(MutationType.COMPARE_AND_CLEAR, key, ZERO); // an empty head or delta is absent; a head only falls to 0
    }
  }

  /** The exact span of {@code at}'s node at {@code level} (the head's when null): its count and its deltas. */
  private static CompletableFuture<Long> span(ReadTransaction tr, SkipListKeys keys, int level, byte[] at) {
    return sumOf(tr.getRange(keys.node(level, at), keys.nodeEnd(level, at)).asList());
  }

  /** Sets the span of {@code at}'s node at {@code level} to {@code count}, folding its deltas in. */
  private static void setSpan(Transaction tr, SkipListKeys keys, int level, byte[] at, long count) {
    if (level > 0) {
      tr.clear(keys.deltas(level, at), keys.nodeEnd(level, at));
    }
    tr.set(keys.node(level, at), Codec.int64().encode(count));
  }

  /** Sum of the counts of the nodes of {@code level} in {@code [from, to)} (exact reads). */
  private static CompletableFuture<Long> sum(ReadTransaction tr, SkipListKeys keys, int level, byte[] from, byte[] to) {
    return sumOf(tr.getRange(keys.node(level, from), keys.node(level, to)).asList());
  }

  private static CompletableFuture<Long> sumOf(CompletableFuture<List<KeyValue>> read) {
    return read.thenApply(kvs -> {
      long total = 0;
      for (KeyValue kv : kvs) {
        total += count(kv.getValue());
      }
      return total;
    });
  }

  /** The rest of an insert or remove, once {@link #change} has done what both do. */
  private interface Rest {
    CompletableFuture<Void> apply(SkipListKeys keys, byte[] element, int height, byte[][] predecessors, int[] slot);
  }

  /**
   * What an insert ({@code delta} 1) and a remove ({@code delta} -1) of {@code element} share: its predecessors and
   * the group's size read at snapshot (together), the read conflicts they rely on declared, and the spans holding it
   * above its height changed by {@code delta}; then {@code rest} changes level 0 and the levels up to its height.
   */
  private static CompletableFuture<Void> change(Transaction tr, Subspace g, Tuple element, int upperKeys, long delta, Rest rest) {
    SkipListKeys keys = new SkipListKeys(g);
    byte[] e = element.pack();
    ReadTransaction snapshot = tr.snapshot();
    return predecessors(snapshot, keys, e, upperKeys).thenCombine(size(snapshot, g), (p, size) -> changeAt(tr, keys, e, p, size, delta, rest))
        .thenCompose(f -> f);
  }

  /** {@link #change} once the predecessors {@code p} of {@code e} and the group's {@code size} are known. */
  private static CompletableFuture<Void> changeAt(Transaction tr, SkipListKeys keys, byte[] e, byte[][] p, long size, long delta, Rest rest) {
    int h = height(e);
    int shard = shard(e);
    int[] slot = new int[LEVELS];
    for (int l = 0; l < LEVELS; l++) {
      int k = shards(l, size);
      slot[l] = k == 1 ? -1 : shard % k;
    }
    conflicts(tr, keys, e, p);
    for (int l = h + 1; l < LEVELS; l++) {
      add(tr, keys, l, p[l], delta, slot);
    }
    return rest.apply(keys, e, h, p, slot);
  }

  /** Adds {@code element}, which must not be present. */
  public static CompletableFuture<Void> insert(Transaction tr, Subspace g, Tuple element) {
    return insert(tr, g, element, UPPER_KEYS);
  }

  /** {@link #insert}, reading the upper levels together only while they hold fewer than {@code upperKeys} keys. */
  static CompletableFuture<Void> insert(Transaction tr, Subspace g, Tuple element, int upperKeys) {
    return change(tr, g, element, upperKeys, 1, (keys, e, h, p, slot) -> link(tr, keys, e, h, p));
  }

  /**
   * {@link #insert} of the packed {@code e} once its predecessors {@code p} and the group's {@code size} before it are
   * known ({@link RankedBatch}).
   */
  static CompletableFuture<Void> insertAt(Transaction tr, SkipListKeys keys, byte[] e, byte[][] p, long size) {
    return changeAt(tr, keys, e, p, size, 1, (k, x, h, q, slot) -> link(tr, k, x, h, q));
  }

  /** What an insert writes below its height + 1: its level-0 node, and at each level up to its height the span it splits. */
  private static CompletableFuture<Void> link(Transaction tr, SkipListKeys keys, byte[] e, int h, byte[][] p) {
    tr.set(keys.node(0, e), ONE);
    if (h == 0) {
      return CompletableFuture.completedFuture(null);
    }
    // before[l]: elements in [p[l], element) = the level-(l-1) spans from p[l] up to p[l-1], plus before[l-1]
    List<CompletableFuture<Long>> spans = new ArrayList<>();
    List<CompletableFuture<Long>> counts = new ArrayList<>();
    for (int l = 1; l <= h; l++) {
      spans.add(sum(tr, keys, l - 1, p[l], p[l - 1]));
      counts.add(span(tr, keys, l, p[l]));
    }
    return CompletableFuture.allOf(spans.toArray(CompletableFuture[]::new)).thenCombine(
        CompletableFuture.allOf(counts.toArray(CompletableFuture[]::new)), (a, b) -> {
          long before = p[0] == null ? 0 : 1;
          for (int l = 1; l <= h; l++) {
            before += spans.get(l - 1).join();
            long span = counts.get(l - 1).join();
            if (p[l] == null && before == 0) {
              tr.clear(keys.head(l), keys.nodeEnd(l, null));
            } else {
              setSpan(tr, keys, l, p[l], before);
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
    return change(tr, g, element, upperKeys, -1, (keys, e, h, p, slot) -> {
      tr.clear(keys.node(0, e));
      List<CompletableFuture<Long>> counts = new ArrayList<>();
      for (int l = 1; l <= h; l++) {
        counts.add(span(tr, keys, l, e));
      }
      return CompletableFuture.allOf(counts.toArray(CompletableFuture[]::new)).thenApply(v -> {
        for (int l = 1; l <= h; l++) {
          add(tr, keys, l, p[l], counts.get(l - 1).join() - 1, slot); // the predecessor's span absorbs this one
          tr.clear(keys.node(l, e), keys.nodeEnd(l, e));
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
    SkipListKeys keys = new SkipListKeys(g);
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
    SkipListKeys keys = new SkipListKeys(g);
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
    return descend(tr, new SkipListKeys(g), LEVELS - 1, null, rank).thenApply(found -> found.map(Tuple::fromBytes));
  }

  /** At {@code level}, from {@code cur}'s node (null: the head), finds the span holding position {@code remaining}. */
  private static CompletableFuture<Optional<byte[]>> descend(ReadTransaction tr, SkipListKeys keys, int level, byte[] cur, long remaining) {
    if (level == 0) {
      return tr.getRange(keys.node(0, cur), keys.levelEnd(0), (int) Math.min(Integer.MAX_VALUE, remaining + 1)).asList()
          .thenApply(kvs -> kvs.size() > remaining ? Optional.of(keys.element(0, kvs.get((int) remaining).getKey())) : Optional.empty());
    }
    return walk(tr, keys, level, keys.node(level, cur), remaining, SCAN_CHUNK);
  }

  /**
   * From the key {@code from} of {@code level} on, the span holding position {@code remaining}: a node's span is its
   * count and its deltas, so a read of {@code chunk} keys that ends inside a node's keys is read again from that node
   * (twice as many keys when that node filled it).
   */
  private static CompletableFuture<Optional<byte[]>> walk(ReadTransaction tr, SkipListKeys keys, int level, byte[] from, long remaining, int chunk) {
    return tr.getRange(from, keys.levelEnd(level), chunk).asList().thenCompose(kvs -> {
      boolean full = kvs.size() == chunk;
      long left = remaining;
      int i = 0;
      while (i < kvs.size()) {
        byte[] owner = keys.element(level, kvs.get(i).getKey());
        long span = 0;
        int j = i;
        for (; j < kvs.size() && Arrays.equals(owner, keys.element(level, kvs.get(j).getKey())); j++) {
          span += count(kvs.get(j).getValue());
        }
        if (full && j == kvs.size()) { // this node's deltas may go on past the chunk
          return walk(tr, keys, level, keys.node(level, owner), left, i == 0 ? 2 * chunk : SCAN_CHUNK);
        }
        if (left < span) {
          return descend(tr, keys, level - 1, owner, left);
        }
        left -= span;
        i = j;
      }
      return CompletableFuture.completedFuture(Optional.empty());
    });
  }

  /** Up to {@code count} elements from {@code first} (inclusive) on, in order: level-0 keys only. */
  public static CompletableFuture<List<Tuple>> scan(ReadTransaction tr, Subspace g, Tuple first, int count) {
    SkipListKeys keys = new SkipListKeys(g);
    return tr.getRange(keys.node(0, first.pack()), keys.levelEnd(0), count).asList().thenApply(kvs -> {
      List<Tuple> out = new ArrayList<>(kvs.size());
      kvs.forEach(kv -> out.add(Tuple.fromBytes(keys.element(0, kv.getKey()))));
      return out;
    });
  }
}
