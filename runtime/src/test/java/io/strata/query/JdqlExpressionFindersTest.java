package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import io.strata.Finder;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.query.PlanReadsContract.Place;
import io.strata.query.PlanReadsContract.PlaceCodec;
import io.strata.query.model.Semantics;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Run-time {@code jdql()} conditions a comparison of one property cannot hold (issue 38's kinds: arithmetic, functions
 * other than UPPER/LOWER, two properties or none compared, BETWEEN/LIKE of a computed value), read through the real planner and checked brute force: each finds exactly
 * the places a hand-written three-valued check (null: unknown) says true of, alone, under NOT, and beside an index.
 */
class JdqlExpressionFindersTest {
  private static final List<String> NAMES = List.of("a", "ab", "b", "ba", "abc", "JP");
  private static final List<String> COUNTRIES = List.of("DE", "FR", "JP");

  private final StrataDb sdb = Strata.connect("strata:mem:");
  private final List<Place> places = places();
  private final RuntimeQueries<Place> queries = queries();

  @AfterEach
  void close() {
    sdb.close();
  }

  private static List<Place> places() {
    Random random = new Random(38);
    List<Place> out = new ArrayList<>();
    for (int i = 1; i <= 60; i++) {
      out.add(new Place(i, COUNTRIES.get(random.nextInt(COUNTRIES.size())),
          random.nextInt(6) == 0 ? null : (long) random.nextInt(41) - 10,
          random.nextInt(6) == 0 ? null : NAMES.get(random.nextInt(NAMES.size()))));
    }
    return out;
  }

  private RuntimeQueries<Place> queries() {
    EntityStore<Place> store = EntityStore.builder(new PlaceCodec(), new Subspace()).index("byCountry", "country")
        .index("byPopulation", "population").ids(Elements::toLong).build();
    sdb.database().run(tr -> store.saveAll(tr, places).join());
    return new RuntimeQueries<>(sdb.database(), store, PlanReadsContract.PLACE, PlanReadsContract.ATTRIBUTES,
        Semantics.STRATA, ValueOrder.KEYS);
  }

  /**
   * {@code condition}, its negation and its conjunction with an index equality find exactly the places {@code check}
   * says true of, false of, and true of in Japan; none of them by chance of the data (each takes some and leaves some).
   */
  private void findsAsChecked(String condition, Function<Place, Boolean> check) {
    List<Place> expected = places.stream().filter(p -> check.apply(p) == Boolean.TRUE).toList();
    List<Place> negated = places.stream().filter(p -> check.apply(p) == Boolean.FALSE).toList();
    assertFalse(expected.isEmpty() || negated.isEmpty(), condition + " takes all places or none");
    assertEquals(expected, byId(queries.jdql("WHERE " + condition).allowScan()), condition);
    assertEquals(negated, byId(queries.jdql("WHERE NOT (" + condition + ")").allowScan()), "NOT " + condition);
    assertEquals(expected.stream().filter(p -> p.country().equals("JP")).toList(),
        byId(queries.jdql("WHERE country = 'JP' AND (" + condition + ")").allowScan()), "in Japan: " + condition);
  }

  private static List<Place> byId(Finder<Place> finder) {
    return finder.list().stream().sorted(Comparator.comparingLong(Place::id)).toList();
  }

  private static Boolean known(Object value, Function<Object, Boolean> test) {
    return value == null ? null : test.apply(value);
  }

  @Test
  void arithmeticOnAPropertyIsCheckedOnEachPlace() {
    findsAsChecked("population * 2 + 1 > 21", p -> known(p.population(), n -> (Long) n * 2 + 1 > 21));
    findsAsChecked("-population < -5", p -> known(p.population(), n -> -(Long) n < -5));
    findsAsChecked("population / 2 = 3", p -> known(p.population(), n -> (Long) n / 2 == 3));
  }

  @Test
  void functionsOtherThanACaseFunctionAreCheckedOnEachPlace() {
    findsAsChecked("LENGTH(name) >= 2", p -> known(p.name(), s -> ((String) s).length() >= 2));
    findsAsChecked("ABS(population - 10) < 4", p -> known(p.population(), n -> Math.abs((Long) n - 10) < 4));
    findsAsChecked("LEFT(name, 1) = 'a'", p -> known(p.name(), s -> ((String) s).startsWith("a")));
    findsAsChecked("RIGHT(name, 1) = 'b'", p -> known(p.name(), s -> ((String) s).endsWith("b")));
    findsAsChecked("LOWER(name) < 'b'", p -> known(p.name(), s -> ((String) s).toLowerCase().compareTo("b") < 0));
  }

  @Test
  void twoPropertiesComparedAreCheckedOnEachPlace() {
    findsAsChecked("population < id", p -> known(p.population(), n -> (Long) n < p.id()));
    findsAsChecked("name = country", p -> known(p.name(), s -> s.equals(p.country())));
  }

  @Test
  void aComparisonOfNoPropertyIsTheSameForEveryPlace() {
    assertEquals(places.size(), queries.jdql("WHERE :a = 1").bind("a", 1L).allowScan().count());
    assertEquals(0, queries.jdql("WHERE :a = 1").bind("a", 2L).allowScan().count());
  }

  @Test
  void aComparisonOfNoPropertyComparesValuesKeysCannotHoldInTheirOwnOrder() {
    // a LocalDate is no key element: Strata's key order cannot compare it, the value order does
    assertEquals(places.size(), queries.jdql("WHERE LOCAL DATE > :d").bind("d", LocalDate.of(2000, 1, 1)).allowScan().count());
    assertEquals(0, queries.jdql("WHERE LOCAL DATE > :d").bind("d", LocalDate.of(9999, 1, 1)).allowScan().count());
    assertEquals(places.size(), queries.jdql("WHERE :d BETWEEN :lo AND :hi").bind("d", LocalDate.of(2000, 1, 1))
        .bind("lo", LocalDate.of(1999, 1, 1)).bind("hi", LocalDate.of(2001, 1, 1)).allowScan().count());
  }

  @Test
  void betweenAndLikeOfAComputedValueAreCheckedOnEachPlace() {
    findsAsChecked("population + 1 BETWEEN 5 AND 15", p -> known(p.population(), n -> (Long) n + 1 >= 5 && (Long) n + 1 <= 15));
    findsAsChecked("name || 'x' LIKE 'a%x'", p -> known(p.name(), s -> ((String) s).startsWith("a")));
  }

  @Test
  void anEnumConstantComparedWithATextPropertyIsRefusedNamingTheProperty() {
    io.strata.query.jdql.JdqlException e = org.junit.jupiter.api.Assertions.assertThrows(
        io.strata.query.jdql.JdqlException.class, () -> queries.jdql("WHERE country = java.time.DayOfWeek.MONDAY"));
    assertTrue(e.getMessage().contains("nor a value of country, which holds STRING values"), e.getMessage());
  }

  @Test
  void theExplanationWordsATestAsChecksOnEachRow() {
    String explained = queries.jdql("WHERE country = 'JP' AND LENGTH(name) > 3").allowScan().explain();
    assertTrue(explained.contains("checks on each: length(name) > 3"), explained);
  }
}
