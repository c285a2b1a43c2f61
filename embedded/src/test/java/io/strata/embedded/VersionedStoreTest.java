package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A point read of the store (by hash) answers as its ordered walk does, through writes, clears and collection. */
class VersionedStoreTest {
  private static byte[] key(int k) {
    return new byte[] {'k', (byte) (k >> 8), (byte) k};
  }

  /** The value of {@code key} at {@code version} as a walk of every key with versions finds it. */
  private static byte[] walked(VersionedStore store, byte[] key, long version) {
    List<byte[][]> found = store.range(key, Keys.after(key), version, 0, false);
    return found.isEmpty() ? null : found.get(0)[1];
  }

  @Test
  void pointReadsAgreeWithTheOrderedWalk() {
    SplittableRandom random = new SplittableRandom(20261126);
    VersionedStore store = new VersionedStore();
    long version = 0;
    for (int commit = 0; commit < 5_000; commit++) {
      version += 1 + random.nextInt(3);
      long horizon = version - 20;
      for (int w = random.nextInt(4); w >= 0; w--) {
        int k = random.nextInt(300);
        switch (random.nextInt(4)) {
          case 0 -> store.clearRange(key(k), key(k + random.nextInt(20)), version, horizon);
          case 1 -> store.put(key(k), null, version, horizon);
          default -> store.put(key(k), new byte[] {(byte) commit}, version, horizon);
        }
      }
      store.collect(horizon);
      for (int check = 0; check < 10; check++) {
        byte[] k = key(random.nextInt(300));
        long at = horizon + random.nextInt(21);
        assertEquals(Arrays.toString(walked(store, k, at)), Arrays.toString(store.get(k.clone(), at)),
            "commit " + commit + " key " + Arrays.toString(k) + " at " + at);
      }
    }
  }
}
