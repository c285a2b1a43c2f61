package io.strata.processor.jakarta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.processor.jakarta.MethodName.Condition;
import io.strata.processor.jakarta.MethodName.Operator;
import io.strata.processor.jakarta.MethodName.OrderPart;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Jakarta Data's Query by Method Name as Strata reads it today, pinned before the two method-name parsers become one
 * (issue 38): the parsed structure for every action, keyword and operator, And binding tighter than Or, {@code First},
 * {@code OrderBy}, property names that contain {@code And}, {@code Or} or an operator's word, and the errors with their
 * words. Assertions are on the parsed values only, so a new parser needs only its result mapped to these shapes.
 */
class MethodNameTest {
  /** A book's properties: two whose names hold {@code Or}/{@code And}, one starting with the operator word {@code In}. */
  private static final Set<String> BOOK = Set.of("id", "author", "year", "title", "price", "inPrint", "authorOrEditor",
      "titleAndSubtitle");

  private static MethodName parse(String name) {
    return MethodName.parse(name, BOOK);
  }

  private static Condition known(String property, Operator operator) {
    return new Condition(property, true, false, false, operator);
  }

  /** The only condition of {@code name}, which must have exactly one. */
  private static Condition single(String name) {
    MethodName m = parse(name);
    assertEquals(1, m.where().size(), name);
    assertEquals(1, m.where().get(0).size(), name);
    return m.where().get(0).get(0);
  }

  @Test
  void aQueryMethodStartsWithAnActionFollowedByAWordOrNothing() {
    for (String name : List.of("find", "findByAuthor", "count", "countByYear", "exists", "existsById", "delete", "deleteByTitle",
        "findAll")) {
      assertTrue(MethodName.isQuery(name), name);
    }
    for (String name : List.of("finder", "counting", "deleted", "save", "lookUpByAuthor", "getByAuthor", "streamByAuthor")) {
      assertFalse(MethodName.isQuery(name), name);
    }
  }

  @Test
  void theActionIsKeptAndTheTextBeforeByIsIgnored() {
    assertEquals("find", parse("findByAuthor").action());
    assertEquals("count", parse("countByAuthor").action());
    assertEquals("exists", parse("existsByAuthor").action());
    assertEquals("delete", parse("deleteByAuthor").action());
    assertEquals(parse("findByAuthor").where(), parse("findBooksByAuthor").where());
    assertEquals(parse("findByAuthor").where(), parse("findAllByAuthor").where());
  }

  @Test
  void aNameWithoutByHasNoConditions() {
    MethodName all = parse("findAll");
    assertEquals(List.of(), all.where());
    assertEquals(List.of(), all.order());
    assertEquals(0, all.first());
  }

  @Test
  void equalityIsAPropertyWithoutAnOperatorWord() {
    assertEquals(known("author", Operator.EQUAL), single("findByAuthor"));
  }

  @Test
  void everyOperatorWordParsesToItsOperatorWithItsParameterCount() {
    record Case(String name, String property, Operator operator, int parameters) {}
    for (Case c : List.of(
        new Case("findByYearGreaterThanEqual", "year", Operator.GREATER_THAN_EQUAL, 1),
        new Case("findByYearGreaterThan", "year", Operator.GREATER_THAN, 1),
        new Case("findByYearLessThanEqual", "year", Operator.LESS_THAN_EQUAL, 1),
        new Case("findByYearLessThan", "year", Operator.LESS_THAN, 1),
        new Case("findByYearBetween", "year", Operator.BETWEEN, 2),
        new Case("findByTitleContains", "title", Operator.CONTAINS, 1),
        new Case("findByTitleEndsWith", "title", Operator.ENDS_WITH, 1),
        new Case("findByTitleStartsWith", "title", Operator.STARTS_WITH, 1),
        new Case("findByTitleLike", "title", Operator.LIKE, 1),
        new Case("findByAuthorIn", "author", Operator.IN, 1),
        new Case("findByTitleNull", "title", Operator.NULL, 0),
        new Case("findByInPrintTrue", "inPrint", Operator.TRUE, 0),
        new Case("findByInPrintFalse", "inPrint", Operator.FALSE, 0),
        new Case("findByAuthor", "author", Operator.EQUAL, 1))) {
      assertEquals(known(c.property(), c.operator()), single(c.name()), c.name());
      assertEquals(c.parameters(), c.operator().parameters, c.name());
    }
  }

  @Test
  void notAndIgnoreCaseAreFlagsOnTheCondition() {
    assertEquals(new Condition("author", true, false, true, Operator.EQUAL), single("findByAuthorNot"));
    assertEquals(new Condition("title", true, false, true, Operator.LIKE), single("findByTitleNotLike"));
    assertEquals(new Condition("title", true, true, false, Operator.EQUAL), single("findByTitleIgnoreCase"));
    assertEquals(new Condition("title", true, true, true, Operator.STARTS_WITH), single("findByTitleIgnoreCaseNotStartsWith"));
    assertEquals(new Condition("title", true, false, true, Operator.NULL), single("findByTitleNotNull"));
  }

  @Test
  void ignoreCaseAfterNotIsNoKeyword() {
    // the grammar is Property[IgnoreCase][Not][Operator]: in the other order the rest is left over
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("findByTitleNotIgnoreCase"));
    assertEquals("expected And, Or or OrderBy after the condition on title, found 'IgnoreCase'", e.getMessage());
  }

  @Test
  void andBindsTighterThanOr() {
    MethodName m = parse("findByAuthorAndYearOrTitleOrPriceLessThanAndInPrintTrue");
    assertEquals(List.of(
        List.of(known("author", Operator.EQUAL), known("year", Operator.EQUAL)),
        List.of(known("title", Operator.EQUAL)),
        List.of(known("price", Operator.LESS_THAN), known("inPrint", Operator.TRUE))), m.where());
  }

  @Test
  void theLongestPropertyNameWinsSoNamesHoldingAndOrOrStillParse() {
    assertEquals(List.of(List.of(known("authorOrEditor", Operator.EQUAL))), parse("findByAuthorOrEditor").where());
    assertEquals(List.of(List.of(known("titleAndSubtitle", Operator.EQUAL))), parse("findByTitleAndSubtitle").where());
    assertEquals(List.of(List.of(known("authorOrEditor", Operator.EQUAL), known("year", Operator.EQUAL)),
        List.of(known("author", Operator.EQUAL))), parse("findByAuthorOrEditorAndYearOrAuthor").where());
  }

  @Test
  void aPropertyStartingWithAnOperatorWordIsTheProperty() {
    assertEquals(known("inPrint", Operator.EQUAL), single("findByInPrint"));
    assertEquals(known("inPrint", Operator.IN), single("findByInPrintIn"));
  }

  @Test
  void anUnknownPropertyIsKeptDecapitalizedAndMarkedUnknown() {
    assertEquals(new Condition("colour", false, false, false, Operator.EQUAL), single("findByColour"));
    assertEquals(new Condition("pageCount", false, false, false, Operator.GREATER_THAN), single("findByPageCountGreaterThan"));
    assertEquals(new Condition("colour", false, true, true, Operator.IN), single("findByColourIgnoreCaseNotIn"));
    assertEquals(List.of(List.of(new Condition("colour", false, false, false, Operator.EQUAL)),
        List.of(known("author", Operator.EQUAL))), parse("findByColourOrAuthor").where());
  }

  @Test
  void firstLimitsAFindToOneOrToItsNumber() {
    assertEquals(1, parse("findFirstByAuthor").first());
    assertEquals(10, parse("findFirst10ByAuthor").first());
    assertEquals(3, parse("findFirst3ByAuthorOrderByYearDesc").first());
    assertEquals(List.of(List.of(known("author", Operator.EQUAL))), parse("findFirst10ByAuthor").where());
    assertEquals(0, parse("findByAuthor").first());
  }

  @Test
  void firstIsOnlyAKeywordOfFind() {
    assertEquals(0, parse("countFirstByAuthor").first(), "before By, count's text is ignored");
  }

  @Test
  void firstZeroIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("findFirst0ByAuthor"));
    assertEquals("First0 must name a limit of at least 1", e.getMessage());
  }

  @Test
  void orderBySortsAscendingUnlessDesc() {
    assertEquals(List.of(new OrderPart("year", true, true)), parse("findByAuthorOrderByYearDesc").order());
    assertEquals(List.of(new OrderPart("year", true, false)), parse("findByAuthorOrderByYear").order());
    assertEquals(List.of(new OrderPart("year", true, false)), parse("findByAuthorOrderByYearAsc").order());
    assertEquals(List.of(new OrderPart("year", true, true), new OrderPart("title", true, false), new OrderPart("id", true, true)),
        parse("findByAuthorOrderByYearDescTitleIdDesc").order());
  }

  @Test
  void orderByWithoutConditionsSortsEveryRow() {
    MethodName m = parse("findAllOrderByTitle");
    assertEquals(List.of(), m.where());
    assertEquals(List.of(new OrderPart("title", true, false)), m.order());
  }

  @Test
  void orderByAPropertyHoldingOrIsThatProperty() {
    assertEquals(List.of(new OrderPart("authorOrEditor", true, true)), parse("findByYearOrderByAuthorOrEditorDesc").order());
  }

  @Test
  void orderByAnUnknownPropertyIsMarkedUnknown() {
    assertEquals(List.of(new OrderPart("colour", false, true), new OrderPart("year", true, false)),
        parse("findByAuthorOrderByColourDescYear").order());
  }

  @Test
  void conditionsThatAreNotJoinedByAndOrOrAreRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("findByYearGreaterThanAuthor"));
    assertEquals("expected And, Or or OrderBy after the condition on year, found 'Author'", e.getMessage());
  }

  @Test
  void aTrailingAndOrOrIsRejected() {
    for (String name : List.of("findByAuthorAnd", "findByAuthorOr")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(name), name);
      assertEquals("expected a property name at the end, after And/Or", e.getMessage());
    }
  }

  @Test
  void orderByWithoutAPropertyIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("findByAuthorOrderBy"));
    assertEquals("'OrderBy' must be followed by a property name", e.getMessage());
  }

  @Test
  void aNameWithoutAnActionIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("lookUpByAuthor"));
    assertEquals("it does not start with find, count, exists or delete", e.getMessage());
  }
}
