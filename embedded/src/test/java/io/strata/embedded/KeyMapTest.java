package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The point-read hash map answers as a map keyed by the keys' contents does, through its growth. */
class KeyMapTest {
  private static final String MISSING = "missing";

  @Test
  void answersAsAMapKeyedByContentWhileItGrowsAndValuesAreReplaced() {
    SplittableRandom random = new SplittableRandom(20261126);
    KeyMap<String> map = new KeyMap<>();
    TreeMap<byte[], String> model = new TreeMap<>(Keys.ORDER);
    for (int i = 0; i < 20_000; i++) {
      byte[] key = new byte[random.nextInt(4)]; // short keys: many repeats, and the empty key
      random.nextBytes(key);
      String value = random.nextInt(5) == 0 ? null : "v" + i;
      boolean isNew = !model.containsKey(key);
      if (random.nextInt(3) == 0) { // put replaces the value (keeping the array handed over)
        map.put(key.clone(), value);
        model.put(key, value);
      } else {
        assertEquals(isNew, map.putIfAbsent(key.clone(), value), "put " + i);
        if (isNew) {
          model.put(key, value);
        }
      }
      byte[] probe = new byte[random.nextInt(4)];
      random.nextBytes(probe);
      assertEquals(model.containsKey(probe), map.containsKey(probe));
      assertEquals(model.containsKey(probe) ? model.get(probe) : MISSING, map.get(probe, MISSING));
    }
    assertEquals(model.size(), map.size());
    Map<String, String> seen = new HashMap<>();
    map.forEach((key, value) -> seen.put(Arrays.toString(key), value));
    Map<String, String> expected = new HashMap<>();
    model.forEach((key, value) -> expected.put(Arrays.toString(key), value));
    assertEquals(expected, seen);
  }

  @Test
  void tupleEncodedIdsHaveDistinctHashes() {
    // ids that differ only in their last bytes, as tuple-packed integers do: a probe compares keys of equal hash
    Set<Integer> hashes = new HashSet<>();
    int keys = 0;
    for (int id = 0; id < 100_000; id++, keys++) {
      byte[] packed = id < 65_536
          ? new byte[] {2, 'c', 'o', 's', 't', 0, 0x16, (byte) (id >> 8), (byte) id}
          : new byte[] {2, 'c', 'o', 's', 't', 0, 0x17, (byte) (id >> 16), (byte) (id >> 8), (byte) id};
      hashes.add(KeyMap.hash(packed));
    }
    assertTrue(hashes.size() > keys - 100, hashes.size() + " distinct hashes for " + keys + " keys");
  }

  @Test
  void keepsTheFirstValueAndItsOwnCopyOfTheKey() {
    KeyMap<String> map = new KeyMap<>();
    byte[] key = {1, 2, 3};
    assertTrue(map.putIfAbsent(key, null));
    assertFalse(map.putIfAbsent(new byte[] {1, 2, 3}, "later"));
    key[0] = 9; // the caller reuses its array
    assertTrue(map.containsKey(new byte[] {1, 2, 3}));
    assertEquals(null, map.get(new byte[] {1, 2, 3}, MISSING));
    assertSame(MISSING, map.get(key, MISSING));
    map.forEach((k, v) -> assertFalse(k == key));
  }
}
