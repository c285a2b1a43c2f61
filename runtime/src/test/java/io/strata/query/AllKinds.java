package io.strata.query;

import io.strata.metamodel.Attribute;
import io.strata.metamodel.ComparableAttribute;
import io.strata.metamodel.Restrictable;
import io.strata.metamodel.TextAttribute;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * The fixture of the value-kind query contracts: an entity with, for every indexable {@link ValueKind}, an indexed
 * property ({@code i_KIND}) and a property no index holds ({@code p_KIND}); each kind's edge values (negatives and
 * zero, {@code -0.0} and NaN, empty and non-BMP text, the smallest and largest value its codec stores); and each
 * kind's order in each dialect, written here apart from the run-time evaluator: Strata compares in tuple-key order
 * (doubles as their index entries hold them, {@code -0.0} as {@code 0.0}; UUIDs by unsigned bytes; enums by name;
 * decimals by value), Jakarta Data in Java's value order (doubles by {@link Double#compare}, UUIDs by
 * {@link UUID#compareTo}, enums by declaration order); text in both by code point.
 */
final class AllKinds {
  private AllKinds() {}

  /** Declared against the order of its names, so ordinal and name orders differ. */
  enum Size { SMALL, MEDIUM, LARGE, HUGE }

  /**
   * The test entity: {@code values} holds one Java value per property of {@link #FIELDS} (null when absent).
   *
   * @param id the id
   * @param values the properties' values
   */
  record Thing(long id, List<Object> values) {
    Thing {
      values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
    }

    Object value(Field f) {
      return values.get(f.position());
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Thing t && t.id == id && Arrays.deepEquals(values.toArray(), t.values.toArray());
    }

    @Override
    public int hashCode() {
      return Long.hashCode(id);
    }

    @Override
    public String toString() {
      StringBuilder s = new StringBuilder("#" + id + "{");
      for (Field f : FIELDS) {
        Object v = value(f);
        if (v != null) {
          s.append(f.name()).append('=').append(v instanceof byte[] b ? Arrays.toString(b) : v).append(' ');
        }
      }
      return s.append('}').toString();
    }
  }

  /**
   * One indexable value kind.
   *
   * @param kind the kind
   * @param element a value as its key element, as generated codecs convert it
   * @param decode a key element back to the value
   * @param values the edge values stored
   * @param queried the values queries compare with (the stored ones but NaN, which a query cannot mean)
   * @param strata the order of values in Strata's dialect
   * @param jakarta the order in Jakarta Data's
   */
  record Kind(ValueKind kind, Function<Object, Object> element, Function<Object, Object> decode, List<Object> values,
      List<Object> queried, Comparator<Object> strata, Comparator<Object> jakarta) {

    /** Whether the kind has an order in the metamodel (its attribute is a {@link ComparableAttribute}). */
    boolean ordered() {
      return kind != ValueKind.BYTES;
    }

    /** How conditions compare values of this kind in {@code semantics}. */
    Comparator<Object> order(Semantics semantics) {
      return semantics == Semantics.STRATA ? strata : jakarta;
    }

    /**
     * Whether {@code equalTo} and {@code in} take {@code a} for {@code b}: where the order says they are equal, except
     * Strata's decimals, whose keys keep the scale, so {@code 1.0} is not {@code 1.00} (as its index looks them up).
     */
    boolean equal(Semantics semantics, Object a, Object b) {
      return semantics == Semantics.STRATA && kind == ValueKind.BIG_DECIMAL ? a.equals(b) : order(semantics).compare(a, b) == 0;
    }

    /**
     * How an order sorts values of this kind: as conditions compare them, except Strata's decimals, which sort in key
     * order, by value and then by scale ({@code 1.0} before {@code 1.00}).
     */
    Comparator<Object> sort(Semantics semantics) {
      return semantics == Semantics.STRATA && kind == ValueKind.BIG_DECIMAL
          ? strata.thenComparing(d -> ((BigDecimal) d).scale()) : order(semantics);
    }
  }

  /**
   * One property of {@link Thing}.
   *
   * @param name {@code i_KIND} (indexed) or {@code p_KIND}
   * @param kind its kind
   * @param indexed whether an index holds it
   * @param position its place in {@link Thing#values()}
   */
  record Field(String name, Kind kind, boolean indexed, int position) {}

  private static final Instant FIRST_INSTANT = Instant.parse("1677-09-21T00:12:43.145224192Z");
  private static final Instant LAST_INSTANT = Instant.parse("2262-04-11T23:47:16.854775807Z");

  static final List<Kind> KINDS = List.of(
      integer(ValueKind.LONG, Elements::toLong, Long.MIN_VALUE, -1L, 0L, 1L, 7L, Long.MAX_VALUE),
      integer(ValueKind.INT, Elements::toInt, Integer.MIN_VALUE, -1, 0, 3, Integer.MAX_VALUE),
      integer(ValueKind.SHORT, Elements::toShort, Short.MIN_VALUE, (short) -1, (short) 0, (short) 2, Short.MAX_VALUE),
      integer(ValueKind.BYTE, Elements::toByte, Byte.MIN_VALUE, (byte) -1, (byte) 0, (byte) 1, Byte.MAX_VALUE),
      kind(ValueKind.CHAR, v -> Elements.ofChar((Character) v), Elements::toChar, byValue(c -> (int) (Character) c),
          byValue(c -> (int) (Character) c), '\0', 'A', 'a', '\u00e9', '\uffff'),
      floating(ValueKind.DOUBLE, Elements::toDouble, Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -0.0, 0.0,
          Double.MIN_VALUE, 2.5, Double.POSITIVE_INFINITY, Double.NaN),
      floating(ValueKind.FLOAT, Elements::toFloat, Float.NEGATIVE_INFINITY, -1.5f, -0.0f, 0.0f, Float.MIN_VALUE, 2.5f,
          Float.MAX_VALUE, Float.NaN),
      kind(ValueKind.BOOLEAN, v -> v, Elements::toBoolean, byValue(b -> (Boolean) b ? 1 : 0), byValue(b -> (Boolean) b ? 1 : 0),
          false, true),
      kind(ValueKind.STRING, v -> v, Elements::toStr, AllKinds::byCodePoint, AllKinds::byCodePoint,
          "", "a", "ab", "aB", "B", "b%", "\u00e9", "\uffff", "\ud83d\ude00", "a\ud83d\ude00b"),
      kind(ValueKind.UUID, v -> v, Elements::toUuid, AllKinds::uuidBytes, (a, b) -> ((UUID) a).compareTo((UUID) b),
          new UUID(0, 0), new UUID(0, 1), new UUID(1, -1), new UUID(Long.MIN_VALUE, 0), new UUID(-1, -1), new UUID(Long.MAX_VALUE, 5)),
      // Jakarta Data has no order on byte arrays (the planner sorts and ranges none): only its equality, by content, is used
      kind(ValueKind.BYTES, v -> v, Elements::toBytes, AllKinds::unsignedBytes, AllKinds::unsignedBytes,
          new byte[0], new byte[] {0}, new byte[] {0, 0}, new byte[] {1, 2}, new byte[] {(byte) 0x80}, new byte[] {(byte) 0xff}),
      kind(ValueKind.ENUM, v -> Elements.ofEnum((Size) v), e -> Elements.toEnum(Size.class, e),
          (a, b) -> byCodePoint(((Size) a).name(), ((Size) b).name()), byValue(s -> ((Size) s).ordinal()), (Object[]) Size.values()),
      kind(ValueKind.INSTANT, v -> Elements.ofInstant((Instant) v), Elements::toInstant, natural(), natural(),
          FIRST_INSTANT, Instant.ofEpochSecond(-1, 999_999_999), Instant.EPOCH, Instant.ofEpochSecond(0, 1),
          Instant.parse("2024-02-29T12:00:00Z"), LAST_INSTANT),
      kind(ValueKind.LOCAL_DATE, v -> Elements.ofLocalDate((LocalDate) v), Elements::toLocalDate, natural(), natural(),
          LocalDate.MIN, LocalDate.of(1969, 12, 31), LocalDate.EPOCH, LocalDate.of(2024, 2, 29), LocalDate.MAX),
      kind(ValueKind.LOCAL_DATE_TIME, v -> Elements.ofLocalDateTime((LocalDateTime) v), Elements::toLocalDateTime, natural(),
          natural(), LocalDateTime.ofInstant(FIRST_INSTANT, java.time.ZoneOffset.UTC), LocalDateTime.of(1969, 12, 31, 23, 59, 59),
          LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(2024, 2, 29, 0, 0, 0, 1),
          LocalDateTime.ofInstant(LAST_INSTANT, java.time.ZoneOffset.UTC)),
      kind(ValueKind.LOCAL_TIME, v -> Elements.ofLocalTime((LocalTime) v), Elements::toLocalTime, natural(), natural(),
          LocalTime.MIN, LocalTime.ofNanoOfDay(1), LocalTime.NOON, LocalTime.MAX),
      kind(ValueKind.DURATION, v -> Elements.ofDuration((Duration) v), Elements::toDuration, natural(), natural(),
          Duration.ofNanos(Long.MIN_VALUE), Duration.ofSeconds(-1, 5), Duration.ZERO, Duration.ofNanos(1), Duration.ofDays(3),
          Duration.ofNanos(Long.MAX_VALUE)),
      kind(ValueKind.BIG_INTEGER, v -> v, Elements::toBigInteger, natural(), natural(),
          BigInteger.TWO.pow(100).negate(), BigInteger.valueOf(Long.MIN_VALUE), BigInteger.ONE.negate(), BigInteger.ZERO,
          BigInteger.TWO.pow(64), BigInteger.TWO.pow(100)),
      kind(ValueKind.BIG_DECIMAL, v -> Elements.ofBigDecimal((BigDecimal) v), Elements::toBigDecimal, natural(), natural(),
          new BigDecimal("-1.50"), new BigDecimal("-1.5"), new BigDecimal("-0.001"), BigDecimal.ZERO, new BigDecimal("0.00"),
          new BigDecimal("1.0"), new BigDecimal("1.00"), new BigDecimal("12.5"), new BigDecimal("1E+3")));

  /** Every property: for each kind, the indexed one then the plain one. */
  static final List<Field> FIELDS;

  static {
    List<Field> fields = new ArrayList<>();
    for (Kind k : KINDS) {
      fields.add(new Field("i_" + k.kind(), k, true, fields.size()));
      fields.add(new Field("p_" + k.kind(), k, false, fields.size()));
    }
    FIELDS = List.copyOf(fields);
  }

  static final String ENTITY = "Thing";

  /** What the processor would generate as {@code ThingCodec}. */
  static final class ThingCodec extends EntityCodec<Thing> {
    ThingCodec() {
      super(ENTITY, names(), 0);
    }

    private static List<String> names() {
      List<String> names = new ArrayList<>(List.of("id"));
      FIELDS.forEach(f -> names.add(f.name()));
      return names;
    }

    @Override
    public Object[] toElements(Thing t) {
      Object[] out = new Object[FIELDS.size() + 1];
      out[0] = t.id();
      for (Field f : FIELDS) {
        Object v = t.value(f);
        out[f.position() + 1] = v == null ? null : f.kind().element().apply(v);
      }
      return out;
    }

    @Override
    public Thing fromElements(Object[] e) {
      List<Object> values = new ArrayList<>();
      for (Field f : FIELDS) {
        Object element = e[f.position() + 1];
        values.add(element == null ? null : f.kind().decode().apply(element));
      }
      return new Thing(Elements.toLong(e[0]), values);
    }
  }

  /** A thing whose {@code i_} and {@code p_} properties of each named kind hold the value after it, the rest none. */
  static Thing thing(long id, Object... kindsAndValues) {
    List<Object> values = new ArrayList<>(Arrays.asList(new Object[FIELDS.size()]));
    for (int i = 0; i < kindsAndValues.length; i += 2) {
      for (Field f : FIELDS) {
        if (f.kind().kind().name().equals(kindsAndValues[i])) {
          values.set(f.position(), kindsAndValues[i + 1]);
        }
      }
    }
    return new Thing(id, values);
  }

  /** What the processor generates as {@code _Thing}: the id, then an attribute per property of {@link #FIELDS}. */
  static final ComparableAttribute<Thing, Long> ID = new ComparableAttribute<>("id", Thing::id, v -> v);

  static final List<Restrictable<Thing, ?>> ATTRIBUTES;

  static {
    List<Restrictable<Thing, ?>> attributes = new ArrayList<>(List.of(ID));
    FIELDS.forEach(f -> attributes.add(attribute(f)));
    ATTRIBUTES = List.copyOf(attributes);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Restrictable<Thing, ?> attribute(Field f) {
    Function<Thing, Object> read = t -> t.value(f);
    if (f.kind().kind() == ValueKind.STRING) {
      return new TextAttribute<>(f.name(), t -> (String) t.value(f));
    }
    return f.kind().ordered() ? new ComparableAttribute(f.name(), read, f.kind().element()) : new Attribute<>(f.name(), read, f.kind().element());
  }

  /** What the planner knows of {@link Thing}: an index per {@code i_} property. */
  static final EntityInfo INFO;

  static {
    List<FieldInfo> fields = new ArrayList<>(List.of(new FieldInfo("id", ValueKind.LONG, true, true)));
    List<IndexInfo> indexes = new ArrayList<>();
    for (Field f : FIELDS) {
      fields.add(new FieldInfo(f.name(), f.kind().kind(), false, false));
      if (f.indexed()) {
        indexes.add(new IndexInfo(f.name(), List.of(f.name()), false, false, false));
      }
    }
    INFO = new EntityInfo(ENTITY, fields, indexes, List.of(), List.of());
  }

  /** A store of {@link Thing} with {@link #INFO}'s indexes, in the packed or the column-major row layout. */
  static io.strata.repository.EntityStore<Thing> store(com.apple.foundationdb.subspace.Subspace root, boolean packed) {
    var builder = io.strata.repository.EntityStore.builder(new ThingCodec(), root).ids(Elements::toLong);
    for (IndexInfo index : INFO.indexes()) {
      builder = builder.index(index.name(), index.fields().get(0));
    }
    return (packed ? builder.packed() : builder).build();
  }

  private static Kind integer(ValueKind kind, Function<Object, Object> decode, Object... values) {
    return kind(kind, v -> Elements.ofNumber((Number) v), decode, byValue(v -> ((Number) v).longValue()),
        byValue(v -> ((Number) v).longValue()), values);
  }

  /** Key order holds a double's index entry, where {@code -0.0} is {@code 0.0}; NaN after every number in both. */
  private static Kind floating(ValueKind kind, Function<Object, Object> decode, Object... values) {
    Comparator<Object> strata = (a, b) -> Double.compare(zero(((Number) a).doubleValue()), zero(((Number) b).doubleValue()));
    Comparator<Object> jakarta = (a, b) -> Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
    return kind(kind, v -> Elements.ofFloating((Number) v), decode, strata, jakarta, values);
  }

  private static double zero(double d) {
    return d == 0.0 ? 0.0 : d;
  }

  private static Kind kind(ValueKind kind, Function<Object, Object> element, Function<Object, Object> decode,
      Comparator<Object> strata, Comparator<Object> jakarta, Object... values) {
    List<Object> queried = Arrays.stream(values).filter(v -> !(v instanceof Double d && d.isNaN()) && !(v instanceof Float f && f.isNaN())).toList();
    return new Kind(kind, element, decode, List.of(values), queried, strata, jakarta);
  }

  private static <C extends Comparable<C>> Comparator<Object> byValue(Function<Object, C> key) {
    return (a, b) -> key.apply(a).compareTo(key.apply(b));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Comparator<Object> natural() {
    return (a, b) -> ((Comparable) a).compareTo(b);
  }

  /** Text by Unicode code point: the order of its UTF-8 bytes. */
  static int byCodePoint(Object a, Object b) {
    int[] x = a.toString().codePoints().toArray();
    int[] y = b.toString().codePoints().toArray();
    return Arrays.compare(x, y);
  }

  /** A UUID's 16 big-endian bytes compared unsigned: the most significant half, then the least. */
  private static int uuidBytes(Object a, Object b) {
    UUID x = (UUID) a;
    UUID y = (UUID) b;
    int high = Long.compareUnsigned(x.getMostSignificantBits(), y.getMostSignificantBits());
    return high != 0 ? high : Long.compareUnsigned(x.getLeastSignificantBits(), y.getLeastSignificantBits());
  }

  private static int unsignedBytes(Object a, Object b) {
    return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
  }
}
