package io.strata.query.plan;

import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Operand;
import java.util.ArrayList;
import java.util.List;

/**
 * A plan in words, the same for a generated method's javadoc (the processor's {@code PlanDoc}) and a run-time query's
 * explanation: which keys a read covers. Values are written as javadoc code spans ({@code {@code x = p}}); a plain-text
 * reader drops the markers.
 */
public final class PlanText {
  private PlanText() {}

  /**
   * What an index read covers, in keys: {@code reads index byX, keys (E, "I", "byX", x, id) where x = p}.
   *
   * @param entityName the entity's name (the first element of its keys)
   * @param read the index read
   */
  public static String indexKeys(String entityName, Plan.IndexRead read) {
    List<String> conditions = new ArrayList<>();
    for (Compare c : read.equalities()) {
      conditions.add(switch (c.op()) {
        case IN -> "{@code " + c.field() + "} each value of {@code " + operand(c, 0) + "} (one range per value)";
        case TRUE -> "{@code " + c.field() + " = true}";
        case FALSE -> "{@code " + c.field() + " = false}";
        default -> "{@code " + c.field() + " = " + operand(c, 0) + "}";
      });
    }
    for (Compare c : read.range()) {
      String f = c.field();
      conditions.add("{@code " + switch (c.op()) {
        case LESS_THAN -> f + " < " + operand(c, 0);
        case LESS_THAN_EQUAL -> f + " <= " + operand(c, 0);
        case GREATER_THAN -> f + " > " + operand(c, 0);
        case GREATER_THAN_EQUAL -> f + " >= " + operand(c, 0);
        case BETWEEN -> operand(c, 0) + " <= " + f + " <= " + operand(c, 1);
        case EQUAL -> f + " = " + operand(c, 0) + " in every scale";
        case IN -> f + " each value of " + operand(c, 0) + " in every scale";
        default -> f + " starting with " + operand(c, 0);
      } + "}");
    }
    String key = String.join(", ", read.index().fields());
    String keyDoc = read.index().unique()
        ? "{@code (" + quoted(entityName) + ", \"U\", " + quoted(read.index().name()) + ", " + key + ") = id}"
        : "{@code (" + quoted(entityName) + ", \"I\", " + quoted(read.index().name()) + ", " + key + ", id)}";
    return "reads index {@code " + read.index().name() + "}, keys " + keyDoc
        + (conditions.isEmpty() ? ", all of them" : " where " + String.join(" and ", conditions));
  }

  /**
   * What a vector search reads, in words: {@code searches vector index vector (COSINE, 96 dimensions) for the 10
   * entities nearest query in the group category = c, checking population on each candidate}.
   *
   * @param read the vector search
   */
  public static String vectorSearch(Plan.VectorRead read) {
    List<String> group = new ArrayList<>();
    for (Compare c : read.group()) {
      group.add("{@code " + c.field() + " = " + switch (c.op()) {
        case TRUE -> "true";
        case FALSE -> "false";
        default -> operand(c, 0);
      } + "}");
    }
    List<String> checked = new ArrayList<>();
    read.residual().forEach(c -> checked.add(c instanceof Compare cmp ? cmp.field() : "a condition"));
    return "searches vector index {@code " + read.vector().field() + "} (" + read.vector().metric() + ", "
        + read.vector().dimensions() + " dimensions) for the " + (read.kGiven() ? "{@code limit}" : "{@code " + read.k() + "}")
        + " entities nearest {@code " + operand(read.nearest(), 0) + "}, nearest first"
        + (group.isEmpty() ? "" : ", in the one group " + String.join(" and ", group))
        + (checked.isEmpty() ? "" : ", checking {@code " + String.join(", ", new java.util.LinkedHashSet<>(checked))
            + "} on each candidate (the search widens, within a bound, until enough pass)");
  }

  /** A parameter by its name, a literal by its value. */
  private static String operand(Compare c, int i) {
    Operand o = c.operands().get(i);
    return o instanceof Operand.Param p ? p.name() : String.valueOf(((Operand.Literal) o).value());
  }

  private static String quoted(String s) {
    return "\"" + s + "\"";
  }
}
