package io.strata.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.query.model.Condition.Compare;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand.Literal;
import io.strata.query.model.Operand.Param;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanTextTest {

  @Test
  void anIndexReadNamesItsKeysAndTheirBounds() {
    IndexInfo index = new IndexInfo("byCountryPopulation", List.of("country", "population"), false, false, true);
    Plan.IndexRead read = new Plan.IndexRead(index, List.of(new Compare("country", Op.IN, new Param("countries"))),
        List.of(new Compare("population", Op.BETWEEN, new Param("low"), new Literal(100))), false, false, false, true,
        List.of(), List.of());
    assertEquals("reads index {@code byCountryPopulation}, keys {@code (\"Place\", \"I\", \"byCountryPopulation\", country,"
        + " population, id)} where {@code country} each value of {@code countries} (one range per value) and"
        + " {@code low <= population <= 100}", PlanText.indexKeys("Place", read));
  }

  @Test
  void aUniqueIndexReadWithoutConditionsReadsAllItsKeys() {
    Plan.IndexRead read = new Plan.IndexRead(new IndexInfo("byEmail", List.of("email"), true, false, false), List.of(), List.of(),
        false, false, false, true, List.of(), List.of());
    assertEquals("reads index {@code byEmail}, keys {@code (\"User\", \"U\", \"byEmail\", email) = id}, all of them",
        PlanText.indexKeys("User", read));
  }
}
