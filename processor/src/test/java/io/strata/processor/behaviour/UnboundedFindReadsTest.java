package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownsImpl;
import io.strata.query.CandidateReads;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A Strata find of every match with no transaction given reads in batches of {@link CandidateReads#BATCH}, each its own
 * read transaction at one shared read version, so that a list of any size returns (in one transaction it would fail past
 * FoundationDB's five seconds, and the retry loop would retry it for ever); given a transaction, it reads in that one.
 * Counted on the embedded engine's statistics, never on the clock.
 */
class UnboundedFindReadsTest {
  /** More than two batches. */
  private static final int IN_FRANCE = 2 * CandidateReads.BATCH + 345;

  private Database db;
  private TownsImpl towns;
  private List<Town> all;

  @BeforeEach
  void saveTowns() {
    db = EmbeddedFdb.open();
    towns = new TownsImpl(db);
    all = IntStream.rangeClosed(1, IN_FRANCE).mapToObj(UnboundedFindReadsTest::town).toList();
    towns.saveAll(all);
    towns.saveAll(List.of(new Town(IN_FRANCE + 1, "elsewhere", "DE", 5, false, "d1", LocalDate.of(2000, 1, 1), null)));
    towns.findTop5ByCountryOrderByPopulationDesc("FR"); // the index's state, read once per repository
  }

  @AfterEach
  void close() {
    db.close();
  }

  private static Town town(int id) {
    return new Town(id, "t" + id, "FR", IN_FRANCE - id, false, "c" + id, LocalDate.of(2000, 1, 1), null);
  }

  @Test
  void aListOfEveryMatchReadsItsBatchesAtOneReadVersion() {
    EngineStats before = EmbeddedFdb.stats(db);
    try (Transaction tr = db.createTransaction()) {
      assertEquals(IN_FRANCE, towns.findByCountry(tr, "FR").size());
    }
    EngineStats inOne = EmbeddedFdb.stats(db).since(before);
    before = EmbeddedFdb.stats(db);
    List<Town> read = towns.findByCountryOrderByPopulationAsc("FR");
    EngineStats stats = EmbeddedFdb.stats(db).since(before);
    List<Town> byPopulation = new ArrayList<>(all);
    Collections.reverse(byPopulation);
    assertEquals(byPopulation, read);
    assertEquals(3, stats.readRoundTrips(), "three batches, each one mapped range read of entries and rows: " + stats);
    assertEquals(1, stats.readVersionRoundTrips(), "one read version for every batch: " + stats);
    assertEquals(inOne.keysRead(), stats.keysRead(), "each entry and its row once, as the one range read in a transaction: " + stats);
    assertEquals(1, inOne.readRoundTrips(), "given a transaction, one range read: " + inOne);
    List<String> names = towns.findNameByCountry("FR");
    assertEquals(IN_FRANCE, names.size());
  }

  @Test
  void aListOfValuesReadFromIndexKeysReadsItsBatchesAtOneReadVersion() {
    EngineStats before = EmbeddedFdb.stats(db);
    List<Long> ids = towns.findIdByCountryOrderByPopulationDesc("FR");
    EngineStats stats = EmbeddedFdb.stats(db).since(before);
    // populations fall as ids rise: the largest population first is the smallest id first
    assertEquals(all.stream().map(Town::id).toList(), ids);
    assertEquals(3, stats.readRoundTrips(), "three batches of index keys, no row: " + stats);
    assertEquals(1, stats.readVersionRoundTrips(), "one read version for every batch: " + stats);
    assertEquals(IN_FRANCE + 2, stats.keysRead(), "each key once, and one past each full batch to tell it was not the last: " + stats);
  }

  @Test
  void aListGivenATransactionReadsInItAtItsReadVersion() {
    try (Transaction tr = db.createTransaction()) {
      tr.getReadVersion().join();
      towns.saveAll(List.of(new Town(IN_FRANCE + 2, "new", "FR", -1, false, "n1", LocalDate.of(2001, 1, 1), null)));
      EngineStats before = EmbeddedFdb.stats(db);
      List<Town> read = towns.findByCountry(tr, "FR");
      EngineStats stats = EmbeddedFdb.stats(db).since(before);
      assertEquals(IN_FRANCE, read.size(), "the caller's transaction does not see what committed after its read version");
      assertEquals(1, stats.readRoundTrips(), "in the caller's transaction, one range read: " + stats);
      assertEquals(0, stats.readVersionRoundTrips(), "at the caller's read version: " + stats);
    }
    assertEquals(IN_FRANCE + 1, towns.findNameByCountry("FR").size(), "a find of its own reads at a new version");
  }
}
