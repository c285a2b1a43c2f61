package io.strata.query.jdql;

import io.strata.query.jdql.JdqlToken.Kind;
import java.math.BigInteger;

/**
 * Turns number and parameter tokens of one query into {@link JdqlExpression}s, checking what Java would check:
 * that an {@code int} literal fits an {@code int} (a {@code long} one a {@code long}, a decimal one its type), that
 * parameters are numbered from {@code ?1}, and that one query does not mix {@code ?1} and {@code :name} parameters.
 */
final class JdqlLiterals {
  private final String query;
  private JdqlToken firstParameter;

  JdqlLiterals(String query) {
    this.query = query;
  }

  boolean isNumber(JdqlToken token) {
    Kind kind = token.kind();
    return kind == Kind.INTEGER || kind == Kind.LONG || kind == Kind.FLOAT || kind == Kind.DOUBLE;
  }

  /** The literal of a number token, negated when a minus sign at {@code offset} precedes it. */
  JdqlExpression number(JdqlToken token, boolean negated, int offset) {
    String sign = negated ? "-" : "";
    return switch (token.kind()) {
      case INTEGER, LONG -> {
        boolean isLong = token.kind() == Kind.LONG;
        BigInteger value = new BigInteger(sign + token.value());
        BigInteger min = BigInteger.valueOf(isLong ? Long.MIN_VALUE : Integer.MIN_VALUE);
        BigInteger max = BigInteger.valueOf(isLong ? Long.MAX_VALUE : Integer.MAX_VALUE);
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
          throw new JdqlSyntaxException(query, offset, "the integer " + sign + token.text() + " does not fit in "
              + (isLong ? "a long" : "an int: write " + sign + token.text() + "L for a long"));
        }
        yield new JdqlExpression.IntegerLiteral(value.longValue(), isLong, offset);
      }
      case FLOAT, DOUBLE -> {
        boolean isFloat = token.kind() == Kind.FLOAT;
        double value = isFloat ? Float.parseFloat(sign + token.value()) : Double.parseDouble(sign + token.value());
        String type = isFloat ? "a float" : "a double";
        if (Double.isInfinite(value)) {
          throw new JdqlSyntaxException(query, offset, "the number " + sign + token.text() + " is too large for " + type);
        }
        if (value == 0 && hasNonZeroDigit(token.value())) {
          throw new JdqlSyntaxException(query, offset, "the number " + sign + token.text() + " is too small for " + type);
        }
        yield new JdqlExpression.DecimalLiteral(value, isFloat, offset);
      }
      default -> throw new IllegalArgumentException("not a number token: " + token);
    };
  }

  /** The parameter a {@code :name} or {@code ?n} token stands for. */
  JdqlExpression parameter(JdqlToken token) {
    if (firstParameter == null) {
      firstParameter = token;
    } else if (firstParameter.kind() != token.kind()) {
      throw new JdqlSyntaxException(query, token.offset(), "positional (?1) and named (:name) parameters cannot be"
          + " mixed in one query, and this query already uses " + firstParameter.text());
    }
    if (token.kind() == Kind.NAMED_PARAMETER) {
      return new JdqlExpression.NamedParameter(token.value(), token.offset());
    }
    BigInteger position = new BigInteger(token.value());
    if (position.signum() == 0 || position.bitLength() > 31) {
      throw new JdqlSyntaxException(query, token.offset(), token.text() + " is not a parameter number:"
          + " positional parameters are numbered from ?1");
    }
    return new JdqlExpression.OrdinalParameter(position.intValue(), token.offset());
  }

  private static boolean hasNonZeroDigit(String number) {
    for (char c : number.toCharArray()) {
      if (c == 'e' || c == 'E') {
        return false;
      }
      if (c >= '1' && c <= '9') {
        return true;
      }
    }
    return false;
  }
}
