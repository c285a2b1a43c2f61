package io.strata.query.names;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Op;
import io.strata.query.model.Operand.Param;
import io.strata.query.model.Window;
import io.strata.query.names.MethodName.Term;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code Near} in both vocabularies: nearest neighbours on a vector property, Strata's spatial {@code Near} elsewhere. */
class NearMethodNameTest {
  private static final Set<String> DOC = Set.of("id", "category", "vector", "where");
  private static final Set<String> VECTORS = Set.of("vector");

  private static MethodName parse(String name, Vocabulary vocabulary) {
    return MethodNameParser.parse(name, DOC, VECTORS, vocabulary);
  }

  @Test
  void nearOnAVectorPropertyIsANearestNeighbourSearchWithOneParameterInBothVocabularies() {
    for (Vocabulary v : Vocabulary.values()) {
      MethodName m = parse("findTop10ByVectorNear", v);
      assertEquals(List.of(List.of(new Term("vector", true, false, false, Op.NEAREST))), m.where(), v.name());
      assertEquals(1, m.parameterCount(), v.name());
      assertEquals(new Compare("vector", Op.NEAREST, new Param("query")), m.condition(List.of("query")), v.name());
    }
    assertEquals(new Window(10, false, Window.Paging.NONE), parse("findTop10ByVectorNear", Vocabulary.STRATA).window());
    assertEquals(new Window(10, false, Window.Paging.NONE), parse("findFirst10ByVectorNear", Vocabulary.JAKARTA).window());
  }

  @Test
  void equalitiesBeforeANearAreConditionsOfTheSameConjunction() {
    MethodName m = parse("findTop10ByCategoryAndVectorNear", Vocabulary.STRATA);
    Condition expected = new And(List.of(new Compare("category", Op.EQUAL, new Param("category")),
        new Compare("vector", Op.NEAREST, new Param("query"))));
    assertEquals(expected, m.condition(List.of("category", "query")));
    assertEquals(expected, parse("findFirst10ByCategoryAndVectorNear", Vocabulary.JAKARTA)
        .condition(List.of("category", "query")));
  }

  @Test
  void strataNearOnAnyOtherPropertyStaysSpatialAndJakartaNearIsAlwaysNearest() {
    assertEquals(Op.NEAR, parse("findByWhereNear", Vocabulary.STRATA).where().get(0).get(0).op());
    assertEquals(2, parse("findByWhereNear", Vocabulary.STRATA).parameterCount());
    assertEquals(Op.NEAREST, parse("findFirst3ByWhereNear", Vocabulary.JAKARTA).where().get(0).get(0).op(),
        "Jakarta has no spatial Near: the validator says the property has no @Embedding");
    assertEquals(Op.NEAR, MethodNameParser.parse("findByVectorNear", DOC, Vocabulary.STRATA).where().get(0).get(0).op(),
        "without the vector properties every Strata Near is spatial, as before");
  }
}
