package io.strata.row;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.GeoPoint;
import io.strata.Point;
import io.strata.document.Documents;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.LocalTime;
import java.time.LocalDateTime;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * Conversions between field values and tuple elements, per LAYOUTS.md: integers as tuple integers,
 * floating point as doubles, enums by {@code name()}, {@code Instant} as epoch nanoseconds,
 * {@code LocalDate} as epoch day, {@code BigDecimal} as an ordered nested tuple ({@link Decimals};
 * inside documents its canonical string), collections and nested records as nested tuples. Decoders reject an element of the wrong type with {@link CodecException}.
 * Called by generated codecs.
 */
public final class Elements {
  private Elements() {}

  private static CodecException wrong(String expected, Object element) {
    return new ElementException("stored element " + element + " (" + (element == null ? "null" : element.getClass().getSimpleName())
        + ") is not " + expected, element);
  }

  /**
   * {@code value} through {@code convert}, null staying null: how generated code applies a {@code jakarta.nosql}
   * {@code AttributeConverter} (the codec's constant, created with {@code new}) between a field's Java value and the
   * column value Strata stores, indexes and compares.
   */
  public static <A, B> B converted(A value, java.util.function.Function<? super A, ? extends B> convert) {
    return value == null ? null : convert.apply(value);
  }

  /** A boxed {@code char} as a tuple integer, its UTF-16 code unit (null stays null). */
  public static Object ofChar(Character c) {
    return c == null ? null : (long) c.charValue();
  }

  /** A {@code char} stored as its UTF-16 code unit, 0 to 65535 (lossless, and ordered as Java orders chars). */
  public static char toChar(Object e) {
    long v = toLong(e);
    if (v < Character.MIN_VALUE || v > Character.MAX_VALUE) {
      throw wrong("a char (a code unit 0..65535)", e);
    }
    return (char) v;
  }

  /** A boxed integer of any width as a tuple integer (null stays null). */
  public static Object ofNumber(Number n) {
    return n == null ? null : n.longValue();
  }

  /** A boxed float or double as a tuple double (null stays null). */
  public static Object ofFloating(Number n) {
    return n == null ? null : n.doubleValue();
  }

  /** An Optional's value converted by {@code item}, or null when empty. */
  public static <X> Object ofOptional(java.util.Optional<X> value, Function<X, Object> item) {
    return value == null || value.isEmpty() ? null : item.apply(value.get());
  }

  /** Each item converted by {@code item}: query arguments to elements, or elements back to values. */
  public static <X, Y> List<Y> map(Iterable<X> items, Function<X, Y> item) {
    List<Y> out = new ArrayList<>();
    for (X x : items) {
      out.add(item.apply(x));
    }
    return out;
  }

  /** Query values as tuple elements, in field order; the index or aggregate that reads them rejects nulls ({@link #requireValues}). */
  public static List<Object> values(Object... elements) {
    return java.util.Arrays.asList(elements);
  }

  /**
   * {@code value}, a query value of {@code entity}'s {@code field}, as the index compares it: not null (null
   * values are never indexed, so no index or aggregate can find them), not NaN (Java's {@code ==} matches
   * no NaN, so no criterion can mean one), and a double {@code -0.0} as {@code 0.0}, which Java compares
   * equal to it ({@link #indexed}).
   */
  public static Object requireValue(String entity, String field, Object value) {
    if (value == null) {
      throw new IllegalArgumentException(entity + ": the value for '" + field
          + "' must not be null: nulls are not indexed, so no query on an index can find them");
    }
    if (value instanceof Double d && d.isNaN()) {
      throw new IllegalArgumentException(entity + ": the value for '" + field
          + "' is NaN, which equals nothing and orders with nothing in Java; pass a number");
    }
    return indexed(value);
  }

  /** An {@code In}'s {@code values} as elements, each checked by {@link #requireValue}; a null collection is refused. */
  public static <V> List<Object> requireIn(String entity, String field, Collection<V> values, Function<V, ?> element) {
    if (values == null) {
      throw new IllegalArgumentException(entity + ": the In values for '" + field + "' must not be null; pass an empty collection to match nothing");
    }
    return map(values, v -> requireValue(entity, field, v == null ? null : element.apply(v)));
  }

  /** {@code values}, the query values of {@code fields} in order, each checked by {@link #requireValue}. */
  public static List<Object> requireValues(String entity, List<String> fields, List<Object> values) {
    List<Object> out = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) {
      out.add(requireValue(entity, i < fields.size() ? fields.get(i) : fields.get(fields.size() - 1), values.get(i)));
    }
    return out;
  }

  /** A value of a {@code @Document} field as the tuple element a document stores for it (see {@link Documents#element}). */
  public static Object ofDocumentValue(Object value) {
    return Documents.element(value);
  }

  /**
   * A value as index entries hold it: a double {@code -0.0} as {@code 0.0} (the tuple layer orders them apart,
   * Java compares them equal, so a query for either finds both); every other value as it is. Rows keep the
   * value as saved.
   */
  public static Object indexed(Object value) {
    return value instanceof Double d && d == 0.0 ? (Object) 0.0 : value;
  }

  /** A column read converted: element keys and values decoded. */
  public static <K, V> java.util.Map<K, V> mapColumn(java.util.Map<Object, Object> column, Function<Object, K> key, Function<Object, V> value) {
    java.util.Map<K, V> out = new java.util.LinkedHashMap<>();
    column.forEach((k, v) -> out.put(key.apply(k), value.apply(v)));
    return out;
  }

  public static long toLong(Object e) {
    if (e instanceof Long l) {
      return l;
    }
    if (e instanceof Integer i) {
      return i;
    }
    if (e instanceof BigInteger b && b.bitLength() < 64) {
      return b.longValue();
    }
    throw wrong("an integer", e);
  }

  public static int toInt(Object e) {
    long v = toLong(e);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw wrong("an int", e);
    }
    return (int) v;
  }

  public static short toShort(Object e) {
    long v = toLong(e);
    if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
      throw wrong("a short", e);
    }
    return (short) v;
  }

  public static byte toByte(Object e) {
    long v = toLong(e);
    if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
      throw wrong("a byte", e);
    }
    return (byte) v;
  }

  public static double toDouble(Object e) {
    if (e instanceof Double d) {
      return d;
    }
    if (e instanceof Float f) {
      return f;
    }
    throw wrong("a floating-point number", e);
  }

  public static float toFloat(Object e) {
    return (float) toDouble(e);
  }

  public static boolean toBoolean(Object e) {
    if (e instanceof Boolean b) {
      return b;
    }
    throw wrong("a boolean", e);
  }

  public static String toStr(Object e) {
    if (e instanceof String s) {
      return s;
    }
    throw wrong("a string", e);
  }

  public static UUID toUuid(Object e) {
    if (e instanceof UUID u) {
      return u;
    }
    throw wrong("a UUID", e);
  }

  public static byte[] toBytes(Object e) {
    if (e instanceof byte[] b) {
      return b;
    }
    throw wrong("bytes", e);
  }

  public static BigInteger toBigInteger(Object e) {
    if (e instanceof BigInteger b) {
      return b;
    }
    return BigInteger.valueOf(toLong(e));
  }

  /** A decimal as a nested tuple that sorts numerically and keeps the scale (see {@link Decimals}). */
  public static Object ofBigDecimal(BigDecimal d) {
    return d == null ? null : Decimals.element(d);
  }

  /** The start of the range of every stored scale of {@code d}'s value: a {@code Between} bound. */
  public static Object ofBigDecimalBound(BigDecimal d) {
    return Decimals.bound(java.util.Objects.requireNonNull(d, "a range bound must not be null"));
  }

  public static BigDecimal toBigDecimal(Object e) {
    return Decimals.value(toTuple(e));
  }

  /** A decimal inside a {@code @Document}, whose leaves are scalars: its canonical string. */
  public static Object ofDocumentDecimal(BigDecimal d) {
    return d == null ? null : d.toString();
  }

  public static BigDecimal fromDocumentDecimal(Object e) {
    try {
      return new BigDecimal(toStr(e));
    } catch (NumberFormatException ex) {
      throw wrong("a decimal string", e);
    }
  }

  public static Object ofInstant(Instant i) {
    return i == null ? null : nanos(i.getEpochSecond(), i.getNano(), i);
  }

  /**
   * Seconds and nanoseconds as one count of nanoseconds, the integer an {@code Instant} or {@code LocalDateTime}
   * is stored as (so the tuple order is their natural order); {@code value} is named when it does not fit.
   */
  private static long nanos(long seconds, int nano, Object value) {
    try {
      // a negative count's seconds are one more and its nanoseconds one second less, so the smallest count
      // (Long.MIN_VALUE, whose whole seconds alone overflow) is computed without overflowing on the way
      return seconds < 0 ? Math.addExact(Math.multiplyExact(seconds + 1, 1_000_000_000L), nano - 1_000_000_000L)
          : Math.addExact(Math.multiplyExact(seconds, 1_000_000_000L), nano);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(value + " is outside the range Strata stores (1677-09-21T00:12:43.145224192 to"
          + " 2262-04-11T23:47:16.854775807: nanoseconds since 1970 in a long); store a LocalDate, or clamp the value", e);
    }
  }

  /** A {@code LocalDateTime} as nanoseconds since 1970-01-01T00:00, read as UTC (LAYOUTS.md). */
  public static Object ofLocalDateTime(LocalDateTime t) {
    return t == null ? null : nanos(t.toEpochSecond(ZoneOffset.UTC), t.getNano(), t);
  }

  public static LocalDateTime toLocalDateTime(Object e) {
    long nanos = toLong(e);
    return LocalDateTime.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), (int) Math.floorMod(nanos, 1_000_000_000L), ZoneOffset.UTC);
  }

  /** A {@code LocalTime} as its nanosecond of the day. */
  public static Object ofLocalTime(LocalTime t) {
    return t == null ? null : t.toNanoOfDay();
  }

  public static LocalTime toLocalTime(Object e) {
    long nanos = toLong(e);
    if (nanos < 0 || nanos >= 86_400_000_000_000L) {
      throw wrong("a nanosecond of the day (0 to 86,399,999,999,999)", e);
    }
    return LocalTime.ofNanoOfDay(nanos);
  }

  /** A {@code Duration} as its total nanoseconds (about ±292 years fit). */
  public static Object ofDuration(Duration d) {
    if (d == null) {
      return null;
    }
    try {
      return d.toNanos();
    } catch (ArithmeticException ex) {
      throw new IllegalArgumentException("Duration " + d + " is longer than Strata stores (about 292 years either way: total"
          + " nanoseconds in a long); store its seconds in a long field instead", ex);
    }
  }

  public static Duration toDuration(Object e) {
    return Duration.ofNanos(toLong(e));
  }

  public static Instant toInstant(Object e) {
    long nanos = toLong(e);
    return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
  }

  public static Object ofLocalDate(LocalDate d) {
    return d == null ? null : d.toEpochDay();
  }

  public static LocalDate toLocalDate(Object e) {
    return LocalDate.ofEpochDay(toLong(e));
  }

  public static <E extends Enum<E>> E toEnum(Class<E> type, Object e) {
    try {
      return Enum.valueOf(type, toStr(e));
    } catch (IllegalArgumentException ex) {
      throw wrong("a constant of " + type.getSimpleName(), e);
    }
  }

  public static Object ofEnum(Enum<?> e) {
    return e == null ? null : e.name();
  }

  public static Tuple toTuple(Object e) {
    if (e instanceof Tuple t) {
      return t;
    }
    if (e instanceof List<?> items) {
      return Tuple.fromList(items); // the tuple layer decodes nested tuples as lists
    }
    throw wrong("a nested tuple", e);
  }

  /** A collection as a nested tuple, each item converted by {@code item}. */
  public static <X> Object ofCollection(Collection<X> values, Function<X, Object> item) {
    if (values == null) {
      return null;
    }
    List<Object> out = new ArrayList<>(values.size());
    for (X v : values) {
      out.add(item.apply(v));
    }
    return Tuple.fromList(out);
  }

  public static <X> List<X> toList(Object e, Function<Object, X> item) {
    List<X> out = new ArrayList<>();
    for (Object o : toTuple(e).getItems()) {
      out.add(item.apply(o));
    }
    return List.copyOf(out);
  }

  public static <X> Set<X> toSet(Object e, Function<Object, X> item) {
    Set<X> out = new LinkedHashSet<>();
    for (Object o : toTuple(e).getItems()) {
      out.add(item.apply(o));
    }
    return java.util.Collections.unmodifiableSet(out);
  }

  /** A stored document tree that must be a map (documents are assembled from their flattened leaves). */
  @SuppressWarnings("unchecked")
  public static java.util.Map<String, Object> toDocumentMap(Object e) {
    if (e instanceof java.util.Map<?, ?> m) {
      return (java.util.Map<String, Object>) m;
    }
    throw wrong("a document map", e);
  }

  @SuppressWarnings("unchecked")
  public static List<Object> toDocumentList(Object e) {
    if (e instanceof List<?> l && !(e instanceof Tuple)) {
      return (List<Object>) l;
    }
    throw wrong("a document list", e);
  }

  /** A collection inside a document: a plain list (documents hold lists, not nested tuples). */
  public static <X> Object ofDocumentList(Collection<X> values, Function<X, Object> item) {
    return values == null ? null : map(values, item);
  }

  /** A document list decoded item by item (items may be null: a document keeps null leaves). */
  public static <X> List<X> fromDocumentList(Object e, Function<Object, X> item) {
    return java.util.Collections.unmodifiableList(map(toDocumentList(e), item));
  }

  /** A typed map inside a document: a plain map with the same keys, each value converted by {@code value}. */
  public static <X> Object ofDocumentMap(java.util.Map<String, X> values, Function<X, Object> value) {
    if (values == null) {
      return null;
    }
    java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, value.apply(v)));
    return out;
  }

  /** A stored document map decoded value by value, in stored (key) order; values may be null. */
  public static <X> java.util.Map<String, X> fromDocumentMap(Object e, Function<Object, X> value) {
    java.util.Map<String, X> out = new java.util.LinkedHashMap<>();
    toDocumentMap(e).forEach((k, v) -> out.put(k, value.apply(v)));
    return java.util.Collections.unmodifiableMap(out);
  }

  public static <X> Set<X> fromDocumentSet(Object e, Function<Object, X> item) {
    return java.util.Collections.unmodifiableSet(new LinkedHashSet<>(map(toDocumentList(e), item)));
  }

  public static Object ofPoint(Point p) {
    return p == null ? null : Tuple.from(p.x(), p.y());
  }

  public static Point toPoint(Object e) {
    Tuple t = toTuple(e);
    return new Point(toLong(t.get(0)), toLong(t.get(1)));
  }

  public static Object ofGeoPoint(GeoPoint p) {
    return p == null ? null : Tuple.from(p.lat(), p.lon());
  }

  public static GeoPoint toGeoPoint(Object e) {
    Tuple t = toTuple(e);
    return new GeoPoint(toDouble(t.get(0)), toDouble(t.get(1)));
  }
}
