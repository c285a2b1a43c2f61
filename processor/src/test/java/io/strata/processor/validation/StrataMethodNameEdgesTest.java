package io.strata.processor.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryMethod.Criterion;
import io.strata.processor.model.QueryMethod.Order;
import io.strata.query.names.MethodName.Action;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Strata's method-name grammar at its edges, pinned before the two method-name parsers became one (issue 38); the
 * everyday grammar is {@link StrataMethodNameTest}'s. Where the Strata vocabulary differs from Jakarta Data's
 * ({@code io.strata.query.names.JakartaMethodNameTest}) the test says so in its name.
 */
class StrataMethodNameEdgesTest {
  private static final Set<String> PROPERTIES = Set.of("country", "population", "name", "location", "id", "all",
      "inService", "titleAndSubtitle", "authorOrEditor", "title", "author", "subtitle", "editor");

  private QueryMethod parse(String name) throws QueryError {
    return StrataMethodName.parse(name, PROPERTIES);
  }

  @Test
  void spatialOperatorsParse() throws QueryError {
    assertEquals(List.of(new Criterion("location", Operator.WITHIN)), parse("findByLocationWithin").alternatives().get(0));
    assertEquals(List.of(new Criterion("location", Operator.NEAR)), parse("findByLocationNear").alternatives().get(0));
    assertEquals(2, Operator.NEAR.arity());
  }

  @Test
  void nullAndIsNullAreTheSameOperator() throws QueryError {
    assertEquals(parse("findByNameNull").alternatives(), parse("findByNameIsNull").alternatives());
    assertEquals(List.of(new Criterion("name", Operator.IS_NULL)), parse("findByNameNull").alternatives().get(0));
  }

  @Test
  void isBeforeAnOperatorWordIsDropped() throws QueryError {
    assertEquals(List.of(new Criterion("population", Operator.LESS_THAN_EQUAL)),
        parse("findByPopulationIsLessThanEqual").alternatives().get(0));
    assertEquals(List.of(new Criterion("country", Operator.IN)), parse("findByCountryIsIn").alternatives().get(0));
  }

  @Test
  void aPropertyStartingWithAnOperatorWordIsTheProperty() throws QueryError {
    assertEquals(List.of(new Criterion("inService", Operator.EQUALS)), parse("findByInService").alternatives().get(0));
    assertEquals(List.of(new Criterion("inService", Operator.TRUE)), parse("findByInServiceTrue").alternatives().get(0));
  }

  @Test
  void anUnknownPropertyKeepsTheOperatorItEndsWith() throws QueryError {
    // the validator reports the unknown property later; the parser still reads the operator off its end
    assertEquals(List.of(new Criterion("colour", Operator.GREATER_THAN)), parse("findByColourGreaterThan").alternatives().get(0));
    assertEquals(List.of(new Criterion("colour", Operator.EQUALS)), parse("findByColour").alternatives().get(0));
  }

  /**
   * As in Jakarta's vocabulary, the longest property name wins, so a property whose name holds {@code And} or
   * {@code Or} is that property. (Until the two parsers became one, Strata's split there always, so
   * {@code findByTitleAndSubtitle} meant {@code title} and {@code subtitle}, and the two dialects read one name two
   * ways; a name meaning two properties now needs them not to spell a third.)
   */
  @Test
  void likeJakartaAPropertyNameHoldingAndOrOrIsThatProperty() throws QueryError {
    assertEquals(List.of(List.of(new Criterion("titleAndSubtitle", Operator.EQUALS))),
        parse("findByTitleAndSubtitle").alternatives());
    assertEquals(List.of(List.of(new Criterion("authorOrEditor", Operator.EQUALS))),
        parse("findByAuthorOrEditor").alternatives());
    assertEquals(List.of(List.of(new Criterion("title", Operator.EQUALS), new Criterion("editor", Operator.EQUALS))),
        parse("findByTitleAndEditor").alternatives());
    assertEquals(List.of(List.of(new Criterion("authorOrEditor", Operator.EQUALS)), List.of(new Criterion("author",
        Operator.EQUALS))), parse("findByAuthorOrEditorOrAuthor").alternatives());
    assertEquals(List.of(new Order("titleAndSubtitle", true, true)), parse("findByIdOrderByTitleAndSubtitleDesc").orderBy());
  }

  /** Or separates before And does: in {@code CountryAndOrName} the And ends the first alternative's (unknown) property. */
  @Test
  void anAndRightBeforeAnOrBelongsToThePropertyBeforeIt() throws QueryError {
    assertEquals(List.of(List.of(new Criterion("countryAnd", Operator.EQUALS)), List.of(new Criterion("name", Operator.EQUALS))),
        parse("findByCountryAndOrName").alternatives());
  }

  @Test
  void andOrOrFollowedByALowerCaseLetterIsPartOfTheName() throws QueryError {
    Set<String> properties = Set.of("andorra", "ordinal");
    assertEquals(List.of(List.of(new Criterion("andorra", Operator.EQUALS))),
        StrataMethodName.parse("findByAndorra", properties).alternatives());
    assertEquals(List.of(List.of(new Criterion("ordinal", Operator.GREATER_THAN))),
        StrataMethodName.parse("findByOrdinalGreaterThan", properties).alternatives());
  }

  /** Unlike Jakarta's parser, which rejects a trailing And/Or: here it is read as part of a (then unknown) property. */
  @Test
  void unlikeJakartaATrailingAndIsPartOfThePropertyName() throws QueryError {
    assertEquals(List.of(List.of(new Criterion("countryAnd", Operator.EQUALS))), parse("findByCountryAnd").alternatives());
  }

  @Test
  void allBeforeByIsAProjectionOnlyWhenAllIsAProperty() throws QueryError {
    assertEquals("all", parse("findAllByCountry").projection());
    assertNull(StrataMethodName.parse("findAllByCountry", Set.of("country")).projection());
  }

  @Test
  void distinctTopAndAProjectionCombine() throws QueryError {
    QueryMethod m = parse("findDistinctTop3NameByCountryOrderByNameDesc");
    assertTrue(m.distinct());
    assertEquals(3, m.limit());
    assertEquals("name", m.projection());
    assertEquals(List.of(new Order("name", true, true)), m.orderBy());
    assertEquals(Action.STREAM, parse("streamTop10ByCountry").subject());
    assertEquals(10, parse("streamTop10ByCountry").limit());
  }

  @Test
  void andBindsTighterThanOrAcrossSeveralBranches() throws QueryError {
    assertEquals(List.of(
        List.of(new Criterion("country", Operator.EQUALS), new Criterion("population", Operator.GREATER_THAN)),
        List.of(new Criterion("name", Operator.STARTING_WITH)),
        List.of(new Criterion("id", Operator.IN), new Criterion("country", Operator.EQUALS))),
        parse("findByCountryAndPopulationGreaterThanOrNameStartingWithOrIdInAndCountry").alternatives());
  }

  @Test
  void orderBySplitsOnAndAndOnDirections() throws QueryError {
    assertEquals(List.of(new Order("country", false, false), new Order("population", true, true), new Order("name", false, true)),
        parse("findByIdInOrderByCountryAndPopulationDescNameAsc").orderBy());
  }

  @Test
  void theQueryUnparseableMessageNamesTheMethodAndTheGrammar() {
    QueryError e = assertThrows(QueryError.class, () -> parse("findByCountryOrOrName"));
    assertEquals(Messages.QUERY_UNPARSEABLE, e.message());
    assertEquals("findByCountryOrOrName: not a query method name Strata understands; write subject[Distinct][First|TopN][Property]By"
        + "Criteria[OrderBy...], e.g. findByCountry or findTop5ByCountryOrderByPopulationDesc (see docs/queries.md), or make it"
        + " a default method", e.getMessage());
  }

  @Test
  void emptyPartsAreRejected() {
    for (String name : List.of("findByCountryOrOrName", "findByCountryOrderByAndName", "findByOrderByDesc", "findFirst0ByCountry")) {
      QueryError e = assertThrows(QueryError.class, () -> parse(name), name);
      assertEquals(Messages.QUERY_UNPARSEABLE, e.message(), name);
    }
  }
}
