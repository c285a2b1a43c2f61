package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.CodecException;
import org.junit.jupiter.api.Test;

/** A {@code float[]} field (an embedding) stored as one element of its row. */
class VectorsTest {
  @Test
  void aVectorRoundTripsBitForBitThroughItsElement() {
    float[] v = {0f, -0f, 1.5f, -3.25e-7f, Float.MAX_VALUE, Float.MIN_VALUE, Float.NaN, Float.NEGATIVE_INFINITY};
    byte[] element = Vectors.element(v);
    assertTrue(element.length == v.length * Float.BYTES);
    float[] back = Vectors.floats(element);
    for (int i = 0; i < v.length; i++) {
      assertTrue(Float.floatToRawIntBits(v[i]) == Float.floatToRawIntBits(back[i]), "component " + i);
    }
    assertArrayEquals(new float[0], Vectors.floats(Vectors.element(new float[0])));
    assertArrayEquals(new byte[] {0, 0, (byte) 0xc0, 0x3f}, Vectors.element(new float[] {1.5f}), "little-endian");
  }

  @Test
  void anElementThatIsNoWholeNumberOfFloatsIsRefusedNamingWhatItIs() {
    CodecException e = assertThrows(CodecException.class, () -> Vectors.floats(new byte[] {1, 2, 3}));
    assertTrue(e.getMessage().contains("is not a vector (bytes of little-endian floats)"), e.getMessage());
  }
}
