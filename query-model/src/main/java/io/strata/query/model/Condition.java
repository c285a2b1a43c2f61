package io.strata.query.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A condition tree: and, or and not over comparisons (of a property, or of two expressions). {@code And} of nothing is "every entity".
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

  /**
   * One comparison of two expressions, either of which may be more than a property (see {@link Expression}). It is
   * never an index bound: planners leave it residual, checked on each row read.
   *
   * @param left what is compared
   * @param op the operator: not a spatial or nearest-neighbour one
   * @param right what it is compared with: {@code op.arity()} expressions, or one or more items for {@code IN} and
   *     {@code NOT_IN}
   */
  record Test(Expression left, Op op, List<Expression> right) implements Condition {
    public Test {
      right = List.copyOf(right);
      if (op == Op.WITHIN || op == Op.NEAR || op == Op.NEAREST) {
        throw new IllegalArgumentException(op + " compares a property through its index, not an expression");
      }
      boolean list = op == Op.IN || op == Op.NOT_IN;
      if (list ? right.isEmpty() : right.size() != op.arity()) {
        throw new IllegalArgumentException(op + " of an expression takes " + (list ? "one or more" : op.arity())
            + " right-hand expression(s), got " + right.size());
      }
    }

    /** A test with its right-hand expressions given one by one. */
    public Test(Expression left, Op op, Expression... right) {
      this(left, op, List.of(right));
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

  /**
   * The properties every entity {@code c} matches holds one value of: those an equality (not ignoring case) fixes that
   * the whole condition requires, with negations pushed to the comparisons ({@code NOT (p <> v)} fixes {@code p}; an
   * {@code Or} fixes nothing). An order on these alone is ignored (QUERIES.md: "ordering on a field fixed by equality
   * is allowed and ignored").
   */
  static Set<String> fixedFields(Condition c) {
    return fixed(c, false);
  }

  private static Set<String> fixed(Condition c, boolean negated) {
    if (c instanceof Not not) {
      return fixed(not.part(), !negated);
    }
    List<Condition> required = c instanceof And and && !negated ? and.parts() : c instanceof Or or && negated ? or.parts() : null;
    if (required != null) {
      Set<String> out = new LinkedHashSet<>();
      required.forEach(part -> out.addAll(fixed(part, negated)));
      return out;
    }
    boolean fixes = c instanceof Compare cmp && !cmp.ignoreCase() && cmp.op() == (negated ? Op.NOT_EQUAL : Op.EQUAL);
    return fixes ? Set.of(((Compare) c).field()) : Set.of();
  }
}
