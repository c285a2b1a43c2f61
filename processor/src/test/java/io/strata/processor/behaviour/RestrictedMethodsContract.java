package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.Finder;
import io.strata.Page;
import io.strata.QueryNotServedException;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.queries.RestrictedTowns;
import io.strata.processor.fixtures.queries.RestrictedTownsImpl;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownRepository;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import io.strata.processor.fixtures.queries._Town;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A declared method taking a {@code Restriction<Town>} ({@link RestrictedTowns}) answers, and reads the keys of, the
 * same query written as {@code where(Restrict.all(<the method's conditions>, restriction))} with the method's order and
 * limit; with {@code Restrict.unrestricted()} it is the method's own query, as the method without the parameter
 * ({@link Towns}) reads it.
 */
public abstract class RestrictedMethodsContract extends BackendContract {
  private static final List<Town> TOWNS = TownData.towns(400);
  private static final Restriction<Town> BIG = _Town.population.greaterThan(500L);

  private final KeyCounter counter = new KeyCounter();
  private RestrictedTowns restricted;
  private TownRepository repository;
  private Towns towns;

  @BeforeEach
  void saveTowns() {
    Database counted = counter.wrap(db);
    restricted = new RestrictedTownsImpl(counted);
    repository = new TownRepository(counted);
    towns = new TownsImpl(counted);
    towns.saveAll(TOWNS);
    counter.reset();
  }

  /** Asserts that {@code declared} and {@code written} give equal results, reading the same index entries and rows. */
  private void sameAnswerAndKeys(Supplier<?> declared, Supplier<?> written) {
    List<Object> answers = new ArrayList<>();
    List<Long> keys = new ArrayList<>();
    for (Supplier<?> read : List.of(declared, written)) {
      counter.reset();
      Object answer = read.get();
      answers.add(answer instanceof java.util.stream.Stream<?> s ? s.toList() : answer);
      keys.add(counter.keys("I"));
      keys.add(counter.keys("R"));
    }
    assertEquals(answers.get(1), answers.get(0));
    assertEquals(keys.subList(2, 4), keys.subList(0, 2), "index entries and rows read");
  }

  private Finder<Town> where(Restriction<Town> r) {
    return repository.where(r);
  }

  @Test
  void aListMethodReadsWhatTheSameWhereReads() {
    sameAnswerAndKeys(() -> restricted.findByCountry("JP", BIG),
        () -> where(Restrict.all(_Town.country.equalTo("JP"), BIG)).list());
    Restriction<Town> small = _Town.population.lessThan(800L);
    sameAnswerAndKeys(() -> restricted.findTop5ByCountryOrderByPopulationDesc("FR", small),
        () -> where(Restrict.all(_Town.country.equalTo("FR"), small)).orderBy(_Town.population.desc()).limit(5).list());
    sameAnswerAndKeys(() -> restricted.findTop10ByOrderByPopulationDesc(BIG),
        () -> where(BIG).orderBy(_Town.population.desc()).limit(10).list());
    sameAnswerAndKeys(() -> restricted.findByCountryOrNameStartingWith("DE", "Port-1", Restrict.unrestricted()),
        () -> where(Restrict.any(_Town.country.equalTo("DE"), _Town.name.startsWith("Port-1"))).list());
    assertEquals(TownData.where(TOWNS, t -> t.country().equals("JP") && t.population() > 500),
        TownData.where(restricted.findByCountry("JP", BIG), t -> true));
  }

  @Test
  void everyResultShapeReadsWhatTheSameWhereReads() {
    sameAnswerAndKeys(() -> restricted.streamByCountry(BIG, "US"), () -> where(Restrict.all(_Town.country.equalTo("US"), BIG)).stream());
    sameAnswerAndKeys(() -> restricted.findFirstByCountryOrderByPopulationDesc("JP", _Town.population.lessThan(800L)),
        () -> where(Restrict.all(_Town.country.equalTo("JP"), _Town.population.lessThan(800L))).orderBy(_Town.population.desc())
            .first());
    sameAnswerAndKeys(() -> restricted.findByCode("C12", Restrict.unrestricted()), () -> towns.findByCode("C12"));
    assertEquals(TOWNS.get(12), restricted.getByCode("C12", Restrict.unrestricted()));
    sameAnswerAndKeys(() -> restricted.countByCountry("JP", BIG), () -> where(Restrict.all(_Town.country.equalTo("JP"), BIG)).count());
    sameAnswerAndKeys(() -> restricted.countByCapitalTrue(Restrict.unrestricted()), () -> towns.countByCapitalTrue());
    sameAnswerAndKeys(() -> restricted.existsByCountryAndPopulationGreaterThan("JP", 900, _Town.population.lessThan(950L)),
        () -> where(Restrict.all(_Town.country.equalTo("JP"), _Town.population.greaterThan(900L), _Town.population.lessThan(950L)))
            .exists());
    sameAnswerAndKeys(() -> restricted.findByCountry("JP", BIG, 7, null).items(),
        () -> where(Restrict.all(_Town.country.equalTo("JP"), BIG)).page(7, null).items());
  }

  @Test
  void pagesOfARestrictedMethodCoverEveryMatchOnce() {
    List<Town> seen = new ArrayList<>();
    Page<Town> page = restricted.findByCountry("FR", BIG, 6, null);
    seen.addAll(page.items());
    while (page.next().isPresent()) {
      page = restricted.findByCountry("FR", BIG, 6, page.next().get());
      seen.addAll(page.items());
    }
    assertEquals(TownData.where(TOWNS, t -> t.country().equals("FR") && t.population() > 500), TownData.where(seen, t -> true));
    assertEquals(seen.size(), seen.stream().distinct().count());
  }

  @Test
  void anUnrestrictedRestrictionIsTheMethodsOwnQuery() {
    sameAnswerAndKeys(() -> restricted.findTop5ByCountryOrderByPopulationDesc("JP", Restrict.unrestricted()),
        () -> towns.findTop5ByCountryOrderByPopulationDesc("JP"));
    sameAnswerAndKeys(() -> restricted.countByCountry("DE", Restrict.all()), () -> towns.countByCountry("DE"));
  }

  @Test
  void aNullRestrictionIsRefusedNamingTheParameter() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> restricted.findByCountry("JP", null));
    assertEquals("findByCountry: parameter 'where' is null; pass Restrict.unrestricted() for the method's own query alone",
        e.getMessage());
  }

  @Test
  void aNullValueOfTheMethodsOwnParametersIsRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> restricted.countByCountry(null, BIG));
    assertTrue(e.getMessage().startsWith("countByCountry: parameter 'country' is null"), e.getMessage());
  }

  @Test
  void aQueryNoIndexNarrowsIsRefusedUnlessTheMethodAllowsFiltering() {
    QueryNotServedException refused = assertThrows(QueryNotServedException.class,
        () -> restricted.findByOrderByIdDesc(Restrict.not(BIG)));
    assertTrue(refused.getMessage().contains("Town"), refused.getMessage());
    assertThrows(QueryNotServedException.class, () -> restricted.findByCapital(true, Restrict.not(BIG)));
    sameAnswerAndKeys(() -> restricted.findByCapital(true, Restrict.unrestricted()), () -> where(_Town.capital.equalTo(true)).list());
    sameAnswerAndKeys(() -> restricted.readByCapital(true, Restrict.not(BIG)),
        () -> where(Restrict.all(_Town.capital.equalTo(true), Restrict.not(BIG))).allowScan().list());
    assertEquals(TownData.where(TOWNS, t -> t.capital() && t.population() <= 500),
        TownData.where(restricted.readByCapital(true, Restrict.not(BIG)), t -> true));
  }
}
