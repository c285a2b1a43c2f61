package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code Finder.explain()}: each kind of plan in keys, with what is checked on what is read. */
class ExplainTest {
  private static final IndexInfo BY_COUNTRY_POPULATION = new IndexInfo("byCountryPopulation", List.of("country", "population"),
      false, false, true);
  private static final IndexInfo CODE = new IndexInfo("code", List.of("code"), true, false, false);
  private static final Compare JAPAN = new Compare("country", Op.EQUAL, new Operand.Param("c"));
  private static final Condition UNNAMED = new Compare("name", Op.IS_NULL);

  @Test
  void anIndexReadNamesItsKeysRangeDirectionOrderRowsAndChecks() {
    Plan plan = new Plan.IndexRead(BY_COUNTRY_POPULATION, List.of(JAPAN),
        List.of(new Compare("population", Op.GREATER_THAN, new Operand.Literal(1000L))), true, false, false, true,
        List.of(new SortKey("population", true, false)), List.of(new Condition.Not(UNNAMED)));
    assertEquals("reads index byCountryPopulation, keys (\"Place\", \"I\", \"byCountryPopulation\", country, population, id) "
        + "where country = c and population > 1000, backwards in order population desc, then each entry's row; "
        + "checks on each: not name is null", Explain.plan("Place", plan));
  }

  @Test
  void aUnionShowsEachBranchIndented() {
    Plan plan = new Plan.Union(List.of(
        new Plan.IndexRead(CODE, List.of(new Compare("code", Op.IN, new Operand.Literal(List.of("a", "b")))), List.of(), false,
            false, false, true, List.of(), List.of()),
        new Plan.ById(new Compare("id", Op.EQUAL, new Operand.Literal(7L)), List.of()),
        new Plan.AllRows(List.of(new Condition.Or(List.of(UNNAMED, JAPAN))))), List.of());
    assertEquals("union without duplicates of 3 reads, in id order:\n"
        + "  reads index code, keys (\"Place\", \"U\", \"code\", code) = id where code each value of [a, b] (one range per"
        + " value), forwards, then each entry's row\n"
        + "  rows by id: (\"Place\", \"R\", id) where id = 7\n"
        + "  every row: (\"Place\", \"R\", ...) in id order; checks on each: (name is null or country = :c)", Explain.plan("Place", plan));
  }

  @Test
  void aSpatialReadNamesItsRangeBudgetAsTheGeneratedJavadocDoes() {
    Plan plan = new Plan.SpatialRead(new io.strata.query.model.SpatialInfo("location", true, 12),
        new Compare("location", Op.WITHIN, new Operand.Param("box")), List.of(JAPAN));
    assertEquals("spatial index of location: a cover of at most 12 ranges of (\"Place\", \"Z\", \"location\", z, id) read"
        + " concurrently, then the rows, where location within :box; checks on each: country = :c", Explain.plan("Place", plan));
  }

  @Test
  void anOrderTheReadDoesNotHoldIsSaidToBeSortedInMemory() {
    Plan plan = new Plan.IndexRead(BY_COUNTRY_POPULATION, List.of(JAPAN), List.of(), false, false, false, true, List.of(),
        List.of());
    List<SortKey> byName = List.of(new SortKey("name", true, false));
    assertEquals("reads index byCountryPopulation, keys (\"Place\", \"I\", \"byCountryPopulation\", country, population, id) "
        + "where country = c, forwards, then each entry's row\nthen sorted in memory in order name desc, ties by id",
        Explain.plan("Place", plan, byName));
    assertEquals(Explain.plan("Place", plan), Explain.plan("Place", plan, List.of()));
  }
}
