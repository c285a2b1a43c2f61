package io.strata.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link VectorDataSets} is deterministic and its place vectors carry structure: counts, no timing. */
class VectorDataSetsTest {
  @Test
  void theSameArgumentsGiveTheSameVectorsAndAnswers() {
    for (int run = 0; run < 2; run++) {
      VectorDataSets.DataSet a = run == 0 ? VectorDataSets.places(3_000, 20) : VectorDataSets.clustered(3_000, 20);
      VectorDataSets.DataSet b = run == 0 ? VectorDataSets.places(3_000, 20) : VectorDataSets.clustered(3_000, 20);
      assertEquals(a.stored().size(), b.stored().size());
      for (int i = 0; i < a.stored().size(); i++) {
        assertEquals(a.stored().get(i).id(), b.stored().get(i).id());
        assertArrayEquals(a.stored().get(i).vector(), b.stored().get(i).vector());
      }
      assertArrayEquals(a.exact(), b.exact());
      assertArrayEquals(a.exactInGroup(), b.exactInGroup());
    }
  }

  @Test
  void everyVectorHasUnitLengthAndQueriesAreHeldOut() {
    VectorDataSets.DataSet set = VectorDataSets.uniform(2_000, 50);
    for (VectorDataSets.Item item : set.stored()) {
      double norm = 0;
      for (float x : item.vector()) {
        norm += x * x;
      }
      assertEquals(1, norm, 1e-4);
    }
    VectorDataSets.DataSet places = VectorDataSets.places(2_000, 50);
    var stored = places.stored().stream().map(VectorDataSets.Item::id).collect(java.util.stream.Collectors.toSet());
    assertTrue(places.queries().stream().noneMatch(q -> stored.contains(q.id())), "a query place is also stored");
  }

  /**
   * A query place's exact nearest neighbours share its country far more often than two random places do (the chance
   * is the sum of squared country shares).
   */
  @Test
  void nearestPlacesShareTheirCountryFarMoreOftenThanChance() {
    VectorDataSets.DataSet set = VectorDataSets.places(20_000, 200);
    Map<Long, String> country = new HashMap<>();
    Map<String, Integer> perCountry = new HashMap<>();
    for (VectorDataSets.Item item : set.stored()) {
      country.put(item.id(), item.group());
      perCountry.merge(item.group(), 1, Integer::sum);
    }
    double chance = perCountry.values().stream().mapToDouble(n -> Math.pow((double) n / set.stored().size(), 2)).sum();
    int same = 0;
    int all = 0;
    for (int q = 0; q < set.queries().size(); q++) {
      for (long id : set.exact()[q]) {
        same += country.get(id).equals(set.queries().get(q).group()) ? 1 : 0;
        all++;
      }
    }
    double shared = (double) same / all;
    assertTrue(shared > 0.5 && shared > 3 * chance, "neighbours share the country " + shared + " of the time, chance " + chance);
    List<VectorDataSets.Item> queries = set.queries();
    for (int q = 0; q < queries.size(); q++) {
      assertEquals(VectorDataSets.K, set.exact()[q].length);
    }
  }
}
