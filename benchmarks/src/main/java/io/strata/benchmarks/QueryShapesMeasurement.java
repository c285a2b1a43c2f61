package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import io.strata.Continuation;
import io.strata.Restrict;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.testkit.Cities;
import io.strata.testkit.Cities.City;
import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What each query shape reads, in both repository dialects, on the GeoNames cities500 places (199,568 rows, a composite
 * index {@code (country, population)} and an index on the population): per shape, the results, the keys and bytes read
 * and the reads (all, and sequential) one call costs, from {@link EngineStats} at a simulated 1 ms round trip (the
 * sequential count needs one; the others do not depend on it). Each call runs once untimed first (a repository reads
 * its indexes' state once), then once measured. The "before" record of issue 38 ("reads no larger than the answer"),
 * in benchmarks/README.md; it asserts nothing, so the planner may change what every shape reads. Run:
 * {@code java -Dstrata.data.dir=../shared/data -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.QueryShapesMeasurement}.
 */
public final class QueryShapesMeasurement {
  /** A country with many places (their order and pages), one with few (the equality and the union), and a name. */
  private static final String MANY = "US";
  private static final String FEW = "IS";
  private static final String NAME = "Springfield";
  /** The population of the places GeoNames records none for: the largest places up to it all tie. */
  private static final long TIED = 0;

  private QueryShapesMeasurement() {}

  public static void main(String[] args) {
    List<City> cities = Cities.load();
    long latency = Long.getLong("strata.latencyMillis", 1);
    try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(latency)).open()) {
      SettlementRepository rows = new SettlementRepository(db);
      for (int from = 0; from < cities.size(); from += 500) {
        List<Settlement> batch = cities.subList(from, Math.min(cities.size(), from + 500)).stream()
            .map(c -> new Settlement(c.id(), c.name(), c.country(), c.population())).toList();
        rows.saveAll(batch);
      }
      SettlementQueries strata = new SettlementQueriesImpl(db);
      SettlementAtlas jakarta = new SettlementAtlasImpl(db);
      long any = cities.get(cities.size() / 2).id();
      List<Settlement> smallest = strata.findTop5ByCountryOrderByPopulationAsc(MANY);
      long ties = strata.findByCountry(MANY).stream().filter(s -> s.population() == smallest.get(4).population()).count();
      long atTied = strata.findByCountry(MANY).stream().filter(s -> s.population() == TIED).count();
      System.out.println(cities.size() + " places; " + MANY + " has " + strata.countByCountry(MANY) + ", " + FEW + " has "
          + strata.countByCountry(FEW) + ", " + ties + " of " + MANY + "'s places have the population of its 5th smallest ("
          + smallest.get(4).population() + "), " + atTied + " have " + TIED + " people; simulated round trip " + latency + " ms; mapped range reads on");
      System.out.println();
      System.out.println("| query shape | dialect | method | results | keys read | bytes read | reads | sequential |");
      System.out.println("|---|---|---|---|---|---|---|---|");
      Continuation page1 = strata.findByCountryOrderByPopulationDesc(MANY, 10, null).next().orElseThrow();
      CursoredPage<Settlement> cursor1 = jakarta.pagesOfCountry(MANY, PageRequest.ofSize(10));
      Continuation union1 = rows.where(Restrict.any(_Settlement.country.equalTo(FEW), _Settlement.population.greaterThan(5_000_000L)))
          .orderBy(_Settlement.population.desc()).page(10, null).next().orElseThrow();
      List<Shape> shapes = List.of(
          new Shape("by id", "Strata", "findById", () -> strata.findById(any)),
          new Shape("by id", "Jakarta", "findById", () -> jakarta.findById(any)),
          new Shape("equality on an index prefix (" + FEW + ")", "Strata", "findByCountry", () -> strata.findByCountry(FEW)),
          new Shape("equality on an index prefix (" + FEW + ")", "Jakarta", "findByCountry", () -> jakarta.findByCountry(FEW)),
          new Shape("range on an index (1-2 million people)", "Strata", "findByPopulationBetween",
              () -> strata.findByPopulationBetween(1_000_000, 2_000_000)),
          new Shape("range on an index (1-2 million people)", "Jakarta", "findByPopulationBetween",
              () -> jakarta.findByPopulationBetween(1_000_000, 2_000_000)),
          new Shape("order + limit 5 on an index order (" + MANY + ")", "Strata", "findTop5ByCountryOrderByPopulationDesc",
              () -> strata.findTop5ByCountryOrderByPopulationDesc(MANY)),
          new Shape("order + limit 5 on an index order (" + MANY + ")", "Jakarta", "findByCountryOrderByPopulationDesc(c, Limit.of(5))",
              () -> jakarta.findByCountryOrderByPopulationDesc(MANY, Limit.of(5))),
          new Shape("order + limit 5 on an index order, ascending: the smallest places, many tied (" + MANY + ")", "Strata",
              "findTop5ByCountryOrderByPopulationAsc", () -> strata.findTop5ByCountryOrderByPopulationAsc(MANY)),
          new Shape("order + limit 5 on an index order, ascending: the smallest places, many tied (" + MANY + ")", "Jakarta",
              "findByCountryOrderByPopulationAsc(c, Limit.of(5))", () -> jakarta.findByCountryOrderByPopulationAsc(MANY, Limit.of(5))),
          new Shape("order + limit 5 on an index order after a range, largest first, all tied (" + MANY + ", at most " + TIED + " people)",
              "Strata", "findTop5ByCountryAndPopulationLessThanEqualOrderByPopulationDesc",
              () -> strata.findTop5ByCountryAndPopulationLessThanEqualOrderByPopulationDesc(MANY, TIED)),
          new Shape("order + limit 5 on an index order after a range, largest first, all tied (" + MANY + ", at most " + TIED + " people)",
              "Jakarta", "findByCountryAndPopulationLessThanEqualOrderByPopulationDesc(c, max, Limit.of(5))",
              () -> jakarta.findByCountryAndPopulationLessThanEqualOrderByPopulationDesc(MANY, TIED, Limit.of(5))),
          new Shape("page 2 of an offset page of 10, with totals (" + MANY + ")", "Jakarta", "inCountry(c, PageRequest.ofPage(2, 10, true))",
              () -> jakarta.inCountry(MANY, PageRequest.ofPage(2, 10, true)).content()),
          new Shape("page 2 of an offset page of 10, no totals (" + MANY + ")", "Jakarta", "inCountry(c, PageRequest.ofPage(2, 10, false))",
              () -> jakarta.inCountry(MANY, PageRequest.ofPage(2, 10, false)).content()),
          new Shape("page 2 of a cursor/continuation page of 10 (" + MANY + ")", "Strata", "findByCountryOrderByPopulationDesc(c, 10, next)",
              () -> strata.findByCountryOrderByPopulationDesc(MANY, 10, page1).items()),
          new Shape("page 2 of a cursor/continuation page of 10 (" + MANY + ")", "Jakarta", "pagesOfCountry(c, page1.nextPageRequest())",
              () -> jakarta.pagesOfCountry(MANY, cursor1.nextPageRequest()).content()),
          new Shape("count on index keys (" + MANY + ")", "Strata", "countByCountry", () -> strata.countByCountry(MANY)),
          new Shape("count on index keys (" + MANY + ")", "Jakarta", "countByCountry", () -> jakarta.countByCountry(MANY)),
          new Shape("exists (" + MANY + ")", "Strata", "existsByCountry", () -> strata.existsByCountry(MANY)),
          new Shape("exists (" + MANY + ")", "Jakarta", "existsByCountry", () -> jakarta.existsByCountry(MANY)),
          new Shape("all rows, filtered (name = " + NAME + ")", "Strata", "@AllowFiltering findByName", () -> strata.findByName(NAME)),
          new Shape("all rows, filtered (name = " + NAME + ")", "Jakarta", "findByName (warned: no index)", () -> jakarta.findByName(NAME)),
          new Shape("union: Or of two indexed conditions (" + FEW + " or over 5 million people)", "Strata",
              "findByCountryOrPopulationGreaterThan", () -> strata.findByCountryOrPopulationGreaterThan(FEW, 5_000_000)),
          new Shape("union: Or of two indexed conditions (" + FEW + " or over 5 million people)", "Jakarta",
              "findByCountryOrPopulationGreaterThan", () -> jakarta.findByCountryOrPopulationGreaterThan(FEW, 5_000_000)),
          new Shape("limit 5, no order (" + MANY + ")", "Jakarta", "someOfCountry(c, Limit.of(5))",
              () -> jakarta.someOfCountry(MANY, Limit.of(5))),
          new Shape("limit 5, no order (" + MANY + ")", "run time", "where(country = c).limit(5).list()",
              () -> rows.where(_Settlement.country.equalTo(MANY)).limit(5).list()),
          new Shape("union in an order, limit 5 (" + MANY + " or over 5 million people, largest first)", "Jakarta",
              "findByCountryOrPopulationGreaterThanOrderByPopulationDesc(c, min, Limit.of(5))",
              () -> jakarta.findByCountryOrPopulationGreaterThanOrderByPopulationDesc(MANY, 5_000_000, Limit.of(5))),
          new Shape("page 2 of 10 of a union in an order (" + FEW + " or over 5 million people, largest first)", "run time",
              "where(any(country = c, population > min)).orderBy(population desc).page(10, next)",
              () -> rows.where(Restrict.any(_Settlement.country.equalTo(FEW), _Settlement.population.greaterThan(5_000_000L)))
                  .orderBy(_Settlement.population.desc()).page(10, union1).items()),
          new Shape("limit 5 over an index with a residual condition (" + MANY + ", name starting with Spr)", "Strata",
              "@AllowFiltering findTop5ByCountryAndNameStartingWith", () -> strata.findTop5ByCountryAndNameStartingWith(MANY, "Spr")),
          new Shape("exists over an index with a residual condition (" + MANY + ", name starting with Spr)", "Strata",
              "@AllowFiltering existsByCountryAndNameStartingWith", () -> strata.existsByCountryAndNameStartingWith(MANY, "Spr")),
          new Shape("exists over an index with a residual condition (" + MANY + ", name starting with Spr)", "Jakarta",
              "existsByCountryAndNameStartsWith", () -> jakarta.existsByCountryAndNameStartsWith(MANY, "Spr")),
          new Shape("exists over an index with a residual condition (" + MANY + ", name starting with Spr)", "run time",
              "where(all(country = c, name startsWith p)).allowScan().exists()",
              () -> rows.where(Restrict.all(_Settlement.country.equalTo(MANY), _Settlement.name.startsWith("Spr"))).allowScan().exists()));
      for (Shape s : shapes) {
        s.query().get(); // untimed first call: reads the repository's index states
        EngineStats before = EmbeddedFdb.stats(db);
        Object result = s.query().get();
        EngineStats cost = EmbeddedFdb.stats(db).since(before);
        System.out.printf("| %s | %s | `%s` | %s | %,d | %,d | %,d | %,d |%n", s.shape(), s.dialect(), s.method(), results(result),
            cost.keysRead(), cost.bytesRead(), cost.readRoundTrips(), cost.sequentialRoundTrips());
      }
    }
  }

  /** One query shape in one dialect: the call measured. */
  private record Shape(String shape, String dialect, String method, Supplier<Object> query) {}

  /** How many results {@code result} holds (a count or a test: its value). */
  private static String results(Object result) {
    if (result instanceof Collection<?> c) {
      return String.valueOf(c.size());
    }
    if (result instanceof Optional<?> o) {
      return o.isPresent() ? "1" : "0";
    }
    return String.valueOf(result);
  }
}
