package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.Gadgets;
import io.strata.processor.fixtures.jakarta.GadgetsImpl;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.page.PageRequest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Issue 38's "reads no larger than the answer" on generated Jakarta Data code: a limit in an order an index's keys
 * hold ({@code byColorSize}: color, then size, then id) reads as many index entries as results and the row of each,
 * in one mapped range read, in either direction, when the sizes differ and when every one ties (ties are decided on
 * the keys, which hold the id). Deterministic counts from {@link EmbeddedFdb#stats} (embedded only), on
 * {@code Gadgets.largest} ({@code @Find @OrderBy(size, descending) ... Limit}: the shape of the issue's
 * {@code findByAuthorOrderByYearDesc(author, Limit.of(5))}) and {@code findFirst4ByColorOrderByColorAscSizeAsc}. With no
 * order at all, a limit and an offset page read the index's first entries and their rows the same way, and the results
 * are those first in the keys' order ({@code firstInColor}, {@code pageInColor} given an empty order): before, every match
 * was read and sorted by id. An {@code Or} one of whose branches fixes the sorted property by equality reads that
 * branch's ties by id in the order's direction, no more of them than the limit keeps
 * ({@code findFirst4ByColorAndSizeOrKindOrderBySizeDesc}): before, the whole branch.
 */
class JakartaLimitReadsTest {
  private static final int GADGETS = 60;

  private record Cost(List<Long> ids, EngineStats stats, long rowKeys) {}

  /** {@code read} over {@link #GADGETS} gadgets of three colors sized by {@code size}, its results and its cost. */
  private static Cost cost(IntUnaryOperator size, Function<Gadgets, List<Gadget>> read) {
    try (Database db = EmbeddedFdb.open()) {
      Gadgets gadgets = new GadgetsImpl(db);
      List<Gadget> all = new ArrayList<>();
      for (int i = 1; i <= GADGETS; i++) {
        all.add(new Gadget(i, "g" + i, List.of("red", "green", "blue").get(i % 3), size.applyAsInt(i), null,
            Gadget.Kind.TOOL, true, i, i, BigDecimal.ONE));
      }
      gadgets.insertAll(all);
      read.apply(gadgets); // an index's state is read once per repository, then remembered: measure the steady state
      EngineStats before = EmbeddedFdb.stats(db);
      List<Long> ids = read.apply(gadgets).stream().map(g -> g.id).toList();
      EngineStats stats = EmbeddedFdb.stats(db).since(before);
      long rowKeys = db.read(tr -> tr.getRange(Tuple.from("Gadget", "R", 1L).range()).asList().join()).size();
      return new Cost(ids, stats, rowKeys);
    }
  }

  /** The red gadgets' ids as Jakarta Data orders them by size (then id, in the direction of the last sort). */
  private static List<Long> red(IntUnaryOperator size, boolean descending, int n) {
    Comparator<Long> order = Comparator.<Long>comparingInt(id -> size.applyAsInt(id.intValue())).thenComparing(id -> id);
    List<Long> ids = new ArrayList<>();
    for (long i = 1; i <= GADGETS; i++) {
      if (i % 3 == 0) {
        ids.add(i);
      }
    }
    return ids.stream().sorted(descending ? order.reversed() : order).limit(n).toList();
  }

  private static void assertOneReadOf(int results, Cost cost) {
    assertEquals(1, cost.stats().readRoundTrips(), "one mapped range read: the entries with their rows");
    assertEquals(results + results * cost.rowKeys(), cost.stats().keysRead(), "an entry and a row per result, no more");
  }

  @Test
  void limitFiveInADescendingIndexOrderReadsFiveEntriesAndFiveRowsInOneRead() {
    IntUnaryOperator size = i -> i;
    Cost cost = cost(size, g -> g.largest("red", Limit.of(5)));
    assertEquals(red(size, true, 5), cost.ids());
    assertOneReadOf(5, cost);
  }

  @Test
  void limitFiveInADescendingIndexOrderWhereEverySizeTiesReadsFiveEntriesAndFiveRowsInOneRead() {
    IntUnaryOperator size = i -> 7;
    Cost cost = cost(size, g -> g.largest("red", Limit.of(5)));
    assertEquals(red(size, true, 5), cost.ids());
    assertOneReadOf(5, cost);
  }

  @Test
  void limitFiveInNoOrderReadsTheFirstFiveEntriesAndTheirRowsInOneRead() {
    IntUnaryOperator size = i -> 100 - i;
    Cost cost = cost(size, g -> g.firstInColor("red", Limit.of(5), Order.by()));
    assertEquals(red(size, false, 5), cost.ids(), "the first five in the index's order: size, then id");
    assertOneReadOf(5, cost);
  }

  @Test
  void anOffsetPageInNoOrderReadsOnePastItsEndInOneRead() {
    IntUnaryOperator size = i -> i % 4;
    Cost cost = cost(size, g -> g.pageInColor("red", PageRequest.ofSize(4).withoutTotal()).content());
    assertEquals(red(size, false, 4), cost.ids(), "the first four in the index's order: size, then id");
    assertOneReadOf(5, cost);
  }

  @Test
  void firstFourOfAnOrWhoseBranchFixesTheSortedPropertyReadFourOfItsTiesByIdDescending() {
    IntUnaryOperator size = i -> 7;
    // every gadget is a TOOL: the kind branch finds none, the other holds 20 red gadgets of size 7, all tied on the order
    Cost cost = cost(size, g -> g.findFirst4ByColorAndSizeOrKindOrderBySizeDesc("red", 7, Gadget.Kind.TOY));
    assertEquals(red(size, true, 4), cost.ids(), "the ties by id, descending as the last sort");
    assertEquals(4 + 4 * cost.rowKeys(), cost.stats().keysRead(), "four entries of the tied branch and their rows, no more");
  }

  @Test
  void firstFourOfAnOrWhoseBranchesBothTieMergeByIdReadingAtMostFourOfEach() {
    IntUnaryOperator size = i -> 7;
    Cost cost = cost(size, g -> g.findFirst4ByColorAndSizeOrKindOrderBySizeDesc("red", 7, Gadget.Kind.TOOL));
    assertEquals(List.of(60L, 59L, 58L, 57L), cost.ids(), "every gadget ties on size: the greatest ids of either branch");
    assertTrue(cost.stats().keysRead() <= 2 * (4 + 4 * cost.rowKeys()),
        "at most four entries and rows of each branch, read " + cost.stats().keysRead());
  }

  @Test
  void firstFourInAnAscendingIndexOrderWhereEverySizeTiesReadsFourEntriesAndFourRowsInOneRead() {
    IntUnaryOperator size = i -> 7;
    Cost cost = cost(size, g -> g.findFirst4ByColorOrderByColorAscSizeAsc("red"));
    assertEquals(red(size, false, 4), cost.ids());
    assertOneReadOf(4, cost);
  }
}
