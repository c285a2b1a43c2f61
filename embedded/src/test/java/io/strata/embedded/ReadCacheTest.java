package io.strata.embedded;

import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What the read cache knows from point reads and range reads together, and what it answers a scan with. */
class ReadCacheTest {
  private static List<String> scan(ReadCache cache, String from) {
    return text(scan(cache, b(from), true, true));
  }

  /** What a scan of the cache from {@code from} hands out, in the order handed out. */
  private static List<byte[][]> scan(ReadCache cache, byte[] from, boolean inclusive, boolean forward) {
    List<byte[][]> out = new ArrayList<>();
    MergedCursor.SourceScan scan = cache.scan(from, inclusive, forward, false);
    while (scan.hasNext()) {
      out.add(scan.next());
    }
    return out;
  }

  private static List<String> text(List<byte[][]> kvs) {
    return kvs.stream().map(kv -> s(kv[0]) + "=" + s(kv[1])).toList();
  }

  @Test
  void aPointReadIsKnownWithItsValueOrItsAbsence() {
    ReadCache cache = new ReadCache(new Object());
    cache.recordPoint(b("a"), b("1"));
    cache.recordPoint(b("gone"), null);
    assertEquals("1", s(cache.lookup(b("a"))));
    assertNull(cache.lookup(b("gone"))); // known absent: null, not NOT_KNOWN
    assertSame(ReadCache.NOT_KNOWN, cache.lookup(b("b")));
    assertSame(ReadCache.NOT_KNOWN, cache.lookup(b("a\0")));
  }

  @Test
  void aRangeOfPointReadKeysIsCoveredAndThenScannedInKeyOrder() {
    ReadCache cache = new ReadCache(new Object());
    cache.recordPoint(b("a\0"), b("2"));
    cache.recordPoint(b("a"), b("1"));
    cache.recordPoint(b("a\0\0"), null);
    assertTrue(cache.covers(b("a"), b("a\0\0\0")));
    assertEquals(List.of("a=1", "a\0=2"), scan(cache, "a"));
    assertTrue(cache.covers(b("a\0"), b("a\0\0"))); // now a known range
    assertFalse(cache.covers(b("a"), b("a\0\0\0\0")), "the key after the last point read is not known");
  }

  @Test
  void pointReadsAndKnownRangesCoverARangeTogether() {
    ReadCache cache = new ReadCache(new Object());
    cache.record(b("b"), b("2"));
    cache.markKnown(b("b"), b("c"));
    cache.recordPoint(b("c"), b("3"));
    cache.recordPoint(b("c\0"), null);
    cache.record(b("d"), b("4"));
    cache.markKnown(b("c\0\0"), b("e"));
    assertEquals("2", s(cache.lookup(b("b"))));
    assertEquals(null, cache.lookup(b("bb")));
    assertTrue(cache.covers(b("b"), b("e")));
    assertEquals(List.of("b=2", "c=3", "d=4"), scan(cache, "b"));
    assertFalse(cache.covers(b("a"), b("c")));
    assertFalse(cache.covers(b("b"), b("f")));
  }

  @Test
  void aGapBetweenPointReadsIsNotCovered() {
    ReadCache cache = new ReadCache(new Object());
    cache.recordPoint(b("a"), b("1"));
    cache.recordPoint(b("c"), b("3"));
    assertFalse(cache.covers(b("a"), b("c\0")));
    assertEquals(List.of(), scan(cache, "a"), "no range is known where a range was not covered");
  }

  @Test
  void aValueRecordedPastTheRangeMarkedKnownIsNotKept() {
    ReadCache cache = new ReadCache(new Object());
    cache.record(b("a"), b("1"));
    cache.record(b("c"), b("3")); // a read that ran to its end looked at the first key past it
    cache.markKnown(b("a"), b("b"));
    assertEquals("1", s(cache.lookup(b("a"))));
    assertSame(ReadCache.NOT_KNOWN, cache.lookup(b("c")));
    assertFalse(cache.covers(b("c"), b("d")));
  }

  @Test
  void rangesThatComeToMeetAreMergedWithTheValuesOfBoth() {
    ReadCache cache = new ReadCache(new Object());
    cache.record(b("a"), b("1"));
    cache.markKnown(b("a"), b("b"));
    for (String k : List.of("c", "d", "e")) {
      cache.record(b(k), b(k.toUpperCase()));
    }
    cache.markKnown(b("c"), b("f"));
    cache.record(b("bb"), b("2"));
    cache.markKnown(b("b"), b("c")); // meets both: one range [a, f) holding the values of all three reads
    assertTrue(cache.covers(b("a"), b("f")));
    assertEquals(List.of("a=1", "bb=2", "c=C", "d=D", "e=E"), scan(cache, "a"));
    assertEquals(List.of("e=E", "d=D", "c=C", "bb=2", "a=1"), text(scan(cache, b("f"), false, false)));
    assertEquals("C", s(cache.get(b("c"))));
    assertNull(cache.lookup(b("cc")), "a key inside the merged range without a value is known absent");
  }

  /**
   * Random range reads, point reads and covers over a small key space against the stored map they read: the cache
   * never answers a wrong value, knows every key of every range read, and scans a range it covers as exactly the
   * stored key-values of that range, in both directions.
   */
  @Test
  void answersAgreeWithTheStoredKeysUnderRandomReads() {
    List<String> universe = new ArrayList<>();
    for (char x : "abc".toCharArray()) {
      universe.add("" + x);
      for (char y : "abc".toCharArray()) {
        universe.add("" + x + y);
        universe.add("" + x + y + "\0");
      }
    }
    universe.sort((x, y) -> Keys.compare(b(x), b(y)));
    for (long seed = 0; seed < 300; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      TreeMap<byte[], byte[]> stored = new TreeMap<>(Keys.ORDER);
      for (String k : universe) {
        if (random.nextInt(3) > 0) {
          stored.put(b(k), b(k + "=" + seed));
        }
      }
      ReadCache cache = new ReadCache(new Object());
      List<byte[][]> readRanges = new ArrayList<>();
      for (int op = 0; op < 40; op++) {
        byte[] x = b(universe.get(random.nextInt(universe.size())));
        byte[] y = random.nextBoolean() ? Keys.after(x) : b(universe.get(random.nextInt(universe.size())));
        if (Keys.compare(x, y) >= 0) {
          continue;
        }
        switch (random.nextInt(3)) {
          case 0 -> {
            stored.subMap(x, y).forEach(cache::record);
            Map.Entry<byte[], byte[]> past = stored.ceilingEntry(y);
            if (past != null) {
              cache.record(past.getKey(), past.getValue());
            }
            cache.markKnown(x.clone(), y.clone());
            readRanges.add(new byte[][] {x, y});
          }
          case 1 -> cache.recordPoint(x, stored.get(x));
          default -> {
            if (cache.covers(x, y)) {
              List<String> expected = new ArrayList<>();
              stored.subMap(x, y).forEach((k, v) -> expected.add(s(k) + "=" + s(v)));
              // a scan may run on past the range, within the known range holding it (its reader stops it)
              List<byte[][]> forward = scan(cache, x, true, true);
              assertEquals(expected, text(forward.stream().filter(kv -> Keys.compare(kv[0], y) < 0).toList()), "seed " + seed);
              List<byte[][]> backward = new ArrayList<>(scan(cache, y, false, false));
              Collections.reverse(backward);
              assertEquals(expected, text(backward.stream().filter(kv -> Keys.compare(kv[0], x) >= 0).toList()), "seed " + seed);
              readRanges.add(new byte[][] {x, y});
            }
          }
        }
        for (String k : universe) {
          byte[] key = b(k);
          byte[] answer = cache.lookup(key);
          boolean inRead = readRanges.stream().anyMatch(r -> Keys.compare(key, r[0]) >= 0 && Keys.compare(key, r[1]) < 0);
          if (inRead) {
            assertTrue(answer != ReadCache.NOT_KNOWN, "seed " + seed + ": " + k + " lies in a range read");
          }
          if (answer != ReadCache.NOT_KNOWN) {
            assertEquals(s(stored.get(key)), answer == null ? null : s(answer), "seed " + seed + ": " + k);
          }
        }
      }
    }
  }
}
