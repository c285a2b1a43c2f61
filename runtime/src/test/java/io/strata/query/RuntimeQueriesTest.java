package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import io.strata.Finder;
import io.strata.Page;
import io.strata.QueryNotServedException;
import io.strata.Restrict;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.query.PlanReadsContract.Place;
import io.strata.query.PlanReadsContract.PlaceCodec;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.query.plan.Plan;
import io.strata.query.plan.Planned;
import io.strata.query.plan.Unserved;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Finders over {@link RuntimeQueries} with a stand-in planner (an equality on country reads its index; anything
 * else is every row when a scan is allowed, else unserved): the plan cache per shape, the refusal of unserved
 * queries, binding, and the terminals.
 */
class RuntimeQueriesTest {
  private static final IndexInfo BY_COUNTRY = new IndexInfo("byCountry", List.of("country"), false, false, false);
  private static final EntityInfo PLACE = new EntityInfo("Place", List.of(new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("country", ValueKind.STRING, false, false), new FieldInfo("population", ValueKind.LONG, false, false),
      new FieldInfo("name", ValueKind.STRING, false, false)), List.of(BY_COUNTRY), List.of(), List.of());

  /** Plans an equality on country onto its index; a scan of every row where allowed; else the index of the first field. */
  private static final Function<QuerySpec, Planned> PLANNER = spec -> {
    if (spec.where() instanceof Compare c && c.field().equals("country") && c.op() == Op.EQUAL) {
      return new Plan.IndexRead(BY_COUNTRY, List.of(c), List.of(), false, false, false, true, List.of(), List.of());
    }
    if (spec.allowScan()) {
      return new Plan.AllRows(List.of(spec.where()));
    }
    String field = spec.where() instanceof Compare c ? c.field() : "population";
    return new Unserved(Unserved.Reason.NO_INDEX, List.of(field), null, "a range on " + field);
  };

  private StrataDb sdb;
  private RuntimeQueries<Place> queries;
  private EntityStore<Place> store;
  private final AtomicInteger plannerCalls = new AtomicInteger();

  @BeforeEach
  void open() {
    sdb = Strata.connect("strata:mem:");
    store = EntityStore.builder(new PlaceCodec(), new Subspace()).index("byCountry", "country")
        .ids(Elements::toLong).build();
    List<Place> places = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      places.add(new Place(i, i % 2 == 0 ? "JP" : "FR", (long) i * 100, "p" + i));
    }
    sdb.database().run(tr -> store.saveAll(tr, places).join());
    queries = new RuntimeQueries<>(sdb.database(), store, PLACE,
        List.of(PlanReadsContract.ID, PlanReadsContract.COUNTRY, PlanReadsContract.POPULATION, PlanReadsContract.NAME), Semantics.STRATA,
        ValueOrder.KEYS, spec -> {
          plannerCalls.incrementAndGet();
          return PLANNER.apply(spec);
        });
  }

  @AfterEach
  void close() {
    sdb.close();
  }

  @Test
  void aQueryOfACachedShapeWithOtherValuesIsNotPlannedAgain() {
    assertEquals(5, queries.where(PlanReadsContract.COUNTRY.equalTo("JP")).list().size());
    assertEquals(5, queries.where(PlanReadsContract.COUNTRY.equalTo("FR")).count());
    assertEquals(0, queries.where(PlanReadsContract.COUNTRY.equalTo("US")).list().size());
    assertEquals(1, plannerCalls.get(), "one shape, planned once");
    assertEquals(1, queries.shapesPlanned());
    queries.where(PlanReadsContract.COUNTRY.equalTo("JP")).limit(2).list();
    assertEquals(2, plannerCalls.get(), "a limit is another window, so another shape");
  }

  @Test
  void theCacheKeepsABoundedNumberOfShapes() {
    for (int i = 0; i <= RuntimeQueries.CACHED_SHAPES; i++) {
      queries.where(Restrict.any(java.util.Collections.nCopies(i + 1, PlanReadsContract.COUNTRY.equalTo("JP"))
          .toArray(io.strata.Restriction[]::new))).allowScan().exists();
    }
    int planned = plannerCalls.get();
    queries.where(Restrict.any(PlanReadsContract.COUNTRY.equalTo("JP"))).allowScan().exists();
    assertEquals(planned + 1, plannerCalls.get(), "the least recently used shape was dropped");
  }

  @Test
  void aQueryNoIndexNarrowsIsRefusedNamingTheIndexAndAllowScan() {
    Finder<Place> big = queries.where(PlanReadsContract.POPULATION.greaterThan(500L));
    QueryNotServedException e = assertThrows(QueryNotServedException.class, big::list);
    assertEquals("no index of Place serves the query population > :$0 (a range on population): the index of (population) "
        + "would serve it; declare it on Place with @Index(name = \"population\", fields = {\"population\"}); or call "
        + "allowScan() on the finder to check every row instead", e.getMessage());
    assertEquals(List.of("population"), e.reason().fields());
    assertEquals(5, big.allowScan().count());
  }

  @Test
  void anOrderNoIndexHoldsIsSortedInMemoryWithAScanPlannedOncePerShape() {
    List<QuerySpec> asked = new ArrayList<>();
    RuntimeQueries<Place> refusingOrders = new RuntimeQueries<>(sdb.database(), store, PLACE,
        List.of(PlanReadsContract.ID, PlanReadsContract.COUNTRY, PlanReadsContract.POPULATION, PlanReadsContract.NAME), Semantics.STRATA,
        ValueOrder.KEYS, spec -> {
          asked.add(spec);
          return spec.order().isEmpty() ? PLANNER.apply(spec)
              : new Unserved(Unserved.Reason.ORDER_NOT_SERVED, List.of("country", "name"), null, "name desc");
        });
    Finder<Place> byName = refusingOrders.where(PlanReadsContract.COUNTRY.equalTo("JP")).orderBy(PlanReadsContract.NAME.desc());
    QueryNotServedException e = assertThrows(QueryNotServedException.class, byName::list);
    assertTrue(e.getMessage().endsWith("or call allowScan() on the finder to read the results unordered and sort them in memory "
        + "instead"), e.getMessage());
    assertEquals(List.of(8L, 6L, 4L, 2L, 10L), byName.allowScan().list().stream().map(Place::id).toList());
    assertEquals(List.of(8L, 6L), byName.allowScan().limit(2).stream().map(Place::id).toList());
    assertTrue(byName.allowScan().explain().endsWith("\nthen sorted in memory in order name desc, ties by id"),
        byName.allowScan().explain());
    int planned = asked.size();
    assertEquals(List.of(9L, 7L, 5L, 3L, 1L), refusingOrders.where(PlanReadsContract.COUNTRY.equalTo("FR"))
        .orderBy(PlanReadsContract.NAME.desc()).allowScan().list().stream().map(Place::id).toList());
    assertEquals(planned, asked.size(), "the unordered plan is cached under the ordered shape");
  }

  @Test
  void termsOfAFinderReadInTheQuerysOrder() {
    Finder<Place> japan = queries.where(PlanReadsContract.COUNTRY.equalTo("JP"));
    assertTrue(japan.exists());
    assertFalse(queries.where(PlanReadsContract.COUNTRY.equalTo("US")).exists());
    assertEquals(List.of(10L, 8L, 6L), japan.orderBy(PlanReadsContract.POPULATION.desc()).limit(3).stream().map(Place::id).toList());
    assertEquals(10L, japan.orderBy(PlanReadsContract.POPULATION.desc()).first().orElseThrow().id());
    Page<Place> first = japan.page(3, null);
    Page<Place> second = japan.page(3, first.next().orElseThrow());
    assertEquals(List.of(2L, 4L, 6L, 8L, 10L), java.util.stream.Stream.concat(first.items().stream(), second.items().stream())
        .map(Place::id).toList());
    assertFalse(second.hasNext());
    assertEquals("reads index byCountry, keys (\"Place\", \"I\", \"byCountry\", country, id) where country = $0, forwards, "
        + "then each entry's row", japan.explain());
  }

  @Test
  void aNullValueIsRefusedNamingTheAttributeAndIsNull() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlanReadsContract.COUNTRY.equalTo(null));
    assertEquals("country.equalTo(null): a comparison with null matches no entity; use country.isNull() to find entities "
        + "without a value", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PlanReadsContract.POPULATION.between(1L, null));
    assertThrows(IllegalArgumentException.class, () -> PlanReadsContract.POPULATION.in(java.util.Arrays.asList(1L, null)));
  }

  @Test
  void aJdqlQueryIsBoundPlannedAndReadLikeARestriction() {
    Finder<Place> japan = queries.jdql("WHERE country = :c ORDER BY population DESC").bind("c", "JP");
    assertEquals(List.of(10L, 8L, 6L, 4L, 2L), japan.list().stream().map(Place::id).toList());
    assertEquals(5, queries.jdql("WHERE country = ?1").bind(1, "FR").count());
    assertEquals(List.of(9L), queries.jdql("WHERE population > 800 AND name <> 'p10'").allowScan().list().stream()
        .map(Place::id).toList());
    assertEquals(5, queries.jdql("WHERE country = ?1").bind(1, "JP").count());
    assertEquals(3, plannerCalls.get(), "three shapes, each planned once");
  }

  @Test
  void aJdqlParameterLeftUnboundOrBoundToNullIsRefused() {
    IllegalArgumentException unbound = assertThrows(IllegalArgumentException.class,
        () -> queries.jdql("WHERE country = :c").list());
    assertEquals("the query's parameter c is not bound: bind it with bind(\"c\", value) before reading the results",
        unbound.getMessage());
    assertThrows(IllegalArgumentException.class, () -> queries.jdql("WHERE country = :c").bind("c", null));
    assertThrows(io.strata.query.jdql.JdqlException.class, () -> queries.jdql("WHERE country = = 'JP'"));
  }

  @Test
  void aWhereFinderHasNoParametersToBind() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> queries.where(PlanReadsContract.COUNTRY.equalTo("JP")).bind("c", "JP"));
    assertTrue(e.getMessage().contains("jdql"), e.getMessage());
  }
}
