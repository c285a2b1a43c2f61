package io.strata.query.jdql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a JDQL condition splits into its Or branches, its And conjuncts and its leaves. */
class JdqlConditionTest {

  private static JdqlCondition where(String jdql) {
    return ((JdqlStatement.Select) JdqlParser.parse(jdql)).where().orElseThrow();
  }

  private static List<String> kinds(List<JdqlCondition> conditions) {
    return conditions.stream().map(c -> c.getClass().getSimpleName()).toList();
  }

  @Test
  void disjunctsAreTheConditionsAnOrJoinsAtTheTop() {
    assertEquals(List.of("Comparison", "Comparison", "And"), kinds(JdqlCondition.disjuncts(where("WHERE a = 1 OR b = 2 OR (c = 3 AND d = 4)"))));
    assertEquals(List.of("And"), kinds(JdqlCondition.disjuncts(where("WHERE a = 1 AND (b = 2 OR c = 3)"))));
  }

  @Test
  void conjunctsCountTheConditionsAnAndJoinsAtTheTop() {
    assertEquals(3, JdqlCondition.conjuncts(where("WHERE a = 1 AND b = 2 AND (c = 3 OR d = 4)")));
    assertEquals(1, JdqlCondition.conjuncts(where("WHERE a = 1 OR b = 2")));
  }

  @Test
  void leavesStopAtOrAndNotUnlessAskedToGoThrough() {
    JdqlCondition c = where("WHERE a = 1 AND NOT (b = 2 OR c LIKE 'x%') AND d BETWEEN 1 AND 2 AND e IS NULL AND f IN (1, 2)");
    assertEquals(List.of("Comparison", "Not", "Between", "NullCheck", "In"), kinds(JdqlCondition.leaves(c, false)));
    assertEquals(List.of("Comparison", "Comparison", "Like", "Between", "NullCheck", "In"), kinds(JdqlCondition.leaves(c, true)));
  }
}
