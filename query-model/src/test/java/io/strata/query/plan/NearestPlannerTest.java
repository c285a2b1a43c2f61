package io.strata.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.model.Aggregation;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Condition.Not;
import io.strata.query.model.Condition.Or;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand.Param;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.SpatialInfo;
import io.strata.query.model.ValueKind;
import io.strata.query.model.VectorInfo;
import io.strata.query.model.Window;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Planning nearest-neighbour queries onto vector indexes: the group searched, residual conditions, and refusals. */
class NearestPlannerTest {
  private static final FieldInfo ID = new FieldInfo("id", ValueKind.LONG, true, true);
  private static final FieldInfo CATEGORY = new FieldInfo("category", ValueKind.STRING, false, false);
  private static final FieldInfo PUBLISHED = new FieldInfo("published", ValueKind.BOOLEAN, false, true);
  private static final FieldInfo YEAR = new FieldInfo("year", ValueKind.INT, false, true);
  private static final FieldInfo VECTOR = new FieldInfo("vector", ValueKind.VECTOR, false, false);
  private static final FieldInfo TITLE_VECTOR = new FieldInfo("titleVector", ValueKind.VECTOR, false, false);
  private static final FieldInfo WHERE = new FieldInfo("where", ValueKind.GEO_POINT, false, false);
  private static final VectorInfo BY_CATEGORY = new VectorInfo("vector", 96, "COSINE", List.of("category", "published"));
  private static final VectorInfo UNGROUPED = new VectorInfo("titleVector", 8, "EUCLIDEAN", List.of());
  private static final EntityInfo DOC = new EntityInfo("Doc", List.of(ID, CATEGORY, PUBLISHED, YEAR, VECTOR, TITLE_VECTOR,
      WHERE), List.of(new IndexInfo("byYear", List.of("year"), false, false, false)),
      List.of(new SpatialInfo("where", true, 8)), List.of(), List.of(BY_CATEGORY, UNGROUPED));

  private static final Compare NEAR_VECTOR = new Compare("vector", Op.NEAREST, new Param("query"));
  private static final Compare NEAR_TITLE = new Compare("titleVector", Op.NEAREST, new Param("query"));
  private static final Compare CATEGORY_IS = new Compare("category", Op.EQUAL, new Param("category"));
  private static final Compare PUBLISHED_TRUE = new Compare("published", Op.TRUE);
  private static final Compare RECENT = new Compare("year", Op.GREATER_THAN, new Param("after"));
  private static final Window TOP10 = new Window(10, false, Window.Paging.NONE);

  private static Planned plan(Condition where, Window window) {
    return plan(where, List.of(), window, Semantics.STRATA);
  }

  private static Planned plan(Condition where, List<SortKey> order, Window window, Semantics semantics) {
    return Planner.plan(new QuerySpec(DOC, where, order, window, null, false, semantics));
  }

  private static Condition and(Condition... parts) {
    return new And(List.of(parts));
  }

  private static Unserved unserved(Planned p, Unserved.Reason reason) {
    Unserved u = assertInstanceOf(Unserved.class, p);
    assertEquals(reason, u.reason(), u.toString());
    return u;
  }

  @Test
  void aNearAloneSearchesTheWholeIndexForTheQueryLimit() {
    Plan.VectorRead r = assertInstanceOf(Plan.VectorRead.class, plan(NEAR_TITLE, TOP10));
    assertEquals(UNGROUPED, r.vector());
    assertEquals(NEAR_TITLE, r.nearest());
    assertEquals(List.of(), r.group());
    assertEquals(List.of(), r.residual());
    assertEquals(10, r.k());
  }

  @Test
  void equalitiesOnEveryGroupFieldSearchOneGroupInGroupOrderAndTheRestIsResidualEvenWithoutAScan() {
    Plan.VectorRead r = assertInstanceOf(Plan.VectorRead.class,
        plan(and(RECENT, PUBLISHED_TRUE, NEAR_VECTOR, CATEGORY_IS), TOP10));
    assertEquals(List.of(CATEGORY_IS, PUBLISHED_TRUE), r.group());
    assertEquals(List.<Condition>of(RECENT), r.residual());
  }

  @Test
  void aGroupedIndexQueriedWithoutAnEqualityOnAGroupFieldIsUnservedNamingTheField() {
    Unserved u = unserved(plan(and(CATEGORY_IS, NEAR_VECTOR), TOP10), Unserved.Reason.NEAREST_GROUP);
    assertEquals(List.of("published"), u.fields());
    Unserved in = unserved(plan(and(new Compare("category", Op.IN, new Param("categories")), PUBLISHED_TRUE, NEAR_VECTOR),
        TOP10), Unserved.Reason.NEAREST_GROUP);
    assertEquals(List.of("category"), in.fields(), "an IN names several groups: the index searches one");
  }

  @Test
  void anOrBesideTheNearIsOneResidualConditionNotABranchEach() {
    Condition either = new Or(List.of(RECENT, new Compare("year", Op.LESS_THAN, new Param("before"))));
    Plan.VectorRead r = assertInstanceOf(Plan.VectorRead.class,
        plan(and(and(CATEGORY_IS, either), PUBLISHED_TRUE, NEAR_VECTOR), TOP10));
    assertEquals(List.of(CATEGORY_IS, PUBLISHED_TRUE), r.group());
    assertEquals(List.of(either), r.residual());
    Condition notStarting = new Not(new Compare("category", Op.STARTS_WITH, new Param("prefix")));
    Plan.VectorRead negated = assertInstanceOf(Plan.VectorRead.class, plan(and(NEAR_TITLE, notStarting), TOP10));
    assertEquals(List.of(notStarting), negated.residual(), "a Not with no negated comparison stays whole, residual");
  }

  @Test
  void aLimitGivenWhenTheQueryRunsIsK() {
    Plan.VectorRead r = assertInstanceOf(Plan.VectorRead.class,
        plan(NEAR_TITLE, List.of(), new Window(0, true, Window.Paging.NONE), Semantics.JAKARTA));
    assertTrue(r.kGiven());
  }

  @Test
  void aNearWithoutALimitIsUnserved() {
    unserved(plan(NEAR_TITLE, Window.ALL), Unserved.Reason.NEAREST_WITHOUT_LIMIT);
  }

  @Test
  void aNearWithAnOrderIsUnserved() {
    Unserved u = unserved(plan(NEAR_TITLE, List.of(new SortKey("year", true, false)), TOP10, Semantics.STRATA),
        Unserved.Reason.NEAREST_ORDER);
    assertEquals("year desc", u.detail());
  }

  @Test
  void aNearOnAFieldWithoutAVectorIndexIsUnservedNamingTheField() {
    Unserved u = unserved(plan(new Compare("year", Op.NEAREST, new Param("q")), TOP10), Unserved.Reason.NEAREST_NO_INDEX);
    assertEquals(List.of("year"), u.fields());
  }

  @Test
  void aNearInAFormNoSearchAnswersIsUnservedSayingWhich() {
    assertEquals("a Near under an Or", unserved(plan(new Or(List.of(NEAR_TITLE, RECENT)), TOP10),
        Unserved.Reason.NEAREST_FORM).detail());
    assertEquals("a Near under a Not", unserved(plan(and(RECENT, new Not(NEAR_TITLE)), TOP10),
        Unserved.Reason.NEAREST_FORM).detail());
    assertEquals("two Near conditions", unserved(plan(and(NEAR_TITLE, NEAR_TITLE), TOP10),
        Unserved.Reason.NEAREST_FORM).detail());
    assertEquals("a Near with a spatial condition", unserved(plan(and(NEAR_TITLE,
        new Compare("where", Op.NEAR, new Param("p"), new Param("r"))), TOP10), Unserved.Reason.NEAREST_FORM).detail());
    assertEquals("a Near read in pages", unserved(plan(NEAR_TITLE, List.of(), new Window(0, true, Window.Paging.OFFSET),
        Semantics.JAKARTA), Unserved.Reason.NEAREST_FORM).detail());
    assertEquals("a Near in a count", unserved(Planner.plan(new QuerySpec(DOC, NEAR_TITLE, List.of(), Window.ALL, null,
        false, Semantics.STRATA, new Aggregation("COUNT", null, false))), Unserved.Reason.NEAREST_FORM).detail());
  }

  @Test
  void theSearchIsWordedWithItsGroupAndWhatIsCheckedOnCandidates() {
    Plan.VectorRead r = (Plan.VectorRead) plan(and(CATEGORY_IS, PUBLISHED_TRUE, RECENT, NEAR_VECTOR), TOP10);
    assertEquals("searches vector index {@code vector} (COSINE, 96 dimensions) for the {@code 10} entities nearest"
        + " {@code query}, nearest first, in the one group {@code category = category} and {@code published = true},"
        + " checking {@code year} on each candidate (the search widens, within a bound, until enough pass)",
        PlanText.vectorSearch(r));
  }
}
