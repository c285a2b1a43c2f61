package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Place;
import io.strata.processor.fixtures.PlaceRepository;
import io.strata.processor.fixtures.queries.PlaceTotals;
import io.strata.processor.fixtures.queries.PlaceTotalsImpl;
import io.strata.row.WriteShards;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Declared {@code count}/{@code sum}/{@code min}/{@code max} methods planned onto {@code @Aggregate}s: equal to
 * brute force over the rows after a random history, inside the caller's transaction (seeing its own writes),
 * and reading one key whatever the size of the group, counted through {@link KeyCounter}.
 */
public abstract class DeclaredAggregatesContract extends BackendContract {
  private static void assertMatches(PlaceTotals totals, Collection<Place> rows) {
    for (String c : AggregateContract.COUNTRIES.subList(0, 3)) {
      Predicate<Place> in = p -> c.equals(p.country());
      long count = rows.stream().filter(in).count();
      assertEquals(count, totals.countByCountry(c), "count " + c);
      assertEquals((int) count, totals.countByCountryIs(c), "count " + c);
      long sum = rows.stream().filter(in).mapToLong(Place::population).sum();
      assertEquals(sum, totals.sumPopulationByCountry(c), "sum " + c);
      assertEquals(sum, totals.sumPopulationByCountryEquals(c).join(), "sum " + c);
      Optional<Long> max = rows.stream().filter(in).map(Place::population).max(Long::compare);
      assertEquals(max, totals.maxPopulationByCountry(c), "max " + c);
      assertEquals(max.orElse(null), totals.maxPopulationByCountryIs(c), "max " + c);
      Optional<String> min = rows.stream().filter(in).map(Place::name).filter(Objects::nonNull).min(String::compareTo);
      assertEquals(min, totals.minNameByCountryIs(c).join(), "min " + c);
      for (String k : AggregateContract.KINDS.subList(0, 2)) {
        assertEquals(rows.stream().filter(in).filter(p -> k.equals(p.kind())).map(Place::area).filter(Objects::nonNull)
            .mapToLong(Integer::longValue).sum(), totals.sumAreaByKindAndCountry(k, c), "area " + c + " " + k);
      }
    }
  }

  @Test
  void everyDeclaredAggregateEqualsBruteForceOverARandomHistory() {
    PlaceTotals totals = new PlaceTotalsImpl(db);
    Map<Long, Place> model = new TreeMap<>();
    SplittableRandom r = new SplittableRandom(7);
    assertMatches(totals, model.values());
    for (int step = 0; step < 200; step++) {
      long id = r.nextInt(30);
      if (r.nextInt(4) == 0) {
        totals.deleteById(id);
        model.remove(id);
      } else {
        Place p = AggregateContract.randomPlace(r, id);
        totals.save(p);
        model.put(id, p);
      }
      if (step % 20 == 0) {
        assertMatches(totals, model.values());
      }
    }
    assertMatches(totals, model.values());
  }

  @Test
  void aLeadingReadContextSeesTheCallersUncommittedWrites() {
    PlaceTotals totals = new PlaceTotalsImpl(db);
    PlaceRepository places = new PlaceRepository(db);
    totals.save(new Place(1, "FR", "city", "Lyon", 500, 48));
    Optional<String> inside = db.run(tr -> {
      places.save(tr, new Place(2, "FR", "town", "Arles", 50, 158));
      return totals.minNameByCountry(tr, "FR");
    });
    assertEquals(Optional.of("Arles"), inside);
    assertEquals(Optional.empty(), totals.minNameByCountry(db, "NO"));
  }

  @Test
  void emptyGroupsAreZeroOrEmptyAndNullGroupValuesAreRejected() {
    PlaceTotals totals = new PlaceTotalsImpl(db);
    assertEquals(0, totals.countByCountry("PE"));
    assertEquals(0, totals.sumPopulationByCountry("PE"));
    assertEquals(Optional.empty(), totals.maxPopulationByCountry("PE"));
    assertNull(totals.maxPopulationByCountryIs("PE"));
    assertThrows(IllegalArgumentException.class, () -> totals.countByCountry(null));
  }

  @Test
  void countSumMinAndMaxReadOneRangeWhateverTheGroupSize() {
    KeyCounter counter = new KeyCounter();
    Database counted = counter.wrap(db);
    PlaceTotals totals = new PlaceTotalsImpl(counted);
    List<Place> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      rows.add(new Place(i, i < 3 ? "NO" : "FR", "town", "Place " + i, 1000 + i, i));
    }
    totals.saveAll(rows);
    for (String country : List.of("NO", "FR", "NO")) {   // the first calls also read each aggregate's index state once
      counter.reset();
      totals.countByCountry(country);
      totals.sumPopulationByCountry(country);
      assertEquals(0, counter.gets("A"), "COUNT and SUM: a range read of the group's shards each");
      assertTrue(counter.keys("A") <= 2L * WriteShards.SHARDS, "at most one key per shard: " + counter.keys("A"));
      counter.reset();
      totals.maxPopulationByCountry(country);
      totals.minNameByCountry(counted, country);
      assertEquals(2, counter.keys("A"), "MIN and MAX: one range read of one key each");
      assertEquals(0, counter.keys("I") + counter.keys("R"), "no index scan, no rows");
    }
    counter.reset();
    assertEquals(297, totals.countByCountry("FR"));
    assertEquals(3, totals.countByCountry("NO"));
    assertTrue(counter.total() <= WriteShards.SHARDS + 3, "once the aggregate is known ready: the group's shards only, at most 32 for"
        + " 297 places and 3 for 3: " + counter.total());
  }
}
