package io.strata.spatial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ZOrderTest {

  @Property
  void encodeAndDecodeRoundTrip(@ForAll @LongRange(min = 0, max = (1L << 31) - 1) long x,
                                @ForAll @LongRange(min = 0, max = (1L << 31) - 1) long y) {
    long z = ZOrder.encode(x, y);
    assertTrue(z >= 0 && z < (1L << 62), "z stays a positive 62-bit value");
    assertEquals(x, ZOrder.x(z));
    assertEquals(y, ZOrder.y(z));
  }

  @Test
  void bitsInterleaveWithXOnEvenPositions() {
    assertEquals(1, ZOrder.encode(1, 0));
    assertEquals(2, ZOrder.encode(0, 1));
    assertEquals(0b1100, ZOrder.encode(2, 2));
    assertEquals((1L << 62) - 1, ZOrder.MAX);
  }

  @Test
  void coordinatesOffTheGridAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> ZOrder.encode(1L << 31, 0));
    assertThrows(IllegalArgumentException.class, () -> ZOrder.encode(0, -1));
  }

  @Provide
  Arbitrary<GridBox> smallBoxes() {
    Arbitrary<Integer> c = Arbitraries.integers().between(0, 60);
    return Combinators.combine(c, c, c, c).as((a, b, d, e) -> new GridBox(Math.min(a, d), Math.min(b, e), Math.max(a, d), Math.max(b, e)));
  }

  @Property
  void bigminIsTheSmallestCodeAboveInTheBox(@ForAll("smallBoxes") GridBox box, @ForAll @IntRange(min = 0, max = 4095) int z) {
    long expected = -1;
    for (long c = z + 1; c < 4096; c++) {
      if (ZOrder.inside(c, box)) {
        expected = c;
        break;
      }
    }
    long actual = ZOrder.bigmin(z, box);
    if (ZOrder.inside(z, box)) {
      assertTrue(actual == -1 || actual > z, "bigmin is strictly above z");
      return;
    }
    assertEquals(expected, actual, "bigmin(" + z + ", " + box + ")");
  }

  @Property
  void coverContainsEveryCodeOfTheBoxesInFewSortedDisjointRanges(
      @ForAll("smallBoxes") GridBox a, @ForAll("smallBoxes") GridBox b, @ForAll @IntRange(min = 1, max = 40) int maxRanges) {
    List<GridBox> boxes = List.of(a, b);
    List<ZRange> cover = ZCover.cover(boxes, maxRanges);
    assertTrue(cover.size() <= maxRanges, cover.size() + " ranges");
    for (int i = 1; i < cover.size(); i++) {
      assertTrue(cover.get(i - 1).to() < cover.get(i).from(), "sorted and disjoint");
    }
    for (GridBox box : boxes) {
      for (long x = box.x0(); x <= box.x1(); x++) {
        for (long y = box.y0(); y <= box.y1(); y++) {
          long z = ZOrder.encode(x, y);
          assertTrue(cover.stream().anyMatch(r -> r.contains(z)), "(" + x + "," + y + ") covered");
        }
      }
    }
  }

  @Property(tries = 200)
  void coverOfLargeBoxesIsCompleteAtTheirCorners(@ForAll @LongRange(min = 0, max = (1L << 31) - 2) long x0,
      @ForAll @LongRange(min = 0, max = (1L << 31) - 2) long y0, @ForAll @LongRange(min = 1, max = 1L << 20) long w) {
    GridBox box = new GridBox(x0, y0, Math.min((1L << 31) - 1, x0 + w), Math.min((1L << 31) - 1, y0 + w / 2));
    List<ZRange> cover = ZCover.cover(List.of(box), 32);
    for (long[] p : new long[][] {{box.x0(), box.y0()}, {box.x1(), box.y1()}, {box.x0(), box.y1()}, {box.x1(), box.y0()},
        {(box.x0() + box.x1()) / 2, (box.y0() + box.y1()) / 2}}) {
      long z = ZOrder.encode(p[0], p[1]);
      assertTrue(cover.stream().anyMatch(r -> r.contains(z)));
    }
  }
}
