package io.strata.layers;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
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

  static <T> T require(T value, String what) {
    return Objects.requireNonNull(value, () -> what + " must not be null");
  }

}
