package io.strata.index.vector;

import io.strata.CodecException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * A {@code float[]} as it is stored, in a row and in the index: its components as IEEE 754 single-precision
 * numbers, little-endian, 4 bytes each, nothing else (so the length is the dimension). Generated codecs call
 * {@link #element} and {@link #floats}.
 */
public final class Vectors {
  private Vectors() {}

  /** The stored element of a vector (null stays null). */
  public static byte[] element(float[] vector) {
    if (vector == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (float f : vector) {
      b.putFloat(f);
    }
    return b.array();
  }

  /** The vector of a stored element; a {@link CodecException} when it is not bytes of whole floats. */
  public static float[] floats(Object element) {
    if (!(element instanceof byte[] bytes) || bytes.length % Float.BYTES != 0) {
      throw new CodecException("stored element " + element + " is not a vector (bytes of little-endian floats)");
    }
    float[] out = new float[bytes.length / Float.BYTES];
    components(bytes).get(out);
    return out;
  }

  /** The components of a stored vector's bytes, read in place (no copy). */
  static FloatBuffer components(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
  }

  /**
   * Why {@code vector} has no distance to anything, or null when every component is finite: its first NaN or infinite
   * component, named by position ("NaN at component 3"). A vector index orders by distance, and a distance with a
   * NaN or an infinity in it is NaN, so such a vector would never be found and would spoil the centroid of any
   * partition split over it.
   */
  static String notFinite(FloatBuffer vector) {
    for (int i = 0; i < vector.limit(); i++) {
      if (!Float.isFinite(vector.get(i))) {
        return vector.get(i) + " at component " + i;
      }
    }
    return null;
  }
}
