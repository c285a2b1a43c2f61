package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's counters as Micrometer function counters: the same numbers as {@link EngineStats}, read on demand. */
class EngineMetersTest {
  private final MeterRegistry meters = new SimpleMeterRegistry();

  private double count(String name, String... tags) {
    return meters.get(name).tags(tags).functionCounter().count();
  }

  @Test
  void theMetersAreTheEnginesStatsTaggedAsAsked() {
    Database db = EmbeddedFdb.open();
    new EngineMeters(db, Tags.of("db", "test")).bindTo(meters);
    db.run(tr -> {
      tr.set(Tuple.from("k").pack(), Tuple.from(1).pack());
      return null;
    });
    db.read(tr -> tr.get(Tuple.from("k").pack()).join());

    EngineStats stats = EmbeddedFdb.stats(db);
    assertEquals(stats.commitRoundTrips(), count("strata.engine.commits", "db", "test"));
    assertEquals(1, count("strata.engine.commits"));
    assertEquals(stats.readVersionRoundTrips(), count("strata.engine.round.trips", "kind", "read.version"));
    assertEquals(stats.readRoundTrips(), count("strata.engine.round.trips", "kind", "read"));
    assertEquals(1, count("strata.engine.keys.read"));
    assertEquals(stats.bytesRead(), count("strata.engine.bytes.read"));
    assertEquals(1, count("strata.engine.keys.written"));
    assertEquals(stats.bytesWritten(), count("strata.engine.bytes.written"));
    assertEquals(0, count("strata.engine.conflicts"));
    assertEquals(0, count("strata.engine.log.forces"), "in memory: no log");
    assertEquals("bytes", meters.get("strata.engine.bytes.read").functionCounter().getId().getBaseUnit());
  }

  @Test
  void aDurableDatabaseCountsItsLogAndCheckpoints(@TempDir Path dir) {
    Database db = EmbeddedFdb.builder().checkpointAfter(16 * 1024).open(dir);
    new EngineMeters(db).bindTo(meters);
    for (int i = 0; i < 100; i++) {
      int n = i;
      db.run(tr -> {
        tr.set(Tuple.from("k", n).pack(), new byte[512]);
        return null;
      });
    }
    db.close(); // waits for the checkpoint the log's growth started

    assertEquals(100, count("strata.engine.log.commits"));
    assertEquals(100, count("strata.engine.log.forces"), "one committer at a time: one force per commit");
    assertTrue(count("strata.engine.log.bytes") > 100 * 512, "every record and its framing");
    assertTrue(count("strata.engine.checkpoints") >= 1, "the log passed 16 KiB");
  }

  @Test
  void aDatabaseOfAnotherKindIsRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new EngineMeters(null));
    assertTrue(e.getMessage().contains("opened by EmbeddedFdb, not null"), e.getMessage());
  }
}
