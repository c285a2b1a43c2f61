package io.strata.row;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * {@link BigDecimal} as a nested tuple that sorts in numeric order, so decimal fields can be range
 * queried, and that keeps the scale, so a value reads back {@code equals} to what was saved.
 *
 * <p>A value is {@code (signum, exponent, digits, scale)}: {@code signum} is -1, 0 or 1;
 * {@code digits} are the significant digits without trailing zeros ({@code stripTrailingZeros}) and
 * {@code exponent} is the power of ten of the first of them (12.5 → {@code (1, 1, "125", 1)}). For
 * positive values a larger exponent is a larger number and, at equal exponents, the digit strings
 * compare like the numbers (the tuple layer orders strings bytewise, a prefix first). Negative values
 * store the negated exponent and the nines' complement of the digits followed by {@code '~'} (which
 * sorts after every digit), reversing both comparisons. Zero is {@code (0, 0, "", scale)}.
 *
 * <p>Numerically equal values with different scales (1.5, 1.50) are different elements: equality
 * lookups follow {@link BigDecimal#equals}. The three-element {@link #bound} sorts before every
 * scale of its value, so ranges built from bounds follow {@link BigDecimal#compareTo}.
 */
public final class Decimals {
  private static final char NEGATIVE_END = '~';

  private Decimals() {}

  public static Tuple element(BigDecimal d) {
    return bound(d).add(d.scale());
  }

  /** {@code (signum, exponent, digits)}: sorts just before every stored scale of {@code d}'s value. */
  public static Tuple bound(BigDecimal d) {
    if (d.signum() == 0) {
      return Tuple.from(0L, 0L, "");
    }
    BigDecimal magnitude = d.abs().stripTrailingZeros();
    String digits = magnitude.unscaledValue().toString();
    long exponent = (long) magnitude.precision() - magnitude.scale() - 1;
    return d.signum() > 0 ? Tuple.from(1L, exponent, digits) : Tuple.from(-1L, -exponent, complement(digits) + NEGATIVE_END);
  }

  /** The most trailing zeros a stored scale may add back to a decimal's digits (a value limit's worth). */
  static final int MAX_ADDED_DIGITS = 100_000;

  public static BigDecimal value(Tuple t) {
    try {
      if (t.size() != 4) {
        throw new IllegalArgumentException("expected 4 elements, found " + t.size());
      }
      long signum = t.getLong(0);
      int scale = Math.toIntExact(t.getLong(3));
      if (signum == 0) {
        return BigDecimal.valueOf(0, scale);
      }
      String digits = t.getString(2);
      long exponent = t.getLong(1);
      if (signum < 0) {
        if (digits.isEmpty() || digits.charAt(digits.length() - 1) != NEGATIVE_END) {
          throw new IllegalArgumentException("negative digits must end with '" + NEGATIVE_END + "'");
        }
        digits = complement(digits.substring(0, digits.length() - 1));
        exponent = -exponent;
      }
      BigDecimal magnitude = new BigDecimal(new BigInteger(digits), Math.toIntExact(digits.length() - 1 - exponent));
      if ((long) scale - magnitude.scale() > MAX_ADDED_DIGITS) {
        // setScale would multiply by 10^(scale - magnitude.scale()): bound what stored bytes can make us compute
        throw new IllegalArgumentException("scale " + scale + " would add " + ((long) scale - magnitude.scale())
            + " trailing zeros to " + digits.length() + " digits (at most " + MAX_ADDED_DIGITS + ")");
      }
      return (signum < 0 ? magnitude.negate() : magnitude).setScale(scale, RoundingMode.UNNECESSARY);
    } catch (RuntimeException e) {
      throw new CodecException("stored element " + t + " is not a decimal (signum, exponent, digits, scale): " + e.getMessage(), e);
    }
  }

  /** Each digit d as 9 - d. */
  private static String complement(String digits) {
    char[] out = new char[digits.length()];
    for (int i = 0; i < out.length; i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        throw new IllegalArgumentException("'" + c + "' is not a digit");
      }
      out[i] = (char) ('9' - (c - '0'));
    }
    return new String(out);
  }
}
