package io.strata.index.rank;

import static io.strata.index.rank.RankedSkipList.LEVELS;
import static io.strata.index.rank.RankedSkipList.UPPER_KEYS;
import static io.strata.index.rank.RankedSkipList.height;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Inserts of many elements into one group of a {@link RankedSkipList} at once ({@code saveAll}, through
 * {@link RankIndex#updateAll}): the writes and read conflicts of inserting them one by one, with one read of the
 * group's upper levels for the whole batch instead of four reads per element.
 */
final class RankedBatch {
  /**
   * Keys per element {@link #insertAll}'s read of levels 1 to 7 (nodes and their deltas) may return besides {@link RankedSkipList#UPPER_KEYS}:
   * reading a key costs a small part of a read, and the read spares each element four.
   */
  private static final int UPPER_KEYS_PER_ELEMENT = 16;

  private RankedBatch() {}

  /**
   * Adds {@code elements} (none present, no two equal) to the group: the same writes and read conflicts as
   * {@link RankedSkipList#insert} of each in element order, with fewer reads. One insert finds its predecessors with five reads;
   * here one read of every node of levels 1 to 7, one of the group's size and one reverse read of one level-0 key per element, all sent
   * together before the first write, find every element's: at each level, the later of the last node read before
   * it and the last element of the batch before it that reaches that level (which inserting in order would have
   * read back). A group whose levels 1 to 7 hold more than {@link RankedSkipList#UPPER_KEYS} plus
   * {@value #UPPER_KEYS_PER_ELEMENT} keys per element inserts them one by one, after that read.
   */
  static CompletableFuture<Void> insertAll(Transaction tr, Subspace g, List<Tuple> elements) {
    if (elements.size() == 1) {
      return RankedSkipList.insert(tr, g, elements.get(0));
    }
    SkipListKeys keys = new SkipListKeys(g);
    List<byte[]> sorted = new ArrayList<>(elements.size());
    elements.forEach(element -> sorted.add(element.pack()));
    sorted.sort(ByteArrayUtil::compareUnsigned);
    ReadTransaction snapshot = tr.snapshot();
    int limit = UPPER_KEYS + UPPER_KEYS_PER_ELEMENT * sorted.size();
    CompletableFuture<List<KeyValue>> upper = snapshot.getRange(keys.head(1), keys.levelEnd(LEVELS - 1), limit).asList();
    CompletableFuture<Long> size = RankedSkipList.size(snapshot, g);
    byte[][][] p = new byte[sorted.size()][LEVELS][];
    List<CompletableFuture<byte[][]>> lower = new ArrayList<>(sorted.size());
    for (int i = 0; i < sorted.size(); i++) {
      lower.add(RankedSkipList.lastBefore(snapshot, keys, sorted.get(i), 0, 1, p[i]));
    }
    return upper.thenCombine(CompletableFuture.allOf(lower.toArray(CompletableFuture[]::new)), (nodes, v) -> nodes)
        .thenCombine(size, (nodes, before) -> {
      CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
      if (nodes.size() >= limit) {
        for (byte[] e : sorted) {
          chain = chain.thenCompose(v -> RankedSkipList.insert(tr, g, Tuple.fromBytes(e)));
        }
        return chain;
      }
      List<List<byte[]>> stored = new ArrayList<>(LEVELS);
      for (int l = 0; l < LEVELS; l++) {
        stored.add(new ArrayList<>());
      }
      for (KeyValue kv : nodes) { // in key order: level by level, each level's nodes in element order
        int l = keys.level(kv.getKey());
        byte[] node = keys.element(l, kv.getKey());
        List<byte[]> level = stored.get(l);
        if (node != null && (level.isEmpty() || !Arrays.equals(level.get(level.size() - 1), node))) { // a node's deltas follow it
          level.add(node);
        }
      }
      byte[][] lastOfBatch = new byte[LEVELS][];
      for (int i = 0; i < sorted.size(); i++) {
        byte[] e = sorted.get(i);
        byte[][] q = p[i];
        q[0] = later(q[0], lastOfBatch[0]);
        for (int l = 1; l < LEVELS; l++) {
          q[l] = later(lastBefore(stored.get(l), e), lastOfBatch[l]);
        }
        for (int l = 0; l <= height(e); l++) {
          lastOfBatch[l] = e;
        }
        long sizeBefore = before + i; // inserting one by one, each reads the size grown by those before it
        chain = chain.thenCompose(v -> RankedSkipList.insertAt(tr, keys, e, q, sizeBefore));
      }
      return chain;
    }).thenCompose(f -> f);
  }

  /** The later of two predecessors (null: the head, before every node). */
  private static byte[] later(byte[] a, byte[] b) {
    return a == null ? b : b == null || ByteArrayUtil.compareUnsigned(a, b) >= 0 ? a : b;
  }

  /** The last of {@code nodes} (packed elements in order) before {@code element}, or null. */
  private static byte[] lastBefore(List<byte[]> nodes, byte[] element) {
    int i = Collections.binarySearch(nodes, element, ByteArrayUtil::compareUnsigned);
    int before = (i >= 0 ? i : -i - 1) - 1;
    return before < 0 ? null : nodes.get(before);
  }
}
