package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The resolver's history answers exactly what a scan of every recorded write would, on both of its paths. */
class ConflictHistoryTest {
  private record Write(byte[] begin, byte[] end, long version) {}

  private static byte[] key(int k) {
    return new byte[] {(byte) (k >> 8), (byte) k};
  }

  @Test
  void conflictsMatchABruteForceScanWhetherFewOrManyWritesAreNewer() {
    SplittableRandom random = new SplittableRandom(20261123);
    ConflictHistory history = new ConflictHistory();
    List<Write> writes = new ArrayList<>();
    long version = 0;
    for (int commit = 0; commit < 3_000; commit++) {
      version += 1 + random.nextInt(3);
      List<byte[][]> commitWrites = new ArrayList<>(); // in no order, and overlapping at times, as a transaction hands them over
      for (int w = random.nextInt(6); w >= 0; w--) {
        int a = random.nextInt(2_000);
        byte[] begin = key(a);
        byte[] end = key(a + 1 + random.nextInt(random.nextInt(10) == 0 ? 300 : 3));
        commitWrites.add(new byte[][] {begin, end});
        writes.add(new Write(begin, end, version));
      }
      history.record(commitWrites, version);
      for (int check = 0; check < 5; check++) {
        int a = random.nextInt(2_000);
        byte[] begin = key(a);
        byte[] end = key(a + random.nextInt(random.nextInt(4) == 0 ? 1_000 : 5));
        // a fresh reader (few newer writes) or an old one (more than RECENT_CHECKS newer writes)
        long readVersion = Math.max(0, version - (random.nextBoolean() ? random.nextInt(4) : 50 + random.nextInt(400)));
        boolean expected = writes.stream().anyMatch(x -> x.version() > readVersion
            && Keys.compare(x.begin(), end) < 0 && Keys.compare(begin, x.end()) < 0 && Keys.compare(begin, end) < 0);
        assertEquals(expected, history.conflicts(begin, end, readVersion),
            "commit " + commit + " check [" + a + ", ...) at read version " + readVersion);
      }
    }
  }
}
