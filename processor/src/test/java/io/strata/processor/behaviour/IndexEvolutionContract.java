package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.CodecException;
import io.strata.GeoPoint;
import io.strata.IndexBuildException;
import io.strata.IndexNotReadyException;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.ShopV1;
import io.strata.processor.fixtures.ShopV1Repository;
import io.strata.processor.fixtures.ShopV2;
import io.strata.processor.fixtures.ShopV2Repository;
import io.strata.IndexReport;
import io.strata.IndexState;
import java.util.List;
import java.util.SplittableRandom;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Index evolution: an index added to an entity that already has data is built online and refuses
 * queries until then; a removed index is cleared. An upgrade is played by writing with {@link ShopV1},
 * copying its keys from entity name "Shop1" to "Shop2", and carrying on with {@link ShopV2}.
 */
public abstract class IndexEvolutionContract extends BackendContract {
  private static final List<String> CITIES = List.of("Lyon", "Oslo", "Quito", "Perth", "Tunis");
  private static final Subspace ROOT = new Subspace();

  static ShopV1 v1(int i) {
    return new ShopV1("s" + i, i % 4, CITIES.get(i % CITIES.size()), "s" + i + "@shops.test",
        new GeoPoint(-60 + (i * 7919 % 12_000) / 100.0, -170 + (i * 104_729 % 34_000) / 100.0));
  }

  static ShopV2 upgraded(ShopV1 s) {
    return new ShopV2(s.id(), s.size(), s.city(), s.email(), s.at());
  }

  /** One write of a running application: deletes a random shop, or saves it with a random city (a quarter are deletes). */
  /** Deletes or saves one shop at random; returns whether it was a delete. */
  static boolean writeAtRandom(ShopV2Repository shops, SplittableRandom random) {
    int i = random.nextInt(2_000);
    if (random.nextInt(4) == 0) {
      shops.deleteById("s" + i);
      return true;
    }
    ShopV1 base = v1(i);
    shops.save(new ShopV2(base.id(), i, CITIES.get(random.nextInt(CITIES.size())), base.email(), base.at()));
    return false;
  }

  static void saveV1(Database db, int from, int toExclusive) {
    ShopV1Repository old = new ShopV1Repository(db);
    for (int start = from; start < toExclusive; start += 400) {
      int first = start;
      db.run(tr -> {
        for (int i = first; i < Math.min(first + 400, toExclusive); i++) {
          old.save(tr, v1(i));
        }
        return null;
      });
    }
  }

  /** What the new version finds when it starts on the old version's data: its rows, entries and index states. */
  static void upgrade(Database db) {
    db.run(tr -> {
      for (Subspace[] move : List.of(new Subspace[] {ROOT.get("Shop1"), ROOT.get("Shop2")},
          new Subspace[] {ROOT.get("__strata").get("index").get("Shop1"), ROOT.get("__strata").get("index").get("Shop2")})) {
        for (KeyValue kv : tr.getRange(move[0].range()).asList().join()) {
          tr.set(move[1].pack(move[0].unpack(kv.getKey())), kv.getValue());
        }
        tr.clear(move[0].range());
      }
      return null;
    });
  }

  private static Set<String> ids(List<ShopV2> shops) {
    return shops.stream().map(ShopV2::id).collect(Collectors.toCollection(TreeSet::new));
  }

  static void assertIndexesAnswerLikeTheRows(ShopV2Repository shops) {
    List<ShopV2> rows = Pages.all(after -> shops.findAll(500, after));
    for (String city : CITIES) {
      assertEquals(ids(rows.stream().filter(s -> city.equals(s.city())).toList()), ids(shops.findByCity(city)), city);
    }
    BoundingBox box = BoundingBox.geo(-30, -90, 30, 90);
    assertEquals(ids(rows.stream().filter(s -> box.contains(s.at())).toList()), ids(shops.findByAtWithin(box)));
    for (ShopV2 s : rows.subList(0, Math.min(50, rows.size()))) {
      assertEquals(s.id(), shops.findByEmail(s.email()).orElseThrow().id());
    }
    IndexReport report = shops.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
    assertEquals(List.of(), report.notChecked());
  }

  @Test
  void anIndexAddedToAnEntityWithDataRefusesQueriesUntilItIsBuilt() {
    saveV1(db, 0, 1_200);
    upgrade(db);
    ShopV2Repository shops = new ShopV2Repository(db);

    IndexNotReadyException e = assertThrows(IndexNotReadyException.class, () -> shops.findByCity("Oslo"));
    assertTrue(e.getMessage().contains("Shop2.city is still building"), e.getMessage());
    assertTrue(e.getMessage().contains("maintenance().build(\"city\")"), e.getMessage());
    assertThrows(IndexNotReadyException.class, () -> shops.countByCity("Oslo"));
    assertThrows(IndexNotReadyException.class, () -> shops.findByEmail("s1@shops.test"));
    assertThrows(IndexNotReadyException.class, () -> shops.findByAtWithin(BoundingBox.geo(-10, -10, 10, 10)));
    assertFalse(shops.maintenance().state("at").ready());
    assertEquals(0, shops.verifyIndexes().problemCount(), "unfinished indexes are not reported as damaged");
    assertEquals(List.of("city", "email", "at"), shops.verifyIndexes().notChecked());

    shops.maintenance().buildAll();

    shops.maintenance().states().values().forEach(s -> assertEquals(new IndexState(s.index(), true, 1_200), s));
    assertIndexesAnswerLikeTheRows(shops);
  }

  @Test
  void aDamagedBuildStateIsReportedAsDamageNamingItsKeyNotAsAContinuation() {
    saveV1(db, 0, 300);
    upgrade(db);
    ShopV2Repository shops = new ShopV2Repository(db);
    shops.maintenance().buildBatch("city", 100);
    byte[] state = ROOT.pack(Tuple.from("__strata", "index", "Shop2", "I", "city"));
    db.run(tr -> {
      tr.set(state, Tuple.from("building", 100L, new byte[] {1, 2, 3}).pack());
      return null;
    });

    CodecException e = assertThrows(CodecException.class, () -> shops.maintenance().build("city"));
    assertTrue(e.getMessage().contains("index state at key (\"__strata\", \"index\", \"Shop2\", \"I\", \"city\")"), e.getMessage());
    assertTrue(e.getMessage().contains("the build starts over from the first row"), e.getMessage());
    assertFalse(e.getMessage().contains("Page.next()"), e.getMessage());
  }

  @Test
  void aBuildPassesAnIdThatExtendsAnotherByANul() {
    ShopV1Repository old = new ShopV1Repository(db);
    old.save(new ShopV1("s", 1, "Oslo", "s@shops.test", new GeoPoint(1, 1)));
    old.save(new ShopV1("s\u0000", 2, "Oslo", "s0@shops.test", new GeoPoint(2, 2)));
    upgrade(db);
    ShopV2Repository shops = new ShopV2Repository(db);

    shops.maintenance().buildAll();

    assertEquals(List.of("s", "s\u0000"), shops.findByCity("Oslo").stream().map(ShopV2::id).sorted().toList());
    assertIndexesAnswerLikeTheRows(shops);
  }

  @Test
  void anIndexAddedToAnEntityThatHadNoIndexAtAllIsBuiltToo() {
    saveV1(db, 0, 400);
    db.run(tr -> { // play a first version that declared no index: no size entries, no size state
      tr.clear(ROOT.get("Shop1").get("I").range());
      tr.clear(ROOT.pack(Tuple.from("__strata", "index", "Shop1", "I", "size")));
      return null;
    });
    upgrade(db);
    ShopV2Repository shops = new ShopV2Repository(db);
    shops.save(upgraded(v1(7)));

    assertThrows(IndexNotReadyException.class, () -> shops.findByCity("Oslo"));
    shops.maintenance().buildAll();
    assertIndexesAnswerLikeTheRows(shops);
  }

  @Test
  void aBuildRunsInShortBatchesWhileWritesContinue() throws Exception {
    saveV1(db, 0, 1_500);
    upgrade(db);
    ShopV2Repository shops = new ShopV2Repository(db);
    AtomicBoolean building = new AtomicBoolean(true);
    AtomicInteger deletes = new AtomicInteger();
    Thread writer = new Thread(() -> {
      SplittableRandom random = new SplittableRandom(7);
      while (building.get()) {
        if (writeAtRandom(shops, random)) {
          deletes.incrementAndGet();
        }
      }
    });
    writer.start();
    IndexState state;
    int batches = 0;
    try {
      do {
        state = shops.maintenance().buildBatch("city", 100);
        batches++;
        if (!state.ready()) {
          assertThrows(IndexNotReadyException.class, () -> shops.findByCity("Lyon"));
        }
      } while (!state.ready());
    } finally {
      building.set(false);
      writer.join();
    }
    // how many rows the build met depends on how many the writer deleted first (a thread's pace): at least the
    // 1,500 loaded less every delete, so at least that many over 100 batches
    int atLeast = Math.max(2, (1_500 - deletes.get()) / 100);
    assertTrue(batches >= atLeast, "1,500 rows less " + deletes.get() + " deletes in batches of 100 took " + batches
        + " transactions, expected at least " + atLeast);
    shops.maintenance().build("email");
    shops.maintenance().build("at");
    assertIndexesAnswerLikeTheRows(shops);
  }

  @Test
  void aBuildResumesWhereItStoppedEvenInAnotherProcess() {
    saveV1(db, 0, 1_000);
    upgrade(db);
    ShopV2Repository first = new ShopV2Repository(db);
    for (int i = 0; i < 3; i++) {
      first.maintenance().buildBatch("city", 100);
    }
    assertEquals(new IndexState("city", false, 300), first.maintenance().state("city"));

    ShopV2Repository restarted = new ShopV2Repository(db);
    assertEquals(new IndexState("city", true, 1_000), restarted.maintenance().build("city"),
        "the build went on from row 300 instead of starting again");
    assertEquals(200, restarted.countByCity("Lyon"));
  }

  @Test
  void aRemovedIndexIsClearedByTheFirstWriteOfTheVersionWithoutIt() {
    saveV1(db, 0, 300);
    upgrade(db);
    Subspace sizeEntries = ROOT.get("Shop2").get("I").get("size");
    assertEquals(300, db.read(tr -> tr.getRange(sizeEntries.range()).asList().join()).size());

    new ShopV2Repository(db).save(upgraded(v1(5)));

    assertEquals(List.of(), db.read(tr -> tr.getRange(sizeEntries.range()).asList().join()));
    assertNull(db.read(tr -> tr.get(ROOT.pack(Tuple.from("__strata", "index", "Shop2", "I", "size"))).join()));
  }

  @Test
  void indexStatesSeenOnlyInATransactionThatDidNotCommitAreRecordedAgain() {
    saveV1(db, 0, 300);
    upgrade(db);
    Subspace sizeEntries = ROOT.get("Shop2").get("I").get("size");
    ShopV2Repository shops = new ShopV2Repository(db);
    assertThrows(RuntimeException.class, () -> db.run(tr -> {
      shops.save(tr, upgraded(v1(1)));
      shops.save(tr, upgraded(v1(2))); // sees the first save's uncommitted states
      throw new IllegalStateException("the caller gives up: nothing of this transaction commits");
    }));
    assertEquals(300, db.read(tr -> tr.getRange(sizeEntries.range()).asList().join()).size());

    shops.save(upgraded(v1(3)));

    assertEquals(List.of(), db.read(tr -> tr.getRange(sizeEntries.range()).asList().join()),
        "the removed index was not cleared: the repository took uncommitted states for recorded ones");
  }

  @Test
  void aUniqueIndexBuildStopsAtADuplicateNamingBothIdsAndResumesOnceFixed() {
    saveV1(db, 0, 200);
    new ShopV1Repository(db).save(new ShopV1("s900", 1, "Oslo", "s17@shops.test", new GeoPoint(1, 1)));
    upgrade(db);
    ShopV2Repository shops = new ShopV2Repository(db);

    IndexBuildException e = assertThrows(IndexBuildException.class, () -> shops.maintenance().build("email"));
    assertTrue(e.getMessage().contains("Shop2.email") && e.getMessage().contains("s17") && e.getMessage().contains("s900"),
        e.getMessage());
    assertFalse(shops.maintenance().state("email").ready());

    shops.save(new ShopV2("s900", 1, "Oslo", "s900@shops.test", new GeoPoint(1, 1)));
    assertTrue(shops.maintenance().build("email").ready());
    assertEquals("s17", shops.findByEmail("s17@shops.test").orElseThrow().id());
    assertEquals("s900", shops.findByEmail("s900@shops.test").orElseThrow().id());
  }

  @Test
  void anIndexAddedBeforeAnyRowExistsIsReadyWithoutABuild() {
    saveV1(db, 0, 10);
    new ShopV1Repository(db).deleteById("s0");
    for (int i = 1; i < 10; i++) {
      new ShopV1Repository(db).deleteById("s" + i);
    }
    upgrade(db);
    ShopV2Repository shops = new ShopV2Repository(db);
    assertEquals(List.of(), shops.findByCity("Oslo"));
    shops.save(upgraded(v1(3)));
    assertEquals(List.of("s3"), shops.findIdsByCity(v1(3).city()));
    assertTrue(shops.maintenance().state("city").ready());
  }

  @Test
  void aNewStoreRecordsEveryIndexReadyAtItsFirstWrite() {
    ShopV2Repository shops = new ShopV2Repository(db);
    shops.save(upgraded(v1(1)));
    assertEquals(List.of("s1"), shops.findIdsByCity(v1(1).city()));
    byte[] marker = db.read(tr -> tr.get(ROOT.pack(Tuple.from("__strata", "index", "Shop2", "I", "city"))).join());
    assertEquals(Tuple.from("ready", 0L, 1L), Tuple.fromBytes(marker), "ready, no rows to build, format 1");
    assertEquals(new IndexState("at", true, 0), shops.maintenance().state("at"));
  }
}
