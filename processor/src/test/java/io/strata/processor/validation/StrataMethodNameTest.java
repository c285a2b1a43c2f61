package io.strata.processor.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

/** The grammar of QUERIES.md, name by name. */
class StrataMethodNameTest {
  private static final Set<String> PROPERTIES = Set.of("country", "population", "name", "builtIn", "capital", "id");

  private QueryMethod parse(String name) throws QueryError {
    return StrataMethodName.parse(name, PROPERTIES);
  }

  @Test
  void subjectsMapToWhatTheMethodDoes() throws QueryError {
    for (String verb : List.of("find", "get", "read", "query")) {
      assertEquals(Action.FIND, parse(verb + "ByCountry").subject());
    }
    assertEquals(Action.STREAM, parse("streamByCountry").subject());
    assertEquals(Action.COUNT, parse("countByCountry").subject());
    assertEquals(Action.EXISTS, parse("existsByCountry").subject());
    assertEquals(Action.DELETE, parse("deleteByCountry").subject());
    assertEquals(Action.DELETE, parse("removeByCountry").subject());
  }

  @Test
  void sumMinAndMaxNameTheAggregatedPropertyBeforeBy() throws QueryError {
    QueryMethod sum = parse("sumPopulationByCountry");
    assertEquals(Action.SUM, sum.subject());
    assertEquals("population", sum.projection());
    assertEquals(List.of(List.of(new Criterion("country", Operator.EQUALS))), sum.alternatives());
    assertEquals(Action.MIN, parse("minNameByCountryAndCapitalTrue").subject());
    assertEquals(List.of(new Criterion("country", Operator.EQUALS), new Criterion("capital", Operator.TRUE)),
        parse("minNameByCountryAndCapitalTrue").alternatives().get(0));
    assertEquals(Action.MAX, parse("maxPopulationByCountry").subject());
    assertThrows(QueryError.class, () -> parse("sumByCountry"), "sum needs the property it adds up");
    assertThrows(QueryError.class, () -> parse("maxByCountry"));
  }

  @Test
  void limitsAndDistinct() throws QueryError {
    assertEquals(1, parse("findFirstByCountry").limit());
    assertEquals(1, parse("findTopByCountry").limit());
    assertEquals(5, parse("findTop5ByCountry").limit());
    assertEquals(7, parse("findFirst7ByCountry").limit());
    assertEquals(0, parse("findByCountry").limit());
    assertTrue(parse("findDistinctNameByCountry").distinct());
    assertFalse(parse("findNameByCountry").distinct());
  }

  @Test
  void aPropertyBeforeByIsAProjection() throws QueryError {
    assertEquals("name", parse("findNameByCountry").projection());
    assertNull(parse("findByCountry").projection());
    assertNull(parse("findAllByCountry").projection());
  }

  @Test
  void everyOperatorWord() throws QueryError {
    assertEquals(List.of(
        new Criterion("population", Operator.LESS_THAN), new Criterion("population", Operator.LESS_THAN_EQUAL),
        new Criterion("population", Operator.GREATER_THAN), new Criterion("population", Operator.GREATER_THAN_EQUAL),
        new Criterion("population", Operator.LESS_THAN), new Criterion("population", Operator.GREATER_THAN),
        new Criterion("population", Operator.BETWEEN), new Criterion("name", Operator.STARTING_WITH),
        new Criterion("name", Operator.STARTING_WITH), new Criterion("country", Operator.IN),
        new Criterion("capital", Operator.TRUE), new Criterion("capital", Operator.FALSE),
        new Criterion("country", Operator.EQUALS), new Criterion("country", Operator.EQUALS),
        new Criterion("name", Operator.IS_NULL)),
        parse("findByPopulationLessThanAndPopulationLessThanEqualAndPopulationGreaterThanAndPopulationGreaterThanEqual"
            + "AndPopulationBeforeAndPopulationAfterAndPopulationBetweenAndNameStartingWithAndNameStartsWithAndCountryIn"
            + "AndCapitalTrueAndCapitalFalseAndCountryIsAndCountryEqualsAndNameIsNull").alternatives().get(0));
    assertEquals(List.of(new Criterion("population", Operator.GREATER_THAN)), parse("findByPopulationIsGreaterThan").alternatives().get(0));
  }

  @Test
  void aPropertyEndingInAnOperatorWordIsTheProperty() throws QueryError {
    assertEquals(List.of(new Criterion("builtIn", Operator.EQUALS)), parse("findByBuiltIn").alternatives().get(0));
    assertEquals(List.of(new Criterion("builtIn", Operator.IN)), parse("findByBuiltInIn").alternatives().get(0));
  }

  @Test
  void orSeparatesAlternatives() throws QueryError {
    assertEquals(List.of(List.of(new Criterion("country", Operator.EQUALS)), List.of(new Criterion("name", Operator.EQUALS),
        new Criterion("capital", Operator.TRUE))), parse("findByCountryOrNameAndCapitalTrue").alternatives());
  }

  @Test
  void orderByItemsWithDirections() throws QueryError {
    assertEquals(List.of(new Order("population", true, true), new Order("id", true, true)),
        parse("findByCountryOrderByPopulationDescAndIdDesc").orderBy());
    assertEquals(List.of(new Order("population", false, true), new Order("name", false, false)),
        parse("findByCountryOrderByPopulationAscName").orderBy());
    assertEquals(List.of(new Order("population", true, true)), parse("findTop3ByOrderByPopulationDesc").orderBy());
    assertEquals(List.of(List.of()), parse("findTop3ByOrderByPopulationDesc").alternatives());
  }

  @Test
  void namesOutsideTheGrammarAreRejected() {
    for (String name : List.of("lookupByCountry", "findCountry", "findBy", "findTop0ByCountry")) {
      QueryError e = assertThrows(QueryError.class, () -> parse(name), name);
      assertEquals(Messages.QUERY_UNPARSEABLE, e.message());
    }
  }
}
