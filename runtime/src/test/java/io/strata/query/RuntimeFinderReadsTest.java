package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * the generated methods' lists and streams read theirs, by the read core's loop ({@link CandidateReads#stream}: batches of
 * up to {@value CandidateReads#BATCH} results), one transaction each (counted as the observed database's {@code strata.transaction} observations); a page of a union
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
  void aListOfAnIndexReadReadsABatchOfResultsPerTransaction() {
    List<Place> more = new ArrayList<>();
    for (long id = PLACES; id < PLACES + CandidateReads.BATCH; id++) {
      more.add(new Place(id, "FR", id, "b"));
    }
    sdb.database().run(tr -> queries.store().saveAll(tr, more).join());
    // the read core's batches: 1,000 entries, then the 600 left
    List<Place> found = transactions(() -> queries.where(PlanReadsContract.POPULATION.greaterThanEqual(0L)).list(), 2);
    assertEquals(PLACES + CandidateReads.BATCH, found.size());
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
    // a batch holds the first branch's 300 (fewer than the batch asks for: its end), the next the second branch's
    List<Place> found = transactions(() -> queries.where(Restrict.any(PlanReadsContract.COUNTRY.equalTo("JP"),
        PlanReadsContract.POPULATION.lessThan(10L))).list(), 2);
    assertEquals(PLACES / 2 + 5, found.size());
    assertEquals(found.size(), found.stream().map(Place::id).distinct().count());
  }

  @Test
  void aPageOfAnUnorderedUnionDecodesOnlyTheRowsItNeeds() {
    int[] decoded = {0};
    EntityCodec<Place> counting = counting(decoded);
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

  @Test
  void pagesOfAnOrderedUnionWhoseKeysEndWithTheOrderReadEachBranchFromJustAfterThePosition() {
    // each branch's keys (its equality, population, id) read from just after the position, five of them: ten rows at
    // most on any page (read whole, the branches are 245 rows, on every page)
    walkOrderedUnionPages(List.of("country", "population"), 10);
  }

  @Test
  void pagesOfAnOrderedUnionWhoseKeysHoldMoreAfterTheOrderReadEachBranchFromThePositionsValue() {
    // the JP branch's keys hold the name after the population: read from the position's population on, the ties there
    // at or before the position skipped, its filtered batches stopping once five follow it and the places that tie
    // with the fifth on the population (the names order them against their ids: cut at five, a page lost one)
    walkOrderedUnionPages(List.of("country", "population", "name"), 40);
  }

  @Test
  void pagesOfAnOrderedUnionOfBranchesThatFixTheOrdersFirstPropertyReadEachFromItsStart() {
    // any(country = JP, country = FR) by country then population: each branch's keys (population, id) are the order
    // where it fixes the country, but a position, (FR, 3, id 3), holds the country, which no key after a branch's
    // equality holds, and may be the other branch's: each branch is read from its start, what precedes the position
    // skipped (sought with the position, a page of one read thing 1 again and again)
    EntityStore<Place> store = EntityStore.builder(new PlaceCodec(), new Subspace(Tuple.from("fixed")))
        .index("byCountryPopulation", "country", "population").ids(Elements::toLong).build();
    io.strata.query.model.EntityInfo entity = new io.strata.query.model.EntityInfo("Place",
        PlanReadsContract.PLACE.fields().stream().map(f -> f.name().equals("population")
            // never null here: the index holds every place
            ? new io.strata.query.model.FieldInfo(f.name(), f.kind(), false, true) : f).toList(),
        List.of(new io.strata.query.model.IndexInfo("byCountryPopulation", List.of("country", "population"), false, false, false)),
        List.of(), List.of());
    RuntimeQueries<Place> fixed = new RuntimeQueries<>(sdb.database(), store, entity, PlanReadsContract.ATTRIBUTES,
        Semantics.STRATA, ValueOrder.KEYS);
    List<Place> all = new ArrayList<>();
    for (long id = 0; id < 12; id++) {
      all.add(new Place(id, id % 2 == 0 ? "JP" : "FR", id, "a"));
    }
    sdb.database().run(tr -> store.saveAll(tr, all).join());
    io.strata.Finder<Place> finder = fixed.where(Restrict.any(PlanReadsContract.COUNTRY.equalTo("JP"),
        PlanReadsContract.COUNTRY.equalTo("FR"))).orderBy(PlanReadsContract.COUNTRY.asc(), PlanReadsContract.POPULATION.asc());
    assertTrue(finder.explain().startsWith("union"), finder.explain());
    for (int size = 1; size <= 3; size++) {
      List<Long> read = new ArrayList<>();
      io.strata.Continuation after = null;
      do {
        io.strata.Page<Place> page = finder.page(size, after);
        page.items().forEach(p -> read.add(p.id()));
        after = page.next().orElse(null);
      } while (after != null && read.size() <= 12); // a page that repeats the last one would go on forever
      assertEquals(List.of(1L, 3L, 5L, 7L, 9L, 11L, 0L, 2L, 4L, 6L, 8L, 10L), read, "pages of " + size);
    }
  }

  /**
   * Walks every page of 4 of {@code country = JP or population < 5} ordered by population, the JP branch read from an
   * index on {@code jpIndex}: the pages hold the brute-force answer, and none decodes more than {@code maxRows} rows.
   */
  private void walkOrderedUnionPages(List<String> jpIndex, int maxRows) {
    int[] decoded = {0};
    EntityCodec<Place> counting = counting(decoded);
    EntityStore<Place> store = EntityStore.builder(counting, new Subspace(Tuple.from("ordered")))
        .index("byCountryPopulation", jpIndex.toArray(String[]::new)).index("byPopulation", "population").ids(Elements::toLong).build();
    io.strata.query.model.EntityInfo entity = new io.strata.query.model.EntityInfo("Place",
        PlanReadsContract.PLACE.fields().stream().map(f -> f.name().equals("population") || f.name().equals("name")
            // never null here: the indexes hold every place
            ? new io.strata.query.model.FieldInfo(f.name(), f.kind(), false, true) : f).toList(),
        List.of(new io.strata.query.model.IndexInfo("byCountryPopulation", jpIndex, false, false, false),
            PlanReadsContract.BY_POPULATION), List.of(), List.of());
    RuntimeQueries<Place> ordered = new RuntimeQueries<>(sdb.database(), store, entity, PlanReadsContract.ATTRIBUTES,
        Semantics.STRATA, ValueOrder.KEYS);
    List<Place> all = new ArrayList<>();
    for (long id = 0; id < PLACES; id++) {
      // populations tie in nines, JP's in threes (ids 9k, 9k + 3, 9k + 6), so a page may end inside a run of ties; the
      // names order JP's ties against their ids, so an index that holds the name after the population reads them in
      // another order than the query's (the population, then the id)
      all.add(new Place(id, id % 3 == 0 ? "JP" : "FR", id / 9, id % 9 < 3 ? "c" : id % 9 < 6 ? "b" : "a"));
    }
    sdb.database().run(tr -> store.saveAll(tr, all).join());
    List<Long> expected = all.stream().filter(p -> p.country().equals("JP") || p.population() < 5)
        .sorted(java.util.Comparator.comparingLong(Place::population).thenComparingLong(Place::id)).map(Place::id).toList();

    List<Long> read = new ArrayList<>();
    io.strata.Continuation after = null;
    int pages = 0;
    do {
      decoded[0] = 0;
      io.strata.Page<Place> page = ordered.where(Restrict.any(PlanReadsContract.COUNTRY.equalTo("JP"),
          PlanReadsContract.POPULATION.lessThan(5L))).orderBy(PlanReadsContract.POPULATION.asc()).page(4, after);
      page.items().forEach(p -> read.add(p.id()));
      assertTrue(decoded[0] <= maxRows, "rows decoded for page " + pages + ": " + decoded[0]);
      after = page.next().orElse(null);
      pages++;
    } while (after != null);
    assertEquals(expected, read);
    assertEquals((expected.size() + 3) / 4, pages);
  }

  /** {@link PlaceCodec}, counting in {@code decoded} the rows it decodes. */
  private static EntityCodec<Place> counting(int[] decoded) {
    PlaceCodec places = new PlaceCodec();
    return new EntityCodec<>("Place", places.fieldNames(), places.idIndex()) {
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
