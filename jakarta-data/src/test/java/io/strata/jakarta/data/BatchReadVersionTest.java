package io.strata.jakarta.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.jakarta.data.DataStoreTest.Counter;
import io.strata.jakarta.data.DataStoreTest.CounterCodec;
import io.strata.query.Candidates;
import io.strata.query.FilteredRows;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.query.IndexOrder;
import jakarta.data.Sort;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The round trips of a Jakarta Data read made of batches: each batch is its own read transaction, and they share one
 * read version, as a Strata read of every row in one transaction does; a new version is taken only when FoundationDB's
 * five-second window forces one. Counted on the embedded engine's statistics, never on the clock.
 */
class BatchReadVersionTest {
  /** Rows enough for five batches of every row, the last one short. */
  private static final int ROWS = FilteredRows.BATCH * 4 + 7;

  private static DataStore<Counter> counters(Database db) {
    EntityStore<Counter> store = EntityStore.builder(new CounterCodec(), new Subspace()).index("byCount", "count").packed()
        .ids(Elements::toStr).build();
    return new DataStore<>(db, store, Attributes.<Counter>of("Counter").attribute("id", c -> c.id, true)
        .attribute("count", c -> c.count, false).build());
  }

  private static List<String> save(DataStore<Counter> data, int n) {
    List<Counter> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new Counter(String.format("k%05d", i), i));
    }
    data.saveAll(all);
    return all.stream().map(c -> c.id).toList();
  }

  @Test
  void aReadOfEveryRowTakesOneReadVersionForAllItsBatches() {
    try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(1)).open()) {
      DataStore<Counter> data = counters(db);
      List<String> ids = save(data, ROWS);
      EngineStats before = EmbeddedFdb.stats(db);
      assertEquals(ids, data.reads().matching(c -> true, Candidates.allRows()).stream().map(c -> c.id).toList());
      EngineStats read = EmbeddedFdb.stats(db).since(before);
      assertEquals(5, read.readRoundTrips(), "five batches of every row: " + read);
      assertEquals(1, read.readVersionRoundTrips(), "one read version for every batch: " + read);
      assertEquals(6, read.sequentialRoundTrips(), "the read version, then the batches one after another: " + read);
    }
  }

  @Test
  void aStreamInIndexOrderTakesOneReadVersionAndALaterReadANewOne() {
    try (Database db = EmbeddedFdb.open()) {
      DataStore<Counter> data = counters(db);
      List<String> ids = save(data, ROWS);
      IndexOrder<Counter> byCount = IndexOrder.<Counter>of(store -> io.strata.query.IndexScan.of(store, "byCount")
          .from(0L, true), 0).key("count", ValueKind.LONG).key("id", ValueKind.STRING);
      EngineStats before = EmbeddedFdb.stats(db);
      assertEquals(ids, data.stream(c -> true, Candidates.allRows(), List.of(byCount), List.of(Sort.asc("count"))).map(c -> c.id)
          .toList());
      EngineStats read = EmbeddedFdb.stats(db).since(before);
      assertTrue(read.readRoundTrips() > 1, "several batches: " + read);
      assertEquals(1, read.readVersionRoundTrips(), "one read version for every batch: " + read);
      // the version belongs to one read: a read that starts after a save sees it
      data.save(new Counter("a", 0));
      before = EmbeddedFdb.stats(db);
      assertEquals("a", data.stream(c -> true, Candidates.allRows(), List.of(byCount), List.of(Sort.asc("count")))
          .findFirst().orElseThrow().id);
      assertEquals(1, EmbeddedFdb.stats(db).since(before).readVersionRoundTrips());
    }
  }

  @Test
  void aBatchWhoseVersionIsTooOldTakesANewOneWhichTheLaterBatchesShare() {
    try (Database db = EmbeddedFdb.open()) {
      DataStore<Counter> data = counters(db);
      List<String> ids = save(data, ROWS);
      // the third batch meets FoundationDB's five-second limit once, as a stream consumed slowly would
      int[] calls = {0};
      Candidates<Counter> rows = Candidates.allRows();
      Candidates<Counter> slow = (store, tr, limit, after) -> ++calls[0] == 3
          ? CompletableFuture.failedFuture(new FDBException("Transaction is too old to perform reads or be committed", 1007))
          : rows.read(store, tr, limit, after);
      EngineStats before = EmbeddedFdb.stats(db);
      assertEquals(ids, data.reads().stream(c -> true, slow).map(c -> c.id).toList(), "every row once, in id order");
      EngineStats read = EmbeddedFdb.stats(db).since(before);
      assertEquals(6, calls[0], "five batches, the third one twice");
      assertEquals(2, read.readVersionRoundTrips(), "the first version, and the one the retried batch took: " + read);
    }
  }
}
