package io.strata.query;

import io.strata.query.model.Expression;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * How two numbers of different types compare in a query's condition, in both dialects' checks (Jakarta Data's
 * generated {@code Values} and the run-time {@link ConditionEvaluator}): by value, as decimals, so that a whole
 * number and a {@code double} compare as Java's numeric comparison does ({@code -0.0} equals {@code 0}). A value no
 * decimal holds, an infinite or NaN {@code double} or {@code float}, compares as {@link Double#compare} orders it
 * (infinities beyond every number, NaN above them), the order Jakarta Data gives such values of one type: a stored
 * infinity met by {@code score >= 0} is a result, not a {@link NumberFormatException}.
 *
 * <p>And JDQL's arithmetic, one meaning for both ({@link #arithmetic}, {@link #negate}, {@link #abs}): Java's numeric
 * promotion, integers computed as {@code long}, decimals exactly (a quotient to 34 digits), floating point as Java's
 * {@code double}. Jakarta Data leaves integer overflow to the provider: an overflow, or a division of integers or
 * decimals by zero, is an {@link ArithmeticException} naming the operation, never a value wrapped round or dropped.
 */
public final class Numbers {
  private Numbers() {}

  /** The sign of {@code a - b} for numbers of any two types. */
  public static int compare(Number a, Number b) {
    if (!finite(a) || !finite(b)) {
      return Double.compare(a.doubleValue(), b.doubleValue());
    }
    return decimal(a).compareTo(decimal(b));
  }

  /** {@code n} as a decimal: exact for integers and decimals, {@link BigDecimal#valueOf(double)} for a finite floating value. */
  public static BigDecimal decimal(Number n) {
    return n instanceof BigDecimal d ? d : n instanceof BigInteger i ? new BigDecimal(i)
        : n instanceof Double || n instanceof Float ? BigDecimal.valueOf(n.doubleValue()) : BigDecimal.valueOf(n.longValue());
  }

  /** {@code a op b} ({@code op} one of {@code ADD}, {@code SUBTRACT}, {@code MULTIPLY}, {@code DIVIDE}). */
  public static Number arithmetic(Expression.Operator op, Number a, Number b) {
    if (integral(a) && integral(b)) {
      long x = a.longValue();
      long y = b.longValue();
      if (op == Expression.Operator.DIVIDE && x == Long.MIN_VALUE && y == -1) {
        throw refused(x + " / " + y, false); // the one quotient Java wraps round, silently
      }
      try {
        return switch (op) {
          case ADD -> Math.addExact(x, y);
          case SUBTRACT -> Math.subtractExact(x, y);
          case MULTIPLY -> Math.multiplyExact(x, y);
          default -> x / y;
        };
      } catch (ArithmeticException e) {
        throw refused(x + " " + op.symbol() + " " + y, op == Expression.Operator.DIVIDE);
      }
    }
    if (a instanceof BigDecimal || b instanceof BigDecimal || a instanceof BigInteger || b instanceof BigInteger) {
      BigDecimal x = decimal(a);
      BigDecimal y = decimal(b);
      if (op == Expression.Operator.DIVIDE && y.signum() == 0) {
        throw refused(x + " / " + y, true);
      }
      return switch (op) {
        case ADD -> x.add(y);
        case SUBTRACT -> x.subtract(y);
        case MULTIPLY -> x.multiply(y);
        default -> x.divide(y, MathContext.DECIMAL128);
      };
    }
    double x = a.doubleValue();
    double y = b.doubleValue();
    return switch (op) {
      case ADD -> x + y;
      case SUBTRACT -> x - y;
      case MULTIPLY -> x * y;
      default -> x / y;
    };
  }

  /** Java's unary minus ({@code -0.0} of a floating {@code 0.0}); an integer's an {@link ArithmeticException} at its least. */
  public static Number negate(Number n) {
    if (integral(n)) {
      long v = n.longValue();
      if (v == Long.MIN_VALUE) {
        throw refused("-(" + v + ")", false);
      }
      return -v;
    }
    return n instanceof BigDecimal d ? d.negate() : n instanceof BigInteger i ? i.negate() : -n.doubleValue();
  }

  /** Java's {@code Math.abs} ({@code ABS(-0.0)} is {@code 0.0}); an integer's an {@link ArithmeticException} at its least. */
  public static Number abs(Number n) {
    if (integral(n)) {
      long v = n.longValue();
      if (v == Long.MIN_VALUE) {
        throw refused("ABS(" + v + ")", false);
      }
      return Math.abs(v);
    }
    return n instanceof BigDecimal d ? d.abs() : n instanceof BigInteger i ? i.abs() : Math.abs(n.doubleValue());
  }

  /** Whether {@code n} is a whole number of at most 64 bits, computed as a {@code long}. */
  private static boolean integral(Number n) {
    return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
  }

  private static ArithmeticException refused(String operation, boolean byZero) {
    return new ArithmeticException(operation + (byZero ? " divides by zero" : " overflows a long (refused, not wrapped round)"));
  }

  private static boolean finite(Number n) {
    return !(n instanceof Double || n instanceof Float) || Double.isFinite(n.doubleValue());
  }
}
