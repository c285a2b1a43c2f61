package io.strata.index.vector;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The code of a vector, what a search scores before it reads any full vector: its smallest component and the step
 * (float32 each, little-endian), then one byte per component, {@code round((x - min) / step)}; decoding errs by at
 * most half a step per component. The arithmetic is in double, so components anywhere in the float range (a span up
 * to twice {@code Float.MAX_VALUE}) code and decode to finite numbers.
 */
final class Codes {
  private Codes() {}

  /** The code of {@code v}. */
  static byte[] of(float[] v) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (float x : v) {
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    float step = max > min ? (float) ((max - min) / 255) : 0;
    ByteBuffer b = ByteBuffer.allocate(2 * Float.BYTES + v.length).order(ByteOrder.LITTLE_ENDIAN).putFloat((float) min).putFloat(step);
    for (float x : v) {
      b.put((byte) (step == 0 ? 0 : Math.min(255, Math.round((x - min) / step))));
    }
    return b.array();
  }

  /** The approximate vector of a code of a vector of {@code dimensions} components. */
  static float[] decode(byte[] code, int dimensions) {
    if (code.length != 2 * Float.BYTES + dimensions) {
      throw new IllegalArgumentException(code.length + " bytes where a code of " + dimensions + " dimensions has " + (2 * Float.BYTES + dimensions));
    }
    ByteBuffer b = ByteBuffer.wrap(code).order(ByteOrder.LITTLE_ENDIAN);
    float min = b.getFloat();
    float step = b.getFloat();
    float[] v = new float[dimensions];
    for (int i = 0; i < dimensions; i++) {
      // in double, then kept in the float range: min + 255 steps may round past Float.MAX_VALUE
      v[i] = (float) Math.max(-Float.MAX_VALUE, Math.min(Float.MAX_VALUE, min + (double) step * (b.get() & 0xff)));
    }
    return v;
  }
}
