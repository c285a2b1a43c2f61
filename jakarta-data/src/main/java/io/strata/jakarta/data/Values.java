package io.strata.jakarta.data;

import io.strata.query.Matches;
import io.strata.query.Numbers;
import io.strata.query.ValueOrder;
import io.strata.query.model.Expression;
import jakarta.data.exceptions.MappingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The value semantics of Jakarta Data queries that no index serves, as generated predicates and {@code UPDATE}
 * assignments call them: comparisons, {@code LIKE}, text tests, functions and arithmetic over property values and
 * parameters. The processor has checked the types at compile time; these methods give them one meaning at run time:
 *
 * <ul>
 *   <li>numbers compare by value across boxed types ({@code 5 = 5L}), a {@code char} equals the one-character text
 *       holding it (JDQL has no character literal: {@code thisCharacter IN ('E', 'G')}), enums compare in declaration
 *       order; text compares by Unicode code point, which is the order of its UTF-8 bytes in an index key, so a query
 *       reads the same entities whether an index serves it or not ({@code String.compareTo} orders by UTF-16 unit and
 *       would put {@code U+FFFF} after an emoji);
 *   <li>a comparison, {@code BETWEEN}, {@code IN} or text test with a null operand is false (as in SQL), while
 *       {@code IS NULL} is the generated {@code == null};
 *   <li>arithmetic follows Java's binary numeric promotion: integers stay {@code long}, any {@code float}/{@code double}
 *       makes it a {@code double}, any {@code BigDecimal}/{@code BigInteger} a {@code BigDecimal}; integer division
 *       truncates.
 * </ul>
 */
public final class Values {
  private Values() {}

  /**
   * Jakarta Data's value order for run-time queries ({@code where(...)}, {@code jdql(...)}): the condition evaluator
   * of the read core compares property values with it, as generated predicates compare them with the methods below.
   */
  public static final ValueOrder ORDER = new ValueOrder() {
    @Override
    public int compare(Object a, Object b, boolean ignoreCase) {
      return Values.compare(a, b, ignoreCase);
    }

    @Override
    public boolean equal(Object a, Object b, boolean ignoreCase) {
      return ignoreCase ? Values.compare(a, b, true) == 0 : eq(a, b);
    }
  };

  /** The order of two values as Jakarta Data sorts them (see the class comment); null before every value. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static int compare(Object a, Object b, boolean ignoreCase) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    if (a instanceof Number x && b instanceof Number y && a.getClass() != b.getClass()) {
      return Numbers.compare(x, y);
    }
    if ((a instanceof Character && b instanceof CharSequence) || (a instanceof CharSequence && b instanceof Character)) {
      return compare(a.toString(), b.toString(), ignoreCase);
    }
    if (a instanceof Enum<?> x && b instanceof Enum<?> y) {
      return Integer.compare(x.ordinal(), y.ordinal());
    }
    if (a instanceof CharSequence && b instanceof CharSequence) {
      return ignoreCase ? byCodePoint(a.toString().toUpperCase(Locale.ROOT), b.toString().toUpperCase(Locale.ROOT))
          : byCodePoint(a.toString(), b.toString());
    }
    if (a instanceof Comparable x && a.getClass() == b.getClass()) {
      return x.compareTo(b);
    }
    throw new MappingException("cannot compare " + a + " (" + a.getClass().getName() + ") with " + b + " ("
        + b.getClass().getName() + "): give the query a value of the property's own type");
  }

  private static int byCodePoint(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Boolean.compare(i < a.length(), j < b.length());
  }

  /** {@code IS NULL}, and method names' {@code Null}: boxes a primitive, which is never null. */
  public static boolean isNull(Object value) {
    return value == null;
  }

  /** {@code a = b}; false when either is null. */
  public static boolean eq(Object a, Object b) {
    return a != null && b != null && compareEqual(a, b);
  }

  /** {@code a <> b}; false when either is null. */
  public static boolean ne(Object a, Object b) {
    return a != null && b != null && !compareEqual(a, b);
  }

  private static boolean compareEqual(Object a, Object b) {
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return java.util.Arrays.equals(x, y); // by content, as their index looks them up (an array's equals is identity)
    }
    if (a instanceof Number || b instanceof Number || a instanceof Character || b instanceof Character || a instanceof Enum<?>) {
      return compare(a, b, false) == 0;
    }
    return a.equals(b);
  }

  public static boolean lt(Object a, Object b) {
    return a != null && b != null && compare(a, b, false) < 0;
  }

  public static boolean le(Object a, Object b) {
    return a != null && b != null && compare(a, b, false) <= 0;
  }

  public static boolean gt(Object a, Object b) {
    return a != null && b != null && compare(a, b, false) > 0;
  }

  public static boolean ge(Object a, Object b) {
    return a != null && b != null && compare(a, b, false) >= 0;
  }

  /** {@code low <= value <= high}, both ends included (Jakarta Data's {@code Between}). */
  public static boolean between(Object value, Object low, Object high) {
    return ge(value, low) && le(value, high);
  }

  /** Whether {@code value} equals one of {@code items}; false for a null value. */
  public static boolean in(Object value, Collection<?> items) {
    if (value == null) {
      return false;
    }
    for (Object item : items) {
      if (eq(value, item)) {
        return true;
      }
    }
    return false;
  }

  /** {@link #in(Object, Collection)} of a literal list. */
  public static boolean in(Object value, Object... items) {
    return in(value, java.util.Arrays.asList(items));
  }

  /** Whether {@code value} is one of {@code items}, as a method-name {@code In} takes them: any collection or array. */
  public static boolean inAny(Object value, Object items) {
    if (items instanceof Collection<?> c) {
      return in(value, c);
    }
    if (items instanceof Object[] array) {
      return in(value, array);
    }
    throw new IllegalArgumentException("an In parameter must be a Collection or an array, not " + items);
  }

  /**
   * The items of a method-name {@code In} parameter (any collection or array; null stays null) through
   * {@code convert}, a {@code @Convert} converter's {@code convertToDatabaseColumn}: the column values the query compares.
   * A null item stays null.
   */
  @SuppressWarnings("unchecked")
  public static <X, Y> List<Y> convertAll(Object items, Function<X, Y> convert) {
    if (items == null) {
      return null;
    }
    Collection<?> all = items instanceof Collection<?> c ? c : items instanceof Object[] array ? java.util.Arrays.asList(array) : null;
    if (all == null) {
      throw new IllegalArgumentException("an In parameter must be a Collection or an array, not " + items);
    }
    List<Y> out = new java.util.ArrayList<>(all.size());
    for (Object item : all) {
      out.add(item == null ? null : convert.apply((X) item));
    }
    return out;
  }

  /**
   * {@code text LIKE pattern}: {@code %} matches any run of characters, {@code _} exactly one, everything else
   * itself. False when either is null.
   */
  public static boolean like(Object text, Object pattern) {
    return Matches.like(text, pattern);
  }

  public static boolean contains(Object text, Object part) {
    return text != null && part != null && text.toString().contains(part.toString());
  }

  public static boolean startsWith(Object text, Object prefix) {
    return text != null && prefix != null && text.toString().startsWith(prefix.toString());
  }

  public static boolean endsWith(Object text, Object suffix) {
    return text != null && suffix != null && text.toString().endsWith(suffix.toString());
  }

  /** Text upper-cased (JDQL {@code UPPER}, {@code IgnoreCase}); null stays null, a {@code char} becomes text. */
  public static Object upper(Object text) {
    return text == null ? null : text.toString().toUpperCase(Locale.ROOT);
  }

  public static Object lower(Object text) {
    return text == null ? null : text.toString().toLowerCase(Locale.ROOT);
  }

  public static Object length(Object text) {
    return text == null ? null : (long) text.toString().length();
  }

  public static Object left(Object text, Object count) {
    if (text == null || count == null) {
      return null;
    }
    String s = text.toString();
    return s.substring(0, (int) Math.min(s.length(), ((Number) count).longValue()));
  }

  public static Object right(Object text, Object count) {
    if (text == null || count == null) {
      return null;
    }
    String s = text.toString();
    return s.substring((int) Math.max(0, s.length() - ((Number) count).longValue()));
  }

  public static Object concat(Object a, Object b) {
    return a == null || b == null ? null : a.toString() + b;
  }

  public static Object abs(Object n) {
    return n == null ? null : Numbers.abs((Number) n);
  }

  /** JDQL's unary minus, Java's: {@code -0.0} of a floating-point {@code 0.0} (which {@code 0 - x} would make {@code 0.0}). */
  public static Object negate(Object n) {
    return n == null ? null : Numbers.negate((Number) n);
  }

  public static Object add(Object a, Object b) {
    return arithmetic(a, b, Expression.Operator.ADD);
  }

  public static Object subtract(Object a, Object b) {
    return arithmetic(a, b, Expression.Operator.SUBTRACT);
  }

  public static Object multiply(Object a, Object b) {
    return arithmetic(a, b, Expression.Operator.MULTIPLY);
  }

  public static Object divide(Object a, Object b) {
    return arithmetic(a, b, Expression.Operator.DIVIDE);
  }

  /** {@link Numbers#arithmetic}, null where a value is. */
  private static Object arithmetic(Object a, Object b, Expression.Operator op) {
    return a == null || b == null ? null : Numbers.arithmetic(op, (Number) a, (Number) b);
  }

  /** A computed value assigned to an {@code int} property: it must fit (JDQL leaves overflow to the provider). */
  public static int toInt(Object n) {
    long v = toLong(n);
    if (v != (int) v) {
      throw new ArithmeticException(v + " does not fit an int");
    }
    return (int) v;
  }

  public static long toLong(Object n) {
    if (n instanceof BigDecimal d) {
      return d.setScale(0, RoundingMode.DOWN).longValueExact();
    }
    if (n instanceof Double || n instanceof Float) {
      double d = ((Number) n).doubleValue();
      if (d != Math.rint(d) || Double.isInfinite(d) || Math.abs(d) > 0x1p63) {
        throw new ArithmeticException(d + " is not a whole number that fits a long");
      }
      return (long) d;
    }
    return ((Number) n).longValue();
  }

  public static short toShort(Object n) {
    long v = toLong(n);
    if (v != (short) v) {
      throw new ArithmeticException(v + " does not fit a short");
    }
    return (short) v;
  }

  public static byte toByte(Object n) {
    long v = toLong(n);
    if (v != (byte) v) {
      throw new ArithmeticException(v + " does not fit a byte");
    }
    return (byte) v;
  }

  public static double toDouble(Object n) {
    return ((Number) n).doubleValue();
  }

  public static float toFloat(Object n) {
    return ((Number) n).floatValue();
  }

  public static BigDecimal toBigDecimal(Object n) {
    return Numbers.decimal((Number) n);
  }

  public static BigInteger toBigInteger(Object n) {
    return Numbers.decimal((Number) n).toBigIntegerExact();
  }

}
