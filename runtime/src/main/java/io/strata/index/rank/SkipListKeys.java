package io.strata.index.rank;

import static io.strata.index.rank.RankedSkipList.LEVELS;
import static io.strata.index.rank.RankedSkipList.isDelta;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.row.WriteShards;
import java.util.Arrays;

/**
 * The keys of one group's skip list. A tuple packs as its elements' packings one after another, so a node key
 * {@code (G, l, value, id)} is the group's prefix, level {@code l}'s packing and the element's packing, and an
 * operation packs its element once instead of once per key. Elements are handled packed: null means the head.
 */
final class SkipListKeys {
  /** Each level number packed as a tuple element: a node key is the group's prefix, this, then the element's packing. */
  private static final byte[][] LEVEL = new byte[LEVELS][];
  /** A delta's key after its node's: a null item then the shard, as tuple items (elements hold no null). */
  private static final byte[][] DELTA = new byte[WriteShards.SHARDS][];

  static {
    for (int l = 0; l < LEVELS; l++) {
      LEVEL[l] = Tuple.from(l).pack();
    }
    for (int s = 0; s < WriteShards.SHARDS; s++) {
      DELTA[s] = Tuple.from(null, s).pack();
    }
  }

  private final byte[] prefix;

  SkipListKeys(Subspace g) {
    this.prefix = g.getKey();
  }

  byte[] head(int level) {
    return ByteArrayUtil.join(prefix, LEVEL[level]);
  }

  byte[] node(int level, byte[] element) {
    return element == null ? head(level) : ByteArrayUtil.join(prefix, LEVEL[level], element);
  }

  /** The key of the shard {@code s} delta of {@code element}'s node at {@code level} (the head's when null). */
  byte[] delta(int level, byte[] element, int s) {
    return ByteArrayUtil.join(node(level, element), DELTA[s]);
  }

  /** The end of the node's keys: the node, then its deltas. */
  byte[] nodeEnd(int level, byte[] element) {
    return ByteArrayUtil.join(node(level, element), new byte[] {1});
  }

  /** The start of the node's deltas. */
  byte[] deltas(int level, byte[] element) {
    return ByteArrayUtil.join(node(level, element), new byte[] {0});
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

  /** The packed element of a node key of {@code level}, or null for the head; for a delta, its node's. */
  byte[] element(int level, byte[] key) {
    int at = prefix.length + LEVEL[level].length;
    if (key.length == at) {
      return null;
    }
    if (level > 0) {
      Tuple rest = Tuple.fromBytes(key, at, key.length - at);
      if (isDelta(rest)) {
        int suffix = DELTA[(int) rest.getLong(rest.size() - 1)].length;
        return key.length - suffix == at ? null : Arrays.copyOfRange(key, at, key.length - suffix);
      }
    }
    return Arrays.copyOfRange(key, at, key.length);
  }
}
