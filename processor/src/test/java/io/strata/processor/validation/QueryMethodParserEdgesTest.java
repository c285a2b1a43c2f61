package io.strata.processor.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryMethod.Criterion;
import io.strata.processor.model.QueryMethod.Order;
import io.strata.processor.model.QueryMethod.Subject;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Strata's method-name grammar at its edges, pinned before the two method-name parsers become one (issue 38); the
 * everyday grammar is {@link QueryMethodParserTest}'s. Where the Strata vocabulary differs from Jakarta Data's
 * ({@code io.strata.processor.jakarta.MethodNameTest}) the test says so in its name.
 */
class QueryMethodParserEdgesTest {
  private final QueryMethodParser parser = new QueryMethodParser(
      Set.of("Country", "Population", "Name", "Location", "Id", "All", "InService", "TitleAndSubtitle", "AuthorOrEditor"));

  private QueryMethod parse(String name) throws QueryError {
    return parser.parse(name);
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

  /** Unlike Jakarta's parser, which matches the longest property first: {@code And}/{@code Or} always split. */
  @Test
  void unlikeJakartaAPropertyNameHoldingAndOrOrIsSplitThere() throws QueryError {
    assertEquals(List.of(List.of(new Criterion("title", Operator.EQUALS), new Criterion("subtitle", Operator.EQUALS))),
        parse("findByTitleAndSubtitle").alternatives());
    assertEquals(List.of(List.of(new Criterion("author", Operator.EQUALS)), List.of(new Criterion("editor", Operator.EQUALS))),
        parse("findByAuthorOrEditor").alternatives());
  }

  @Test
  void andOrOrFollowedByALowerCaseLetterIsPartOfTheName() throws QueryError {
    QueryMethodParser p = new QueryMethodParser(Set.of("Andorra", "Ordinal"));
    assertEquals(List.of(List.of(new Criterion("andorra", Operator.EQUALS))), p.parse("findByAndorra").alternatives());
    assertEquals(List.of(List.of(new Criterion("ordinal", Operator.GREATER_THAN))), p.parse("findByOrdinalGreaterThan").alternatives());
  }

  /** Unlike Jakarta's parser, which rejects a trailing And/Or: here it is read as part of a (then unknown) property. */
  @Test
  void unlikeJakartaATrailingAndIsPartOfThePropertyName() throws QueryError {
    assertEquals(List.of(List.of(new Criterion("countryAnd", Operator.EQUALS))), parse("findByCountryAnd").alternatives());
  }

  @Test
  void allBeforeByIsAProjectionOnlyWhenAllIsAProperty() throws QueryError {
    assertEquals("all", parse("findAllByCountry").projection());
    QueryMethodParser withoutAll = new QueryMethodParser(Set.of("Country"));
    assertNull(withoutAll.parse("findAllByCountry").projection());
  }

  @Test
  void distinctTopAndAProjectionCombine() throws QueryError {
    QueryMethod m = parse("findDistinctTop3NameByCountryOrderByNameDesc");
    assertTrue(m.distinct());
    assertEquals(3, m.limit());
    assertEquals("name", m.projection());
    assertEquals(List.of(new Order("name", true, true)), m.orderBy());
    assertEquals(Subject.STREAM, parse("streamTop10ByCountry").subject());
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
