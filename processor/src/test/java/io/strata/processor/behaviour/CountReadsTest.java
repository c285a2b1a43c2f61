package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.GadgetsImpl;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownsImpl;
import java.time.LocalDate;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the one writer of count and exists bodies ({@code codegen/QueryBodies}) makes a method of either dialect read
 * when its index applies every condition: the index keys alone, and no row; for an {@code Or} of such branches, each
 * branch's keys, an entity counted once. Counted on the embedded engine's statistics, never on the clock.
 */
class CountReadsTest {
  private static final int GADGETS = 90;

  private Database db;
  private GadgetsImpl gadgets;

  @BeforeEach
  void saveGadgets() {
    db = EmbeddedFdb.open();
    gadgets = new GadgetsImpl(db);
    List<Gadget> saved = new ArrayList<>();
    for (int i = 1; i <= GADGETS; i++) {
      saved.add(new Gadget(i, "g" + i, List.of("red", "green", "blue").get(i % 3), i % 20, null, Gadget.Kind.TOOL, true, i, i,
          BigDecimal.ONE));
    }
    gadgets.insertAll(saved);
  }

  @AfterEach
  void close() {
    db.close();
  }

  /** The cost of {@code body} in the steady state (an index's state is read once per repository, then remembered). */
  private <T> EngineStats cost(Supplier<T> body, List<T> answer) {
    body.get();
    EngineStats before = EmbeddedFdb.stats(db);
    answer.add(body.get());
    return EmbeddedFdb.stats(db).since(before);
  }

  @Test
  void aCountWhoseIndexAppliesEveryConditionReadsOneKeyPerMatchInOneRead() {
    List<Long> count = new ArrayList<>();
    EngineStats stats = cost(() -> gadgets.countByColorAndSizeGreaterThan("red", 9), count);
    long expected = java.util.stream.IntStream.rangeClosed(1, GADGETS).filter(i -> i % 3 == 0 && i % 20 > 9).count();
    assertEquals(expected, count.get(0));
    assertEquals(expected, stats.keysRead(), "the matching index keys, no row: " + stats);
    assertEquals(1, stats.readRoundTrips(), "one range read: " + stats);
  }

  @Test
  void anExistsWhoseIndexAppliesEveryConditionReadsOneKey() {
    List<Boolean> found = new ArrayList<>();
    EngineStats stats = cost(() -> gadgets.existsByName("g7"), found);
    assertTrue(found.get(0));
    assertEquals(1, stats.keysRead(), "one index key, no row: " + stats);
    List<Boolean> missing = new ArrayList<>();
    EngineStats none = cost(() -> gadgets.existsByName("nope"), missing);
    assertFalse(missing.get(0));
    assertEquals(0, none.keysRead(), "no key: " + none);
  }

  @Test
  void aJakartaExistsCheckingAConditionOnRowsStopsAtTheFirstMatch() {
    long row = cost(() -> gadgets.findById(3L), new ArrayList<>()).keysRead(); // one row's keys (one when packed)
    List<Boolean> found = new ArrayList<>();
    EngineStats stats = cost(() -> gadgets.existsByColorAndKind("red", Gadget.Kind.TOOL), found);
    assertTrue(found.get(0));
    assertEquals(1 + row, stats.keysRead(), "the first red entry and its row, a tool: " + stats);
    assertEquals(1, stats.readRoundTrips(), "one read: " + stats);

    found.clear();
    stats = cost(() -> gadgets.existsByColorAndKind("red", Gadget.Kind.TOY), found);
    assertFalse(found.get(0));
    assertEquals(GADGETS / 3 * (1 + row), stats.keysRead(), "no toy: every red entry and row: " + stats);
  }

  @Test
  void aCountOfAnOrWhoseIndexesApplyEveryConditionReadsTheBranchesKeysAndCountsEachEntityOnce() {
    List<Long> count = new ArrayList<>();
    // g3 is red: both branches hold it
    EngineStats stats = cost(() -> gadgets.countByColorOrName("red", "g3"), count);
    long red = java.util.stream.IntStream.rangeClosed(1, GADGETS).filter(i -> i % 3 == 0).count();
    assertEquals(red, count.get(0));
    assertEquals(red + 1, stats.keysRead(), "the red entries and g3's name entry, no row: " + stats);
    assertEquals(red + 1, gadgets.countByColorOrName("red", "g4"), "g4 is green: counted once more");
  }

  @Test
  void anExistsOfAnOrWhoseIndexesApplyEveryConditionReadsAtMostOneKeyPerBranch() {
    List<Boolean> found = new ArrayList<>();
    EngineStats stats = cost(() -> gadgets.existsByColorOrName("purple", "g4"), found);
    assertTrue(found.get(0));
    assertEquals(1, stats.keysRead(), "no purple entry, then g4's name entry, no row: " + stats);
    assertFalse(gadgets.existsByColorOrName("purple", "nope"));
  }

  @Test
  void aStrataCountOrExistsOfAnOrWhoseIndexesApplyEveryConditionReadsOnlyTheBranchesKeys() {
    TownsImpl towns = new TownsImpl(db);
    for (int i = 1; i <= 30; i++) {
      towns.save(new Town(i, "t" + i, i % 2 == 0 ? "FR" : "JP", i, i % 5 == 0, "c" + i, LocalDate.of(2000, 1, 1), null));
    }
    List<Long> count = new ArrayList<>();
    EngineStats stats = cost(() -> towns.countByCountryOrCapitalTrue("FR"), count);
    // 15 in FR; capitals 5, 10, ..., 30, of which 10, 20, 30 are in FR
    assertEquals(18, count.get(0));
    assertEquals(15 + 6, stats.keysRead(), "the FR entries and the capitals' entries, no row: " + stats);

    List<Boolean> found = new ArrayList<>();
    stats = cost(() -> towns.existsByCountryOrCapitalTrue("DE"), found);
    assertTrue(found.get(0));
    assertEquals(1, stats.keysRead(), "no DE entry, then one capital's entry, no row: " + stats);
    towns.findByCapitalTrue().forEach(t -> towns.deleteById(t.id()));
    assertFalse(towns.existsByCountryOrCapitalTrue("DE"));
    assertTrue(towns.existsByCountryOrCapitalTrue("JP"));
  }

  @Test
  void aStrataExistsCheckingAConditionOnRowsStopsAtTheFirstMatch() {
    TownsImpl towns = new TownsImpl(db);
    // 300 capitals, every third in JP, the rest in FR; the capital index narrows, the country is checked on each row
    for (int i = 1; i <= 300; i++) {
      towns.save(new Town(i, "t" + i, i % 3 == 0 ? "JP" : "FR", i, true, "c" + i, LocalDate.of(2000, 1, 1), null));
    }
    long row = cost(() -> towns.findById(1L), new ArrayList<>()).keysRead(); // one row's keys (one when packed)
    List<Boolean> found = new ArrayList<>();
    EngineStats stats = cost(() -> towns.existsByCountryAndCapital("FR", true), found);
    assertTrue(found.get(0));
    assertEquals(1 + row, stats.keysRead(), "the first capital's entry and its row, which is in FR: " + stats);
    assertEquals(1, stats.readRoundTrips(), "one read: " + stats);

    found.clear();
    stats = cost(() -> towns.existsByCountryAndCapital("JP", true), found);
    assertTrue(found.get(0));
    assertEquals(3 * (1 + row), stats.keysRead(), "batches of 1 and 2 entries, with their rows, to reach town 3: " + stats);

    found.clear();
    stats = cost(() -> towns.existsByCountryAndCapital("DE", true), found);
    assertFalse(found.get(0));
    assertEquals(300 * (1 + row), stats.keysRead(), "no capital in DE: every capital's entry and row: " + stats);
    assertFalse(towns.existsByCountryAndCapital("FR", false));
  }
}
