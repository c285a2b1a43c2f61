package io.strata.query;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Operand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A run-time query's shape: its condition tree with every literal value of a comparison replaced by a parameter
 * ({@code $0}, {@code $1}, ... in the tree's order), so queries that differ only in their values share one plan. A
 * test of expressions stays in the shape as it is, literals and all: no plan depends on its values.
 */
final class Shapes {
  private Shapes() {}

  /** A condition whose literals are parameters, and the values they stood for. */
  record Parameterized(Condition condition, Map<String, Object> values) {}

  static Parameterized parameterize(Condition condition) {
    Map<String, Object> values = new HashMap<>();
    return new Parameterized(replace(condition, values), values);
  }

  private static Condition replace(Condition condition, Map<String, Object> values) {
    if (condition instanceof Condition.And and) {
      return new Condition.And(and.parts().stream().map(p -> replace(p, values)).toList());
    }
    if (condition instanceof Condition.Or or) {
      return new Condition.Or(or.parts().stream().map(p -> replace(p, values)).toList());
    }
    if (condition instanceof Condition.Not not) {
      return new Condition.Not(replace(not.part(), values));
    }
    if (condition instanceof Condition.Test) {
      return condition; // its literals stay in the shape: a test is checked on each row, never planned by value
    }
    Compare c = (Compare) condition;
    List<Operand> operands = c.operands().stream().map(o -> {
      if (o instanceof Operand.Literal literal) {
        String name = "$" + values.size();
        values.put(name, literal.value());
        return (Operand) new Operand.Param(name);
      }
      return o;
    }).toList();
    return new Compare(c.field(), c.op(), operands, c.ignoreCase());
  }
}
