package io.strata.query.model;

import java.util.List;

/**
 * A value computed from an entity and the query's operands: what either side of a {@link Condition.Test} compares.
 * It holds what a {@link Condition.Compare} (a property, an operator, then parameters or literals) cannot: arithmetic,
 * functions, a case function on either side, two properties compared, no property at all, and the current date or
 * time. A planner never reads an index for a test of expressions: it is checked on each row read.
 */
public sealed interface Expression {

  /**
   * A property's value.
   *
   * @param name the property name (a dotted path for an embedded property)
   */
  record Path(String name) implements Expression {}

  /**
   * A parameter or a literal.
   *
   * @param operand the parameter or the literal
   */
  record Value(Operand operand) implements Expression {}

  /**
   * A function applied to arguments.
   *
   * @param function the function
   * @param arguments exactly {@code function.arity()} of them
   */
  record Call(Function function, List<Expression> arguments) implements Expression {
    public Call {
      arguments = List.copyOf(arguments);
      if (arguments.size() != function.arity) {
        throw new IllegalArgumentException(function + " takes " + function.arity + " argument(s), got " + arguments.size());
      }
    }
  }

  /**
   * Two values combined.
   *
   * @param operator the arithmetic or the concatenation
   * @param left the left value
   * @param right the right value
   */
  record Arithmetic(Operator operator, Expression left, Expression right) implements Expression {}

  /**
   * The negation of a number.
   *
   * @param operand the number
   */
  record Negate(Expression operand) implements Expression {}

  /**
   * The date, date and time, or time when the query runs.
   *
   * @param kind which of them
   */
  record Now(Now.Kind kind) implements Expression {
    /** JDQL's {@code LOCAL DATE}, {@code LOCAL DATETIME} and {@code LOCAL TIME}. */
    public enum Kind { DATE, DATETIME, TIME }
  }

  /** A function of text or numbers. */
  enum Function {
    /** A number's absolute value. */
    ABS(1),
    /** A text's length in characters. */
    LENGTH(1),
    /** A text's first n characters (all of it when shorter). */
    LEFT(2),
    /** A text's last n characters (all of it when shorter). */
    RIGHT(2),
    /** A text in upper case (the root locale's rules). */
    UPPER(1),
    /** A text in lower case (the root locale's rules). */
    LOWER(1);

    private final int arity;

    Function(int arity) {
      this.arity = arity;
    }

    /** How many arguments the function takes. */
    public int arity() {
      return arity;
    }
  }

  /** How {@link Arithmetic} combines two values. */
  enum Operator {
    ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"),
    /** Text joined, JDQL's {@code ||}. */
    CONCAT("||");

    private final String symbol;

    Operator(String symbol) {
      this.symbol = symbol;
    }

    /** How JDQL writes the operator. */
    public String symbol() {
      return symbol;
    }
  }
}
