package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.embedded.BackendContract;
import io.strata.metamodel.ComparableAttribute;
import io.strata.metamodel.TextAttribute;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.ValueKind;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The executor of plan values against brute force, on every backend: hand-built plans (the planner's output is
 * the executor's input) over random places and random restriction trees (every operator, and/or/not, absent
 * values) read the same entities, in the same order, with limits and pages, as filtering every place in memory
 * with an oracle written apart from the evaluator; in both row layouts. Random but replayable: a failure names its
 * seed, {@code -Dstrata.planreads.seed=<seed>} replays it.
 */
public abstract class PlanReadsContract extends BackendContract {
  private static final int TRIES = 40;

  /** A test entity: population and name may be absent. */
  public record Place(long id, String country, Long population, String name) {}

  /** What the processor would generate as {@code PlaceCodec}. */
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
  static final List<io.strata.metamodel.Restrictable<Place, ?>> ATTRIBUTES = List.of(ID, COUNTRY, POPULATION, NAME);

  static final IndexInfo BY_COUNTRY = new IndexInfo("byCountry", List.of("country"), false, false, false);
  static final IndexInfo BY_POPULATION = new IndexInfo("byPopulation", List.of("population"), false, false, false);

  static final EntityInfo PLACE = new EntityInfo("Place", List.of(new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("country", ValueKind.STRING, false, false), new FieldInfo("population", ValueKind.LONG, false, false),
      new FieldInfo("name", ValueKind.STRING, false, false)), List.of(BY_COUNTRY, BY_POPULATION), List.of(), List.of());

  private static final List<String> COUNTRIES = List.of("DE", "FR", "JP", "US");
  private static final List<String> NAMES = List.of("a", "ab", "b", "ba", "abc");
  private static final Comparator<Place> BY_ID = Comparator.comparingLong(Place::id);

  /** A restriction and, written apart from the evaluator, its truth on a place (null: unknown). */
  record Case(Restriction<Place> restriction, Function<Place, Boolean> oracle, String text, java.util.Set<String> fixed,
      java.util.Set<String> fixedWhenNegated) {
    Case(Restriction<Place> restriction, Function<Place, Boolean> oracle, String text) {
      this(restriction, oracle, text, java.util.Set.of(), java.util.Set.of());
    }
  }

  /** One try: its random places stored in both layouts, a random restriction, and the finders over each layout. */
  record Try(long seed, List<Place> places, Case c, List<PlanReads<Place>> reads, List<RuntimeQueries<Place>> queries, Random rnd) {}

  private final long seed = Long.getLong("strata.planreads.seed", new Random().nextLong());

  /** {@code body} on {@link #TRIES} random tries, each under its own key prefix. */
  private void forEachTry(java.util.function.Consumer<Try> body) {
    Random random = new Random(seed);
    for (int t = 0; t < TRIES; t++) {
      long trySeed = random.nextLong();
      Random rnd = new Random(trySeed);
      List<Place> places = places(rnd);
      Case c = restriction(rnd, 3);
      List<PlanReads<Place>> reads = new ArrayList<>();
      List<RuntimeQueries<Place>> queries = new ArrayList<>();
      for (boolean packed : new boolean[] {true, false}) {
        var builder = EntityStore.builder(new PlaceCodec(), new Subspace(Tuple.from("t", t, packed)))
            .index("byCountry", "country").index("byPopulation", "population").ids(Elements::toLong);
        EntityStore<Place> store = (packed ? builder.packed() : builder).build();
        db.run(tr -> store.saveAll(tr, places).join());
        reads.add(new PlanReads<>(store, ATTRIBUTES, Semantics.STRATA, ValueOrder.KEYS, name -> null));
        queries.add(new RuntimeQueries<>(db, store, PLACE, ATTRIBUTES, Semantics.STRATA, ValueOrder.KEYS));
      }
      try {
        body.accept(new Try(trySeed, places, c, reads, queries, rnd));
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + " (replay with -Dstrata.planreads.seed=" + seed + "), try " + t + ": "
            + c.text() + " over " + places + ": " + e.getMessage(), e);
      }
    }
  }

  private static List<Place> places(Random rnd) {
    List<Place> out = new ArrayList<>();
    int n = rnd.nextInt(31);
    for (int i = 1; i <= n; i++) {
      out.add(new Place(i, COUNTRIES.get(rnd.nextInt(COUNTRIES.size())), rnd.nextInt(5) == 0 ? null : (long) rnd.nextInt(21),
          rnd.nextInt(5) == 0 ? null : NAMES.get(rnd.nextInt(NAMES.size()))));
    }
    return out;
  }

  private static Case restriction(Random rnd, int depth) {
    int pick = depth == 0 ? 0 : rnd.nextInt(6);
    if (pick <= 2) {
      return leaf(rnd);
    }
    Case a = restriction(rnd, depth - 1);
    if (pick == 5) {
      return new Case(Restrict.not(a.restriction()), p -> {
        Boolean r = a.oracle().apply(p);
        return r == null ? null : !r;
      }, "not " + a.text(), a.fixedWhenNegated(), a.fixed());
    }
    Case b = restriction(rnd, depth - 1);
    return pick == 3
        ? new Case(Restrict.all(a.restriction(), b.restriction()), p -> and(a.oracle().apply(p), b.oracle().apply(p)),
            "(" + a.text() + " and " + b.text() + ")", both(a.fixed(), b.fixed()), java.util.Set.of())
        : new Case(Restrict.any(a.restriction(), b.restriction()), p -> or(a.oracle().apply(p), b.oracle().apply(p)),
            "(" + a.text() + " or " + b.text() + ")", java.util.Set.of(), both(a.fixedWhenNegated(), b.fixedWhenNegated()));
  }

  private static java.util.Set<String> both(java.util.Set<String> a, java.util.Set<String> b) {
    java.util.Set<String> out = new java.util.TreeSet<>(a);
    out.addAll(b);
    return out;
  }

  private static Case leaf(Random rnd) {
    long v = rnd.nextInt(23) - 1;
    long w = rnd.nextInt(23) - 1;
    String t = List.of("a", "ab", "b", "c", "").get(rnd.nextInt(5));
    String c = COUNTRIES.get(rnd.nextInt(COUNTRIES.size()));
    List<Long> vs = rnd.ints(rnd.nextInt(4), -1, 22).mapToObj(i -> (long) i).toList();
    String like = List.of("a%", "_b", "%b%", "a_c").get(rnd.nextInt(4));
    return switch (rnd.nextInt(16)) {
      case 0 -> new Case(POPULATION.equalTo(v), p -> known(p.population(), x -> x == v), "population = " + v,
          java.util.Set.of("population"), java.util.Set.of());
      case 1 -> new Case(POPULATION.notEqualTo(v), p -> known(p.population(), x -> x != v), "population <> " + v,
          java.util.Set.of(), java.util.Set.of("population"));
      case 2 -> new Case(POPULATION.lessThan(v), p -> known(p.population(), x -> x < v), "population < " + v);
      case 3 -> new Case(POPULATION.lessThanEqual(v), p -> known(p.population(), x -> x <= v), "population <= " + v);
      case 4 -> new Case(POPULATION.greaterThan(v), p -> known(p.population(), x -> x > v), "population > " + v);
      case 5 -> new Case(POPULATION.greaterThanEqual(v), p -> known(p.population(), x -> x >= v), "population >= " + v);
      case 6 -> new Case(POPULATION.between(v, w), p -> known(p.population(), x -> v <= x && x <= w),
          "population between " + v + " and " + w);
      case 7 -> new Case(POPULATION.in(vs), p -> known(p.population(), vs::contains), "population in " + vs);
      case 8 -> new Case(POPULATION.isNull(), p -> p.population() == null, "population is null");
      case 9 -> new Case(NAME.notNull(), p -> p.name() != null, "name is not null");
      case 10 -> new Case(COUNTRY.equalTo(c), p -> known(p.country(), x -> x.equals(c)), "country = " + c,
          java.util.Set.of("country"), java.util.Set.of());
      case 11 -> new Case(COUNTRY.greaterThan(c), p -> known(p.country(), x -> x.compareTo(c) > 0), "country > " + c);
      case 12 -> new Case(NAME.startsWith(t), p -> known(p.name(), x -> x.startsWith(t)), "name startsWith " + t);
      case 13 -> new Case(NAME.endsWith(t), p -> known(p.name(), x -> x.endsWith(t)), "name endsWith " + t);
      case 14 -> new Case(NAME.contains(t), p -> known(p.name(), x -> x.contains(t)), "name contains " + t);
      default -> new Case(NAME.like(like), p -> known(p.name(), x -> x.matches(like.replace("%", ".*").replace("_", "."))),
          "name like " + like);
    };
  }

  private static <V> Boolean known(V value, Predicate<V> test) {
    return value == null ? null : test.test(value);
  }

  private static Boolean and(Boolean a, Boolean b) {
    return Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE : a == null || b == null ? null : Boolean.TRUE;
  }

  private static Boolean or(Boolean a, Boolean b) {
    return Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b) ? Boolean.TRUE : a == null || b == null ? null : Boolean.FALSE;
  }

  private static List<Place> expected(List<Place> places, Function<Place, Boolean> oracle, Comparator<Place> order, int limit) {
    return places.stream().filter(p -> Boolean.TRUE.equals(oracle.apply(p))).sorted(order).limit(limit).toList();
  }

  private List<Place> list(PlanReads<Place> reads, Plan plan, List<SortKey> order, int limit, Map<String, Object> params) {
    return db.read(tr -> reads.list(tr, plan, order, limit, params).join());
  }

  /** Every page of {@code size}, each read in its own transaction. */
  private List<Place> pages(PlanReads<Place> reads, Plan plan, List<SortKey> order, int size) {
    byte[] query = "q".getBytes(StandardCharsets.UTF_8);
    return ValueKindQueriesContract.allPages(from -> db.read(tr -> reads.page(tr, plan, order, size, from, Map.of(), query).join()));
  }

  @Test
  void everyRowCheckedByTheEvaluatorIsTheBruteForceFilter() {
    forEachTry(t -> {
      Plan plan = new Plan.AllRows(List.of(t.c().restriction().condition()));
      List<Place> expected = expected(t.places(), t.c().oracle(), BY_ID, Integer.MAX_VALUE);
      for (PlanReads<Place> reads : t.reads()) {
        assertEquals(expected, list(reads, plan, List.of(), Integer.MAX_VALUE, Map.of()));
        assertEquals(expected.size(), (long) db.read(tr -> reads.count(tr, plan, Map.of()).join()));
        assertEquals(!expected.isEmpty(), db.read(tr -> reads.exists(tr, plan, Map.of()).join()));
        assertEquals(expected, pages(reads, plan, List.of(), 3));
      }
    });
  }

  /**
   * Through the planner: a finder of a random restriction, with a random order and limit, reads what brute force
   * selects (in the asked order, ties by id in the direction of the last order item), counts, streams and pages the
   * same; with {@code allowScan()} always (an order no index holds sorted in memory), without it or it is refused.
   */
  @Test
  void aPlannedFinderIsTheBruteForceFilter() {
    forEachTry(t -> {
      List<List<SortKey>> orders = List.of(List.of(), List.of(new SortKey("population", false, false)),
          List.of(new SortKey("population", true, false)), List.of(new SortKey("country", false, false), new SortKey("name", true, false)),
          // mixed directions over an index's keys (population, id), (country, id): no key order holds them
          List.of(new SortKey("population", false, false), new SortKey("id", true, false)),
          List.of(new SortKey("country", true, false), new SortKey("id", false, false)));
      List<SortKey> order = orders.get(t.rnd().nextInt(orders.size()));
      int limit = t.rnd().nextBoolean() ? 0 : 1 + t.rnd().nextInt(6);
      boolean scan = t.rnd().nextInt(4) != 0;
      // an order only on properties the restriction fixes by equality is ignored (QUERIES.md): ties by id ascending
      boolean ignored = order.stream().allMatch(k -> t.c().fixed().contains(k.field()));
      Comparator<Place> comparator = order.isEmpty() || ignored ? BY_ID : comparator(order);
      List<Place> all = expected(t.places(), t.c().oracle(), comparator, Integer.MAX_VALUE);
      for (RuntimeQueries<Place> queries : t.queries()) {
        io.strata.Finder<Place> finder = queries.where(t.c().restriction())
            .orderBy(order.stream().map(k -> new io.strata.OrderBy<Place>(k)).toList());
        finder = scan ? finder.allowScan() : finder;
        finder = limit > 0 ? finder.limit(limit) : finder;
        List<Place> found;
        try {
          found = finder.list();
        } catch (io.strata.QueryNotServedException e) {
          assertEquals(false, scan, "a query with allowScan() is always served, an order no index holds sorted in memory: "
              + e.getMessage());
          continue;
        }
        List<Place> wanted = limit > 0 ? all.subList(0, Math.min(limit, all.size())) : all;
        if (order.isEmpty()) {
          assertEquals(wanted.size(), found.size());
          assertEquals(true, all.containsAll(found), "every result matches");
        } else {
          assertEquals(wanted, found);
        }
        List<Place> streamed = finder.stream().toList();
        if (order.isEmpty()) {
          assertEquals(wanted.size(), streamed.size());
          assertEquals(true, all.containsAll(streamed), "every streamed result matches");
        } else {
          assertEquals(wanted, streamed);
          assertEquals(all.stream().findFirst(), finder.first());
        }
        assertEquals(limit > 0 ? wanted.size() : all.size(), finder.count());
        assertEquals(!all.isEmpty(), finder.exists());
        io.strata.Finder<Place> unlimited = scan ? queries.where(t.c().restriction()).allowScan() : queries.where(t.c().restriction());
        io.strata.Finder<Place> ordered = unlimited.orderBy(order.stream().map(k -> new io.strata.OrderBy<Place>(k)).toList());
        List<Place> paged = ValueKindQueriesContract.allPages(after -> ordered.page(2, after));
        assertEquals(all, order.isEmpty() ? paged.stream().sorted(BY_ID).toList() : paged);
      }
    });
  }

  /** {@code order} over places: absent values first (last when descending), then ids in the last item's direction. */
  private static Comparator<Place> comparator(List<SortKey> order) {
    Comparator<Place> out = (a, b) -> 0;
    for (SortKey key : order) {
      Function<Place, Comparable> read = switch (key.field()) {
        case "population" -> Place::population;
        case "country" -> Place::country;
        case "id" -> Place::id;
        default -> Place::name;
      };
      @SuppressWarnings("unchecked")
      Comparator<Place> one = Comparator.comparing(read, Comparator.nullsFirst(Comparator.naturalOrder()));
      out = out.thenComparing(key.descending() ? one.reversed() : one);
    }
    return out.thenComparing(order.get(order.size() - 1).descending() ? BY_ID.reversed() : BY_ID);
  }

  @Test
  void anIndexRangeWithResidualsInEitherDirectionIsTheBruteForceFilter() {
    forEachTry(t -> {
      for (boolean descending : new boolean[] {false, true}) {
        Compare range = new Compare("population", Op.GREATER_THAN_EQUAL, new Operand.Param("low"));
        List<SortKey> order = List.of(new SortKey("population", descending, false));
        Plan plan = new Plan.IndexRead(BY_POPULATION, List.of(), List.of(range), descending, false, false, true, order,
            List.of(t.c().restriction().condition()));
        Comparator<Place> byPopulation = Comparator.comparing(Place::population).thenComparing(BY_ID);
        Function<Place, Boolean> oracle = p -> and(known(p.population(), x -> x >= 5), t.c().oracle().apply(p));
        Map<String, Object> params = Map.of("low", 5L);
        for (PlanReads<Place> reads : t.reads()) {
          assertEquals(expected(t.places(), oracle, descending ? byPopulation.reversed() : byPopulation, 4),
              list(reads, plan, order, 4, params));
          assertEquals(expected(t.places(), oracle, BY_ID, Integer.MAX_VALUE).size(),
              (long) db.read(tr -> reads.count(tr, plan, params).join()));
        }
      }
    });
  }

  @Test
  void aUnionOfIndexReadsIsTheBruteForceFilterWithoutDuplicates() {
    forEachTry(t -> {
      Compare japan = new Compare("country", Op.EQUAL, new Operand.Literal("JP"));
      Compare small = new Compare("population", Op.LESS_THAN, new Operand.Literal(8L));
      var residual = List.of(t.c().restriction().condition());
      Plan plan = new Plan.Union(List.of(
          new Plan.IndexRead(BY_COUNTRY, List.of(japan), List.of(), false, false, false, true, List.of(), residual),
          new Plan.IndexRead(BY_POPULATION, List.of(), List.of(small), false, false, false, true, List.of(), residual)), List.of());
      Function<Place, Boolean> oracle = p -> and(or(known(p.country(), "JP"::equals), known(p.population(), x -> x < 8)),
          t.c().oracle().apply(p));
      List<SortKey> order = List.of(new SortKey("name", false, false), new SortKey("population", true, false));
      Comparator<Place> byNameThenPopulation = Comparator.comparing(Place::name, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
          .thenComparing(Place::population, Comparator.nullsFirst(Comparator.<Long>naturalOrder()).reversed())
          .thenComparing(BY_ID.reversed());
      for (PlanReads<Place> reads : t.reads()) {
        assertEquals(expected(t.places(), oracle, BY_ID, Integer.MAX_VALUE), list(reads, plan, List.of(), Integer.MAX_VALUE, Map.of()));
        assertEquals(expected(t.places(), oracle, byNameThenPopulation, 5), list(reads, plan, order, 5, Map.of()));
        assertEquals(expected(t.places(), oracle, byNameThenPopulation, Integer.MAX_VALUE), pages(reads, plan, order, 2));
        // unordered: each branch paged from its own continuation, an entity an earlier branch matched skipped
        List<Place> paged = pages(reads, plan, List.of(), 2);
        assertEquals(expected(t.places(), oracle, BY_ID, Integer.MAX_VALUE), paged.stream().sorted(BY_ID).toList());
      }
    });
  }

  @Test
  void idLookupsAndInAlternativesAreTheBruteForceFilter() {
    forEachTry(t -> {
      List<Long> ids = List.of(1L, 3L, 5L, 40L);
      var residual = List.of(t.c().restriction().condition());
      Plan byId = new Plan.ById(new Compare("id", Op.IN, new Operand.Literal(ids)), residual);
      Plan countries = new Plan.IndexRead(BY_COUNTRY, List.of(new Compare("country", Op.IN, new Operand.Literal(List.of("US", "DE")))),
          List.of(), false, false, false, true, List.of(), residual);
      Function<Place, Boolean> inCountries = p -> and(List.of("US", "DE").contains(p.country()), t.c().oracle().apply(p));
      List<SortKey> byIdOrder = List.of(new SortKey("id", false, false));
      for (PlanReads<Place> reads : t.reads()) {
        assertEquals(expected(t.places(), p -> and(ids.contains(p.id()), t.c().oracle().apply(p)), BY_ID, Integer.MAX_VALUE),
            list(reads, byId, List.of(), Integer.MAX_VALUE, Map.of()));
        assertEquals(expected(t.places(), inCountries, BY_ID, Integer.MAX_VALUE), list(reads, countries, byIdOrder, Integer.MAX_VALUE, Map.of()));
        assertEquals(expected(t.places(), inCountries, BY_ID, 1), list(reads, countries, byIdOrder, 1, Map.of()));
      }
    });
  }
}
