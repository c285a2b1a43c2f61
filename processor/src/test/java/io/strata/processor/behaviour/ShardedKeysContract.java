package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Change;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Tally;
import io.strata.processor.fixtures.TallyRepository;
import io.strata.row.WriteShards;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The keys every save writes are sharded by id (docs/indexes.md): a database written before, with the count
 * {@code (E,"#")}, totals {@code (E,"A",name,groups...)} and feed entries {@code (E,"V",versionstamp,id)}, reads
 * the same, takes new writes, and is moved to the sharded layout by the repack, step by step, reading the same
 * throughout.
 */
public abstract class ShardedKeysContract extends BackendContract {
  private static final List<String> CITIES = List.of("Arles", "Brest", "Caen", "Dax", "Evry");

  static Tally tally(SplittableRandom r, long id) {
    return new Tally(id, CITIES.get(r.nextInt(CITIES.size())), r.nextInt(-50, 1000));
  }

  private static long le(byte[] v) {
    return ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  private static byte[] le(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  private List<KeyValue> under(Tuple prefix) {
    return db.read(tr -> tr.getRange(prefix.range()).asList().join());
  }

  /**
   * Rewrites Tally's sharded keys as the layout before sharding stored them: the count and each total as one key
   * (the sum of its shards), each feed entry without its shard, the one wake key.
   */
  private void writeAsBeforeSharding() {
    db.run(tr -> {
      long count = 0;
      for (KeyValue kv : tr.getRange(Tuple.from("Tally", "#").range()).asList().join()) {
        count += le(kv.getValue());
      }
      tr.clear(Tuple.from("Tally", "#").range());
      tr.set(Tuple.from("Tally", "#").pack(), le(count));
      Map<Tuple, Long> totals = new LinkedHashMap<>();
      for (KeyValue kv : tr.getRange(Tuple.from("Tally", "A").range()).asList().join()) {
        Tuple key = Tuple.fromBytes(kv.getKey());
        totals.merge(key.popBack(), le(kv.getValue()), Long::sum);
      }
      tr.clear(Tuple.from("Tally", "A").range());
      totals.forEach((key, total) -> tr.set(key.pack(), le(total)));
      for (KeyValue kv : tr.getRange(Tuple.from("Tally", "V").range()).asList().join()) {
        Tuple key = Tuple.fromBytes(kv.getKey());
        tr.clear(kv.getKey());
        tr.set(Tuple.from("Tally", "V", key.getVersionstamp(3), key.get(4)).pack(), kv.getValue());
      }
      tr.clear(Tuple.from("__strata", "feed", "Tally").range());
      tr.set(Tuple.from("__strata", "feed", "Tally").pack(), le(7));
      return null;
    });
  }

  /** How many keys of the layout before sharding are left: the count, the totals, the feed entries and the wake key. */
  private long keysBeforeSharding() {
    long left = under(Tuple.from("Tally", "V")).stream().filter(kv -> Tuple.fromBytes(kv.getKey()).get(2) instanceof Versionstamp).count();
    left += under(Tuple.from("Tally", "A")).stream().filter(kv -> !(Tuple.fromBytes(kv.getKey()).get(Tuple.fromBytes(kv.getKey()).size() - 1)
        instanceof Long)).count();
    left += db.read(tr -> (tr.get(Tuple.from("Tally", "#").pack()).join() == null ? 0 : 1)
        + (tr.get(Tuple.from("__strata", "feed", "Tally").pack()).join() == null ? 0 : 1));
    return left;
  }

  /** What the model says every read returns, against the repository. */
  private void readsAgree(TallyRepository tallies, Map<Long, Tally> model, List<Change<Tally, Long>> feed) {
    assertEquals(model.size(), tallies.count());
    assertEquals(model.size(), tallies.tallies());
    assertEquals(model.values().stream().mapToLong(Tally::qty).sum(), tallies.totalQty());
    Map<String, Long> byCity = model.values().stream().collect(Collectors.groupingBy(Tally::city, TreeMap::new, Collectors.counting()));
    for (String city : CITIES) {
      assertEquals(byCity.getOrDefault(city, 0L), tallies.byCity(city), city);
    }
    assertEquals(new LinkedHashMap<Object, Object>(byCity), new LinkedHashMap<>(tallies.byCityByGroup()));
    List<Change<Tally, Long>> all = tallies.changesSince(null, 10_000).items();
    assertEquals(feed, all);
    List<Change<Tally, Long>> paged = ChangeFeedContract.pages(tallies::changesSince, 3);
    assertEquals(feed.stream().map(Change::id).toList(), paged.stream().map(Change::id).toList(), "ids");
    assertEquals(feed, paged, "pages of 3 merge the shards and the unsharded entries in commit order");
    assertTrue(tallies.verifyIndexes().isClean(), tallies.verifyIndexes().problems().toString());
  }

  @Test
  void aDatabaseWrittenBeforeShardingReadsTheSameTakesWritesAndIsMovedByTheRepack() {
    TallyRepository tallies = new TallyRepository(db);
    SplittableRandom r = new SplittableRandom(37);
    Map<Long, Tally> model = new TreeMap<>();
    for (long id = 0; id < 40; id++) {
      Tally t = tally(r, id);
      model.put(id, t);
      if (id % 4 == 0) {
        tallies.saveAll(List.of(t)); // a few commits of one, the rest in commits of several below
      }
    }
    tallies.saveAll(model.values().stream().filter(t -> t.id() % 4 != 0).toList());
    writeAsBeforeSharding();
    assertNotNull(db.read(tr -> tr.get(Tuple.from("Tally", "#").pack()).join()), "the count is one key, as before sharding");
    assertTrue(keysBeforeSharding() > 40, "every feed entry is unsharded: " + keysBeforeSharding());
    List<Change<Tally, Long>> feed = tallies.changesSince(null, 10_000).items();
    assertEquals(40, feed.size());
    readsAgree(tallies, model, feed);

    for (long id = 100; id < 110; id++) {
      model.put(id, tally(r, id));
      tallies.save(model.get(id));
    }
    for (long id = 0; id < 5; id++) {
      model.remove(id);
      tallies.deleteById(id);
    }
    for (long id = 5; id < 8; id++) {
      model.put(id, tally(r, id));
      tallies.save(model.get(id));
    }
    feed = tallies.changesSince(null, 10_000).items();
    assertEquals(List.of(8L, 12L), feed.subList(0, 2).stream().map(Change::id).toList(), "the oldest unchanged entries, saved alone, come first");
    assertEquals(List.of(5L, 6L, 7L), feed.subList(feed.size() - 3, feed.size()).stream().map(Change::id).toList(), "the updates last");
    readsAgree(tallies, model, feed);

    tallies.maintenance().repack();
    assertEquals(0, keysBeforeSharding(), "the repack leaves no key of the layout before sharding");
    readsAgree(tallies, model, feed);
  }

  @Test
  void eachReshardStepMovesAtMostItsShareAndTheFeedReadsTheSameBetweenSteps() {
    TallyRepository tallies = new TallyRepository(db);
    SplittableRandom r = new SplittableRandom(41);
    Map<Long, Tally> model = new TreeMap<>();
    for (long id = 0; id < 30; id++) {
      model.put(id, tally(r, id));
      tallies.save(model.get(id));
    }
    writeAsBeforeSharding();
    List<Change<Tally, Long>> feed = tallies.changesSince(null, 10_000).items();
    long before = keysBeforeSharding();
    int moved = tallies.maintenance().reshardBatch(12);
    assertTrue(moved >= 12 && keysBeforeSharding() > 0, "one step of 12 moves the count, the totals and some entries: " + moved);
    assertEquals(before - moved - 1, keysBeforeSharding(), "what it moved is gone, with the wake key it clears");
    readsAgree(tallies, model, feed);
    int steps = 1;
    while (tallies.maintenance().reshardBatch(12) > 0) {
      steps++;
      readsAgree(tallies, model, feed);
    }
    assertTrue(steps >= 3, "30 entries in steps of at most 12: " + steps);
    assertEquals(0, keysBeforeSharding());
    assertFalse(under(Tuple.from("Tally", "#")).isEmpty());
    assertEquals(0, tallies.maintenance().reshardBatch(12), "nothing is left to move");
  }

  @Test
  void everyShardedKeyIsInItsIdsShard() {
    TallyRepository tallies = new TallyRepository(db);
    tallies.save(new Tally(5, "Arles", 3));
    long shard = WriteShards.of(5L);
    assertEquals(1, le(db.read(tr -> tr.get(Tuple.from("Tally", "#", shard).pack()).join())));
    assertEquals(3, le(db.read(tr -> tr.get(Tuple.from("Tally", "A", "totalQty", shard).pack()).join())));
    assertEquals(1, le(db.read(tr -> tr.get(Tuple.from("Tally", "A", "byCity", "Arles", shard).pack()).join())));
    assertEquals(List.of(shard), under(Tuple.from("Tally", "V")).stream().map(kv -> Tuple.fromBytes(kv.getKey()).get(2)).toList());
    assertEquals(1, le(db.read(tr -> tr.get(Tuple.from("__strata", "feed", "Tally", shard).pack()).join())));
  }
}
