package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.IndexNotReadyException;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Place;
import io.strata.processor.fixtures.PlaceRepository;
import io.strata.processor.fixtures.PlainPlace;
import io.strata.processor.fixtures.PlainPlaceRepository;
import io.strata.IndexReport;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code @Aggregate}: every COUNT, SUM, MIN and MAX (per group and by group) equals what brute force over
 * the rows gives, after random histories of inserts, updates, moves between groups and deletes, inside
 * single and multi-operation transactions, while built online under concurrent writes, and after
 * concurrent writers hit one group.
 */
public abstract class AggregateContract extends BackendContract {
  static final List<String> COUNTRIES = Arrays.asList("FR", "NO", "PE", null);
  static final List<String> KINDS = Arrays.asList("city", "town", null);
  static final List<String> NAMES = Arrays.asList("Arles", "Bergen", "Cusco", "Dax", "Ørsta", null, "Saint-Étienne du Rouvray",
      "Aix-en-Provence", "São Paulo", "Port-Saint-Louis-du-Rhône", "Saint Louis", "Louis Saint-Port", "PAULO paulo Sao", "Dax 2");
  private static final Subspace ROOT = new Subspace();

  static Place randomPlace(SplittableRandom r, long id) {
    return new Place(id, COUNTRIES.get(r.nextInt(COUNTRIES.size())), KINDS.get(r.nextInt(KINDS.size())),
        NAMES.get(r.nextInt(NAMES.size())), r.nextLong(-50, 5_000), r.nextInt(4) == 0 ? null : r.nextInt(0, 100));
  }

  static <K> Map<K, Long> nonZero(Map<K, Long> m) {
    m.values().removeIf(v -> v == 0);
    return m;
  }

  /** Checks every aggregate of {@code places} against brute force over {@code rows}. */
  static void assertAggregatesMatch(PlaceRepository places, Collection<Place> rows) {
    for (String c : COUNTRIES.subList(0, 3)) {
      Predicate<Place> in = p -> c.equals(p.country());
      assertEquals(rows.stream().filter(in).count(), places.placesByCountry(c), "count " + c);
      assertEquals(rows.stream().filter(in).mapToLong(Place::population).sum(), places.populationByCountry(c), "sum " + c);
      assertEquals(rows.stream().filter(in).map(Place::population).max(Long::compare), places.largestByCountry(c), "max " + c);
      assertEquals(rows.stream().filter(in).map(Place::name).filter(Objects::nonNull).min(String::compareTo),
          places.firstNameByCountry(c), "min " + c);
      for (String k : KINDS.subList(0, 2)) {
        assertEquals(rows.stream().filter(in).filter(p -> k.equals(p.kind())).map(Place::area).filter(Objects::nonNull)
            .mapToLong(Integer::longValue).sum(), places.areaByCountryAndKind(c, k), "area " + c + " " + k);
      }
    }
    assertEquals(rows.size(), places.places());
    assertEquals(rows.stream().filter(p -> p.area() != null).count(), places.placesWithArea());
    assertEquals(rows.stream().map(Place::area).filter(Objects::nonNull).min(Integer::compare), places.smallestArea());
    List<Place> grouped = rows.stream().filter(p -> p.country() != null).toList();
    assertEquals(nonZero(grouped.stream().collect(Collectors.groupingBy(Place::country, TreeMap::new, Collectors.counting()))),
        places.placesByCountryByGroup());
    assertEquals(nonZero(grouped.stream().collect(Collectors.groupingBy(Place::country, TreeMap::new,
        Collectors.summingLong(Place::population)))), places.populationByCountryByGroup());
    assertEquals(grouped.stream().collect(Collectors.toMap(Place::country, Place::population, Math::max, TreeMap::new)),
        places.largestByCountryByGroup());
    assertEquals(grouped.stream().filter(p -> p.name() != null)
        .collect(Collectors.toMap(Place::country, Place::name, (a, b) -> a.compareTo(b) <= 0 ? a : b, TreeMap::new)),
        places.firstNameByCountryByGroup());
    assertEquals(List.copyOf(places.placesByCountryByGroup().keySet()), List.copyOf(new TreeMap<>(places.placesByCountryByGroup()).keySet()),
        "groups come in group order");
  }

  @Test
  void everyAggregateEqualsBruteForceOverARandomHistory() {
    PlaceRepository places = new PlaceRepository(db);
    Map<Long, Place> model = new TreeMap<>();
    SplittableRandom r = new SplittableRandom(42);
    assertAggregatesMatch(places, model.values());
    for (int step = 0; step < 300; step++) {
      int op = r.nextInt(10);
      long id = r.nextInt(40);
      if (op < 6) {
        Place p = randomPlace(r, id);
        places.save(p);
        model.put(id, p);
      } else if (op < 8) {
        assertEquals(model.remove(id) != null, places.deleteById(id));
      } else {
        // several changes of the same rows in one transaction: atomic adds and entries must compose
        Place first = randomPlace(r, id);
        Place second = randomPlace(r, id);
        long other = r.nextInt(40);
        db.run(tr -> {
          places.save(tr, first);
          places.save(tr, second);
          places.deleteById(tr, other);
          return null;
        });
        model.put(id, second);
        model.remove(other);
      }
      if (step % 15 == 0) {
        assertAggregatesMatch(places, model.values());
      }
    }
    assertAggregatesMatch(places, model.values());
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }

  @Test
  void emptyGroupsReadAsZeroOrEmptyAndLeaveNoKeys() {
    PlaceRepository places = new PlaceRepository(db);
    places.save(new Place(1, "FR", "city", "Arles", 52_000, 158));
    places.save(new Place(2, "FR", "town", "Dax", 21_000, 19));
    places.deleteById(1L);
    places.deleteById(2L);
    assertEquals(0, places.placesByCountry("FR"));
    assertEquals(0, places.populationByCountry("FR"));
    assertEquals(Optional.empty(), places.largestByCountry("FR"));
    assertEquals(Map.of(), places.placesByCountryByGroup());
    List<KeyValue> left = db.read(tr -> tr.getRange(ROOT.get("Place").get("A").range()).asList().join());
    assertEquals(List.of(), left, "a total back at zero is cleared, and no MIN/MAX entry remains");
  }

  @Test
  void aGroupValueOfNullBelongsToNoGroupAndQueriesRejectNull() {
    PlaceRepository places = new PlaceRepository(db);
    places.save(new Place(1, null, null, "Nowhere", 10, 1));
    assertEquals(Map.of(), places.placesByCountryByGroup());
    assertEquals(1, places.places());
    assertThrows(IllegalArgumentException.class, () -> places.placesByCountry(null));
  }

  @Test
  void concurrentWritersIntoOneGroupKeepExactTotals() throws Exception {
    PlaceRepository places = new PlaceRepository(db);
    places.save(new Place(-1, "FR", "city", "Seed", 0, 0));
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      int writer = w;
      writers.add(new Thread(() -> {
        for (int i = 0; i < 60; i++) {
          places.save(new Place(writer * 1_000L + i, "FR", "city", "P" + i, i, i));
        }
      }));
    }
    writers.forEach(Thread::start);
    for (Thread t : writers) {
      t.join();
    }
    assertEquals(241, places.placesByCountry("FR"));
    assertEquals(4L * (59 * 60 / 2), places.populationByCountry("FR"));
    assertEquals(Optional.of(59L), places.largestByCountry("FR"));
  }

  @Test
  void verifyIndexesReportsDamagedTotalsAndEntries() {
    PlaceRepository places = new PlaceRepository(db);
    places.save(new Place(1, "FR", "city", "Arles", 52_000, 158));
    places.save(new Place(2, "NO", "town", "Bergen", 285_000, 465));
    Subspace a = ROOT.get("Place").get("A");
    db.run(tr -> {
      tr.mutate(MutationType.ADD, a.pack(Tuple.from("placesByCountry", "FR")),
          ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(5).array());
      tr.clear(a.pack(Tuple.from("largestByCountry", "NO", 285_000L, 2L)));
      tr.set(a.pack(Tuple.from("firstNameByCountry", "PE", "Cusco", 9L)), new byte[0]);
      return null;
    });
    IndexReport report = places.verifyIndexes();
    assertEquals(3, report.problemCount(), report.problems().toString());
    String all = String.join("\n", report.problems());
    assertTrue(all.contains("aggregate 'placesByCountry' group (\"FR\") holds 6 but its rows give 1"), all);
    assertTrue(all.contains("row 2 has no entry (\"NO\", 285000, 2) in aggregate 'largestByCountry'"), all);
    assertTrue(all.contains("aggregate 'firstNameByCountry' entry (\"PE\", \"Cusco\", 9) has no row"), all);
  }

  /** Writes {@code n} rows as {@link PlainPlace} and moves them to where {@link Place} reads: an upgrade adding aggregates. */
  static Map<Long, Place> upgradeFromPlainPlaces(Database db, int n) {
    PlainPlaceRepository plain = new PlainPlaceRepository(db);
    SplittableRandom r = new SplittableRandom(3);
    Map<Long, Place> rows = new ConcurrentHashMap<>();
    for (int start = 0; start < n; start += 250) {
      int first = start;
      db.run(tr -> {
        for (long i = first; i < Math.min(first + 250, n); i++) {
          Place p = randomPlace(r, i);
          plain.save(tr, new PlainPlace(p.id(), p.country(), p.kind(), p.name(), p.population(), p.area()));
          rows.put(i, p);
        }
        return null;
      });
    }
    db.run(tr -> {
      for (Subspace[] move : List.of(new Subspace[] {ROOT.get("Place1"), ROOT.get("Place")},
          new Subspace[] {ROOT.get("__strata").get("index").get("Place1"), ROOT.get("__strata").get("index").get("Place")})) {
        for (KeyValue kv : tr.getRange(move[0].range()).asList().join()) {
          tr.set(move[1].pack(move[0].unpack(kv.getKey())), kv.getValue());
        }
        tr.clear(move[0].range());
      }
      return null;
    });
    return rows;
  }

  @Test
  void aggregatesAndRanksAddedToAnEntityWithDataAreBuiltOnlineExactlyWhileWritesContinue() throws Exception {
    upgradeFromPlainPlaces(db, 500);
    PlaceRepository places = new PlaceRepository(db);
    assertThrows(IndexNotReadyException.class, () -> places.placesByCountry("FR"));
    assertThrows(IndexNotReadyException.class, () -> places.largestByCountryByGroup());
    AtomicBoolean building = new AtomicBoolean(true);
    Thread writer = new Thread(() -> {
      SplittableRandom r = new SplittableRandom(11);
      while (building.get()) {
        long id = r.nextInt(1_000);
        if (r.nextInt(4) == 0) {
          places.deleteById(id);
        } else {
          places.save(randomPlace(r, id));
        }
        java.util.concurrent.locks.LockSupport.parkNanos(500_000); // an application's pace, not a tight loop
      }
    });
    writer.start();
    try {
      for (String name : List.of("placesByCountry", "populationByCountry", "largestByCountry", "firstNameByCountry", "places",
          "placesWithArea", "areaByCountryAndKind", "smallestArea", "byPopulation", "byName", "byAreaInKind", "name", "changes")) {
        while (!places.maintenance().buildBatch(name, 40).ready()) {
          Thread.onSpinWait();
        }
      }
    } finally {
      building.set(false);
      writer.join();
    }
    List<Place> rows = Pages.all(after -> places.findAll(500, after));
    assertAggregatesMatch(places, rows);
    RankContract.assertRanksMatch(places, rows);
    TextContract.assertTextMatches(places, rows);
    assertEquals(rows, ChangeFeedContract.latestStates(places), "the feed holds every row once, as it is now");
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
    assertEquals(List.of(), report.notChecked());
  }


  @Test
  void derivedIndexesRemovedByANewVersionAreClearedByItsFirstWrite() {
    PlaceRepository places = new PlaceRepository(db);
    SplittableRandom r = new SplittableRandom(5);
    for (long i = 0; i < 40; i++) {
      places.save(randomPlace(r, i));
    }
    places.deleteById(3L);
    db.run(tr -> { // play a downgrade: the same data read by a version declaring none of them
      for (Subspace[] move : List.of(new Subspace[] {ROOT.get("Place"), ROOT.get("Place1")},
          new Subspace[] {ROOT.get("__strata").get("index").get("Place"), ROOT.get("__strata").get("index").get("Place1")})) {
        for (KeyValue kv : tr.getRange(move[0].range()).asList().join()) {
          tr.set(move[1].pack(move[0].unpack(kv.getKey())), kv.getValue());
        }
        tr.clear(move[0].range());
      }
      return null;
    });
    for (String kind : List.of("A", "K", "T", "V", "v")) {
      assertTrue(!db.read(tr -> tr.getRange(ROOT.get("Place1").get(kind).range()).asList().join()).isEmpty(), kind);
    }
    new PlainPlaceRepository(db).save(new PlainPlace(100, "FR", "city", "New", 1, 1));
    for (String kind : List.of("A", "K", "T", "V", "v")) {
      assertEquals(List.of(), db.read(tr -> tr.getRange(ROOT.get("Place1").get(kind).range()).asList().join()), kind);
    }
    List<KeyValue> markers = db.read(tr -> tr.getRange(ROOT.get("__strata").get("index").get("Place1").range()).asList().join());
    assertEquals(List.of(Tuple.from("entity")), markers.stream()
        .map(kv -> ROOT.get("__strata").get("index").get("Place1").unpack(kv.getKey())).toList());
    assertEquals(40, new PlainPlaceRepository(db).count());
  }
}
