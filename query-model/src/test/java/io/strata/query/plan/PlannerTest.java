package io.strata.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.model.AggregateInfo;
import io.strata.query.model.Aggregation;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Condition.Not;
import io.strata.query.model.Condition.Or;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.Expression;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand.Literal;
import io.strata.query.model.Operand.Param;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.SpatialInfo;
import io.strata.query.model.ValueKind;
import io.strata.query.model.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The planning rules of QUERIES.md on entities built by hand: which read wins, and why none does. */
class PlannerTest {
  private static final FieldInfo ID = new FieldInfo("id", ValueKind.LONG, true, true);
  private static final FieldInfo COUNTRY = new FieldInfo("country", ValueKind.STRING, false, false);
  private static final FieldInfo CITY = new FieldInfo("city", ValueKind.STRING, false, false);
  private static final FieldInfo POPULATION = new FieldInfo("population", ValueKind.LONG, false, true);
  private static final FieldInfo NAME = new FieldInfo("name", ValueKind.STRING, false, false);
  private static final FieldInfo KIND = new FieldInfo("kind", ValueKind.ENUM, false, true);
  private static final FieldInfo PRICE = new FieldInfo("price", ValueKind.BIG_DECIMAL, false, true);
  private static final FieldInfo WHERE = new FieldInfo("where", ValueKind.POINT, false, false);

  private static EntityInfo entity(IndexInfo... indexes) {
    return entity(List.of(indexes), List.of());
  }

  private static EntityInfo entity(List<IndexInfo> indexes, List<AggregateInfo> aggregates) {
    return new EntityInfo("Place", List.of(ID, COUNTRY, CITY, POPULATION, NAME, KIND, PRICE, WHERE), indexes,
        List.of(new SpatialInfo("where", false, 8)), aggregates);
  }

  private static IndexInfo index(String name, boolean covering, FieldInfo... fields) {
    return new IndexInfo(name, List.of(fields).stream().map(FieldInfo::name).toList(), false, covering, fields.length > 1);
  }

  private static Compare eq(FieldInfo f) {
    return new Compare(f.name(), Op.EQUAL, new Param(f.name()));
  }

  private static Compare in(FieldInfo f) {
    return new Compare(f.name(), Op.IN, new Param(f.name() + "s"));
  }

  private static Compare greater(FieldInfo f) {
    return new Compare(f.name(), Op.GREATER_THAN, new Param("min"));
  }

  private static Compare less(FieldInfo f) {
    return new Compare(f.name(), Op.LESS_THAN, new Param("max"));
  }

  private static Condition and(Condition... parts) {
    return new And(List.of(parts));
  }

  private static Planned plan(EntityInfo e, Condition where, List<SortKey> order, Set<String> needed, boolean scan) {
    return Planner.plan(new QuerySpec(e, where, order, Window.ALL, needed, scan, Semantics.STRATA));
  }

  private static Planned jakarta(EntityInfo e, Condition where, List<SortKey> order) {
    return Planner.plan(new QuerySpec(e, where, order, Window.ALL, null, true, Semantics.JAKARTA));
  }

  private static Plan.IndexRead read(Planned p) {
    return assertInstanceOf(Plan.IndexRead.class, p);
  }

  private static SortKey asc(FieldInfo f) {
    return new SortKey(f.name(), false, false);
  }

  private static SortKey desc(FieldInfo f) {
    return new SortKey(f.name(), true, false);
  }

  @Test
  void anOrderOfMixedDirectionsIsServedByNoIndexRead() {
    EntityInfo e = entity(index("byCountryPopulation", false, COUNTRY, POPULATION));
    Planned mixed = plan(e, eq(COUNTRY), List.of(asc(POPULATION), desc(ID)), null, false);
    assertFalse(mixed instanceof Plan.IndexRead r && !r.order().isEmpty(), "keys hold no mixed order: " + mixed);
    Plan.IndexRead fixedFirst = read(plan(e, eq(COUNTRY), List.of(desc(COUNTRY), asc(POPULATION)), null, false));
    assertEquals(List.of(desc(COUNTRY), asc(POPULATION)), fixedFirst.order(), "a sort on the fixed country changes nothing");
    assertFalse(fixedFirst.reverse(), "population ascending, ties by id ascending: forwards");
    Planned fixedLast = plan(e, eq(COUNTRY), List.of(asc(POPULATION), desc(COUNTRY)), null, false);
    assertFalse(fixedLast instanceof Plan.IndexRead r && !r.order().isEmpty(),
        "ties by id descending after population ascending: no key order holds that: " + fixedLast);
  }

  @Test
  void theLongestEqualityPrefixWins() {
    Plan.IndexRead r = read(plan(entity(index("byCountry", false, COUNTRY), index("byCountryCity", false, COUNTRY, CITY)),
        and(eq(COUNTRY), eq(CITY)), List.of(), null, false));
    assertEquals("byCountryCity", r.index().name());
    assertEquals(List.of(eq(COUNTRY), eq(CITY)), r.equalities());
    assertTrue(r.countOnKeys());
  }

  @Test
  void atEqualPrefixesAnIndexWithoutRowReadsWinsThenTheFirstDeclared() {
    EntityInfo e = entity(index("a", false, COUNTRY, POPULATION), index("b", true, COUNTRY, NAME), index("c", true, COUNTRY, CITY));
    assertEquals("b", read(plan(e, and(eq(COUNTRY), eq(NAME)), List.of(), null, false)).index().name());
    assertEquals("a", read(plan(e, eq(COUNTRY), List.of(), null, false)).index().name(),
        "the covering b has no entry for an entity without a name: a, complete, wins");
    Plan.IndexRead count = read(plan(e, eq(COUNTRY), List.of(), Set.of(), false));
    assertEquals("a", count.index().name(), "a count needs no rows from any index: the first declared wins");
    assertFalse(count.rowsRead());
  }

  @Test
  void aRangeMustBeOnTheFieldAfterTheEqualityPrefix() {
    EntityInfo e = entity(index("byCountryPopulation", false, COUNTRY, POPULATION));
    assertEquals(List.of(greater(POPULATION)), read(plan(e, and(eq(COUNTRY), greater(POPULATION)), List.of(), null, false)).range());
    Unserved u = assertInstanceOf(Unserved.class, plan(e, greater(POPULATION), List.of(), null, false));
    assertEquals(Unserved.Reason.NO_INDEX, u.reason());
    assertEquals(List.of("population"), u.fields());
    assertEquals("a range on population", u.detail());
  }

  @Test
  void twoLowerBoundsOnOneFieldAreNotOneRange() {
    EntityInfo e = entity(index("byPopulation", false, POPULATION));
    Compare atLeast = new Compare("population", Op.GREATER_THAN_EQUAL, new Param("low"));
    Condition where = and(greater(POPULATION), atLeast, less(POPULATION));
    assertEquals(List.of(greater(POPULATION), atLeast, less(POPULATION)),
        assertInstanceOf(Plan.AllRows.class, plan(e, where, List.of(), null, true)).residual(),
        "two lower bounds: the index would not narrow the read, every row is read and checked");
  }

  @Test
  void descendingOrderOnTheNextFieldIsAReverseScanHoldingTheOrder() {
    List<SortKey> order = List.of(desc(POPULATION), desc(ID));
    Plan.IndexRead r = read(plan(entity(index("byCountryPopulation", false, COUNTRY, POPULATION)), eq(COUNTRY), order, null, false));
    assertTrue(r.reverse());
    assertFalse(r.keyOrder());
    assertEquals(order, r.order());
  }

  @Test
  void orderingOnAFieldFixedByEqualityIsIgnored() {
    Plan.IndexRead r = read(plan(entity(index("byCountryPopulation", false, COUNTRY, POPULATION)), eq(COUNTRY),
        List.of(desc(COUNTRY)), null, false));
    assertFalse(r.reverse(), "nothing left to order by: no reverse scan needed");
  }

  @Test
  void orderingOnAnInFieldMergesInKeyOrder() {
    EntityInfo e = entity(index("byCountryPopulation", false, COUNTRY, POPULATION));
    assertTrue(read(plan(e, in(COUNTRY), List.of(asc(COUNTRY)), null, false)).keyOrder());
    assertFalse(read(plan(e, in(COUNTRY), List.of(asc(POPULATION)), null, false)).keyOrder());
  }

  @Test
  void anOrderNoIndexServesIsItsOwnReason() {
    Unserved u = assertInstanceOf(Unserved.class, plan(entity(index("byCountryPopulation", false, COUNTRY, POPULATION)),
        eq(COUNTRY), List.of(asc(NAME)), null, false));
    assertEquals(Unserved.Reason.ORDER_NOT_SERVED, u.reason());
    assertEquals(List.of("country", "name"), u.fields());
    assertEquals("name", u.detail());
  }

  @Test
  void projectionsOfIndexedFieldsReadNoRows() {
    FieldInfo city = new FieldInfo("city", ValueKind.STRING, false, true);
    EntityInfo e = new EntityInfo("Place", List.of(ID, COUNTRY, city), List.of(index("byCountryCity", false, COUNTRY, city)),
        List.of(), List.of());
    Plan.IndexRead r = read(plan(e, eq(COUNTRY), List.of(), Set.of("city", "id"), false));
    assertTrue(r.fromKeys());
    assertFalse(r.rowsRead());
  }

  @Test
  void equalityOnTheIdReadsThatRowWhateverTheIndexes() {
    Plan.ById b = assertInstanceOf(Plan.ById.class, plan(entity(index("byCountry", false, COUNTRY)), and(eq(COUNTRY), in(ID)),
        List.of(), null, false));
    assertEquals(in(ID), b.id());
    assertEquals(List.of(eq(COUNTRY)), b.residual());
  }

  @Test
  void allowScanUsesThePartialIndexOrEveryRow() {
    EntityInfo e = entity(index("byCountry", false, COUNTRY));
    Plan.IndexRead partial = read(plan(e, and(eq(COUNTRY), eq(NAME)), List.of(), null, true));
    assertEquals("byCountry", partial.index().name());
    assertEquals(List.of(eq(NAME)), partial.residual());
    assertFalse(partial.countOnKeys());
    Plan.AllRows rows = assertInstanceOf(Plan.AllRows.class, plan(e, eq(NAME), List.of(), null, true));
    assertEquals(List.of(eq(NAME)), rows.residual());
    assertInstanceOf(Unserved.class, plan(e, eq(NAME), List.of(asc(NAME)), null, true), "no scan in an order");
  }

  @Test
  void anIndexThatOnlyHoldsTheOrderIsReadWhereTheReadMayStopEarlyOrNothingSortsInMemory() {
    EntityInfo e = entity(index("byPopulation", false, POPULATION));
    List<SortKey> order = List.of(asc(POPULATION));
    Window all = Window.ALL;
    Window limited = new Window(0, true, Window.Paging.NONE);
    Window pages = new Window(0, false, Window.Paging.CONTINUATION);
    Window top = new Window(3, false, Window.Paging.NONE);
    assertInstanceOf(Unserved.class, Planner.plan(new QuerySpec(e, eq(NAME), order, all, null, true, Semantics.JAKARTA)),
        "every match asked in Jakarta Data: read the rows and sort them, not the index and each key's row");
    for (Window stops : List.of(limited, pages, top)) {
      Plan.IndexRead r = read(Planner.plan(new QuerySpec(e, eq(NAME), order, stops, null, true, Semantics.JAKARTA)));
      assertEquals("byPopulation", r.index().name(), stops + " may stop early: the index in the order");
      assertEquals(List.of(eq(NAME)), r.residual());
    }
    assertEquals("byPopulation", read(Planner.plan(new QuerySpec(e, eq(NAME), order, all, null, true, Semantics.STRATA)))
        .index().name(), "a Strata method sorts only on keys: the index in the order, every match asked or not");
  }

  @Test
  void aUnionThatMayStopEarlyReadsABranchOfTiesInTheMergeOrder() {
    EntityInfo e = entity(index("byPopulation", false, POPULATION), index("byCountryPopulation", false, COUNTRY, POPULATION));
    Condition either = new Or(List.of(eq(POPULATION), eq(COUNTRY)));
    List<SortKey> order = List.of(desc(POPULATION));
    Plan.Union top = assertInstanceOf(Plan.Union.class,
        Planner.plan(new QuerySpec(e, either, order, new Window(2, false, Window.Paging.NONE), null, false, Semantics.STRATA)));
    Plan.IndexRead ties = read(top.branches().get(0));
    assertTrue(ties.reverse(), "population fixed: every key ties, by id, and the merge takes ids descending");
    assertTrue(ties.keysAreTheOrder(order, "id"));
    assertTrue(read(top.branches().get(1)).reverse(), "country fixed, population descending: backwards as before");
    Plan.Union all = assertInstanceOf(Plan.Union.class,
        Planner.plan(new QuerySpec(e, either, order, Window.ALL, null, false, Semantics.STRATA)));
    assertFalse(read(all.branches().get(0)).reverse(), "every result asked: the branch is read whole, forwards, as before");
  }

  @Test
  void anIndexLeavingOutNullsTheQueryMatchesIsUnservedNamingItsFields() {
    Unserved u = assertInstanceOf(Unserved.class, plan(entity(index("byCountryCity", false, COUNTRY, CITY)), eq(COUNTRY),
        List.of(), null, false));
    assertEquals(Unserved.Reason.INDEX_LEAVES_OUT_NULLS, u.reason());
    assertEquals("byCountryCity", u.index());
    assertEquals(List.of("city"), u.fields());
    Compare isNull = new Compare("city", Op.IS_NULL);
    assertInstanceOf(Plan.AllRows.class,
        plan(entity(index("byCountryCity", false, COUNTRY, CITY)), and(eq(COUNTRY), isNull), List.of(), null, true),
        "an IS_NULL does not keep null cities out of the answer: the index is not read");
  }

  @Test
  void aSpatialConditionIsServedAloneAndUnordered() {
    Compare within = new Compare("where", Op.WITHIN, new Param("box"));
    EntityInfo e = entity();
    Plan.SpatialRead s = assertInstanceOf(Plan.SpatialRead.class, plan(e, within, List.of(), null, false));
    assertEquals("where", s.spatial().field());
    assertEquals(Unserved.Reason.SPATIAL_ALONE,
        assertInstanceOf(Unserved.class, plan(e, and(within, eq(NAME)), List.of(), null, false)).reason());
    assertEquals(List.of(eq(NAME)), assertInstanceOf(Plan.SpatialRead.class, plan(e, and(within, eq(NAME)), List.of(), null, true))
        .residual());
    assertEquals(Unserved.Reason.SPATIAL_ORDER,
        assertInstanceOf(Unserved.class, plan(e, within, List.of(asc(NAME)), null, true)).reason());
  }

  @Test
  void anOrIsAUnionOfItsBranchesReads() {
    EntityInfo e = entity(index("byCountry", false, COUNTRY), index("byPopulation", false, POPULATION));
    Plan.Union u = assertInstanceOf(Plan.Union.class, plan(e, new Or(List.of(eq(COUNTRY), greater(POPULATION))), List.of(), null, false));
    assertEquals(2, u.branches().size());
    assertEquals("byCountry", read(u.branches().get(0)).index().name());
    assertEquals("byPopulation", read(u.branches().get(1)).index().name());
  }

  @Test
  void anOrWithABranchNoIndexNarrowsIsOneScanOrUnservedNamingTheBranch() {
    EntityInfo e = entity(index("byCountry", false, COUNTRY));
    Condition where = new Or(List.of(eq(COUNTRY), eq(NAME)));
    assertEquals(List.of(where), assertInstanceOf(Plan.AllRows.class, plan(e, where, List.of(), null, true)).residual());
    Unserved u = assertInstanceOf(Unserved.class, plan(e, where, List.of(), null, false));
    assertEquals(Unserved.Reason.NO_INDEX, u.reason());
    assertEquals(List.of("name"), u.fields());
    assertEquals(2, u.branch());
    assertEquals("equality on name", u.detail());
    assertEquals("branch 2 of the Or (equality on name)", u.detailInQuery());
  }

  @Test
  void notIsPushedOntoTheComparisons() {
    EntityInfo e = entity(index("byPopulation", false, POPULATION));
    Plan.IndexRead r = read(plan(e, new Not(new Compare("population", Op.LESS_THAN_EQUAL, new Param("max"))), List.of(), null, false));
    assertEquals(List.of(new Compare("population", Op.GREATER_THAN, new Param("max"))), r.range());
    Condition notBetween = new Not(new Compare("population", Op.BETWEEN, new Param("a"), new Param("b")));
    assertEquals(List.of(notBetween), assertInstanceOf(Plan.AllRows.class, plan(e, notBetween, List.of(), null, true)).residual());
  }

  @Test
  void aTestOfExpressionsIsNeverAnIndexBoundOnlyResidual() {
    EntityInfo e = entity(index("byCountry", false, COUNTRY), index("byPopulation", false, POPULATION));
    Expression population = new Expression.Path("population");
    Condition plain = new Condition.Test(population, Op.EQUAL, new Expression.Value(new Param("p")));
    Condition doubled = new Condition.Test(new Expression.Arithmetic(Expression.Operator.MULTIPLY, population,
        new Expression.Value(new Literal(2))), Op.GREATER_THAN, new Expression.Value(new Param("min")));
    Condition lower = new Condition.Test(new Expression.Call(Expression.Function.LOWER, List.of(new Expression.Path("country"))),
        Op.EQUAL, new Expression.Value(new Literal("fr")));
    for (Condition test : List.of(plain, doubled, lower)) {
      assertEquals(List.of(test), assertInstanceOf(Plan.AllRows.class, plan(e, test, List.of(), null, true)).residual(),
          "even a test of a bare indexed property is read by no index");
      assertEquals(List.of(new Not(test)),
          assertInstanceOf(Plan.AllRows.class, plan(e, new Not(test), List.of(), null, true)).residual(),
          "Not stays around a test: nothing is pushed into it");
      assertEquals(null, assertInstanceOf(Unserved.class, plan(e, test, List.of(), null, false), "no index serves it, and no scan is allowed")
          .index(), "no index narrows it");
      Unserved narrowed = assertInstanceOf(Unserved.class, plan(e, and(eq(COUNTRY), test), List.of(), null, false));
      assertEquals("byCountry", narrowed.index(), "byCountry narrows all an index can: no index to add, a scan of it serves");
      Plan.IndexRead r = read(plan(e, and(eq(COUNTRY), test), List.of(), null, true));
      assertEquals("byCountry", r.index().name());
      assertEquals(List.of(eq(COUNTRY)), r.equalities());
      assertEquals(List.of(test), r.residual());
    }
  }

  @Test
  void beyondTheBranchBoundTheBestConjunctIsReadAndTheTreeIsResidual() {
    EntityInfo e = entity(index("byCountry", false, COUNTRY));
    List<Condition> parts = new ArrayList<>();
    parts.add(eq(COUNTRY));
    for (int i = 0; i < 5; i++) {
      parts.add(new Or(List.of(new Compare("name", Op.EQUAL, new Param("a" + i)), new Compare("city", Op.EQUAL, new Param("b" + i)))));
    }
    Plan.IndexRead r = read(plan(e, new And(parts), List.of(), null, false));
    assertEquals(List.of(eq(COUNTRY)), r.equalities());
    assertEquals(parts.subList(1, parts.size()), r.residual(), "32 branches exceed " + Planner.MAX_BRANCHES);
  }

  @Test
  void jakartaServesNoRangeOrOrderOnKindsWhoseKeysSortOtherwise() {
    EntityInfo e = entity(index("byKind", false, KIND), index("byCountry", false, COUNTRY));
    Compare kindAbove = new Compare("kind", Op.GREATER_THAN, new Param("k"));
    assertInstanceOf(Plan.AllRows.class, jakarta(e, kindAbove, List.of()), "an enum range is residual");
    assertInstanceOf(Unserved.class, jakarta(e, eq(KIND), List.of(asc(KIND))), "enum order: not in key order");
    Compare countryAbove = new Compare("country", Op.GREATER_THAN, new Param("c"));
    Plan.IndexRead r = read(jakarta(e, countryAbove, List.of(asc(COUNTRY))));
    assertEquals(List.of(countryAbove), r.range());
    assertEquals(List.of(asc(COUNTRY)), r.order());
    Compare ignoringCase = new Compare("country", Op.EQUAL, List.of(new Param("c")), true);
    assertInstanceOf(Plan.AllRows.class, jakarta(e, ignoringCase, List.of()), "ignoreCase is residual");
    assertInstanceOf(Unserved.class, jakarta(e, countryAbove, List.of(new SortKey("country", false, true))),
        "a case-insensitive order is no key order");
  }

  @Test
  void textTestsAndNullTestsAreAlwaysResidual() {
    EntityInfo e = entity(index("byCountry", false, COUNTRY));
    for (Op op : List.of(Op.NOT_EQUAL, Op.LIKE, Op.ENDS_WITH, Op.CONTAINS, Op.IS_NULL, Op.NOT_NULL, Op.NOT_IN)) {
      List<io.strata.query.model.Operand> operands = op.arity() == 0 ? List.of() : List.of(new Param("x"));
      Compare c = new Compare("country", op, operands, false);
      assertInstanceOf(Plan.AllRows.class, jakarta(e, c, List.of()), op.name());
      assertInstanceOf(Plan.AllRows.class, plan(e, c, List.of(), null, true), op.name());
    }
  }

  @Test
  void aJakartaDecimalEqualityIsARangeInEveryScale() {
    EntityInfo e = entity(index("byCountryPrice", false, COUNTRY, PRICE));
    Plan.IndexRead r = read(jakarta(e, and(eq(COUNTRY), eq(PRICE)), List.of()));
    assertEquals(List.of(eq(COUNTRY)), r.equalities());
    assertEquals(List.of(eq(PRICE)), r.range());
    Plan.IndexRead strata = read(plan(e, and(eq(COUNTRY), eq(PRICE)), List.of(), null, false));
    assertEquals(List.of(eq(COUNTRY), eq(PRICE)), strata.equalities(), "Strata compares decimals as keys");
  }

  @Test
  void aSumIsReadFromTheAggregateOfItsFieldAndGroups() {
    AggregateInfo sum = new AggregateInfo("popByCountry", "SUM", "population", false, List.of("country", "city"));
    EntityInfo e = entity(List.of(), List.of(sum));
    Planned p = Planner.plan(new QuerySpec(e, and(eq(CITY), eq(COUNTRY)), List.of(), Window.ALL, null, false, Semantics.STRATA,
        new Aggregation("SUM", "population", false)));
    Plan.AggregateRead a = assertInstanceOf(Plan.AggregateRead.class, p);
    assertEquals(List.of(eq(COUNTRY), eq(CITY)), a.groups(), "in group order");
    Unserved none = assertInstanceOf(Unserved.class, Planner.plan(new QuerySpec(e, eq(CITY), List.of(), Window.ALL, null, false,
        Semantics.STRATA, new Aggregation("SUM", "population", false))));
    assertEquals(Unserved.Reason.NO_AGGREGATE, none.reason());
    assertEquals(List.of("city"), none.fields());
    Unserved form = assertInstanceOf(Unserved.class, Planner.plan(new QuerySpec(e, greater(CITY), List.of(), Window.ALL, null, false,
        Semantics.STRATA, new Aggregation("MAX", "population", false))));
    assertEquals(Unserved.Reason.AGGREGATE_FORM, form.reason());
    assertEquals("the GreaterThan criterion on city", form.detail());
  }

  @Test
  void aCountNoAggregateAnswersIsAnIndexRead() {
    AggregateInfo count = new AggregateInfo("byCountry", "COUNT", null, false, List.of("country"));
    EntityInfo e = entity(List.of(index("byCity", false, CITY)), List.of(count));
    Aggregation counting = new Aggregation("COUNT", null, false);
    assertInstanceOf(Plan.AggregateRead.class, Planner.plan(new QuerySpec(e, eq(COUNTRY), List.of(), Window.ALL, Set.of(), false,
        Semantics.STRATA, counting)));
    Plan.IndexRead r = read(Planner.plan(new QuerySpec(e, eq(CITY), List.of(), Window.ALL, Set.of(), false, Semantics.STRATA, counting)));
    assertEquals("byCity", r.index().name());
    assertTrue(r.countOnKeys());
  }

  @Test
  void anUnservedQueryWhoseConditionsNoIndexCanTakeIsWordedByItsOrderAlone() {
    Planned p = plan(entity(index("byCity", false, CITY)), new Compare(NAME.name(), Op.NOT_EQUAL, new Param("n")),
        List.of(asc(POPULATION)), null, false);
    Unserved u = assertInstanceOf(Unserved.class, p);
    assertEquals("ordered by population", u.detail());
  }

  // ---- the orders an index delivers (what a Jakarta order chosen when the query runs may read)

  @Test
  void orderedKeysStopAtTheFirstFieldWhoseKeysAreNotInTheValueOrder() {
    IndexInfo byCountryKindCity = index("byCountryKindCity", false, COUNTRY, KIND, CITY);
    EntityInfo e = entity(byCountryKindCity);
    assertEquals(List.of("country"), Planner.orderedKeys(e, byCountryKindCity, 0, Semantics.JAKARTA));
    assertEquals(List.of("city", "id"), Planner.orderedKeys(e, byCountryKindCity, 2, Semantics.JAKARTA));
    IndexInfo byCountryPriceCity = index("byCountryPriceCity", false, COUNTRY, PRICE, CITY);
    EntityInfo priced = entity(byCountryPriceCity);
    assertEquals(List.of("country"), Planner.orderedKeys(priced, byCountryPriceCity, 0, Semantics.JAKARTA));
    assertEquals(List.of("country", "price", "city", "id"), Planner.orderedKeys(priced, byCountryPriceCity, 0, Semantics.STRATA));
    IndexInfo unique = new IndexInfo("byName", List.of("name"), true, false, false);
    assertEquals(List.of("name"), Planner.orderedKeys(entity(unique), unique, 0, Semantics.JAKARTA));
  }

  @Test
  void orderedReadsListEachIndexAndPrefixWhoseKeysHoldAnOrderForTheConditions() {
    IndexInfo byCountryPopulation = index("byCountryPopulation", false, COUNTRY, POPULATION);
    IndexInfo byPopulation = index("byPopulation", false, POPULATION);
    EntityInfo e = entity(byCountryPopulation, byPopulation);
    List<Plan.IndexRead> reads = Planner.orderedReads(new QuerySpec(e, eq(COUNTRY), List.of(), Window.ALL, null, true,
        Semantics.JAKARTA));
    // byCountryPopulation after the country the equality fixes; byPopulation holds the order (population, id) too, but
    // for that order the planner reads byCountryPopulation, which the equality narrows; from country, the order
    // (country, population, id) is read after the equality's field, not from it
    assertEquals(List.of("byCountryPopulation:1:[population, id]"),
        reads.stream().map(r -> r.index().name() + ":" + r.orderedFrom() + ":" + r.order().stream().map(SortKey::field).toList())
            .toList());
    assertTrue(Planner.orderedReads(new QuerySpec(e, new Or(List.of(eq(COUNTRY), eq(CITY))), List.of(), Window.ALL, null, true,
        Semantics.JAKARTA)).isEmpty(), "an Or has no one read");
  }

  @Test
  void anOrderFromTheInFieldEndingThePrefixIsReadInWholeKeyOrder() {
    IndexInfo byCountryPopulation = index("byCountryPopulation", false, COUNTRY, POPULATION);
    Plan.IndexRead r = assertInstanceOf(Plan.IndexRead.class, jakarta(entity(byCountryPopulation), in(COUNTRY),
        List.of(new SortKey("country", false, false), new SortKey("population", false, false))));
    assertTrue(r.keyOrder());
    assertEquals(0, r.orderedFrom());
    Plan.IndexRead after = assertInstanceOf(Plan.IndexRead.class, jakarta(entity(byCountryPopulation), eq(COUNTRY),
        List.of(new SortKey("population", false, false))));
    assertEquals(1, after.orderedFrom());
  }
}
