package io.strata.processor.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.ValueType;
import io.strata.processor.validation.Messages;
import io.strata.processor.validation.QueryError;
import io.strata.query.model.Window;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The planning rules of QUERIES.md on a model built by hand: which index wins, and why none does. */
class QueryPlannerTest {
  private static final FieldModel ID = field("id", ValueType.Kind.LONG, TypeName.LONG, true);
  private static final FieldModel COUNTRY = field("country", ValueType.Kind.STRING, ClassName.get(String.class), false);
  private static final FieldModel CITY = field("city", ValueType.Kind.STRING, ClassName.get(String.class), false);
  private static final FieldModel POPULATION = field("population", ValueType.Kind.LONG, TypeName.LONG, false);
  private static final FieldModel NAME = field("name", ValueType.Kind.STRING, ClassName.get(String.class), false);

  private static FieldModel field(String name, ValueType.Kind kind, TypeName type, boolean id) {
    return new FieldModel(name, ValueType.simple(kind, type), "e." + name + "()", null, id);
  }

  private static QueryPlanner planner(IndexModel... indexes) {
    return new QueryPlanner(new EntityModel(ClassName.get("test", "Place"), "Place", List.of(ID, COUNTRY, CITY, POPULATION, NAME),
        List.of(), List.of(indexes), List.of(), List.of(), List.of(), false, false));
  }

  private static IndexModel index(String name, boolean covering, FieldModel... fields) {
    return new IndexModel(name, List.of(fields), false, covering, fields.length > 1);
  }

  private static BoundCriterion eq(FieldModel f) {
    return new BoundCriterion(f, Operator.EQUALS, List.of(f.name()));
  }

  private static BoundCriterion in(FieldModel f) {
    return new BoundCriterion(f, Operator.IN, List.of(f.name() + "s"));
  }

  private static BoundCriterion greater(FieldModel f) {
    return new BoundCriterion(f, Operator.GREATER_THAN, List.of("min"));
  }

  @Test
  void theLongestEqualityPrefixWins() throws QueryError {
    QueryPlan plan = planner(index("byCountry", false, COUNTRY), index("byCountryCity", false, COUNTRY, CITY))
        .plan("m", List.of(List.of(eq(COUNTRY), eq(CITY))), List.of(), null, false, Window.ALL).get(0);
    assertEquals("byCountryCity", plan.index().name());
    assertEquals(2, plan.equalities().size());
  }

  @Test
  void atEqualPrefixesAnIndexWithoutRowReadsWinsThenTheFirstDeclared() throws QueryError {
    QueryPlanner p = planner(index("a", false, COUNTRY, POPULATION), index("b", true, COUNTRY, NAME), index("c", true, COUNTRY, CITY));
    assertEquals("b", p.plan("m", List.of(List.of(eq(COUNTRY), eq(NAME))), List.of(), null, false, Window.ALL).get(0).index().name());
    assertEquals("a", p.plan("m", List.of(List.of(eq(COUNTRY))), List.of(), null, false, Window.ALL).get(0).index().name(),
        "the covering b has no entry for an entity without a name: a, complete, wins");
    QueryPlan count = p.plan("m", List.of(List.of(eq(COUNTRY))), List.of(), Set.of(), false, Window.ALL).get(0);
    assertEquals("a", count.index().name(), "a count needs no rows from any index: the first declared wins");
    assertFalse(count.rowsRead());
  }

  @Test
  void aRangeMustBeOnTheFieldAfterTheEqualityPrefix() throws QueryError {
    QueryPlan plan = planner(index("byCountryPopulation", false, COUNTRY, POPULATION))
        .plan("m", List.of(List.of(eq(COUNTRY), greater(POPULATION))), List.of(), null, false, Window.ALL).get(0);
    assertEquals(List.of(greater(POPULATION)), plan.range());
    QueryError e = assertThrows(QueryError.class, () -> planner(index("byCountryPopulation", false, COUNTRY, POPULATION))
        .plan("m", List.of(List.of(greater(POPULATION))), List.of(), null, false, Window.ALL).get(0));
    assertEquals(Messages.QUERY_NO_INDEX, e.message());
    assertTrue(e.getMessage().contains("add @Index(name = \"byPopulation\", fields = {\"population\"}) to Place"), e.getMessage());
  }

  @Test
  void descendingOrderOnTheNextFieldIsAReverseScan() throws QueryError {
    QueryPlan plan = planner(index("byCountryPopulation", false, COUNTRY, POPULATION))
        .plan("m", List.of(List.of(eq(COUNTRY))), List.of(new OrderItem(POPULATION, true), new OrderItem(ID, true)), null, false, Window.ALL).get(0);
    assertTrue(plan.reverse());
    assertFalse(plan.keyOrder());
  }

  @Test
  void orderingOnAFieldFixedByEqualityIsIgnored() throws QueryError {
    QueryPlan plan = planner(index("byCountryPopulation", false, COUNTRY, POPULATION))
        .plan("m", List.of(List.of(eq(COUNTRY))), List.of(new OrderItem(COUNTRY, true)), null, false, Window.ALL).get(0);
    assertFalse(plan.reverse(), "nothing left to order by: no reverse scan needed");
  }

  @Test
  void orderingOnAnInFieldMergesInKeyOrder() throws QueryError {
    QueryPlanner p = planner(index("byCountryPopulation", false, COUNTRY, POPULATION));
    assertTrue(p.plan("m", List.of(List.of(in(COUNTRY))), List.of(new OrderItem(COUNTRY, false)), null, false, Window.ALL).get(0).keyOrder());
    assertFalse(p.plan("m", List.of(List.of(in(COUNTRY))), List.of(new OrderItem(POPULATION, false)), null, false, Window.ALL).get(0).keyOrder());
  }

  @Test
  void anOrderNoIndexServesIsItsOwnError() {
    QueryError e = assertThrows(QueryError.class, () -> planner(index("byCountryPopulation", false, COUNTRY, POPULATION))
        .plan("m", List.of(List.of(eq(COUNTRY))), List.of(new OrderItem(NAME, false)), null, false, Window.ALL).get(0));
    assertEquals(Messages.QUERY_ORDER_NOT_SERVED, e.message());
  }

  @Test
  void projectionsOfIndexedFieldsReadNoRows() throws QueryError {
    FieldModel city = new FieldModel("city", CITY.type(), CITY.read(), null, false, true); // declared never null
    QueryPlan plan = planner(index("byCountryCity", false, COUNTRY, city)).plan("m", List.of(List.of(eq(COUNTRY))), List.of(),
        Set.of("city", "id"), false, Window.ALL).get(0);
    assertTrue(plan.fromKeys());
    assertFalse(plan.rowsRead());
    assertEquals(1, plan.keyPosition(city));
    assertEquals(2, plan.keyPosition(ID));
  }

  @Test
  void equalityOnTheIdReadsThatRowWhateverTheIndexes() throws QueryError {
    QueryPlan plan = planner(index("byCountry", false, COUNTRY)).plan("m", List.of(List.of(eq(COUNTRY), in(ID))), List.of(), null, false, Window.ALL).get(0);
    assertTrue(plan.byId());
    assertEquals(List.of(in(ID)), plan.equalities());
    assertEquals(List.of(eq(COUNTRY)), plan.filtered());
  }

  @Test
  void allowFilteringUsesThePartialIndexOrEveryRow() throws QueryError {
    QueryPlanner p = planner(index("byCountry", false, COUNTRY));
    QueryPlan partial = p.plan("m", List.of(List.of(eq(COUNTRY), eq(NAME))), List.of(), null, true, Window.ALL).get(0);
    assertEquals("byCountry", partial.index().name());
    assertEquals(List.of(eq(NAME)), partial.filtered());
    QueryPlan rows = p.plan("m", List.of(List.of(eq(NAME))), List.of(), null, true, Window.ALL).get(0);
    assertNull(rows.index());
    assertTrue(rows.allRows());
    assertEquals(List.of(eq(NAME)), rows.filtered());
  }
}
