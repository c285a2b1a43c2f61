package io.strata.layers;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.CodecException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.Objects;

/**
 * Small shared pieces of the recipe layers: little-endian counters, integer-keyed ranges, random suffixes,
 * and the argument and size checks every layer runs before anything is written.
 */
final class LayerSupport {
  private static final SecureRandom RANDOM = new SecureRandom();
  /** First and one-past-last tuple type codes of integers (negative ones first). */
  private static final byte INT_FIRST = 0x0c;
  private static final byte INT_END = 0x1d;
  static final int KEY_LIMIT = 10_000;
  static final int VALUE_LIMIT = 100_000;

  private LayerSupport() {}

  static byte[] le(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  static long fromLe(byte[] b) {
    if (b == null) {
      return 0;
    }
    byte[] eight = java.util.Arrays.copyOf(b, 8);
    return ByteBuffer.wrap(eight).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /** The keys of {@code s} whose first element is an integer (item keys), excluding string-tagged bookkeeping. */
  static Range integerKeys(Subspace s) {
    return new Range(ByteArrayUtil.join(s.getKey(), new byte[] {INT_FIRST}), ByteArrayUtil.join(s.getKey(), new byte[] {INT_END}));
  }

  static byte[] random(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }

  /**
   * {@code codec.encode(value)} for {@code layer} (e.g. "FdbQueue at ..."): a codec that throws or returns
   * null fails with a {@link CodecException} naming the layer, before anything is written.
   */
  static <T> byte[] encode(Codec<T> codec, T value, String layer) {
    byte[] bytes;
    try {
      bytes = codec.encode(value);
    } catch (RuntimeException e) {
      throw new CodecException(layer + ": codec " + codec + " failed to encode " + shorten(value) + " (" + e + "); nothing was written:"
          + " fix the codec or the value", e);
    }
    if (bytes == null) {
      throw new CodecException(layer + ": codec " + codec + " encoded " + shorten(value) + " as null; nothing was written:"
          + " a codec must return bytes");
    }
    return bytes;
  }

  /**
   * {@code codec.decode(bytes)} of the value stored at {@code key}: a codec that throws fails with a
   * {@link CodecException} naming the layer and the key. Callers decode before they change anything, so
   * the value stays where it is.
   */
  static <T> T decode(Codec<T> codec, byte[] key, byte[] bytes, String layer) {
    try {
      return codec.decode(bytes);
    } catch (RuntimeException e) {
      throw new CodecException(layer + ": codec " + codec + " failed to decode the value at key " + ByteArrayUtil.printable(key)
          + " (" + e + "); it was left in place: open the layer with the codec that wrote it", e);
    }
  }

  /** How a layer names itself in messages: its class and subspace. */
  static String name(String layer, Subspace s) {
    return layer + " at " + ByteArrayUtil.printable(s.getKey());
  }

  private static String shorten(Object value) {
    String s = String.valueOf(value);
    return s.length() > 64 ? s.substring(0, 64) + "…" : s;
  }

  static <T> T require(T value, String what) {
    return Objects.requireNonNull(value, () -> what + " must not be null");
  }

  /**
   * {@code element} as a one-element tuple, checked on the caller's thread before anything runs: null
   * fails with a {@link NullPointerException} and a type the tuple layer cannot encode with an
   * {@link IllegalArgumentException}, each naming {@code layer} and {@code what}.
   */
  static Tuple element(String layer, String what, Object element) {
    require(element, what);
    Tuple t = Tuple.from(element);
    try {
      t.pack(); // the tuple layer checks element types only when it encodes
      return t;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(layer + ": " + what + " " + shorten(element) + " is a " + element.getClass().getName()
          + ", which a tuple cannot hold; use a String, a number, a boolean, a byte[], a UUID, a Versionstamp or a Tuple/List of"
          + " those", e);
    }
  }

  /**
   * {@code key}, checked against FoundationDB's {@value #KEY_LIMIT}-byte key limit before it is written: over
   * it, an {@link IllegalArgumentException} naming {@code layer} and {@code what} (e.g. "the key of row r
   * column c"). The one size check of every layer.
   */
  static byte[] checkKey(String layer, String what, byte[] key) {
    if (key.length > KEY_LIMIT) {
      throw new IllegalArgumentException(layer + ": " + what + " is " + key.length + " bytes, over FoundationDB's 10,000-byte key"
          + " limit; nothing was written: use shorter keys (they should stay under ~100 bytes)");
    }
    return key;
  }

  /**
   * {@code value}, checked against FoundationDB's {@value #VALUE_LIMIT}-byte value limit before it is written:
   * over it, an {@link IllegalArgumentException} naming {@code layer} and {@code what}.
   */
  static byte[] checkValue(String layer, String what, byte[] value) {
    if (value.length > VALUE_LIMIT) {
      throw new IllegalArgumentException(layer + ": " + what + " encodes to " + value.length + " bytes, over FoundationDB's"
          + " 100,000-byte value limit; nothing was written: store the payload with BlobStore and keep its id here");
    }
    return value;
  }

}
