package io.strata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Value types: boxes and continuation tokens. Bad coordinates, boxes and tokens are catalogued in
 * processor's {@code BadInputContract}; the continuation decoder is fuzzed in {@code DecoderFuzzTest}.
 */
class ValueTypesTest {
  @Test
  void aGeoBoxMayWrapAroundTheAntimeridian() {
    BoundingBox wrapping = BoundingBox.geo(-10, 170, 10, -170);
    assertTrue(wrapping.crossesAntimeridian());
    assertTrue(wrapping.contains(new GeoPoint(0, 179)) && wrapping.contains(new GeoPoint(0, -175)));
    assertFalse(wrapping.contains(new GeoPoint(0, 0)));
  }

  @Test
  void continuationsRoundTripAndAreBoundToTheirQuery() {
    Continuation c = Continuation.of(new byte[] {1, 2}, new byte[] {9, 9, 9});
    Continuation back = Continuation.fromBytes(c.toBytes());
    assertEquals(c, back);
    assertEquals(3, back.resumeKeyFor(new byte[] {1, 2}).length);
    assertThrows(InvalidContinuationException.class, () -> back.resumeKeyFor(new byte[] {1, 3}));
    byte[] tampered = c.toBytes();
    tampered[9] ^= 1;
    assertThrows(InvalidContinuationException.class, () -> Continuation.fromBytes(tampered));
  }
}
