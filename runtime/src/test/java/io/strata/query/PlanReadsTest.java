package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.subspace.Subspace;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.metamodel.ComparableAttribute;
import io.strata.metamodel.TextAttribute;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The executor of plan values against brute force: hand-built plans (the planner's output is its input) over
 * random places and random restriction trees read the same entities, in the same order, as filtering every place
 * in memory with an oracle written independently of the evaluator; in both row layouts.
 */
class PlanReadsTest {
  /** A test entity: population and name may be absent. */
  record Place(long id, String country, Long population, String name) {}

  static final class PlaceCodec extends EntityCodec<Place> {
    PlaceCodec() {
      super("Place", List.of("id", "country", "population", "name"), 0);
    }

    @Override
    public Object[] toElements(Place p) {
      return new Object[] {p.id(), p.country(), p.population(), p.name()};
    }

    @Override
    public Place fromElements(Object[] e) {
      return new Place(Elements.toLong(e[0]), e[1] == null ? null : Elements.toStr(e[1]),
          e[2] == null ? null : Elements.toLong(e[2]), e[3] == null ? null : Elements.toStr(e[3]));
    }
  }

  /** What the processor generates as {@code _Place}. */
  static final ComparableAttribute<Place, Long> ID = new ComparableAttribute<>("id", Place::id, v -> v);
  static final TextAttribute<Place> COUNTRY = new TextAttribute<>("country", Place::country);
  static final ComparableAttribute<Place, Long> POPULATION = new ComparableAttribute<>("population", Place::population, v -> v);
  static final TextAttribute<Place> NAME = new TextAttribute<>("name", Place::name);

  static final IndexInfo BY_COUNTRY = new IndexInfo("byCountry", List.of("country"), false, false, false);
  static final IndexInfo BY_POPULATION = new IndexInfo("byPopulation", List.of("population"), false, false, false);

  private static final List<String> COUNTRIES = List.of("DE", "FR", "JP", "US");

  /** A restriction and, written apart from the evaluator, its truth on a place (null: unknown). */
  record Case(Restriction<Place> restriction, Function<Place, Boolean> oracle, String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  @Provide
  Arbitrary<List<Place>> places() {
    Arbitrary<Place> place = Combinators.combine(Arbitraries.of(COUNTRIES),
        Arbitraries.longs().between(0, 20).injectNull(0.2), Arbitraries.of("a", "ab", "b", "ba", "abc").injectNull(0.2))
        .as((c, p, n) -> new Place(0, c, p, n));
    return place.list().ofMaxSize(30).map(list -> {
      List<Place> out = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        Place p = list.get(i);
        out.add(new Place(i + 1, p.country(), p.population(), p.name()));
      }
      return out;
    });
  }

  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.lazyOf(this::leaf, this::leaf, this::leaf, () -> Combinators.combine(cases(), cases()).as((a, b) -> new Case(
        Restrict.all(a.restriction(), b.restriction()), p -> and(a.oracle().apply(p), b.oracle().apply(p)), "(" + a + " and " + b + ")")),
        () -> Combinators.combine(cases(), cases()).as((a, b) -> new Case(Restrict.any(a.restriction(), b.restriction()),
            p -> or(a.oracle().apply(p), b.oracle().apply(p)), "(" + a + " or " + b + ")")),
        () -> cases().map(a -> new Case(Restrict.not(a.restriction()), p -> {
          Boolean r = a.oracle().apply(p);
          return r == null ? null : !r;
        }, "not " + a)));
  }

  private Arbitrary<Case> leaf() {
    Arbitrary<Long> n = Arbitraries.longs().between(-1, 21);
    Arbitrary<String> text = Arbitraries.of("a", "ab", "b", "c", "");
    return Arbitraries.oneOf(
        n.map(v -> new Case(POPULATION.equalTo(v), p -> known(p.population(), x -> x.equals(v)), "population = " + v)),
        n.map(v -> new Case(POPULATION.notEqualTo(v), p -> known(p.population(), x -> !x.equals(v)), "population <> " + v)),
        n.map(v -> new Case(POPULATION.lessThan(v), p -> known(p.population(), x -> x < v), "population < " + v)),
        n.map(v -> new Case(POPULATION.lessThanEqual(v), p -> known(p.population(), x -> x <= v), "population <= " + v)),
        n.map(v -> new Case(POPULATION.greaterThan(v), p -> known(p.population(), x -> x > v), "population > " + v)),
        n.map(v -> new Case(POPULATION.greaterThanEqual(v), p -> known(p.population(), x -> x >= v), "population >= " + v)),
        Combinators.combine(n, n).as((a, b) -> new Case(POPULATION.between(a, b), p -> known(p.population(), x -> a <= x && x <= b),
            "population between " + a + " and " + b)),
        n.list().ofMaxSize(3).map(vs -> new Case(POPULATION.in(vs), p -> known(p.population(), vs::contains), "population in " + vs)),
        Arbitraries.just(new Case(POPULATION.isNull(), p -> p.population() == null, "population is null")),
        Arbitraries.just(new Case(NAME.notNull(), p -> p.name() != null, "name is not null")),
        Arbitraries.of(COUNTRIES).map(c -> new Case(COUNTRY.equalTo(c), p -> known(p.country(), x -> x.equals(c)), "country = " + c)),
        Arbitraries.of(COUNTRIES).map(c -> new Case(COUNTRY.greaterThan(c), p -> known(p.country(), x -> x.compareTo(c) > 0), "country > " + c)),
        text.map(t -> new Case(NAME.startsWith(t), p -> known(p.name(), x -> x.startsWith(t)), "name startsWith " + t)),
        text.map(t -> new Case(NAME.endsWith(t), p -> known(p.name(), x -> x.endsWith(t)), "name endsWith " + t)),
        text.map(t -> new Case(NAME.contains(t), p -> known(p.name(), x -> x.contains(t)), "name contains " + t)),
        Arbitraries.of("a%", "_b", "%b%", "a_c").map(t -> new Case(NAME.like(t), p -> known(p.name(), x -> x.matches(t.replace("%", ".*").replace("_", "."))),
            "name like " + t)));
  }

  private static <V> Boolean known(V value, java.util.function.Predicate<V> test) {
    return value == null ? null : test.test(value);
  }

  private static Boolean and(Boolean a, Boolean b) {
    return Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE : a == null || b == null ? null : Boolean.TRUE;
  }

  private static Boolean or(Boolean a, Boolean b) {
    return Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b) ? Boolean.TRUE : a == null || b == null ? null : Boolean.FALSE;
  }

  /** Runs {@code body} on a fresh in-memory database holding {@code places} in the given row layout. */
  private static <R> R withPlaces(List<Place> places, boolean packed, Function<Fixture, R> body) {
    try (StrataDb sdb = Strata.connect("strata:mem:")) {
      var builder = EntityStore.builder(new PlaceCodec(), new Subspace()).index("byCountry", "country")
          .index("byPopulation", "population").index("byCountryPopulation", "country", "population").ids(Elements::toLong);
      EntityStore<Place> store = (packed ? builder.packed() : builder).build();
      sdb.database().run(tr -> store.saveAll(tr, places).join());
      return body.apply(new Fixture(sdb, store, new PlanReads<>(store, List.of(ID, COUNTRY, POPULATION, NAME), Semantics.STRATA, ValueOrder.KEYS)));
    }
  }

  record Fixture(StrataDb sdb, EntityStore<Place> store, PlanReads<Place> reads) {
    List<Place> list(Plan plan, List<SortKey> order, int limit) {
      return sdb.database().read(tr -> reads.list(tr, plan, order, limit, Map.of()).join());
    }

    long count(Plan plan) {
      return sdb.database().read(tr -> reads.count(tr, plan, Map.of()).join());
    }

    boolean exists(Plan plan) {
      return sdb.database().read(tr -> reads.exists(tr, plan, Map.of()).join());
    }

    /** Every page of {@code size}, each read in its own transaction. */
    List<Place> pages(Plan plan, List<SortKey> order, int size) {
      List<Place> out = new ArrayList<>();
      Continuation after = null;
      byte[] query = "q".getBytes(java.nio.charset.StandardCharsets.UTF_8);
      do {
        Continuation from = after;
        Page<Place> page = sdb.database().read(tr -> reads.page(tr, plan, order, size, from, Map.of(), query).join());
        out.addAll(page.items());
        after = page.next().orElse(null);
      } while (after != null);
      return out;
    }
  }

  private static List<Place> expected(List<Place> places, Function<Place, Boolean> oracle, Comparator<Place> order, int limit) {
    return places.stream().filter(p -> Boolean.TRUE.equals(oracle.apply(p))).sorted(order).limit(limit).toList();
  }

  private static final Comparator<Place> BY_ID = Comparator.comparingLong(Place::id);

  @Property(tries = 60)
  void everyRowCheckedByTheEvaluatorIsTheBruteForceFilter(@ForAll("places") List<Place> places, @ForAll("cases") Case c,
      @ForAll boolean packed) {
    Plan plan = new Plan.AllRows(List.of(c.restriction().condition()));
    withPlaces(places, packed, f -> {
      List<Place> expected = expected(places, c.oracle(), BY_ID, Integer.MAX_VALUE);
      assertEquals(expected, f.list(plan, List.of(), Integer.MAX_VALUE));
      assertEquals(expected.size(), f.count(plan));
      assertEquals(!expected.isEmpty(), f.exists(plan));
      assertEquals(expected, f.pages(plan, List.of(), 3));
      return null;
    });
  }

  @Property(tries = 60)
  void anIndexRangeWithResidualsInEitherDirectionIsTheBruteForceFilter(@ForAll("places") List<Place> places,
      @ForAll("cases") Case c, @ForAll boolean packed, @ForAll boolean descending) {
    long low = 5;
    Compare range = new Compare("population", Op.GREATER_THAN_EQUAL, new Operand.Param("low"));
    List<SortKey> order = List.of(new SortKey("population", descending, false));
    Plan plan = new Plan.IndexRead(BY_POPULATION, List.of(), List.of(range), descending, false, false, true, order,
        List.of(c.restriction().condition()));
    Comparator<Place> byPopulation = Comparator.comparing(Place::population).thenComparing(BY_ID);
    Function<Place, Boolean> oracle = p -> and(known(p.population(), x -> x >= low), c.oracle().apply(p));
    withPlaces(places, packed, f -> {
      Map<String, Object> params = Map.of("low", low);
      List<Place> expected = expected(places, oracle, descending ? byPopulation.reversed() : byPopulation, 4);
      assertEquals(expected, f.sdb().database().read(tr -> f.reads().list(tr, plan, order, 4, params).join()));
      assertEquals(expected(places, oracle, BY_ID, Integer.MAX_VALUE).size(),
          (long) f.sdb().database().read(tr -> f.reads().count(tr, plan, params).join()));
      return null;
    });
  }

  @Property(tries = 60)
  void aUnionOfIndexReadsIsTheBruteForceFilterWithoutDuplicates(@ForAll("places") List<Place> places, @ForAll("cases") Case c,
      @ForAll boolean packed) {
    Compare japan = new Compare("country", Op.EQUAL, new Operand.Literal("JP"));
    Compare small = new Compare("population", Op.LESS_THAN, new Operand.Literal(8L));
    Plan plan = new Plan.Union(List.of(
        new Plan.IndexRead(BY_COUNTRY, List.of(japan), List.of(), false, false, false, true, List.of(), List.of(c.restriction().condition())),
        new Plan.IndexRead(BY_POPULATION, List.of(), List.of(small), false, false, false, true, List.of(), List.of(c.restriction().condition()))),
        List.of());
    Function<Place, Boolean> oracle = p -> and(or(known(p.country(), "JP"::equals), known(p.population(), x -> x < 8)), c.oracle().apply(p));
    List<SortKey> order = List.of(new SortKey("name", false, false), new SortKey("population", true, false));
    Comparator<Place> byNameThenPopulation = Comparator.comparing(Place::name, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
        .thenComparing(Place::population, Comparator.nullsFirst(Comparator.<Long>naturalOrder()).reversed())
        .thenComparing(BY_ID.reversed());
    withPlaces(places, packed, f -> {
      assertEquals(expected(places, oracle, BY_ID, Integer.MAX_VALUE), f.list(plan, List.of(), Integer.MAX_VALUE));
      assertEquals(expected(places, oracle, byNameThenPopulation, 5), f.list(plan, order, 5));
      assertEquals(expected(places, oracle, byNameThenPopulation, Integer.MAX_VALUE), f.pages(plan, order, 2));
      return null;
    });
  }

  @Property(tries = 40)
  void idLookupsAndInAlternativesAreTheBruteForceFilter(@ForAll("places") List<Place> places, @ForAll("cases") Case c,
      @ForAll boolean packed) {
    List<Long> ids = List.of(1L, 3L, 5L, 40L);
    Plan byId = new Plan.ById(new Compare("id", Op.IN, new Operand.Literal(ids)), List.of(c.restriction().condition()));
    Plan countries = new Plan.IndexRead(BY_COUNTRY, List.of(new Compare("country", Op.IN, new Operand.Literal(List.of("US", "DE")))),
        List.of(), false, false, false, true, List.of(), List.of(c.restriction().condition()));
    withPlaces(places, packed, f -> {
      assertEquals(expected(places, p -> and(ids.contains(p.id()), c.oracle().apply(p)), BY_ID, Integer.MAX_VALUE),
          f.list(byId, List.of(), Integer.MAX_VALUE));
      Function<Place, Boolean> oracle = p -> and(List.of("US", "DE").contains(p.country()), c.oracle().apply(p));
      assertEquals(expected(places, oracle, BY_ID, Integer.MAX_VALUE), f.list(countries, List.of(new SortKey("id", false, false)),
          Integer.MAX_VALUE));
      assertEquals(Optional.ofNullable(expected(places, oracle, BY_ID, 1).stream().findFirst().orElse(null)),
          f.list(countries, List.of(new SortKey("id", false, false)), 1).stream().findFirst());
      return null;
    });
  }
}
