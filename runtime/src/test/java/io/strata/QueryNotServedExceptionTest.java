package io.strata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.query.plan.Unserved;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a refused run-time query says: the index that would serve it, how to declare it, and allowScan(). */
class QueryNotServedExceptionTest {
  @Test
  void aMissingIndexIsNamedWithItsDeclaration() {
    QueryNotServedException e = new QueryNotServedException("Place", "(country = :$0 and population > :$1)",
        new Unserved(Unserved.Reason.NO_INDEX, List.of("country", "population"), null, "equality on country then a range on population"), false);
    assertEquals("no index of Place serves the query (country = :$0 and population > :$1) (equality on country then a range "
        + "on population): the index of (country, population) would serve it; declare it on Place with "
        + "@Index(name = \"country_population\", fields = {\"country\", \"population\"}); or call allowScan() on the finder "
        + "to check every row instead", e.getMessage());
  }

  @Test
  void anIndexThatNarrowsAllAnIndexCanIsNamedWithTheScanOfIt() {
    QueryNotServedException e = new QueryNotServedException("Place", "(country = :$0 and (population * 2) > :$1)",
        new Unserved(Unserved.Reason.NO_INDEX, List.of("country"), "byCountry", "equality on country"), false);
    assertEquals("no index of Place serves the query (country = :$0 and (population * 2) > :$1) (equality on country): index "
        + "byCountry narrows it, and no index can serve the rest (an expression, a function or a comparison only checked on "
        + "rows); call allowScan() on the finder to read index byCountry and check the rest on each entity it reads",
        e.getMessage());
  }

  @Test
  void anIndexLeavingOutNullsIsNamed() {
    QueryNotServedException e = new QueryNotServedException("Place", "population is null",
        new Unserved(Unserved.Reason.INDEX_LEAVES_OUT_NULLS, List.of("population"), "byPopulation", null), false);
    assertEquals("no index of Place serves the query population is null: index byPopulation leaves out entities whose "
        + "population is null; or call allowScan() on the finder to check every row instead", e.getMessage());
  }

  @Test
  void aScanAlreadyAllowedIsNotSuggestedAgain() {
    QueryNotServedException e = new QueryNotServedException("Place", "country = :$0",
        new Unserved(Unserved.Reason.ORDER_NOT_SERVED, List.of("country", "name"), null, null), true);
    assertEquals("no index of Place serves the query country = :$0: the index of (country, name) would serve it; declare it "
        + "on Place with @Index(name = \"country_name\", fields = {\"country\", \"name\"}) (allowScan() does not "
        + "serve it either: declare the index)", e.getMessage());
  }

  @Test
  void anUnheldOrderWithoutAScanSaysAScanSortsInMemory() {
    QueryNotServedException e = new QueryNotServedException("Place", "country = :$0",
        new Unserved(Unserved.Reason.ORDER_NOT_SERVED, List.of("country", "name"), null, null), false);
    assertEquals("no index of Place serves the query country = :$0: the index of (country, name) would serve it; declare it "
        + "on Place with @Index(name = \"country_name\", fields = {\"country\", \"name\"}); or call allowScan() on the "
        + "finder to read the results unordered and sort them in memory instead", e.getMessage());
  }
}
