package io.strata.query.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Condition.Not;
import io.strata.query.model.Condition.Or;
import io.strata.query.model.Op;
import io.strata.query.model.Operand.Param;
import io.strata.query.model.SortKey;
import io.strata.query.model.Window;
import io.strata.query.names.MethodName.Term;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The one method-name parser: both vocabularies read property names alike, each keeps its own words, and a parsed name
 * becomes the query model's condition, sort keys and window.
 */
class MethodNameTest {
  private static final Set<String> BOOK = Set.of("id", "author", "year", "title", "subtitle", "editor",
      "titleAndSubtitle", "authorOrEditor", "inPrint");

  private static MethodName jakarta(String name) {
    return MethodNameParser.parse(name, BOOK, Vocabulary.JAKARTA);
  }

  private static MethodName strata(String name) {
    return MethodNameParser.parse(name, BOOK, Vocabulary.STRATA);
  }

  private static Compare compare(String field, Op op, String... params) {
    return new Compare(field, op, List.of(params).stream().map(Param::new).map(p -> (io.strata.query.model.Operand) p)
        .toList(), false);
  }

  private static Term known(String property, Op op) {
    return new Term(property, true, false, false, op);
  }

  @Test
  void bothVocabulariesReadAPropertyNameHoldingAndOrOrAsThatProperty() {
    for (String name : List.of("findByTitleAndSubtitle", "findByAuthorOrEditorAndYear", "findByTitleAndEditor",
        "findByAuthorOrEditorOrAuthorOrderByTitleAndSubtitle")) {
      assertEquals(jakarta(name).where(), strata(name).where(), name);
    }
    assertEquals(List.of(List.of(known("titleAndSubtitle", Op.EQUAL))), strata("findByTitleAndSubtitle").where());
    assertEquals(List.of(List.of(known("title", Op.EQUAL), known("editor", Op.EQUAL))),
        strata("findByTitleAndEditor").where());
  }

  @Test
  void eachVocabularyKeepsItsOwnWords() {
    assertEquals(List.of(List.of(known("title", Op.CONTAINS))), jakarta("findByTitleContains").where());
    assertEquals(List.of(List.of(new Term("titleContains", false, false, false, Op.EQUAL))),
        strata("findByTitleContains").where(), "Contains is no Strata word: the text is an unknown property");
    assertEquals(List.of(List.of(known("year", Op.LESS_THAN))), strata("findByYearBefore").where());
    MethodNameException e = assertThrows(MethodNameException.class, () -> jakarta("findByYearBefore"));
    assertEquals("expected And, Or or OrderBy after the condition on year, found 'Before'", e.getMessage());
    assertEquals(List.of(List.of(known("year", Op.IS_NULL))), strata("findByYearIsNull").where());
    assertEquals(List.of(List.of(known("title", Op.STARTS_WITH))), strata("findByTitleStartingWith").where());
    assertThrows(MethodNameException.class, () -> jakarta("getByAuthor"), "get is a Strata verb only");
    assertEquals(MethodName.Action.FIND, strata("getByAuthor").action());
  }

  @Test
  void errorsSayWhereInTheName() {
    MethodNameException e = assertThrows(MethodNameException.class, () -> jakarta("findByYearGreaterThanAuthor"));
    assertEquals(21, e.offset());
    assertEquals(0, assertThrows(MethodNameException.class, () -> jakarta("lookUpByAuthor")).offset());
    assertEquals(14, assertThrows(MethodNameException.class, () -> strata("findByAuthorOrOrYear")).offset());
  }

  @Test
  void theConditionIsAnOrOfAndsOverTheParametersInOrder() {
    assertEquals(new Or(List.of(
            new And(List.of(compare("author", Op.EQUAL, "a"), compare("year", Op.BETWEEN, "from", "to"))),
            compare("title", Op.IN, "titles"),
            compare("inPrint", Op.TRUE))),
        jakarta("findByAuthorAndYearBetweenOrTitleInOrInPrintTrue")
            .condition(List.of("a", "from", "to", "titles")));
    assertEquals(4, jakarta("findByAuthorAndYearBetweenOrTitleInOrInPrintTrue").parameterCount());
  }

  @Test
  void aNameWithoutConditionsIsEveryEntity() {
    assertEquals(Condition.ALWAYS, jakarta("findAll").condition(List.of()));
  }

  @Test
  void theParametersMustBeAsManyAsTheConditionsTake() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> jakarta("findByYearBetween").condition(List.of("from")));
    assertEquals("the conditions take 2 parameter(s), given [from]", e.getMessage());
  }

  @Test
  void notIsTheNegatedOperatorOrFalseOnANullValue() {
    assertEquals(compare("title", Op.NOT_EQUAL, "t"), jakarta("findByTitleNot").condition(List.of("t")));
    assertEquals(compare("title", Op.NOT_IN, "t"), jakarta("findByTitleNotIn").condition(List.of("t")));
    assertEquals(compare("title", Op.NOT_LIKE, "t"), jakarta("findByTitleNotLike").condition(List.of("t")));
    assertEquals(compare("title", Op.NOT_NULL), jakarta("findByTitleNotNull").condition(List.of()));
    assertEquals(compare("inPrint", Op.FALSE), jakarta("findByInPrintNotTrue").condition(List.of()));
    assertEquals(compare("year", Op.LESS_THAN_EQUAL, "y"), jakarta("findByYearNotGreaterThan").condition(List.of("y")));
    assertEquals(new And(List.of(compare("title", Op.NOT_NULL), new Not(compare("title", Op.CONTAINS, "t")))),
        jakarta("findByTitleNotContains").condition(List.of("t")));
    assertEquals(new And(List.of(compare("year", Op.NOT_NULL), new Not(compare("year", Op.BETWEEN, "a", "b")))),
        jakarta("findByYearNotBetween").condition(List.of("a", "b")));
  }

  @Test
  void ignoreCaseIsKeptOnTheComparison() {
    assertEquals(new Compare("title", Op.STARTS_WITH, List.of(new Param("t")), true),
        jakarta("findByTitleIgnoreCaseStartsWith").condition(List.of("t")));
  }

  @Test
  void theOrderAndTheLimitBecomeSortKeysAndAWindow() {
    MethodName m = jakarta("findFirst3ByAuthorOrderByYearDescTitle");
    assertEquals(List.of(new SortKey("year", true, false), new SortKey("title", false, false)), m.sortKeys());
    assertEquals(new Window(3, false, Window.Paging.NONE), m.window());
    assertEquals(Window.ALL, jakarta("findByAuthor").window());
    assertEquals(new Window(5, false, Window.Paging.NONE), strata("findTop5ByAuthor").window());
  }
}
