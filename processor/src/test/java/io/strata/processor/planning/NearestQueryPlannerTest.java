package io.strata.processor.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.ValueType;
import io.strata.processor.validation.Messages;
import io.strata.processor.validation.QueryError;
import io.strata.query.model.Window;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Near criterion planned onto an {@code @Embedding}'s vector index, and mapped back to the processor's plan. */
class NearestQueryPlannerTest {
  private static final FieldModel ID = field("id", ValueType.Kind.LONG, TypeName.LONG, true);
  private static final FieldModel CATEGORY = field("category", ValueType.Kind.STRING, ClassName.get(String.class), false);
  private static final FieldModel YEAR = field("year", ValueType.Kind.INT, TypeName.INT, false);
  private static final FieldModel VECTOR = field("vector", ValueType.Kind.VECTOR, ArrayTypeName.of(TypeName.FLOAT), false);
  private static final EmbeddingModel BY_CATEGORY = new EmbeddingModel(VECTOR, 8, "COSINE", List.of(CATEGORY));
  private static final QueryPlanner PLANNER = new QueryPlanner(new EntityModel(ClassName.get("test", "Doc"), "Doc",
      List.of(ID, CATEGORY, YEAR, VECTOR), List.of(), List.of(), List.of(), List.of(), List.of(), false, false, List.of(),
      List.of(), List.of(), false, true, List.of(BY_CATEGORY)));
  private static final BoundCriterion NEAR = new BoundCriterion(VECTOR, Operator.NEAREST, List.of("query"));
  private static final BoundCriterion IN_CATEGORY = new BoundCriterion(CATEGORY, Operator.EQUALS, List.of("category"));
  private static final BoundCriterion RECENT = new BoundCriterion(YEAR, Operator.GREATER_THAN, List.of("after"));
  private static final Window TOP5 = new Window(5, false, Window.Paging.NONE);

  private static FieldModel field(String name, ValueType.Kind kind, TypeName type, boolean id) {
    return new FieldModel(name, ValueType.simple(kind, type), "e." + name + "()", null, id);
  }

  @Test
  void aNearIsASearchOfItsGroupWithTheOtherCriteriaCheckedOnCandidates() throws QueryError {
    QueryPlan plan = PLANNER.plan("m", List.of(List.of(RECENT, NEAR, IN_CATEGORY)), List.of(), null, false, TOP5).get(0);
    assertEquals(new QueryPlan.NearestSearch(BY_CATEGORY, NEAR, 5), plan.nearest());
    assertEquals(List.of(IN_CATEGORY), plan.equalities());
    assertEquals(List.of(RECENT), plan.filtered());
    assertNull(plan.index());
    assertFalse(plan.allRows() || plan.byId(), "a vector search is neither a read of every row nor by id");
  }

  @Test
  void aNearWithoutALimitIsTheCompileErrorSayingHowToGiveK() {
    QueryError e = assertThrows(QueryError.class, () -> PLANNER.plan("m", List.of(List.of(IN_CATEGORY, NEAR)), List.of(), null, false, Window.ALL).get(0));
    assertEquals(Messages.QUERY_NEAREST_WITHOUT_LIMIT, e.message());
  }

  @Test
  void aNearWithoutItsGroupIsTheCompileErrorNamingTheGroupField() {
    QueryError e = assertThrows(QueryError.class, () -> PLANNER.plan("m", List.of(List.of(NEAR)), List.of(), null, false, TOP5).get(0));
    assertEquals(Messages.QUERY_NEAREST_GROUP, e.message());
    assertEquals("category", e.args()[2]);
  }
}
