package io.strata.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.model.Condition.Compare;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand.Param;
import io.strata.query.model.SortKey;
import io.strata.query.plan.OrderedKeys.Served;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The one rule of whether an index read's keys come in a query's order ({@link OrderedKeys}), case by case from the
 * rule, and the parts {@link Plan.IndexRead#keysAreTheOrder} keeps its own.
 */
class OrderedKeysTest {
  private static final String ID = "id";
  /** A plain index on count: its keys after an empty prefix hold count, then the id. */
  private static final OrderedKeys BY_COUNT = new OrderedKeys(List.of("count", ID), false, Set.of());

  private static SortKey asc(String field) {
    return new SortKey(field, false, false);
  }

  private static SortKey desc(String field) {
    return new SortKey(field, true, false);
  }

  private static Optional<Served> exact(boolean descending) {
    return Optional.of(new Served(descending, true));
  }

  private static Optional<Served> withTies(boolean descending) {
    return Optional.of(new Served(descending, false));
  }

  @Test
  void anOrderOnTheKeysThenTheIdInTheLastSortsDirectionIsTheKeysOwnOrder() {
    assertEquals(exact(false), BY_COUNT.serve(List.of(asc("count")), ID), "count, then id ascending: the keys forwards");
    assertEquals(exact(true), BY_COUNT.serve(List.of(desc("count")), ID), "count, then id descending: the keys backwards");
    assertEquals(exact(false), BY_COUNT.serve(List.of(asc("count"), asc(ID)), ID), "a sort on the id ends the order");
    assertEquals(exact(true), BY_COUNT.serve(List.of(desc("count"), desc(ID)), ID));
  }

  @Test
  void sortsThatAreNotTheKeysFromTheFirstInOneDirectionAreNotServed() {
    assertEquals(Optional.empty(), BY_COUNT.serve(List.of(asc("count"), desc(ID)), ID), "two directions");
    assertEquals(Optional.empty(), BY_COUNT.serve(List.of(new SortKey("count", false, true)), ID), "ignoring case");
    assertEquals(Optional.empty(), BY_COUNT.serve(List.of(asc(ID)), ID), "the id comes after count in the keys");
    assertEquals(Optional.empty(), BY_COUNT.serve(List.of(asc("price")), ID), "no key holds price");
    assertEquals(Optional.empty(), BY_COUNT.serve(List.of(asc("count"), asc(ID), asc("price")), ID), "more sorts than keys");
  }

  @Test
  void keysReadInAGivenDirectionServeOnlyTheOrderOfThatDirection() {
    assertEquals(exact(true), BY_COUNT.serve(List.of(desc("count")), ID, true));
    assertEquals(Optional.empty(), BY_COUNT.serve(List.of(desc("count")), ID, false), "forwards the keys hold count ascending");
    assertEquals(Optional.empty(), BY_COUNT.serve(List.of(asc("count")), ID, true));
  }

  @Test
  void keysWithAFurtherFieldServeTheOrderWithTiesInKeyOrder() {
    OrderedKeys countPrice = new OrderedKeys(List.of("count", "price", ID), false, Set.of());
    assertEquals(withTies(false), countPrice.serve(List.of(asc("count")), ID), "equal counts come by price, not by id");
    assertEquals(exact(false), countPrice.serve(List.of(asc("count"), asc("price")), ID));
  }

  @Test
  void keysThatDoNotEndWithTheIdHoldTiesInAnOrderTheyDoNotSay() {
    OrderedKeys listed = new OrderedKeys(List.of("email"), false, Set.of());
    assertEquals(withTies(false), listed.serve(List.of(asc("email")), ID), "no id after the keys to decide ties");
    assertEquals(Optional.empty(), listed.serve(List.of(asc("email"), asc("name")), ID), "more sorts than keys");
  }

  @Test
  void aUniqueIndexsKeysHoldNoTiesSoSortsAfterThemOrderNothing() {
    OrderedKeys unique = new OrderedKeys(List.of("email"), true, Set.of());
    assertEquals(exact(false), unique.serve(List.of(asc("email")), ID));
    assertEquals(exact(false), unique.serve(List.of(asc("email"), desc("name")), ID), "no two results tie on email");
    assertEquals(Optional.empty(), unique.serve(List.of(asc("name")), ID));
    OrderedKeys oneEntry = new OrderedKeys(List.of(), true, Set.of("email"));
    assertEquals(exact(true), oneEntry.serve(List.of(desc("name")), ID, true), "every field fixed: one entry at most");
    assertEquals(exact(false), oneEntry.serve(List.of(desc("name")), ID, false));
  }

  @Test
  void aSortOnAFixedPropertyIsLeftOut() {
    OrderedKeys kindFixed = new OrderedKeys(List.of("count", ID), false, Set.of("kind"));
    assertEquals(List.of(asc("count")), kindFixed.kept(List.of(asc("kind"), asc("count"))));
    assertEquals(exact(false), kindFixed.serve(List.of(asc("kind"), asc("count")), ID));
    assertEquals(exact(false), kindFixed.serve(List.of(desc("kind"), asc("count")), ID), "its direction does not matter");
    assertEquals(exact(false), kindFixed.serve(List.of(new SortKey("kind", false, true), asc("count")), ID),
        "nor ignoring case: every candidate holds the same kind");
  }

  @Test
  void aFixedLastSortInTheOtherDirectionLeavesTiesToSortById() {
    OrderedKeys kindFixed = new OrderedKeys(List.of("count", ID), false, Set.of("kind"));
    assertEquals(withTies(true), kindFixed.serve(List.of(desc("count"), asc("kind")), ID),
        "count descending reads backwards, ids descending, but ties on count come by id ascending (the last sort's)");
    assertEquals(exact(true), kindFixed.serve(List.of(desc("count"), desc("kind")), ID));
  }

  @Test
  void anOrderOfFixedSortsIsServedOnlyByTheIdInTheLastSortsDirection() {
    OrderedKeys idAfterPrefix = new OrderedKeys(List.of(ID), false, Set.of("count"));
    assertEquals(exact(true), idAfterPrefix.serve(List.of(desc("count")), ID), "read backwards: ids descending");
    assertEquals(exact(false), idAfterPrefix.serve(List.of(asc("count")), ID));
    assertEquals(Optional.empty(), idAfterPrefix.serve(List.of(desc("count")), ID, false), "forwards the ids ascend");
    OrderedKeys priceAfterPrefix = new OrderedKeys(List.of("price", ID), false, Set.of("count"));
    assertEquals(Optional.empty(), priceAfterPrefix.serve(List.of(asc("count")), ID),
        "every candidate ties and comes by price: sorting the one run of ties is sorting them all");
  }

  @Test
  void noOrderIsServedForwardsExactlyWhenOnlyTheIdFollows() {
    assertEquals(exact(false), new OrderedKeys(List.of(ID), false, Set.of()).serve(List.of(), ID));
    assertEquals(withTies(false), BY_COUNT.serve(List.of(), ID));
  }

  private static Plan.IndexRead read(IndexInfo index, List<Compare> equalities, boolean reverse, boolean keyOrder) {
    return new Plan.IndexRead(index, equalities, List.of(), reverse, keyOrder, false, true, List.of(), List.of());
  }

  private static Compare op(String field, Op op) {
    return new Compare(field, op, new Param(field));
  }

  @Test
  void aPlannedReadIsTheOrderOnlyExactlyAndInItsOwnDirection() {
    IndexInfo countPrice = new IndexInfo("byCountPrice", List.of("count", "price"), false, false, true);
    Plan.IndexRead forwards = read(countPrice, List.of(op("count", Op.EQUAL)), false, false);
    assertTrue(forwards.keysAreTheOrder(List.of(asc("price")), ID));
    assertFalse(forwards.keysAreTheOrder(List.of(desc("price")), ID), "read forwards: not the descending order");
    assertFalse(read(countPrice, List.of(), false, false).keysAreTheOrder(List.of(asc("count")), ID),
        "served with ties by price: its first n keys are not the first n results");
    assertFalse(forwards.keysAreTheOrder(List.of(), ID), "no order to merge by");
  }

  @Test
  void aPlannedReadOfAUniqueIndexIsTheOrderOnceTheSortsCoverItsFields() {
    IndexInfo email = new IndexInfo("byEmail", List.of("email"), true, false, false);
    assertTrue(read(email, List.of(), false, false).keysAreTheOrder(List.of(asc("email"), desc("name")), ID));
  }

  @Test
  void aPlannedReadMergingInAlternativesHoldsTheOrderFromTheInField() {
    IndexInfo countPrice = new IndexInfo("byCountPrice", List.of("count", "price"), false, false, true);
    Plan.IndexRead merged = read(countPrice, List.of(op("count", Op.IN)), false, true);
    assertTrue(merged.keysAreTheOrder(List.of(asc("count"), asc("price")), ID));
    assertFalse(merged.keysAreTheOrder(List.of(asc("price")), ID), "the In field's alternatives come first");
    IndexInfo three = new IndexInfo("byKindCountPrice", List.of("kind", "count", "price"), false, false, true);
    assertFalse(read(three, List.of(op("kind", Op.IN), op("count", Op.IN)), false, true)
        .keysAreTheOrder(List.of(asc("kind"), asc("count"), asc("price")), ID), "two Ins: no one position in the keys");
  }

  @Test
  void aPlannedReadTakesASortOnTheIdAsTheOrderOnlyAtTheEndOfItsKeys() {
    IndexInfo idCity = new IndexInfo("byIdCity", List.of(ID, "city"), false, false, true);
    List<SortKey> byId = List.of(asc(ID));
    assertEquals(exact(false), new OrderedKeys(List.of(ID, "city", ID), false, Set.of()).serve(byId, ID),
        "the rule: nothing ties after an id");
    assertFalse(read(idCity, List.of(), false, false).keysAreTheOrder(byId, ID), "keysAreTheOrder keeps its narrower answer");
  }
}
