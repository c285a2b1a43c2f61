package io.strata.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.CodecException;
import org.junit.jupiter.api.Test;

/** A {@code float[]} field (an embedding) stored as one element of its row. */
class VectorElementsTest {
  @Test
  void aVectorRoundTripsBitForBitThroughItsElement() {
    float[] v = {0f, -0f, 1.5f, -3.25e-7f, Float.MAX_VALUE, Float.MIN_VALUE, Float.NaN, Float.NEGATIVE_INFINITY};
    byte[] element = (byte[]) Elements.ofVector(v);
    assertTrue(element.length == v.length * Float.BYTES);
    float[] back = Elements.toVector(element);
    for (int i = 0; i < v.length; i++) {
      assertTrue(Float.floatToRawIntBits(v[i]) == Float.floatToRawIntBits(back[i]), "component " + i);
    }
    assertArrayEquals(new float[0], Elements.toVector(Elements.ofVector(new float[0])));
    assertArrayEquals(new byte[] {0, 0, (byte) 0xc0, 0x3f}, (byte[]) Elements.ofVector(new float[] {1.5f}), "little-endian");
  }

  @Test
  void anElementThatIsNoWholeNumberOfFloatsIsRefusedNamingWhatItIs() {
    CodecException e = assertThrows(CodecException.class, () -> Elements.toVector(new byte[] {1, 2, 3}));
    assertTrue(e.getMessage().contains("a float vector"), e.getMessage());
  }
}
