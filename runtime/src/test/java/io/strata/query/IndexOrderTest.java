package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Which orders an index's keys serve ({@link IndexOrder#match}, {@link IndexOrder#reading}) and where a cursor lies
 * among them ({@link IndexOrder#position}), in the query model's sort keys; the reads themselves are tested through
 * Jakarta Data's repositories (jakarta-data's {@code IndexOrderTest}, {@code IndexOrderReadsTest}).
 */
class IndexOrderTest {
  private static final Predicate<Object> LOW = o -> true;
  private static final Predicate<Object> MIDDLE = o -> false;
  private static final ResultOrder<Object> VALUES = new ResultOrder<>(Semantics.JAKARTA, ValueOrder.KEYS, "id", p -> o -> null);
  private final IndexOrder<Object> byCount = IndexOrder.of(s -> IndexScan.of(s, "byCount"), 0)
      .key("count", ValueKind.LONG).key("id", ValueKind.STRING);

  private static SortKey asc(String field) {
    return new SortKey(field, false, false);
  }

  private static SortKey desc(String field) {
    return new SortKey(field, true, false);
  }

  private static IndexOrder<Object> counts() {
    return IndexOrder.of(s -> IndexScan.of(s, "byCount"), 0).key("count", ValueKind.LONG).key("id", ValueKind.STRING);
  }

  @Test
  void onlyOrdersOfTheIndexPropertiesInOneDirectionAreServed() {
    assertTrue(byCount.match(List.of(asc("count")), "id").isPresent());
    assertTrue(byCount.match(List.of(asc("count"), asc("id")), "id").orElseThrow().total());
    assertTrue(byCount.match(List.of(desc("count")), "id").orElseThrow().total(), "id desc in keys, desc appended");
    assertTrue(byCount.match(List.of(desc("count"), desc("id")), "id").orElseThrow().total());
    assertFalse(byCount.match(List.of(asc("count"), desc("id")), "id").isPresent(), "mixed directions");
    assertFalse(byCount.match(List.of(new SortKey("count", false, true)), "id").isPresent(), "ignoring case");
    assertFalse(byCount.match(List.of(asc("id")), "id").isPresent(), "the id after count in the keys");
    assertFalse(byCount.match(List.of(asc("count"), asc("id"), asc("count")), "id").isPresent());
    IndexOrder<Object> nullIn = IndexOrder.of(s -> IndexScan.of(s, "byCount"), java.util.Arrays.asList(1, null))
        .key("id", ValueKind.STRING);
    assertFalse(nullIn.match(List.of(), "id").isPresent(), "an In holding null reads every row");
  }

  @Test
  void anOrWhoseBranchHasNoIndexForTheOrderIsNotServed() {
    IndexOrder<Object> noOrder = IndexOrder.of(s -> IndexScan.of(s, "byCount"), 0).key("id", ValueKind.STRING);
    IndexOrder<Object> union = IndexOrder.union(List.of(List.of(noOrder, counts()), List.of(noOrder)), List.of(LOW, MIDDLE));
    assertFalse(union.reading(List.of(asc("count")), "id").isPresent());
    IndexOrder.Reading<Object> second = IndexOrder.union(List.of(List.of(noOrder, counts()), List.of(counts())),
        List.of(LOW, MIDDLE)).reading(List.of(desc("count")), "id").orElseThrow();
    assertEquals(2, second.indexes().size(), "the first alternative of each branch that holds the order");
    assertTrue(second.matches().stream().allMatch(IndexOrder.Match::descending));
    assertTrue(second.total(), "each branch's keys (count, id) hold count desc then id desc: merged by that, no run sorted");
    IndexOrder<Object> countsOnly = IndexOrder.of(s -> IndexScan.of(s, "byCount"), 0).key("count", ValueKind.LONG);
    assertFalse(IndexOrder.union(List.of(List.of(counts()), List.of(countsOnly)), List.of(LOW, MIDDLE))
        .reading(List.of(desc("count")), "id").orElseThrow().total(), "a branch whose keys leave ties unordered: runs sorted by id");
    assertEquals("2 branches but 1 conditions", assertThrows(IllegalArgumentException.class,
        () -> IndexOrder.union(List.of(List.of(noOrder), List.of(noOrder)), List.of(LOW))).getMessage());
  }

  @Test
  void aCursorIsAPositionAmongTheKeysOnlyWhereAKeyHoldsItsValuesExactly() {
    assertTrue(byCount.position(List.of(asc("count")), List.of(2.5), false, VALUES).isEmpty(),
        "a fraction is no integer key: paged in memory");
    assertEquals(new IndexOrder.Position(Tuple.from(3L, "k"), false),
        byCount.position(List.of(asc("count"), asc("id")), List.of((short) 3, 'k'), false, VALUES).orElseThrow());
    assertEquals(new IndexOrder.Position(Tuple.from(3L), false),
        byCount.position(List.of(asc("count")), List.of(new java.math.BigDecimal("3.00")), false, VALUES).orElseThrow());
    assertEquals(new IndexOrder.Position(Tuple.from(3L), false),
        byCount.position(List.of(asc("count")), List.of(java.math.BigInteger.valueOf(3)), false, VALUES).orElseThrow());
    assertTrue(byCount.position(List.of(asc("count")), List.of(java.math.BigInteger.TWO.pow(64)), false, VALUES).isEmpty(),
        "beyond a long: no key holds it");
    assertTrue(byCount.position(List.of(asc("count")), List.of(Double.NaN), false, VALUES).isEmpty(), "NaN is no integer");
  }

  @Test
  void sortsOnAPropertyTheEqualitiesFixAreLeftOutOfTheMatch() {
    IndexOrder<Object> fixedKind = IndexOrder.of(s -> IndexScan.of(s, "byCount"), 0).fixed("kind", "tool")
        .key("count", ValueKind.LONG).key("id", ValueKind.STRING);
    List<SortKey> kindThenCount = List.of(desc("kind"), asc("count"));
    assertEquals(Optional.of(new IndexOrder.Match(false, true)), fixedKind.match(kindThenCount, "id"));
    assertFalse(byCount.match(kindThenCount, "id").isPresent(), "without fixed(kind), kind is no key of the index");
    assertFalse(fixedKind.match(List.of(asc("kind")), "id").isPresent(), "an order of fixed sorts alone is no key order");
    assertEquals(Optional.of(new IndexOrder.Match(true, true)), fixedKind.match(List.of(desc("count"), desc("id")), "id"));
    assertEquals(new IndexOrder.Position(Tuple.from(), true),
        fixedKind.position(List.of(desc("kind"), asc("count")), List.of("toys", 3L), false, VALUES).orElseThrow(),
        "a cursor before the fixed value, descending: every result follows it, the keys from the start");
  }

  @Test
  void anOrBranchWhoseEqualitiesFixEverySortIsReadByIdInTheDirectionOfTheLastSort() {
    IndexOrder<Object> tied = IndexOrder.of(s -> IndexScan.of(s, "byKindCount"), 0, 0).fixed("kind", "tool").fixed("count", 3L)
        .key("id", ValueKind.STRING);
    IndexOrder.Reading<Object> desc = IndexOrder.union(List.of(List.of(tied), List.of(counts())), List.of(LOW, MIDDLE))
        .reading(List.of(desc("count")), "id").orElseThrow();
    assertEquals(List.of(new IndexOrder.Match(true, true), new IndexOrder.Match(true, true)), desc.matches(),
        "count desc then id desc: the tied branch backwards by id");
    assertEquals(new IndexOrder.Match(false, true), IndexOrder.union(List.of(List.of(tied), List.of(counts())),
        List.of(LOW, MIDDLE)).reading(List.of(asc("count")), "id").orElseThrow().matches().get(0));
    assertFalse(tied.match(List.of(desc("count")), "id").isPresent(), "a single read keeps no order of fixed sorts");
    IndexOrder<Object> tiedWithMore = IndexOrder.of(s -> IndexScan.of(s, "byKindCount"), 0).fixed("count", 3L)
        .key("size", ValueKind.LONG).key("id", ValueKind.STRING);
    assertFalse(IndexOrder.union(List.of(List.of(tiedWithMore), List.of(counts())), List.of(LOW, MIDDLE))
        .reading(List.of(desc("count")), "id").isPresent(), "keys (size, id) hold its ties by size, not by id");
    IndexOrder<Object> nullIn = IndexOrder.of(s -> IndexScan.of(s, "byKindCount"), java.util.Arrays.asList(1, null))
        .fixed("count", 3L).key("id", ValueKind.STRING);
    assertFalse(IndexOrder.union(List.of(List.of(nullIn), List.of(counts())), List.of(LOW, MIDDLE))
        .reading(List.of(desc("count")), "id").isPresent(), "an In holding null reads every row");
  }

  @Test
  void anIndexOrderRefusesAKeyWhoseKindDoesNotSortAsJakartaDataOrdersValues() {
    IndexOrder<Object> order = IndexOrder.of(s -> IndexScan.of(s, "byCount"), 0);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> order.key("score", ValueKind.DOUBLE));
    assertTrue(e.getMessage().contains("'score' (DOUBLE) do not sort as Jakarta Data orders its values"), e.getMessage());
    order.key("count", ValueKind.INT).key("id", ValueKind.STRING); // integers and text do
  }
}
