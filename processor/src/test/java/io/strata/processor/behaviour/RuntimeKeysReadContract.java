package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownCodec;
import io.strata.processor.fixtures.queries.TownRepository;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import io.strata.processor.fixtures.queries._Town;
import io.strata.query.PlanReads;
import io.strata.query.ValueOrder;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A run-time query reads the same keys as the declared method of the same query, counted through {@link KeyCounter}:
 * through the generated repository's {@code where}/{@code jdql} (planned by the planner), and with the plan the
 * declared method's javadoc states given to the run-time executor ({@link PlanReads}) directly.
 */
public abstract class RuntimeKeysReadContract extends BackendContract {
  private static final List<Town> TOWNS = TownData.towns(400);
  private static final IndexInfo BY_COUNTRY_POPULATION = new IndexInfo("byCountryPopulation", List.of("country", "population"),
      false, false, true);
  private static final IndexInfo NAME = new IndexInfo("name", List.of("name"), false, false, false);

  private final KeyCounter counter = new KeyCounter();
  private Database counted;
  private Towns towns;
  private PlanReads<Town> reads;

  @BeforeEach
  void saveTownsThenCount() {
    counted = counter.wrap(db);
    towns = new TownsImpl(counted);
    towns.saveAll(TOWNS);
    // the store TownsImpl builds (its constructor), read by the run-time executor
    EntityStore<Town> store = EntityStore.builder(TownCodec.INSTANCE, new Subspace()).index("name", "name")
        .index("capital", "capital").uniqueIndex("code", "code").index("founded", "founded")
        .index("byCountryPopulation", "country", "population").coveringIndex("byCountryName", "country", "name")
        .index("byPopulation", "population").geoSpatial("location", 32).packed().ids(v -> v == null ? 0 : Elements.toLong(v))
        .build();
    reads = new PlanReads<>(store, List.of(_Town.id, _Town.name, _Town.country, _Town.population, _Town.capital, _Town.code,
        _Town.founded, _Town.location), Semantics.STRATA, ValueOrder.KEYS, name -> null);
    counter.reset();
  }

  /** The index entries and rows {@code read} reads, and resets the counter. */
  private List<Long> keys(Supplier<?> read) {
    read.get();
    List<Long> keys = List.of(counter.keys("I"), counter.keys("R"));
    counter.reset();
    return keys;
  }

  private static Compare country(String value) {
    return new Compare("country", Op.EQUAL, new Operand.Literal(value));
  }

  private static Plan byCountryPopulation(List<Compare> range, boolean reverse, List<SortKey> order) {
    return new Plan.IndexRead(BY_COUNTRY_POPULATION, List.of(country("JP")), range, reverse, false, false, true, order, List.of());
  }

  /** Through the generated repository's {@code where}: planned by the planner, it reads what the declared method reads. */
  @Test
  void aPlannedWhereReadsWhatTheDeclaredMethodReads() {
    TownRepository repository = new TownRepository(counted);
    counter.reset();
    assertEquals(keys(() -> towns.findTop5ByCountryOrderByPopulationDesc("JP")),
        keys(() -> repository.where(_Town.country.equalTo("JP")).orderBy(_Town.population.desc()).limit(5).list()));
    assertEquals(keys(() -> towns.findByNameStartingWith("San-1")), keys(() -> repository.where(_Town.name.startsWith("San-1")).list()));
    assertEquals(keys(() -> towns.countByCountry("JP")), keys(() -> repository.jdql("WHERE country = :c").bind("c", "JP").count()));
    assertEquals(keys(() -> towns.existsByCountryAndPopulationGreaterThan("JP", 10)), keys(() -> repository.where(
        io.strata.Restrict.all(_Town.country.equalTo("JP"), _Town.population.greaterThan(10L))).exists()));
  }

  /** A declared repository extending {@code Queryable} plans a run-time query as the generated repository does. */
  @Test
  void aDeclaredRepositorysWhereReadsWhatTheGeneratedRepositorysWhereReads() {
    TownRepository repository = new TownRepository(counted);
    counter.reset();
    Supplier<List<Town>> declared = () -> towns.where(_Town.country.equalTo("JP")).orderBy(_Town.population.desc()).limit(5).list();
    Supplier<List<Town>> generated = () -> repository.where(_Town.country.equalTo("JP")).orderBy(_Town.population.desc()).limit(5)
        .list();
    assertEquals(generated.get(), declared.get());
    counter.reset();
    assertEquals(keys(generated), keys(declared));
    assertEquals(keys(() -> repository.jdql("WHERE country = :c").bind("c", "JP").count()),
        keys(() -> towns.jdql("WHERE country = :c").bind("c", "JP").count()));
    assertEquals(repository.where(_Town.name.startsWith("San-1")).explain(), towns.where(_Town.name.startsWith("San-1")).explain());
  }

  @Test
  void aPlannedWhereReadsTheRightTownsAndSaysItsPlan() {
    TownRepository repository = new TownRepository(counted);
    List<Town> expected = TOWNS.stream().filter(t -> t.country().equals("JP") && t.population() > 1000)
        .sorted(java.util.Comparator.comparingLong(Town::population).reversed().thenComparing(java.util.Comparator
            .comparingLong(Town::id).reversed())).limit(7).toList();
    var finder = repository.where(io.strata.Restrict.all(_Town.country.equalTo("JP"), _Town.population.greaterThan(1000L)))
        .orderBy(_Town.population.desc()).limit(7);
    assertEquals(expected, finder.list());
    assertEquals("reads index byCountryPopulation, keys (\"Town\", \"I\", \"byCountryPopulation\", country, population, id) "
        + "where country = $0 and population > $1, backwards in order population desc, then each entry's row",
        finder.explain());
    io.strata.QueryNotServedException refused = org.junit.jupiter.api.Assertions.assertThrows(io.strata.QueryNotServedException.class,
        () -> repository.where(_Town.location.isNull()).list());
    org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().contains("allowScan()"), refused.getMessage());
    assertEquals(TOWNS.stream().filter(t -> t.location() == null).count(), repository.where(_Town.location.isNull()).allowScan().count());
  }

  @Test
  void topNReadsWhatTheDeclaredMethodReads() {
    List<SortKey> desc = List.of(new SortKey("population", true, false));
    Plan plan = byCountryPopulation(List.of(), true, desc);
    assertEquals(keys(() -> towns.findTop5ByCountryOrderByPopulationDesc("JP")),
        keys(() -> counted.read(tr -> reads.list(tr, plan, desc, 5, Map.of()).join())));
    assertEquals(keys(() -> towns.findFirstByCountryOrderByPopulationDesc("JP")),
        keys(() -> counted.read(tr -> reads.list(tr, plan, desc, 1, Map.of()).join())));
  }

  @Test
  void aPrefixRangeReadsWhatTheDeclaredMethodReads() {
    Plan plan = new Plan.IndexRead(NAME, List.of(), List.of(new Compare("name", Op.STARTS_WITH, new Operand.Literal("San-1"))),
        false, false, false, true, List.of(), List.of());
    assertEquals(keys(() -> towns.findByNameStartingWith("San-1")),
        keys(() -> counted.read(tr -> reads.list(tr, plan, List.of(), Integer.MAX_VALUE, Map.of()).join())));
  }

  @Test
  void countsAndExistsReadWhatTheDeclaredMethodsRead() {
    Plan all = byCountryPopulation(List.of(), false, List.of());
    assertEquals(keys(() -> towns.countByCountry("JP")), keys(() -> counted.read(tr -> reads.count(tr, all, Map.of()).join())));
    Plan bigger = byCountryPopulation(List.of(new Compare("population", Op.GREATER_THAN, new Operand.Literal(10L))), false, List.of());
    assertEquals(keys(() -> towns.existsByCountryAndPopulationGreaterThan("JP", 10)),
        keys(() -> counted.read(tr -> reads.exists(tr, bigger, Map.of()).join())));
  }

  @Test
  void aPageReadsWhatTheDeclaredMethodsPageReads() {
    Plan plan = byCountryPopulation(List.of(), false, List.of());
    byte[] query = "q".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(keys(() -> towns.findByCountry("JP", 4, null)),
        keys(() -> counted.read(tr -> reads.page(tr, plan, List.of(), 4, null, Map.of(), query).join())));
  }
}
