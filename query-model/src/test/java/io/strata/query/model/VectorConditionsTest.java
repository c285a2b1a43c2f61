package io.strata.query.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Operand.Param;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A vector property is searched by nearness or tested for null; comparing or sorting by it is refused naming it. */
class VectorConditionsTest {
  private static final EntityInfo DOC = new EntityInfo("Doc", List.of(new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("year", ValueKind.INT, false, true), new FieldInfo("embedding", ValueKind.VECTOR, false, false)),
      List.of(), List.of(), List.of(), List.of(new VectorInfo("embedding", 4, "COSINE", List.of())));

  @Test
  void aVectorIsNeitherScalarNorKeyOrdered() {
    assertFalse(ValueKind.VECTOR.isScalar());
    assertFalse(Semantics.STRATA.keyOrdered(ValueKind.VECTOR) || Semantics.JAKARTA.keyOrdered(ValueKind.VECTOR));
  }

  @Test
  void nearestAndNullTestsOfAVectorAreAccepted() {
    Condition near = new Condition.And(List.of(new Compare("embedding", Op.NEAREST, new Param("q")),
        new Compare("embedding", Op.NOT_NULL), new Compare("year", Op.EQUAL, new Param("y"))));
    assertDoesNotThrow(() -> VectorConditions.check(DOC, near, List.of(new SortKey("year", false, false))));
  }

  @Test
  void anEqualityOnAVectorEvenUnderANotIsRefusedNamingItAndTheNearestSearch() {
    Condition equal = new Condition.Not(new Compare("embedding", Op.EQUAL, new Param("v")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VectorConditions.check(DOC, equal, List.of()));
    assertTrue(e.getMessage().startsWith("Doc.embedding is a vector (@Embedding): a EQUAL comparison"), e.getMessage());
    assertTrue(e.getMessage().contains("nearestEmbedding(...)") && e.getMessage().contains("EmbeddingNear"), e.getMessage());
  }

  @Test
  void sortingByAVectorIsRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VectorConditions.check(DOC, Condition.ALWAYS, List.of(new SortKey("embedding", true, false))));
    assertTrue(e.getMessage().startsWith("Doc.embedding is a vector (@Embedding): it has no order"), e.getMessage());
  }
}
