package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The conflict ranges handed to the committer: the very keys added, a key added many times once. */
class ConflictRangesTest {
  private static byte[] key(int k) {
    return new byte[] {(byte) k};
  }

  private static boolean anyHolds(List<byte[][]> ranges, byte[] key) {
    return ranges.stream().anyMatch(r -> Keys.compare(r[0], key) <= 0 && Keys.compare(key, r[1]) < 0);
  }

  @Test
  void writeRangesCoverExactlyTheKeysAdded() {
    SplittableRandom random = new SplittableRandom(20261126);
    for (int round = 0; round < 500; round++) {
      ConflictRanges conflicts = new ConflictRanges();
      List<byte[][]> added = new ArrayList<>();
      for (int i = random.nextInt(12); i >= 0; i--) {
        int a = random.nextInt(60);
        byte[] begin = key(a);
        boolean point = random.nextBoolean();
        byte[] end = point ? Keys.after(begin) : key(a + random.nextInt(6));
        if (point) {
          conflicts.addForWrite(begin);
        } else {
          conflicts.addWrite(begin, end);
        }
        if (Keys.compare(begin, end) < 0) {
          added.add(new byte[][] {begin, end});
        }
      }
      List<byte[][]> recorded = conflicts.writes();
      for (int k = 0; k < 70; k++) {
        for (byte[] probe : new byte[][] {key(k), Keys.after(key(k))}) {
          assertEquals(anyHolds(added, probe), anyHolds(recorded, probe), "round " + round + " key " + k);
        }
      }
    }
  }

  @Test
  void aKeyReadOrWrittenManyTimesIsOneRangeAndCountsEachTime() {
    ConflictRanges conflicts = new ConflictRanges();
    byte[] key = key(7);
    for (int i = 0; i < 3; i++) {
      conflicts.addForWrite(key);
      conflicts.addReadKey(key);
    }
    assertEquals(1, conflicts.writes().size());
    assertSame(key, conflicts.writes().get(0)[0], "a written key is the transaction's own copy, kept as it is");
    key[0] = 8; // a reader reuses its array: the read key was copied
    assertEquals(List.of(7, 7), List.of((int) conflicts.reads().get(0)[0][0], (int) conflicts.reads().get(0)[1][0]));
    assertEquals(2, conflicts.reads().get(0)[1].length);
    assertEquals(6 * 3, conflicts.size(), "each addition counts [k, k\\x00): 1 + 2 bytes");
  }

  @Test
  void theNextWriteOptionSkipsOnePointWrite() {
    ConflictRanges conflicts = new ConflictRanges();
    conflicts.skipNextWrite();
    conflicts.addForWrite(key(1));
    assertTrue(conflicts.writes().isEmpty());
    conflicts.addForWrite(key(2));
    assertEquals(1, conflicts.writes().size());
  }
}
