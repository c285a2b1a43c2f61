package io.strata.query;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.row.Elements;
import java.util.Collection;

/**
 * The in-memory checks of {@code @AllowFiltering} methods, on tuple elements as stored (see {@link Elements}):
 * they compare as the index would, so a filtered result equals an indexed one. An absent (null) value
 * matches nothing, as it has no index entry.
 */
public final class Matches {
  private Matches() {}

  /** Whether the index holds {@code value} under the key of {@code wanted} ({@code -0.0} as {@code 0.0}, {@link Elements#indexed}). */
  public static boolean equal(Object value, Object wanted) {
    return value != null && Tuple.from(Elements.indexed(value)).equals(Tuple.from(Elements.indexed(wanted)));
  }

  public static boolean in(Object value, Collection<?> wanted) {
    return value != null && wanted.stream().anyMatch(w -> equal(value, w));
  }

  /** The sign of {@code value - bound} in index order ({@code -0.0} as {@code 0.0}); decimals (nested tuples) by numeric value. */
  public static int compare(Object value, Object bound) {
    if (value instanceof Tuple a && bound instanceof Tuple b) {
      return Elements.toBigDecimal(a).compareTo(Elements.toBigDecimal(b));
    }
    return Tuple.from(Elements.indexed(value)).compareTo(Tuple.from(Elements.indexed(bound)));
  }

  public static boolean lessThan(Object value, Object bound, boolean inclusive) {
    return value != null && (inclusive ? compare(value, bound) <= 0 : compare(value, bound) < 0);
  }

  public static boolean greaterThan(Object value, Object bound, boolean inclusive) {
    return value != null && (inclusive ? compare(value, bound) >= 0 : compare(value, bound) > 0);
  }

  /** {@code Between}: both bounds inclusive. */
  public static boolean between(Object value, Object from, Object to) {
    return greaterThan(value, from, true) && lessThan(value, to, true);
  }

  public static boolean startsWith(Object value, String prefix) {
    return value instanceof String s && s.startsWith(prefix);
  }

  /**
   * Whether {@code text} matches the Jakarta Data / JDQL pattern {@code pattern}: {@code %} matches any run of
   * characters, {@code _} exactly one, everything else itself. False when either is null.
   */
  public static boolean like(Object text, Object pattern) {
    if (text == null || pattern == null) {
      return false;
    }
    return likePattern(pattern.toString()).matcher(text.toString()).matches();
  }

  private static java.util.regex.Pattern likePattern(String like) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (char c : like.toCharArray()) {
      if (c == '%' || c == '_') {
        regex.append(java.util.regex.Pattern.quote(literal.toString())).append(c == '%' ? ".*" : ".");
        literal.setLength(0);
      } else {
        literal.append(c);
      }
    }
    regex.append(java.util.regex.Pattern.quote(literal.toString()));
    return java.util.regex.Pattern.compile(regex.toString(), java.util.regex.Pattern.DOTALL);
  }
}
