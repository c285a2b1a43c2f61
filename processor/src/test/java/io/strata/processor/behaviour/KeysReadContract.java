package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.GeoPoint;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Declared queries read only what their plan says: top-N, reverse scans, {@code In} with {@code TopN} and
 * prefix ranges stop early, counted in keys through {@link KeyCounter}.
 */
public abstract class KeysReadContract extends BackendContract {
  /** A Town row: one packed key (LAYOUTS.md), or a key per non-null field, 8, when stored a key per field. */
  private static final int ROW_KEYS = FixtureRows.keys(8);
  private static final List<Town> TOWNS = TownData.towns(400);

  private final KeyCounter counter = new KeyCounter();
  private Towns towns;

  @BeforeEach
  void saveTownsThenCount() {
    towns = new TownsImpl(counter.wrap(db));
    towns.saveAll(TOWNS);
    counter.reset();
  }

  @Test
  void topNReadsNIndexKeysAndNRows() {
    assertEquals(5, towns.findTop5ByCountryOrderByPopulationDesc("JP").size());
    assertEquals(5, counter.keys("I"));
    assertEquals(5 * ROW_KEYS, counter.keys("R"));
  }

  @Test
  void aReverseScanForTheFirstReadsOneKey() {
    towns.findFirstByCountryOrderByPopulationDesc("FR");
    assertEquals(1, counter.keys("I"));
    assertEquals(ROW_KEYS, counter.keys("R"));
  }

  @Test
  void inWithTopNReadsAtMostNPerValue() {
    assertEquals(3, towns.findTop3ByCountryInOrderByPopulationDesc(List.of("JP", "FR", "US")).size());
    assertTrue(counter.keys("I") <= 9, "read " + counter.keys("I"));
    assertEquals(3 * ROW_KEYS, counter.keys("R"));
  }

  @Test
  void aTopNOrWhoseBranchFixesTheSortedPropertyReadsNKeysOfIt() {
    long tied = 2_000_000_000L;
    for (long id = 9001; id <= 9050; id++) {
      towns.save(new Town(id, "Tie" + id, "XX", tied, false, "X" + id, java.time.LocalDate.of(2000, 1, 1), new GeoPoint(1, 2)));
    }
    counter.reset();
    // the branch population = tied, read backwards (id descending, the union's order among the tied), stops at 2
    assertEquals(List.of(9050L, 9049L), towns.findTop2ByPopulationOrCountryOrderByPopulationDesc(tied, "YY").stream()
        .map(Town::id).toList());
    assertEquals(2, counter.keys("I"), "2 keys of the 50 tied and none of the empty country");
    assertEquals(2 * ROW_KEYS, counter.keys("R"));
  }

  @Test
  void startingWithReadsOnlyTheMatchingEntries() {
    long matching = TOWNS.stream().filter(t -> t.name().startsWith("San-1")).count();
    assertEquals(matching, towns.findByNameStartingWith("San-1").size());
    assertEquals(matching, counter.keys("I"));
  }

  @Test
  void countsAndKeyProjectionsReadNoRows() {
    long jp = towns.countByCountry("JP");
    assertEquals(jp, counter.keys("I"));
    towns.findIdByCountryOrderByPopulationDesc("JP");
    towns.existsByCountryAndPopulationGreaterThan("JP", 10);
    assertEquals(0, counter.keys("R"));
  }

  @Test
  void existsReadsOneKey() {
    towns.existsByCountryAndPopulationGreaterThan("JP", 10);
    assertEquals(1, counter.keys("I"));
  }

  @Test
  void aPageReadsItsLimitPlusOneEntriesWithTheirRowsInOneMappedRead() {
    assertEquals(4, towns.findByCountry("JP", 4, null).items().size());
    assertEquals(5, counter.keys("I"));
    // the entry past the page tells it is not the last; its row comes along in the same mapped range read
    assertEquals(5 * ROW_KEYS, counter.keys("R"));
  }

  @Test
  void emptyInAndInvertedBetweenReadNothing() {
    towns.findTop3ByCountryInOrderByPopulationDesc(List.of());
    towns.findByCountryAndPopulationBetween("JP", 10, 5);
    assertEquals(0, counter.keys("I"));
    assertEquals(0, counter.keys("R"));
  }

  @Test
  void aUniqueLookupReadsOneEntryAndOneRow() {
    towns.findByCode("C42");
    assertEquals(1, counter.keys("U"));
    assertEquals(ROW_KEYS, counter.keys("R"));
  }
}
