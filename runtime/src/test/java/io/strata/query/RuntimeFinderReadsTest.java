package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.strata.Restrict;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.observation.StrataObservations;
import io.strata.query.PlanReadsContract.Place;
import io.strata.query.PlanReadsContract.PlaceCodec;
import io.strata.query.model.Semantics;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Run-time queries read no more than their answer needs: an answer larger than one transaction's limits is read the way
 * the generated methods' streams read theirs, page after page of {@link QueryResults#STREAM_BATCH} results, one
 * transaction each (counted as the observed database's {@code strata.transaction} observations); a page of a union
 * decodes the rows of that page, not every result (counted by the codec).
 */
class RuntimeFinderReadsTest {
  private static final int PLACES = 600;
  private final java.util.concurrent.atomic.AtomicInteger transactions = new java.util.concurrent.atomic.AtomicInteger();
  private final StrataDb sdb = StrataObservations.observe(Strata.connect("strata:mem:"), counting());
  private RuntimeQueries<Place> queries;

  @BeforeEach
  void store() {
    EntityStore<Place> store = EntityStore.builder(new PlaceCodec(), new Subspace()).index("byCountry", "country")
        .index("byPopulation", "population").ids(Elements::toLong).build();
    List<Place> places = new ArrayList<>();
    for (long id = 0; id < PLACES; id++) {
      places.add(new Place(id, id % 2 == 0 ? "JP" : "FR", id, id % 3 == 0 ? "a" : "b"));
    }
    sdb.database().run(tr -> store.saveAll(tr, places).join());
    queries = new RuntimeQueries<>(sdb.database(), store, PlanReadsContract.PLACE, PlanReadsContract.ATTRIBUTES,
        Semantics.STRATA, ValueOrder.KEYS);
  }

  @AfterEach
  void close() {
    sdb.close();
  }

  @Test
  void aListOfAnIndexReadReadsAPageOfResultsPerTransaction() {
    List<Place> found = transactions(() -> queries.where(PlanReadsContract.POPULATION.greaterThanEqual(0L)).list(), 3);
    assertEquals(PLACES, found.size());
  }

  @Test
  void aListWithALimitReadsOnlyTheLimitInOneTransaction() {
    List<Place> found = transactions(() -> queries.where(PlanReadsContract.POPULATION.greaterThanEqual(0L)).limit(5).list(), 1);
    assertEquals(List.of(0L, 1L, 2L, 3L, 4L), found.stream().map(Place::id).toList());
  }

  @Test
  void aCountOfAReadOfEveryRowWithAConditionReadsAPageOfResultsPerTransaction() {
    long n = transactions(() -> queries.where(PlanReadsContract.NAME.equalTo("b")).allowScan().count(), 2);
    assertEquals(PLACES * 2 / 3, n);
  }

  @Test
  void aCountOnIndexKeysIsOneTransaction() {
    long n = transactions(() -> queries.where(PlanReadsContract.COUNTRY.equalTo("JP")).count(), 1);
    assertEquals(PLACES / 2, n);
  }

  @Test
  void aListOfAUnionReadsEachBranchPageByPageOnce() {
    List<Place> found = transactions(() -> queries.where(Restrict.any(PlanReadsContract.COUNTRY.equalTo("JP"),
        PlanReadsContract.POPULATION.lessThan(10L))).list(), 3);
    assertEquals(PLACES / 2 + 5, found.size());
    assertEquals(found.size(), found.stream().map(Place::id).distinct().count());
  }

  @Test
  void aPageOfAnUnorderedUnionDecodesOnlyTheRowsItNeeds() {
    int[] decoded = {0};
    PlaceCodec places = new PlaceCodec();
    EntityCodec<Place> counting = new EntityCodec<>("Place", places.fieldNames(), places.idIndex()) {
      @Override
      public Object[] toElements(Place p) {
        return places.toElements(p);
      }

      @Override
      public Place fromElements(Object[] e) {
        decoded[0]++;
        return places.fromElements(e);
      }
    };
    EntityStore<Place> store = EntityStore.builder(counting, new Subspace(Tuple.from("counted"))).index("byCountry", "country")
        .index("byPopulation", "population").ids(Elements::toLong).build();
    RuntimeQueries<Place> counted = new RuntimeQueries<>(sdb.database(), store, PlanReadsContract.PLACE,
        PlanReadsContract.ATTRIBUTES, Semantics.STRATA, ValueOrder.KEYS);
    List<Place> all = new ArrayList<>();
    for (long id = 0; id < PLACES; id++) {
      all.add(new Place(id, id % 2 == 0 ? "JP" : "FR", id, "a"));
    }
    sdb.database().run(tr -> store.saveAll(tr, all).join());
    decoded[0] = 0;

    io.strata.Page<Place> page = counted.where(Restrict.any(PlanReadsContract.COUNTRY.equalTo("JP"),
        PlanReadsContract.POPULATION.lessThan(10L))).page(2, null);

    // the page's two rows and the next one, which tells the first branch has more
    assertEquals(3, decoded[0], "rows decoded for a page of 2");
    assertEquals(List.of(0L, 2L), page.items().stream().map(Place::id).toList(), "the first branch's first two");
  }

  /** What {@code read} returns, asserting it ran in {@code expected} transactions. */
  private <T> T transactions(Supplier<T> read, int expected) {
    transactions.set(0);
    T out = read.get();
    assertEquals(expected, transactions.get(), "transactions");
    return out;
  }

  /** A registry whose one handler counts the transactions started. */
  private ObservationRegistry counting() {
    ObservationRegistry registry = ObservationRegistry.create();
    registry.observationConfig().observationHandler(new ObservationHandler<>() {
      @Override
      public void onStart(Observation.Context context) {
        if ("strata.transaction".equals(context.getName())) {
          transactions.incrementAndGet();
        }
      }

      @Override
      public boolean supportsContext(Observation.Context context) {
        return true;
      }
    });
    return registry;
  }
}
