package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link EmbeddedFdb#loggedWrites}: the mutations the write-ahead log holds since the last checkpoint, and only those. */
class LoggedWritesTest {
  @TempDir
  Path dir;

  @Test
  void eachMutationOfEachCommitSinceTheLastCheckpointIsHandedOverInVersionOrder() throws Exception {
    try (Database db = EmbeddedFdb.open(dir)) {
      db.run(tr -> {
        tr.set(Tuple.from("E", "R", 1L).pack(), new byte[] {1});
        tr.mutate(MutationType.ADD, Tuple.from("E", "#").pack(), new byte[] {1, 0, 0, 0, 0, 0, 0, 0});
        return null;
      });
      db.run(tr -> {
        tr.clear(Tuple.from("E", "R", 1L).pack());
        tr.clear(Tuple.from("E", "I").range());
        tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, feedKey(), new byte[0]);
        return null;
      });
      List<LoggedWrite> writes = new ArrayList<>();
      assertEquals(2, EmbeddedFdb.loggedWrites(db, writes::add));
      assertEquals(List.of("set", "add", "clear", "clear-range", "set_versionstamped_key"), writes.stream().map(LoggedWrite::kind).toList());
      assertArrayEquals(Tuple.from("E", "R", 1L).pack(), writes.get(0).key());
      assertEquals(writes.get(0).version(), writes.get(1).version());
      assertTrue(writes.get(2).version() > writes.get(1).version());
      Tuple stamped = Tuple.fromBytes(writes.get(4).key());
      assertTrue(((Versionstamp) stamped.get(2)).isComplete(), "the key as the commit stamped it: " + stamped);
      assertEquals(writes.get(4).version(), java.nio.ByteBuffer.wrap(((Versionstamp) stamped.get(2)).getTransactionVersion()).getLong());
    }
  }

  /** {@code ("E", "V", <incomplete versionstamp>, 1)} with the placeholder's offset, as fdb-java packs it. */
  private static byte[] feedKey() {
    byte[] prefix = Tuple.from("E", "V").pack();
    byte[] id = Tuple.from(1L).pack();
    return java.nio.ByteBuffer.allocate(prefix.length + 13 + id.length + 4).order(java.nio.ByteOrder.LITTLE_ENDIAN)
        .put(prefix).put((byte) 0x33).put(new byte[12]).put(id).putInt(prefix.length + 1).array();
  }

  @Test
  void aCleanCloseCheckpointsSoTheLogOfTheReopenedDatabaseHoldsNothing() throws Exception {
    try (Database db = EmbeddedFdb.open(dir)) {
      db.run(tr -> {
        tr.set(new byte[] {1}, new byte[] {2});
        return null;
      });
    }
    try (Database db = EmbeddedFdb.open(dir)) {
      assertEquals(0, EmbeddedFdb.loggedWrites(db, w -> { throw new AssertionError("nothing logged: " + w); }));
    }
  }

  @Test
  void aDatabaseInMemoryHasNoLog() {
    try (Database db = EmbeddedFdb.open()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EmbeddedFdb.loggedWrites(db, w -> { }));
      assertEquals("an in-memory database has no write-ahead log", e.getMessage());
    }
  }
}
