package io.strata.query.jdql;

import java.util.List;

/**
 * A scalar expression of JDQL: the operands of comparisons, {@code BETWEEN}, {@code LIKE} and {@code IN}, the values
 * of {@code SET}, the keys of {@code ORDER BY} and the selected value. Every node records the 0-based
 * {@link #offset()} of its first character in the query.
 */
public sealed interface JdqlExpression {

  /** The 0-based offset in the query of this expression's first character. */
  int offset();

  /**
   * A dotted name: {@code price}, {@code address.city}, or an enum constant written with its fully qualified class
   * ({@code com.example.Color.RED}). Which one it is depends on the entity, so the parser does not decide.
   */
  record Path(List<String> names, int offset) implements JdqlExpression {
    public Path {
      names = List.copyOf(names);
    }

    /** The names joined with dots, as written (without whitespace). */
    public String dotted() {
      return String.join(".", names);
    }
  }

  /** {@code ID(THIS)}: the entity's identifier, whatever its property is called (a Jakarta Data 1.1 form). */
  record IdOfThis(int offset) implements JdqlExpression {}

  /** {@code :name}: a repository method parameter by name. */
  record NamedParameter(String name, int offset) implements JdqlExpression {}

  /** {@code ?1}: the repository method parameter at this 1-based position. */
  record OrdinalParameter(int position, int offset) implements JdqlExpression {}

  /** {@code 'text'}, with {@code ''} already unescaped to a single quote. */
  record StringLiteral(String value, int offset) implements JdqlExpression {}

  /** An integer literal: an {@code int} ({@code 42}) or, with an {@code L} suffix, a {@code long} ({@code 42L}). */
  record IntegerLiteral(long value, boolean isLong, int offset) implements JdqlExpression {
    /** The value as written: an {@code Integer}, or a {@code Long} with the suffix. */
    public Object written() {
      return isLong ? (Object) value : (Object) (int) value;
    }
  }

  /** A decimal literal: a {@code double} ({@code 1.5}, {@code 1e4}, {@code 2d}) or, with an {@code F}, a {@code float}. */
  record DecimalLiteral(double value, boolean isFloat, int offset) implements JdqlExpression {}

  /** {@code TRUE} or {@code FALSE}. */
  record BooleanLiteral(boolean value, int offset) implements JdqlExpression {}

  /** {@code NULL}, which JDQL allows only as the value of a {@code SET} assignment. */
  record NullLiteral(int offset) implements JdqlExpression {}

  /** {@code LOCAL DATE}, {@code LOCAL DATETIME} or {@code LOCAL TIME}: the current date or time of the database. */
  record CurrentTemporal(Temporal temporal, int offset) implements JdqlExpression {}

  /** {@code -x} or {@code +x}. */
  record Unary(Sign sign, JdqlExpression operand, int offset) implements JdqlExpression {}

  /** {@code a * b}, {@code a / b}, {@code a + b}, {@code a - b} or {@code a || b}. */
  record Binary(JdqlExpression left, Operator operator, JdqlExpression right, int offset) implements JdqlExpression {}

  /** A call of one of JDQL's functions, with as many arguments as it takes. */
  record Call(Function function, List<JdqlExpression> arguments, int offset) implements JdqlExpression {
    public Call {
      arguments = List.copyOf(arguments);
    }
  }

  /** The values of {@link CurrentTemporal}. */
  enum Temporal { LOCAL_DATE, LOCAL_DATETIME, LOCAL_TIME }

  /** The prefix operators. */
  enum Sign { PLUS, MINUS }

  /** The binary operators of scalar expressions, with their symbols. */
  enum Operator {
    MULTIPLY("*"), DIVIDE("/"), ADD("+"), SUBTRACT("-"), CONCAT("||");

    private final String symbol;

    Operator(String symbol) {
      this.symbol = symbol;
    }

    /** How the operator is written. */
    public String symbol() {
      return symbol;
    }
  }

  /** JDQL 1.0's functions and how many arguments each takes. */
  enum Function {
    ABS(1), LENGTH(1), LOWER(1), UPPER(1), LEFT(2), RIGHT(2);

    private final int arity;

    Function(int arity) {
      this.arity = arity;
    }

    /** The number of arguments. */
    public int arity() {
      return arity;
    }
  }
}
