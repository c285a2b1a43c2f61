package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.processor.fixtures.queries.Reading;
import io.strata.processor.fixtures.queries.ReadingRepository;
import io.strata.processor.fixtures.queries.Readings;
import io.strata.processor.fixtures.queries.ReadingsImpl;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every declared query equals a brute-force filter over all rows, for random data and arguments, over two
 * entities and their composite, covering, unique, boolean, date, decimal, enum and Optional indexes.
 */
class DeclaredQueriesPropertiesTest {
  private static final List<String> COUNTRIES = List.of("A", "B", "C");
  private static final List<String> SENSORS = List.of("s1", "s2", "s3");
  private static final Comparator<Town> BY_POPULATION = Comparator.comparingLong(Town::population).thenComparingLong(Town::id);

  @Provide
  Arbitrary<List<Town>> towns() {
    Arbitrary<Town> town = Combinators.combine(
        Arbitraries.longs().between(0, 60),
        Arbitraries.of("Ab", "Abc", "B", "Ba", "Bab", "C"),
        Arbitraries.of(COUNTRIES),
        Arbitraries.longs().between(0, 20),
        Arbitraries.of(true, false),
        Arbitraries.integers().between(0, 20_000)).as((id, name, country, population, capital, days) ->
            new Town(id, name + id, country, population, capital, "K" + id, LocalDate.of(1950, 1, 1).plusDays(days), null));
    return town.list().ofMaxSize(40).uniqueElements(Town::id);
  }

  private static <T> List<T> brute(List<T> all, Predicate<T> test, Comparator<T> order) {
    return all.stream().filter(test).sorted(order).toList();
  }

  private static <T, K extends Comparable<K>> Set<K> keys(List<T> items, Function<T, K> key) {
    return Set.copyOf(items.stream().map(key).toList());
  }

  @Property(tries = 40)
  void townQueriesEqualBruteForce(@ForAll("towns") List<Town> all, @ForAll("country") String country, @ForAll("bound") long a,
      @ForAll("bound") long b, @ForAll("limited") int n) {
    try (Database db = EmbeddedFdb.open()) {
      Towns towns = new TownsImpl(db);
      towns.saveAll(all);
      Comparator<Town> byId = Comparator.comparingLong(Town::id);
      assertEquals(brute(all, t -> t.country().equals(country), BY_POPULATION.reversed()).stream().limit(5).toList(),
          towns.findTop5ByCountryOrderByPopulationDesc(country));
      assertEquals(brute(all, t -> t.country().equals(country) && t.population() >= a && t.population() <= b, BY_POPULATION),
          towns.findByCountryAndPopulationBetween(country, a, b));
      assertEquals(brute(all, t -> t.country().equals(country) && t.population() > a && t.population() <= b, BY_POPULATION),
          towns.findByCountryAndPopulationGreaterThanAndPopulationLessThanEqual(country, a, b));
      assertEquals(brute(all, t -> t.population() < a, BY_POPULATION), towns.findByPopulationLessThan(a));
      assertEquals(brute(all, t -> t.population() >= b, BY_POPULATION.reversed()), towns.findByPopulationGreaterThanEqualOrderByPopulationDesc(b));
      List<String> in = COUNTRIES.subList(0, (int) Math.floorMod(a, 3) + 1);
      assertEquals(brute(all, t -> in.contains(t.country()), BY_POPULATION.reversed()).stream().limit(3).toList(),
          towns.findTop3ByCountryInOrderByPopulationDesc(in));
      assertEquals(brute(all, t -> in.contains(t.country()), BY_POPULATION.reversed()),
          Pages.all(after -> towns.queryByCountryInOrderByPopulationDesc(in, n, after)));
      String prefix = List.of("A", "Ab", "Abc", "B", "Ba", "C", "Z").get((int) Math.floorMod(b, 7));
      assertEquals(keys(brute(all, t -> t.name().startsWith(prefix), byId), Town::id), keys(towns.findByNameStartingWith(prefix), Town::id));
      assertEquals(all.stream().filter(t -> t.country().equals(country)).count(), towns.countByCountry(country));
      assertEquals(all.stream().anyMatch(t -> t.country().equals(country) && t.population() > a),
          towns.existsByCountryAndPopulationGreaterThan(country, a));
      assertEquals(keys(brute(all, t -> t.country().equals(country) || t.name().startsWith(prefix), byId), Town::id),
          keys(towns.findByCountryOrNameStartingWith(country, prefix), Town::id));
      assertEquals(brute(all, t -> t.country().equals(country) || t.population() > a, BY_POPULATION.reversed()).stream().limit(4).toList(),
          towns.findTop4ByCountryOrPopulationGreaterThanOrderByPopulationDesc(country, a));
      LocalDate pivot = LocalDate.of(1950, 1, 1).plusDays(a * 1000);
      assertEquals(brute(all, t -> t.population() > b && t.founded().isBefore(pivot), BY_POPULATION).stream().limit(2).toList(),
          towns.findTop2ByPopulationGreaterThanAndFoundedBeforeOrderByPopulationAsc(b, pivot));
      assertEquals(keys(brute(all, t -> t.country().equals(country) && t.capital(), byId), Town::id),
          keys(towns.findByCountryAndCapital(country, true), Town::id));
      assertEquals(brute(all, t -> t.country().equals(country), BY_POPULATION),
          Pages.all(after -> towns.findByCountry(country, n, after)));
      assertEquals(brute(all, t -> true, BY_POPULATION.reversed()).stream().limit(10).toList(), towns.findTop10ByOrderByPopulationDesc());
      String code = "K" + Math.floorMod(a, 7);
      assertEquals(brute(all, t -> t.code().startsWith(code), Comparator.comparing(Town::code).reversed()),
          Pages.all(after -> towns.findByCodeStartingWithOrderByCodeDesc(code, n, after)));
      assertEquals(brute(all, t -> t.id() > a && t.capital(), byId), towns.findByIdGreaterThanAndCapitalTrue(a));
      List<Long> someIds = List.of(b, a, b + 1, a * 2);
      assertEquals(all.stream().filter(t -> someIds.contains(t.id()) && t.capital()).count(), towns.countByIdInAndCapitalTrue(someIds));
      assertEquals(brute(all, t -> t.id() < b * 3, byId), Pages.all(after -> towns.findByIdLessThan(b * 3, n, after)));
      long deleted = towns.deleteByCountry(country);
      assertEquals(all.stream().filter(t -> t.country().equals(country)).count(), deleted);
      assertEquals(all.size() - deleted, towns.count());
    }
  }

  @Provide
  Arbitrary<String> country() {
    return Arbitraries.of(COUNTRIES);
  }

  @Provide
  Arbitrary<Long> bound() {
    return Arbitraries.longs().between(-1, 21);
  }

  @Provide
  Arbitrary<Integer> limited() {
    return Arbitraries.integers().between(1, 7);
  }

  @Provide
  Arbitrary<List<Reading>> readings() {
    Arbitrary<BigDecimal> decimal = Combinators.combine(Arbitraries.integers().between(-30, 30), Arbitraries.integers().between(0, 2))
        .as((unscaled, scale) -> BigDecimal.valueOf(unscaled).setScale(scale).divide(BigDecimal.TEN));
    Arbitrary<Reading> reading = Combinators.combine(
        Arbitraries.strings().withCharRange('a', 'f').ofMinLength(1).ofMaxLength(3),
        Arbitraries.of(SENSORS),
        Arbitraries.longs().between(0, 50),
        decimal,
        Arbitraries.of(Reading.Level.class),
        Arbitraries.of("", "x", "xy", "y").optional()).as((id, sensor, second, value, level, note) ->
            new Reading(id, sensor, Instant.ofEpochSecond(1_000_000 + second), value, level, note));
    return reading.list().ofMaxSize(30).uniqueElements(Reading::id);
  }

  @Property(tries = 40)
  void readingQueriesEqualBruteForce(@ForAll("readings") List<Reading> all, @ForAll("bound") long a, @ForAll("bound") long b,
      @ForAll("limited") int n) {
    try (Database db = EmbeddedFdb.open()) {
      new ReadingRepository(db).saveAll(all);
      Readings readings = new ReadingsImpl(db);
      String sensor = SENSORS.get((int) Math.floorMod(a, 3));
      Instant from = Instant.ofEpochSecond(1_000_000 + a * 2);
      Instant to = Instant.ofEpochSecond(1_000_000 + b * 2);
      Comparator<Reading> byAt = Comparator.comparing(Reading::at).thenComparing(Reading::id);
      assertEquals(brute(all, r -> r.sensor().equals(sensor) && !r.at().isBefore(from) && !r.at().isAfter(to), byAt),
          readings.findBySensorAndAtBetween(sensor, from, to));
      assertEquals(brute(all, r -> r.sensor().equals(sensor), byAt.reversed()).stream().limit(3).toList(),
          readings.findTop3BySensorOrderByAtDesc(sensor));
      List<String> in = SENSORS.subList(0, (int) Math.floorMod(b, 3) + 1);
      assertEquals(Set.copyOf(brute(all, r -> in.contains(r.sensor()) && r.at().isAfter(from), byAt)),
          Set.copyOf(readings.findBySensorInAndAtAfter(in, from)));
      BigDecimal pivot = BigDecimal.valueOf(a - 10, 1).setScale((int) Math.floorMod(b, 3) + 1);
      Comparator<Reading> byValue = Comparator.comparing(Reading::value).thenComparing(r -> r.value().scale()).thenComparing(Reading::id);
      for (Reading.Level level : Reading.Level.values()) {
        assertEquals(Set.copyOf(brute(all, r -> r.level() == level && r.value().compareTo(pivot) >= 0, byValue)),
            Set.copyOf(readings.findByLevelAndValueGreaterThanEqual(level, pivot)));
        assertEquals(Set.copyOf(brute(all, r -> r.level() == level && r.value().compareTo(pivot) <= 0, byValue)),
            Set.copyOf(readings.findByLevelAndValueLessThanEqual(level, pivot)));
        assertEquals(Set.copyOf(brute(all, r -> r.level() == level && r.value().compareTo(pivot) < 0, byValue)),
            Set.copyOf(readings.findByLevelAndValueLessThan(level, pivot)));
        assertEquals(all.stream().filter(r -> r.level() == level).count(), readings.countByLevel(level));
      }
      String prefix = List.of("", "x", "xy", "y").get((int) Math.floorMod(a, 4));
      assertEquals(Set.copyOf(brute(all, r -> r.note().map(s -> s.startsWith(prefix)).orElse(false), byAt)),
          Set.copyOf(readings.findByNoteStartingWith(prefix)));
      assertEquals(brute(all, r -> r.sensor().equals(sensor), byAt), Pages.all(after -> readings.findBySensorOrderByAtAsc(sensor, n, after)));
      Comparator<Reading> bySensorAt = Comparator.comparing(Reading::sensor).thenComparing(byAt);
      assertEquals(brute(all, r -> in.contains(r.sensor()), bySensorAt.reversed()),
          Pages.all(after -> readings.findBySensorInOrderBySensorDescAtDesc(in, n, after)));
      try (Stream<Instant> ats = readings.streamAtBySensorInOrderByAtDesc(in)) {
        assertEquals(brute(all, r -> in.contains(r.sensor()), byAt.reversed()).stream().map(Reading::at).toList(), ats.toList());
      }
    }
  }
}
