package io.strata.query.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.model.Op;
import io.strata.query.names.MethodName.Action;
import io.strata.query.names.MethodName.OrderTerm;
import io.strata.query.names.MethodName.Term;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Jakarta Data's Query by Method Name: the one method-name parser in its Jakarta vocabulary, pinned when the
 * processor's own Jakarta parser was the reader (issue 38) and unchanged since: the parsed structure for every action,
 * keyword and operator, And binding tighter than Or, {@code First}, {@code OrderBy}, property names that contain
 * {@code And}, {@code Or} or an operator's word, and the errors with their words.
 */
class JakartaMethodNameTest {
  /** A book's properties: two whose names hold {@code Or}/{@code And}, one starting with the operator word {@code In}. */
  private static final Set<String> BOOK = Set.of("id", "author", "year", "title", "price", "inPrint", "authorOrEditor",
      "titleAndSubtitle");

  private static MethodName parse(String name) {
    return MethodNameParser.parse(name, BOOK, Vocabulary.JAKARTA);
  }

  private static Term known(String property, Op operator) {
    return new Term(property, true, false, false, operator);
  }

  /** The only condition of {@code name}, which must have exactly one. */
  private static Term single(String name) {
    MethodName m = parse(name);
    assertEquals(1, m.where().size(), name);
    assertEquals(1, m.where().get(0).size(), name);
    return m.where().get(0).get(0);
  }

  @Test
  void aQueryMethodStartsWithAnActionFollowedByAWordOrNothing() {
    for (String name : List.of("find", "findByAuthor", "count", "countByYear", "exists", "existsById", "delete", "deleteByTitle",
        "findAll")) {
      assertTrue(MethodNameParser.isJakartaQuery(name), name);
    }
    for (String name : List.of("finder", "counting", "deleted", "save", "lookUpByAuthor", "getByAuthor", "streamByAuthor")) {
      assertFalse(MethodNameParser.isJakartaQuery(name), name);
    }
  }

  @Test
  void theActionIsKeptAndTheTextBeforeByIsIgnored() {
    assertEquals(Action.FIND, parse("findByAuthor").action());
    assertEquals(Action.COUNT, parse("countByAuthor").action());
    assertEquals(Action.EXISTS, parse("existsByAuthor").action());
    assertEquals(Action.DELETE, parse("deleteByAuthor").action());
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
    assertEquals(known("author", Op.EQUAL), single("findByAuthor"));
  }

  @Test
  void everyOperatorWordParsesToItsOperatorWithItsParameterCount() {
    record Case(String name, String property, Op operator, int parameters) {}
    for (Case c : List.of(
        new Case("findByYearGreaterThanEqual", "year", Op.GREATER_THAN_EQUAL, 1),
        new Case("findByYearGreaterThan", "year", Op.GREATER_THAN, 1),
        new Case("findByYearLessThanEqual", "year", Op.LESS_THAN_EQUAL, 1),
        new Case("findByYearLessThan", "year", Op.LESS_THAN, 1),
        new Case("findByYearBetween", "year", Op.BETWEEN, 2),
        new Case("findByTitleContains", "title", Op.CONTAINS, 1),
        new Case("findByTitleEndsWith", "title", Op.ENDS_WITH, 1),
        new Case("findByTitleStartsWith", "title", Op.STARTS_WITH, 1),
        new Case("findByTitleLike", "title", Op.LIKE, 1),
        new Case("findByAuthorIn", "author", Op.IN, 1),
        new Case("findByTitleNull", "title", Op.IS_NULL, 0),
        new Case("findByInPrintTrue", "inPrint", Op.TRUE, 0),
        new Case("findByInPrintFalse", "inPrint", Op.FALSE, 0),
        new Case("findByAuthor", "author", Op.EQUAL, 1))) {
      assertEquals(known(c.property(), c.operator()), single(c.name()), c.name());
      assertEquals(c.parameters(), c.operator().arity(), c.name());
    }
  }

  @Test
  void notAndIgnoreCaseAreFlagsOnTheCondition() {
    assertEquals(new Term("author", true, false, true, Op.EQUAL), single("findByAuthorNot"));
    assertEquals(new Term("title", true, false, true, Op.LIKE), single("findByTitleNotLike"));
    assertEquals(new Term("title", true, true, false, Op.EQUAL), single("findByTitleIgnoreCase"));
    assertEquals(new Term("title", true, true, true, Op.STARTS_WITH), single("findByTitleIgnoreCaseNotStartsWith"));
    assertEquals(new Term("title", true, false, true, Op.IS_NULL), single("findByTitleNotNull"));
  }

  @Test
  void ignoreCaseAfterNotIsNoKeyword() {
    // the grammar is Property[IgnoreCase][Not][Operator]: in the other order the rest is left over
    MethodNameException e = assertThrows(MethodNameException.class, () -> parse("findByTitleNotIgnoreCase"));
    assertEquals("expected And, Or or OrderBy after the condition on title, found 'IgnoreCase'", e.getMessage());
  }

  @Test
  void andBindsTighterThanOr() {
    MethodName m = parse("findByAuthorAndYearOrTitleOrPriceLessThanAndInPrintTrue");
    assertEquals(List.of(
        List.of(known("author", Op.EQUAL), known("year", Op.EQUAL)),
        List.of(known("title", Op.EQUAL)),
        List.of(known("price", Op.LESS_THAN), known("inPrint", Op.TRUE))), m.where());
  }

  @Test
  void theLongestPropertyNameWinsSoNamesHoldingAndOrOrStillParse() {
    assertEquals(List.of(List.of(known("authorOrEditor", Op.EQUAL))), parse("findByAuthorOrEditor").where());
    assertEquals(List.of(List.of(known("titleAndSubtitle", Op.EQUAL))), parse("findByTitleAndSubtitle").where());
    assertEquals(List.of(List.of(known("authorOrEditor", Op.EQUAL), known("year", Op.EQUAL)),
        List.of(known("author", Op.EQUAL))), parse("findByAuthorOrEditorAndYearOrAuthor").where());
  }

  @Test
  void aPropertyStartingWithAnOperatorWordIsTheProperty() {
    assertEquals(known("inPrint", Op.EQUAL), single("findByInPrint"));
    assertEquals(known("inPrint", Op.IN), single("findByInPrintIn"));
  }

  @Test
  void anUnknownPropertyIsKeptDecapitalizedAndMarkedUnknown() {
    assertEquals(new Term("colour", false, false, false, Op.EQUAL), single("findByColour"));
    assertEquals(new Term("pageCount", false, false, false, Op.GREATER_THAN), single("findByPageCountGreaterThan"));
    assertEquals(new Term("colour", false, true, true, Op.IN), single("findByColourIgnoreCaseNotIn"));
    assertEquals(List.of(List.of(new Term("colour", false, false, false, Op.EQUAL)),
        List.of(known("author", Op.EQUAL))), parse("findByColourOrAuthor").where());
  }

  @Test
  void firstLimitsAFindToOneOrToItsNumber() {
    assertEquals(1, parse("findFirstByAuthor").first());
    assertEquals(10, parse("findFirst10ByAuthor").first());
    assertEquals(3, parse("findFirst3ByAuthorOrderByYearDesc").first());
    assertEquals(List.of(List.of(known("author", Op.EQUAL))), parse("findFirst10ByAuthor").where());
    assertEquals(0, parse("findByAuthor").first());
  }

  @Test
  void firstIsOnlyAKeywordOfFind() {
    assertEquals(0, parse("countFirstByAuthor").first(), "before By, count's text is ignored");
  }

  @Test
  void firstZeroIsRejected() {
    MethodNameException e = assertThrows(MethodNameException.class, () -> parse("findFirst0ByAuthor"));
    assertEquals("First0 must name a limit of at least 1", e.getMessage());
  }

  @Test
  void orderBySortsAscendingUnlessDesc() {
    assertEquals(List.of(new OrderTerm("year", true, true, true)), parse("findByAuthorOrderByYearDesc").order());
    assertEquals(List.of(new OrderTerm("year", true, false, false)), parse("findByAuthorOrderByYear").order());
    assertEquals(List.of(new OrderTerm("year", true, false, true)), parse("findByAuthorOrderByYearAsc").order());
    assertEquals(List.of(new OrderTerm("year", true, true, true), new OrderTerm("title", true, false, false), new OrderTerm("id", true, true, true)),
        parse("findByAuthorOrderByYearDescTitleIdDesc").order());
  }

  @Test
  void orderByWithoutConditionsSortsEveryRow() {
    MethodName m = parse("findAllOrderByTitle");
    assertEquals(List.of(), m.where());
    assertEquals(List.of(new OrderTerm("title", true, false, false)), m.order());
  }

  @Test
  void orderByAPropertyHoldingOrIsThatProperty() {
    assertEquals(List.of(new OrderTerm("authorOrEditor", true, true, true)), parse("findByYearOrderByAuthorOrEditorDesc").order());
  }

  @Test
  void orderByAnUnknownPropertyIsMarkedUnknown() {
    assertEquals(List.of(new OrderTerm("colour", false, true, true), new OrderTerm("year", true, false, false)),
        parse("findByAuthorOrderByColourDescYear").order());
  }

  @Test
  void conditionsThatAreNotJoinedByAndOrOrAreRejected() {
    MethodNameException e = assertThrows(MethodNameException.class, () -> parse("findByYearGreaterThanAuthor"));
    assertEquals("expected And, Or or OrderBy after the condition on year, found 'Author'", e.getMessage());
  }

  @Test
  void theErrorAfterAnUnknownPropertyNamesItAsWritten() {
    MethodNameException e = assertThrows(MethodNameException.class, () -> parse("findByColourGreaterThanAuthor"));
    assertEquals("expected And, Or or OrderBy after the condition on Colour, found 'Author'", e.getMessage());
  }

  @Test
  void aTrailingAndOrOrIsRejected() {
    for (String name : List.of("findByAuthorAnd", "findByAuthorOr")) {
      MethodNameException e = assertThrows(MethodNameException.class, () -> parse(name), name);
      assertEquals("expected a property name at the end, after And/Or", e.getMessage());
    }
  }

  @Test
  void orderByWithoutAPropertyIsRejected() {
    MethodNameException e = assertThrows(MethodNameException.class, () -> parse("findByAuthorOrderBy"));
    assertEquals("'OrderBy' must be followed by a property name", e.getMessage());
  }

  @Test
  void aNameWithoutAnActionIsRejected() {
    MethodNameException e = assertThrows(MethodNameException.class, () -> parse("lookUpByAuthor"));
    assertEquals("it does not start with find, count, exists or delete", e.getMessage());
  }
}
