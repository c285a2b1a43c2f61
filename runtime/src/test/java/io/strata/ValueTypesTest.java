package io.strata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Bad coordinates, boxes and tokens are rejected with messages that say what was wrong. */
class ValueTypesTest {

  @Test
  void geoPointsRejectNaNInfinityAndOutOfRange() {
    for (double[] bad : new double[][] {{Double.NaN, 0}, {0, Double.NaN}, {91, 0}, {0, -180.5}, {Double.POSITIVE_INFINITY, 0}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GeoPoint(bad[0], bad[1]));
      assertTrue(e.getMessage().contains("GeoPoint"), e.getMessage());
    }
    assertEquals(90.0, new GeoPoint(90, 180).lat());
  }

  @Test
  void gridPointsStayOnTheGrid() {
    assertThrows(IllegalArgumentException.class, () -> new Point(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new Point(0, 1L << 31));
  }

  @Test
  void invertedBoxesAreRejectedButLongitudeMayWrap() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoundingBox.geo(10, 0, 5, 1));
    assertTrue(e.getMessage().contains("minLat"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> BoundingBox.of(new Point(5, 5), new Point(4, 9)));
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

  /** Decoding arbitrary bytes never throws anything but the documented exception. */
  @Property(tries = 2_000)
  void arbitraryBytesAreNeverMisreadAsAContinuation(@ForAll byte[] bytes) {
    try {
      Continuation c = Continuation.fromBytes(bytes);
      assertTrue(Arrays.equals(bytes, c.toBytes()), "only a well-formed token decodes");
    } catch (InvalidContinuationException expected) {
      // rejected, as it should be
    }
  }
}
