package io.strata.query.jdql;

import io.strata.query.model.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * A conditional expression of JDQL: what follows {@code WHERE}. Every node records the 0-based {@link #offset()} of
 * its first character in the query.
 */
public sealed interface JdqlCondition {

  /** The 0-based offset in the query of this condition's first character. */
  int offset();

  /** The conditions {@code c} joins with {@code OR} at its top ({@code c} itself when it is no {@code OR}). */
  static List<JdqlCondition> disjuncts(JdqlCondition c) {
    if (c instanceof Or or) {
      List<JdqlCondition> out = new ArrayList<>(disjuncts(or.left()));
      out.addAll(disjuncts(or.right()));
      return out;
    }
    return List.of(c);
  }

  /** How many conditions {@code c} joins with {@code AND} at its top (1 for a condition that is no {@code AND}). */
  static int conjuncts(JdqlCondition c) {
    return leaves(c, false).size();
  }

  /**
   * The conditions of {@code c} that are neither {@code AND}, nor (when {@code throughOrAndNot}) {@code OR} or
   * {@code NOT}: with {@code false}, those {@code c} joins with {@code AND} at its top; with {@code true}, every
   * comparison, {@code BETWEEN}, {@code IN}, {@code LIKE} and null test in it.
   */
  static List<JdqlCondition> leaves(JdqlCondition c, boolean throughOrAndNot) {
    List<JdqlCondition> out = new ArrayList<>();
    addLeaves(c, throughOrAndNot, out);
    return out;
  }

  private static void addLeaves(JdqlCondition c, boolean throughOrAndNot, List<JdqlCondition> out) {
    if (c instanceof And and) {
      addLeaves(and.left(), throughOrAndNot, out);
      addLeaves(and.right(), throughOrAndNot, out);
    } else if (throughOrAndNot && c instanceof Or or) {
      addLeaves(or.left(), true, out);
      addLeaves(or.right(), true, out);
    } else if (throughOrAndNot && c instanceof Not not) {
      addLeaves(not.operand(), true, out);
    } else {
      out.add(c);
    }
  }

  /** {@code left AND right}. */
  record And(JdqlCondition left, JdqlCondition right, int offset) implements JdqlCondition {}

  /** {@code left OR right}. */
  record Or(JdqlCondition left, JdqlCondition right, int offset) implements JdqlCondition {}

  /** {@code NOT operand}. */
  record Not(JdqlCondition operand, int offset) implements JdqlCondition {}

  /** {@code left = right} and the other comparisons. */
  record Comparison(JdqlExpression left, Comparator comparator, JdqlExpression right, int offset)
      implements JdqlCondition {}

  /** {@code value [NOT] BETWEEN low AND high}. */
  record Between(JdqlExpression value, boolean negated, JdqlExpression low, JdqlExpression high, int offset)
      implements JdqlCondition {}

  /**
   * {@code value [NOT] LIKE pattern}, the pattern a {@link JdqlExpression.StringLiteral} or a parameter
   * ({@code _} matches one character, {@code %} any sequence).
   */
  record Like(JdqlExpression value, boolean negated, JdqlExpression pattern, int offset) implements JdqlCondition {}

  /** {@code path [NOT] IN (item, ...)}, each item a literal, an enum constant or a parameter. */
  record In(JdqlExpression value, boolean negated, List<JdqlExpression> items, int offset) implements JdqlCondition {
    public In {
      items = List.copyOf(items);
    }
  }

  /** {@code path IS [NOT] NULL}. */
  record NullCheck(JdqlExpression value, boolean negated, int offset) implements JdqlCondition {}

  /** The comparison operators, with their symbols. */
  enum Comparator {
    EQUAL("="), NOT_EQUAL("<>"), LESS("<"), LESS_EQUAL("<="), GREATER(">"), GREATER_EQUAL(">=");

    private final String symbol;

    Comparator(String symbol) {
      this.symbol = symbol;
    }

    /** How the operator is written. */
    public String symbol() {
      return symbol;
    }

    /** The query model's operator of {@code left <comparator> right}, read left to right. */
    public Op op() {
      return switch (this) {
        case EQUAL -> Op.EQUAL;
        case NOT_EQUAL -> Op.NOT_EQUAL;
        case LESS -> Op.LESS_THAN;
        case LESS_EQUAL -> Op.LESS_THAN_EQUAL;
        case GREATER -> Op.GREATER_THAN;
        case GREATER_EQUAL -> Op.GREATER_THAN_EQUAL;
      };
    }
  }
}
