package io.strata.embedded;

import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the read cache knows from point reads and range reads together, and what it answers a scan with. */
class ReadCacheTest {
  private static List<String> scan(ReadCache cache, String from) {
    List<String> out = new ArrayList<>();
    MergedCursor.SourceScan scan = cache.scan(b(from), true, true, false);
    while (scan.hasNext()) {
      byte[][] kv = scan.next();
      out.add(s(kv[0]) + "=" + s(kv[1]));
    }
    return out;
  }

  @Test
  void aPointReadIsKnownWithItsValueOrItsAbsence() {
    ReadCache cache = new ReadCache();
    cache.recordPoint(b("a"), b("1"));
    cache.recordPoint(b("gone"), null);
    assertEquals("1", s(cache.lookup(b("a"))));
    assertNull(cache.lookup(b("gone"))); // known absent: null, not NOT_KNOWN
    assertSame(ReadCache.NOT_KNOWN, cache.lookup(b("b")));
    assertSame(ReadCache.NOT_KNOWN, cache.lookup(b("a\0")));
  }

  @Test
  void aRangeOfPointReadKeysIsCoveredAndThenScannedInKeyOrder() {
    ReadCache cache = new ReadCache();
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
    ReadCache cache = new ReadCache();
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
    ReadCache cache = new ReadCache();
    cache.recordPoint(b("a"), b("1"));
    cache.recordPoint(b("c"), b("3"));
    assertFalse(cache.covers(b("a"), b("c\0")));
    assertEquals(List.of(), scan(cache, "a"), "nothing moved to the ordered side for a range not covered");
  }
}
