package io.strata.query;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * How two numbers of different types compare in a query's condition, in both dialects' checks (Jakarta Data's
 * generated {@code Values} and the run-time {@link ConditionEvaluator}): by value, as decimals, so that a whole
 * number and a {@code double} compare as Java's numeric comparison does ({@code -0.0} equals {@code 0}). A value no
 * decimal holds, an infinite or NaN {@code double} or {@code float}, compares as {@link Double#compare} orders it
 * (infinities beyond every number, NaN above them), the order Jakarta Data gives such values of one type: a stored
 * infinity met by {@code score >= 0} is a result, not a {@link NumberFormatException}.
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

  private static boolean finite(Number n) {
    return !(n instanceof Double || n instanceof Float) || Double.isFinite(n.doubleValue());
  }
}
