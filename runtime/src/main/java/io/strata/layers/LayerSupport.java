package io.strata.layers;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.strata.Codec;
import io.strata.CodecException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.Objects;

/** Small shared pieces of the recipe layers: little-endian counters, integer-keyed ranges, random suffixes. */
final class LayerSupport {
  private static final SecureRandom RANDOM = new SecureRandom();
  /** First and one-past-last tuple type codes of integers (negative ones first). */
  private static final byte INT_FIRST = 0x0c;
  private static final byte INT_END = 0x1d;

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

}
