package io.strata.index.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.EmbeddedFdb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RankedSkipList} against brute force: after random inserts and removes its keys equal the
 * structure built directly from the sorted elements, and rank/select/scan/size equal positions in a
 * sorted set; rank and select read O(log n) keys, counted at 10^5 elements.
 */
class RankedSkipListTest {
  private final Database db = EmbeddedFdb.open();
  private final Subspace g = new Subspace(Tuple.from("test", "K", "rank", "group"));

  @AfterEach
  void close() {
    db.close();
  }

  private static Tuple element(long value, long id) {
    return Tuple.from(value, id);
  }

  /** The keys and counts the structure must hold for {@code sorted}, from the definition (spans between nodes). */
  private List<Map.Entry<byte[], Long>> structure(List<Tuple> sorted) {
    List<Map.Entry<byte[], Long>> keys = new ArrayList<>();
    for (int l = 0; l < RankedSkipList.LEVELS; l++) {
      List<Integer> at = new ArrayList<>();
      for (int i = 0; i < sorted.size(); i++) {
        if (RankedSkipList.height(sorted.get(i)) >= l) {
          at.add(i);
        }
      }
      long head = at.isEmpty() ? sorted.size() : at.get(0);
      if (l > 0 && head > 0) {
        keys.add(Map.entry(RankedSkipList.head(g, l), head));
      }
      for (int k = 0; k < at.size(); k++) {
        long span = (k + 1 < at.size() ? at.get(k + 1) : sorted.size()) - at.get(k);
        keys.add(Map.entry(RankedSkipList.node(g, l, sorted.get(at.get(k))), span));
      }
    }
    return keys;
  }

  private Map<String, Long> expectedKeys(List<Tuple> sorted) {
    Map<String, Long> out = new TreeMap<>();
    structure(sorted).forEach(e -> out.put(g.unpack(e.getKey()).toString(), e.getValue()));
    return out;
  }

  /** The stored keys as the structure defines them: each node's (or head's) deltas added to it, a head of 0 absent. */
  private Map<String, Long> storedKeys() {
    Map<String, Long> out = new TreeMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(g.range()).asList().join())) {
      Tuple key = g.unpack(kv.getKey());
      Tuple node = Tuple.from(key.get(0)).addAll(RankedSkipList.owner(key.popFront()));
      out.merge(node.toString(), Codec.int64().decode(kv.getValue()), Long::sum);
    }
    out.values().removeIf(count -> count == 0);
    return out;
  }

  private Map<String, Long> storedRawKeys() {
    return keys(db.read(tr -> tr.getRange(g.range()).asList().join()));
  }

  /**
   * Uniform inserts into one group of 2,000 write no key more than 1/16 of the time: the spans every insert changes
   * (the top levels' heads and few nodes) take deltas of 32 shards (issue 37). Each of 400 inserts commits alone
   * while the embedded engine records which keys each commit writes.
   */
  @Test
  void noKeyIsWrittenByMoreThanASixteenthOfUniformInserts() {
    SplittableRandom r = new SplittableRandom(37);
    TreeSet<Tuple> model = new TreeSet<>();
    while (model.size() < 2_000) {
      model.add(element(r.nextInt(1000), r.nextLong()));
    }
    bulkLoad(new ArrayList<>(model));
    io.strata.embedded.WriteDistribution d;
    try (io.strata.embedded.WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
      for (int i = 0; i < 400; i++) {
        Tuple e = element(r.nextInt(1000), r.nextLong());
        db.run(tr -> RankedSkipList.insert(tr, g, e).join());
        model.add(e);
      }
      d = recorder.report(32);
    }
    io.strata.embedded.WriteDistribution.Writes hottest = d.keys().get(0);
    assertTrue(hottest.commits() * 16 <= d.commits(), "the hottest key " + hottest.printable() + " was written by "
        + hottest.commits() + " of " + d.commits() + " inserts");
    assertEquals(expectedKeys(new ArrayList<>(model)), storedKeys());
  }

  /**
   * Four writers inserting and removing concurrently in one group, each change its own transaction retried on
   * conflict: afterwards the structure is the one its elements define and rank, select and size answer as a sorted
   * set of them, whatever interleaving the threads took.
   */
  @Test
  void concurrentWritersLeaveTheStructureTheirElementsDefine() throws Exception {
    bulkLoad(List.of());
    java.util.concurrent.ConcurrentSkipListSet<Tuple> model = new java.util.concurrent.ConcurrentSkipListSet<>();
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      List<java.util.concurrent.Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        int writer = w;
        writers.add(pool.submit(() -> {
          SplittableRandom r = new SplittableRandom(writer);
          List<Tuple> mine = new ArrayList<>();
          for (int step = 0; step < 400; step++) {
            if (!mine.isEmpty() && r.nextInt(4) == 0) {
              Tuple e = mine.remove(r.nextInt(mine.size()));
              db.run(tr -> RankedSkipList.remove(tr, g, e).join());
              model.remove(e);
            } else {
              Tuple e = element(r.nextInt(300), 4L * r.nextInt(1_000_000) + writer); // ids of one writer only
              if (!mine.contains(e)) {
                db.run(tr -> RankedSkipList.insert(tr, g, e).join());
                mine.add(e);
                model.add(e);
              }
            }
          }
          return null;
        }));
      }
      for (java.util.concurrent.Future<?> writer : writers) {
        writer.get();
      }
    } finally {
      pool.shutdown();
    }
    List<Tuple> sorted = new ArrayList<>(model);
    assertEquals(expectedKeys(sorted), storedKeys());
    db.read(tr -> {
      assertEquals(sorted.size(), RankedSkipList.size(tr, g).join());
      for (int i = 0; i < sorted.size(); i++) {
        assertEquals(i, RankedSkipList.rank(tr, g, sorted.get(i)).join());
        assertEquals(Optional.of(sorted.get(i)), RankedSkipList.select(tr, g, i).join());
      }
      return null;
    });
  }

  @Test
  void randomInsertsAndRemovesKeepTheStructureAndAnswerLikeASortedSet() {
    SplittableRandom r = new SplittableRandom(5);
    TreeSet<Tuple> model = new TreeSet<>();
    for (int step = 0; step < 600; step++) {
      int ops = 1 + r.nextInt(4); // several changes in one transaction read what the earlier ones wrote
      List<Tuple> inserted = new ArrayList<>();
      List<Tuple> removed = new ArrayList<>();
      for (int k = 0; k < ops; k++) {
        Tuple e = element(r.nextInt(50), r.nextInt(400));
        if (model.contains(e) || inserted.contains(e)) {
          if (!removed.contains(e) && !inserted.contains(e)) {
            removed.add(e);
          }
        } else {
          inserted.add(e);
        }
      }
      db.run(tr -> {
        removed.forEach(e -> RankedSkipList.remove(tr, g, e).join());
        inserted.forEach(e -> RankedSkipList.insert(tr, g, e).join());
        return null;
      });
      model.removeAll(removed);
      model.addAll(inserted);
      if (step % 50 == 0 || step == 599) {
        assertEquals(expectedKeys(new ArrayList<>(model)), storedKeys(), "after step " + step);
      }
    }
    List<Tuple> sorted = new ArrayList<>(model);
    db.read(tr -> {
      assertEquals(sorted.size(), RankedSkipList.size(tr, g).join());
      for (int i = 0; i < sorted.size(); i += 7) {
        assertEquals(i, RankedSkipList.rank(tr, g, sorted.get(i)).join());
        assertEquals(Optional.of(sorted.get(i)), RankedSkipList.select(tr, g, i).join());
        assertEquals(sorted.subList(i, Math.min(sorted.size(), i + 5)), RankedSkipList.scan(tr, g, sorted.get(i), 5).join());
      }
      assertEquals(Optional.empty(), RankedSkipList.select(tr, g, sorted.size()).join());
      assertEquals(model.headSet(element(25, 0)).size(), RankedSkipList.rank(tr, g, element(25, 0)).join(),
          "the rank of an absent element counts those before it");
      return null;
    });
  }

  /**
   * Predecessors in the upper levels (4 and up) come from one read of them all while it holds fewer than a limit
   * of keys (64: a group of millions), else from a read per level a round trip later: both ways, in a group of
   * 30,000 with some elements tall enough to have upper-level nodes, inserted and removed among the others (a
   * limit of 4 takes the second way, as a group of millions would).
   */
  @ParameterizedTest
  @ValueSource(ints = {64, 4})
  void insertsAndRemovesInALargeGroupKeepTheStructure(int upperKeys) {
    List<Tuple> tall = new ArrayList<>(); // elements with nodes up to level 4 or more: one in 65,536
    for (long id = 30_000; tall.size() < 8; id++) {
      Tuple t = element(2 * (id % 30_000) + 1, id);
      if (RankedSkipList.height(t) >= 4) {
        tall.add(t);
      }
    }
    TreeSet<Tuple> model = new TreeSet<>(tall.subList(0, 4));
    for (int i = 0; i < 30_000; i++) {
      model.add(element(2L * i, i));
    }
    bulkLoad(new ArrayList<>(model));
    SplittableRandom r = new SplittableRandom(11);
    for (int step = 0; step < 300; step++) {
      Tuple probe = element(r.nextInt(60_000), r.nextInt(30_000));
      Tuple existing = model.ceiling(probe);
      Tuple e = step % 25 == 0 ? tall.get(r.nextInt(tall.size())) // a tall element in or out
          : r.nextBoolean() || existing == null ? probe : existing; // else half new elements, half removals
      boolean present = model.contains(e);
      db.run(tr -> present ? RankedSkipList.remove(tr, g, e, upperKeys).join() : RankedSkipList.insert(tr, g, e, upperKeys).join());
      if (present) {
        model.remove(e);
      } else {
        model.add(e);
      }
    }
    assertEquals(expectedKeys(new ArrayList<>(model)), storedKeys());
    List<Tuple> sorted = new ArrayList<>(model);
    db.read(tr -> {
      for (int i = 0; i < sorted.size(); i += 997) {
        assertEquals(i, RankedSkipList.rank(tr, g, sorted.get(i)).join());
      }
      return null;
    });
  }

  /**
   * {@link RankedBatch#insertAll} writes what inserting the same elements one by one in element order writes, and
   * declares the same read conflicts in the same order: batches of 1 to 300 new elements into groups of 0 to 30,000
   * (the batch path, and past its read's limit, 144 keys for a batch of 5 against ~2,000 upper-level keys, the one by
   * one path), each first inserted one by one in a transaction that is cancelled, then with insertAll and committed.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 40, 30_000})
  void insertAllWritesAndConflictsAsInsertingOneByOne(int size) {
    TreeSet<Tuple> model = new TreeSet<>();
    for (int i = 0; i < size; i++) {
      model.add(element(2L * i, i));
    }
    bulkLoad(new ArrayList<>(model));
    SplittableRandom r = new SplittableRandom(size + 1);
    for (int batch : new int[] {1, 2, 5, 60, 300}) {
      List<Tuple> elements = new ArrayList<>();
      while (elements.size() < batch) {
        Tuple e = element(2L * r.nextInt(size + 50) + 1, r.nextInt(1_000_000)); // odd values: not in the group yet
        if (!elements.contains(e)) {
          elements.add(e);
        }
      }
      List<String> oneByOneConflicts = new ArrayList<>();
      Map<String, Long> oneByOne;
      try (com.apple.foundationdb.Transaction tr = db.createTransaction()) {
        com.apple.foundationdb.Transaction recording = recordingConflicts(tr, oneByOneConflicts);
        elements.stream().sorted().forEach(e -> RankedSkipList.insert(recording, g, e).join());
        oneByOne = keys(tr.getRange(g.range()).asList().join());
        tr.cancel();
      }
      List<String> batchConflicts = new ArrayList<>();
      db.run(tr -> RankedBatch.insertAll(recordingConflicts(tr, batchConflicts), g, elements).join());
      model.addAll(elements);
      assertEquals(expectedKeys(new ArrayList<>(model)), storedKeys(), "a batch of " + batch);
      assertEquals(oneByOne, storedRawKeys(), "a batch of " + batch);
      assertEquals(oneByOneConflicts, batchConflicts, "a batch of " + batch);
    }
  }

  private Map<String, Long> keys(List<KeyValue> kvs) {
    Map<String, Long> out = new TreeMap<>();
    kvs.forEach(kv -> out.put(g.unpack(kv.getKey()).toString(), Codec.int64().decode(kv.getValue())));
    return out;
  }

  /** {@code tr}, recording each read-conflict range it is asked to add (as printable bounds) in {@code into}. */
  private static com.apple.foundationdb.Transaction recordingConflicts(com.apple.foundationdb.Transaction tr, List<String> into) {
    return (com.apple.foundationdb.Transaction) java.lang.reflect.Proxy.newProxyInstance(
        com.apple.foundationdb.Transaction.class.getClassLoader(), new Class<?>[] {com.apple.foundationdb.Transaction.class},
        (proxy, method, args) -> {
          if (method.getName().equals("addReadConflictRange")) {
            into.add(com.apple.foundationdb.tuple.ByteArrayUtil.printable((byte[]) args[0]) + " .. "
                + com.apple.foundationdb.tuple.ByteArrayUtil.printable((byte[]) args[1]));
          }
          try {
            return method.invoke(tr, args);
          } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  /** Writes the structure for {@code sorted} directly (as {@link #structure} defines it), in batches. */
  private void bulkLoad(List<Tuple> sorted) {
    write(structure(sorted));
  }

  private void write(List<Map.Entry<byte[], Long>> keys) {
    for (int start = 0; start < keys.size(); start += 5_000) {
      List<Map.Entry<byte[], Long>> chunk = keys.subList(start, Math.min(keys.size(), start + 5_000));
      db.run(tr -> {
        chunk.forEach(e -> tr.set(e.getKey(), Codec.int64().encode(e.getValue())));
        return null;
      });
    }
  }

  /**
   * {@link #bulkLoad}, with every span split between its key and as many deltas of 1 as its level takes in a group
   * of this size ({@link RankedSkipList#shards}), as inserts in every shard leave them: the most keys a read can meet.
   */
  private void bulkLoadWithEveryDelta(List<Tuple> sorted) {
    SkipListKeys keys = new SkipListKeys(g);
    List<Map.Entry<byte[], Long>> split = new ArrayList<>();
    for (Map.Entry<byte[], Long> e : structure(sorted)) {
      Tuple key = g.unpack(e.getKey());
      int level = (int) key.getLong(0);
      int k = RankedSkipList.shards(level, sorted.size());
      if (k == 1) {
        split.add(e);
        continue;
      }
      byte[] element = key.size() == 1 ? null : key.popFront().pack();
      split.add(Map.entry(e.getKey(), e.getValue() - k));
      for (int s = 0; s < k; s++) {
        split.add(Map.entry(keys.delta(level, element, s), 1L));
      }
    }
    write(split);
  }

  /** Average keys read by rank and by select over {@code probes} random positions of an {@code n}-element list. */
  private double[] keysRead(int n, int probes, boolean everyDelta) {
    db.run(tr -> {
      tr.clear(g.range());
      return null;
    });
    List<Tuple> sorted = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      sorted.add(element(i / 3, i)); // ties broken by id
    }
    if (everyDelta) {
      bulkLoadWithEveryDelta(sorted);
    } else {
      bulkLoad(sorted);
    }
    SplittableRandom r = new SplittableRandom(n);
    KeyCountingReads rankReads = new KeyCountingReads();
    KeyCountingReads selectReads = new KeyCountingReads();
    for (int p = 0; p < probes; p++) {
      int i = r.nextInt(n);
      db.read(tr -> {
        assertEquals(i, RankedSkipList.rank(rankReads.wrap(tr), g, sorted.get(i)).join());
        assertEquals(Optional.of(sorted.get(i)), RankedSkipList.select(selectReads.wrap(tr), g, i).join());
        return null;
      });
    }
    return new double[] {(double) rankReads.keys() / probes, (double) selectReads.keys() / probes};
  }

  @Test
  void rankAndSelectReadLogarithmicallyManyKeys() {
    double[] small = keysRead(1_000, 100, false);
    double[] large = keysRead(100_000, 100, false);
    System.out.printf("keys read without deltas: rank %.0f / %.0f, select %.0f / %.0f at 10^3 / 10^5%n", small[0], large[0], small[1], large[1]);
    // log16(10^5) ≈ 4.2 levels in use, each ~16 nodes between predecessors, plus one predecessor per level
    assertTrue(large[0] < 200 && large[1] < 200, "keys read at 10^5: rank " + large[0] + ", select " + large[1]);
    assertTrue(large[0] < 3 * small[0] && large[1] < 3 * small[1], "100 times the elements should cost a few more levels, not 100"
        + " times the keys: rank " + small[0] + " -> " + large[0] + ", select " + small[1] + " -> " + large[1]);
  }

  /**
   * With every span carrying all the deltas its level takes (the worst a long run of inserts leaves before splits
   * fold them), rank and select still read a number of keys that grows with the levels, not with the elements: a
   * level's deltas number about 64 in all, whatever the group's size.
   */
  @Test
  void rankAndSelectReadLogarithmicallyManyKeysWithEveryDelta() {
    double[] small = keysRead(1_000, 100, true);
    double[] large = keysRead(100_000, 100, true);
    System.out.printf("keys read with every delta: rank %.0f / %.0f, select %.0f / %.0f at 10^3 / 10^5%n", small[0], large[0], small[1], large[1]);
    assertTrue(large[0] < 3 * small[0] && large[1] < 3 * small[1], "100 times the elements should cost a few more levels, not 100"
        + " times the keys: rank " + small[0] + " -> " + large[0] + ", select " + small[1] + " -> " + large[1]);
  }
}
