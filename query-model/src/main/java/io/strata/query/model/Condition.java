package io.strata.query.model;

import java.util.List;

/**
 * A condition tree: and, or and not over comparisons. {@code And} of nothing is "every entity".
 */
public sealed interface Condition {

  /** The condition every entity meets. */
  Condition ALWAYS = new And(List.of());

  /**
   * One comparison of a property.
   *
   * @param field the property name
   * @param op the operator
   * @param operands exactly {@code op.arity()} of them
   * @param ignoreCase compare text case-insensitively (Jakarta's {@code IgnoreCase}, JDQL's {@code UPPER}/{@code LOWER})
   */
  record Compare(String field, Op op, List<Operand> operands, boolean ignoreCase) implements Condition {
    public Compare {
      operands = List.copyOf(operands);
      if (operands.size() != op.arity()) {
        throw new IllegalArgumentException(op + " on " + field + " takes " + op.arity() + " operand(s), got " + operands.size());
      }
    }

    /** A case-sensitive comparison. */
    public Compare(String field, Op op, Operand... operands) {
      this(field, op, List.of(operands), false);
    }
  }

  /** All of {@code parts}. */
  record And(List<Condition> parts) implements Condition {
    public And {
      parts = List.copyOf(parts);
    }
  }

  /** Any of {@code parts}; {@code Or} of nothing matches no entity. */
  record Or(List<Condition> parts) implements Condition {
    public Or {
      parts = List.copyOf(parts);
    }
  }

  /** Not {@code part}. */
  record Not(Condition part) implements Condition {}
}
