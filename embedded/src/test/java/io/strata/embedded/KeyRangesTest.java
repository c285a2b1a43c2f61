package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Key ranges merge as a set of keys does, and what merged ranges keep is merged with them. */
class KeyRangesTest {
  /** Keys {@code {i}} and {@code {i, 0}}, in key order: every range over them has keys strictly inside too. */
  private static final List<byte[]> UNIVERSE = new ArrayList<>();

  static {
    for (int i = 0; i < 24; i++) {
      UNIVERSE.add(new byte[] {(byte) i});
      UNIVERSE.add(new byte[] {(byte) i, 0});
    }
  }

  private static boolean inside(byte[] key, byte[] begin, byte[] end) {
    return Keys.compare(key, begin) >= 0 && Keys.compare(key, end) < 0;
  }

  @Test
  void answersAsTheSetOfKeysAddedAndKeepsWhatEveryMergedRangeKept() {
    for (long seed = 0; seed < 200; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      KeyRanges<Set<Integer>> ranges = new KeyRanges<>((a, b) -> {
        Set<Integer> union = new HashSet<>(a);
        union.addAll(b);
        return union;
      });
      List<byte[][]> added = new ArrayList<>();
      for (int id = 0; id < 12; id++) {
        byte[] begin = UNIVERSE.get(random.nextInt(UNIVERSE.size()));
        byte[] end = UNIVERSE.get(random.nextInt(UNIVERSE.size()));
        KeyRanges.Range<Set<Integer>> range = ranges.add(begin, end);
        if (Keys.compare(begin, end) >= 0) {
          assertNull(range, "an empty range adds nothing");
          continue;
        }
        if (random.nextInt(4) > 0) { // some ranges keep nothing
          Set<Integer> kept = range.kept() == null ? new HashSet<>() : new HashSet<>(range.kept());
          kept.add(id);
          range.keep(kept);
          added.add(new byte[][] {begin, end, {(byte) id}});
        }
        added.add(new byte[][] {begin, end});
      }
      for (byte[] key : UNIVERSE) {
        boolean expected = added.stream().anyMatch(r -> inside(key, r[0], r[1]));
        assertEquals(expected, ranges.contains(key), "seed " + seed);
      }
      List<byte[][]> result = ranges.ranges();
      for (int i = 0; i < result.size(); i++) {
        byte[][] r = result.get(i);
        assertTrue(Keys.compare(r[0], r[1]) < 0, "seed " + seed + ": non-empty");
        assertTrue(i == 0 || Keys.compare(result.get(i - 1)[1], r[0]) < 0, "seed " + seed + ": disjoint, not touching");
        assertTrue(ranges.covers(r[0], r[1]));
        Set<Integer> expected = new HashSet<>();
        for (byte[][] a : added) {
          if (a.length == 3 && inside(a[0], r[0], r[1])) {
            expected.add((int) a[2][0]);
          }
        }
        Set<Integer> kept = ranges.holding(r[0]).kept();
        assertEquals(expected, kept == null ? Set.of() : kept, "seed " + seed + ": what the merged ranges kept");
      }
      for (byte[] begin : UNIVERSE) {
        for (byte[] end : UNIVERSE) {
          if (Keys.compare(begin, end) < 0) {
            boolean any = UNIVERSE.stream().anyMatch(k -> inside(k, begin, end) && ranges.contains(k));
            assertEquals(any, ranges.intersects(begin, end), "seed " + seed);
          }
        }
      }
    }
  }
}
