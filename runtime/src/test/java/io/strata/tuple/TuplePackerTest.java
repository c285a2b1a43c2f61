package io.strata.tuple;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@link TuplePacker} against fdb-java's {@code Tuple.pack()} and {@code Subspace.pack(Tuple)}, byte for byte. */
class TuplePackerTest {
  private static final long[] LONG_EDGES = {
      Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, Long.MAX_VALUE - 1, 0, 1, -1, 255, 256, -255, -256, -257,
      65535, 65536, -65535, -65536, -65537, Integer.MIN_VALUE, Integer.MAX_VALUE, (long) Integer.MIN_VALUE - 1,
      1L << 56, (1L << 56) - 1, -(1L << 56), -(1L << 56) - 1};
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
  private static final BigInteger[] BIG_EDGES = {
      TWO_64, TWO_64.subtract(BigInteger.ONE), TWO_64.negate(), TWO_64.negate().add(BigInteger.ONE),
      BigInteger.ONE.shiftLeft(63), BigInteger.ONE.shiftLeft(63).negate().subtract(BigInteger.ONE),
      TWO_64.add(BigInteger.ONE).negate(), BigInteger.ONE.shiftLeft(2040).subtract(BigInteger.ONE),
      BigInteger.ONE.shiftLeft(2040).subtract(BigInteger.ONE).negate(), BigInteger.ZERO, BigInteger.ONE.negate(),
      BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE)};
  private static final double[] DOUBLE_EDGES = {
      0.0, -0.0, Double.NaN, Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000000L),
      Double.longBitsToDouble(0xffffffffffffffffL), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
      Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0};
  private static final float[] FLOAT_EDGES = {
      0.0f, -0.0f, Float.NaN, Float.intBitsToFloat(0x7f800001), Float.intBitsToFloat(0xffc00000),
      Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MAX_VALUE, 1.5f};
  private static final String[] STRING_EDGES = {
      "", "\0", "a\0b", "\0\0", "\u0000\u00ff", "\u007f\u0080\u07ff\u0800\uffff", "\uD83D\uDE00", "x\uD800\uDC00y\uDBFF\uDFFF",
      "é", "日本語", "\uE000\uFFFD"};
  private static final byte[][] BYTES_EDGES = {
      {}, {0}, {(byte) 0xff}, {0, (byte) 0xff, 0}, {(byte) 0xff, 0}, {0, 0, 0}, {1, 2, 3}};

  /** The kinds of element the generator makes; the property test checks each was made. */
  private enum Kind { NULL, BYTES, STRING, LONG, INT, SHORT, BYTE, BIG, FLOAT, DOUBLE, BOOLEAN, UUID, VERSIONSTAMP, LIST, TUPLE }

  private final Set<Kind> made = new HashSet<>();

  private Object element(Random r, int depth) {
    Kind kind = Kind.values()[r.nextInt(depth >= 3 ? Kind.LIST.ordinal() : Kind.values().length)];
    made.add(kind);
    boolean edge = r.nextInt(3) == 0;
    switch (kind) {
      case NULL:
        return null;
      case BYTES: {
        if (edge) {
          return BYTES_EDGES[r.nextInt(BYTES_EDGES.length)].clone();
        }
        byte[] b = new byte[r.nextInt(20)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) (r.nextInt(4) == 0 ? (r.nextBoolean() ? 0 : 0xff) : r.nextInt(256));
        }
        return b;
      }
      case STRING:
        return edge ? STRING_EDGES[r.nextInt(STRING_EDGES.length)] : string(r);
      case LONG:
        return edge ? LONG_EDGES[r.nextInt(LONG_EDGES.length)] : r.nextLong() >> r.nextInt(64);
      case INT:
        return edge ? (r.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE) : r.nextInt() >> r.nextInt(32);
      case SHORT:
        return edge ? (r.nextBoolean() ? Short.MIN_VALUE : Short.MAX_VALUE) : (short) r.nextInt();
      case BYTE:
        return edge ? (r.nextBoolean() ? Byte.MIN_VALUE : Byte.MAX_VALUE) : (byte) r.nextInt();
      case BIG: {
        if (edge) {
          return BIG_EDGES[r.nextInt(BIG_EDGES.length)];
        }
        BigInteger b = new BigInteger(1 + r.nextInt(r.nextBoolean() ? 80 : 2040), r);
        return r.nextBoolean() ? b.negate() : b;
      }
      case FLOAT:
        return edge ? FLOAT_EDGES[r.nextInt(FLOAT_EDGES.length)] : Float.intBitsToFloat(r.nextInt());
      case DOUBLE:
        return edge ? DOUBLE_EDGES[r.nextInt(DOUBLE_EDGES.length)] : Double.longBitsToDouble(r.nextLong());
      case BOOLEAN:
        return r.nextBoolean();
      case UUID:
        return edge ? new UUID(r.nextBoolean() ? Long.MIN_VALUE : -1, r.nextBoolean() ? 0 : Long.MAX_VALUE) : new UUID(r.nextLong(), r.nextLong());
      case VERSIONSTAMP: {
        byte[] version = new byte[10];
        if (edge) {
          Arrays.fill(version, (byte) (r.nextBoolean() ? 0 : 0xff)); // all 0xff: complete, though it looks like the placeholder
        } else {
          r.nextBytes(version);
        }
        return Versionstamp.complete(version, r.nextInt(0x10000));
      }
      case LIST: {
        List<Object> items = new ArrayList<>();
        int n = edge ? 0 : r.nextInt(5);
        for (int i = 0; i < n; i++) {
          items.add(element(r, depth + 1));
        }
        return items;
      }
      default: {
        List<Object> items = new ArrayList<>();
        int n = edge ? 0 : r.nextInt(5);
        for (int i = 0; i < n; i++) {
          items.add(element(r, depth + 1));
        }
        return Tuple.fromList(items);
      }
    }
  }

  /** Well-formed UTF-16 from every UTF-8 length class: NUL, ASCII, two and three bytes, and surrogate pairs. */
  private static String string(Random r) {
    StringBuilder s = new StringBuilder();
    int n = r.nextInt(12);
    for (int i = 0; i < n; i++) {
      switch (r.nextInt(5)) {
        case 0 -> s.append('\0');
        case 1 -> s.append((char) (1 + r.nextInt(0x7f)));
        case 2 -> s.append((char) (0x80 + r.nextInt(0x780)));
        case 3 -> {
          char c = (char) (0x800 + r.nextInt(0x10000 - 0x800));
          s.append(Character.isSurrogate(c) ? 'x' : c);
        }
        default -> s.appendCodePoint(0x10000 + r.nextInt(0x110000 - 0x10000));
      }
    }
    return s.toString();
  }

  @Test
  void randomTuplesOfEveryElementTypePackAsFdbJavaPacksThem() {
    Random r = new Random(20_260_127L);
    for (int round = 0; round < 20_000; round++) {
      List<Object> items = new ArrayList<>();
      int n = r.nextInt(6);
      for (int i = 0; i < n; i++) {
        items.add(element(r, 0));
      }
      byte[] prefix = new byte[r.nextBoolean() ? 0 : r.nextInt(8)];
      r.nextBytes(prefix);
      Tuple tuple = Tuple.fromList(items);
      String what = "round " + round + ": " + tuple;
      assertArrayEquals(tuple.pack(), TuplePacker.packAll(items), what);
      assertArrayEquals(tuple.pack(), TuplePacker.pack(items.toArray()), what);
      assertArrayEquals(tuple.pack(), TuplePacker.packAll(tuple), what);
      assertArrayEquals(new Subspace(prefix).pack(tuple), TuplePacker.after(prefix).addAll(items).toBytes(), what);
      TuplePacker oneByOne = TuplePacker.after(prefix);
      items.forEach(oneByOne::add);
      assertArrayEquals(tuple.pack(prefix), oneByOne.toBytes(), what);
    }
    assertEquals(Set.of(Kind.values()), made, "the generator made every kind of element");
  }

  @Test
  void namedEdgeCasesPackAsFdbJavaPacksThem() {
    List<Object> edges = new ArrayList<>();
    for (long v : LONG_EDGES) {
      edges.add(v);
    }
    edges.addAll(List.of(BIG_EDGES));
    for (double d : DOUBLE_EDGES) {
      edges.add(d);
    }
    for (float f : FLOAT_EDGES) {
      edges.add(f);
    }
    edges.addAll(List.of(STRING_EDGES));
    edges.addAll(List.of((Object[]) BYTES_EDGES));
    edges.addAll(List.of(Integer.MIN_VALUE, Short.MIN_VALUE, Byte.MAX_VALUE, true, false, new UUID(0, 0)));
    edges.add(Arrays.asList(null, List.of(), new Tuple(), Tuple.from((Object) null), Arrays.asList(null, null)));
    edges.add(null);
    for (Object edge : edges) {
      Object single = edge instanceof byte[] b ? Arrays.toString(b) : edge;
      assertArrayEquals(Tuple.from(edge).pack(), TuplePacker.pack(edge), "alone: " + single);
      assertArrayEquals(Tuple.from(List.of(Arrays.asList(edge, null))).pack(), TuplePacker.pack(List.of(Arrays.asList(edge, null))),
          "nested twice beside a null: " + single);
    }
    assertArrayEquals(Tuple.fromList(edges).pack(new byte[] {0x15, 0x00}), TuplePacker.after(new byte[] {0x15, 0x00}).addAll(edges).toBytes());
  }

  @Test
  void elementsLeftToFdbJavaGetItsBytes() {
    List<Object> others = List.of(new AtomicLong(-300), new java.math.BigDecimal("12.75"), 7.5f,
        Arrays.asList(new AtomicLong(Long.MIN_VALUE), null));
    assertArrayEquals(Tuple.fromList(others).pack(), TuplePacker.packAll(others));
  }

  @Test
  void unpairedSurrogatesThrowWhatFdbJavaThrows() {
    for (String bad : List.of("\uD800", "\uDC00", "a\uD83D", "\uDE00\uD83D", "\uD83D\uD83D\uDE00x", "ok\uDFFFok")) {
      sameFailure(() -> Tuple.from("id", bad).pack(), () -> TuplePacker.pack("id", bad));
      sameFailure(() -> Tuple.from(1L, List.of("x", bad)).pack(), () -> TuplePacker.after(new byte[] {1}).add(1L).add(List.of("x", bad)).toBytes());
    }
  }

  @Test
  void unsupportedElementsThrowWhatFdbJavaThrows() {
    sameFailure(() -> Tuple.from('c').pack(), () -> TuplePacker.pack('c'));
    sameFailure(() -> Tuple.from(List.of(new Object())).pack(), () -> TuplePacker.pack(List.of(new Object())));
    sameFailure(() -> Tuple.from(BigInteger.ONE.shiftLeft(2048)).pack(), () -> TuplePacker.pack(BigInteger.ONE.shiftLeft(2048)));
    sameFailure(() -> Tuple.from(Versionstamp.incomplete(1)).pack(), () -> TuplePacker.pack(Versionstamp.incomplete(1)));
  }

  private static void sameFailure(Supplier<byte[]> fdb, Supplier<byte[]> lean) {
    IllegalArgumentException expected = assertThrows(IllegalArgumentException.class, fdb::get);
    IllegalArgumentException actual = assertThrows(IllegalArgumentException.class, lean::get);
    assertEquals(expected.getMessage(), actual.getMessage());
  }
}
