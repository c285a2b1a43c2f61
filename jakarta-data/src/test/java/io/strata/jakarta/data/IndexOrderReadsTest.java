package io.strata.jakarta.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.jakarta.data.DataStoreTest.Counter;
import io.strata.jakarta.data.DataStoreTest.CounterCodec;
import io.strata.query.Candidates;
import io.strata.query.IndexScan;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.query.IndexOrder;
import jakarta.data.Sort;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a limit on an order an index holds reads, counted by the embedded engine ({@link EmbeddedFdb#stats}): keys and
 * read requests, never time. The counters are packed (one key per row), so a row is one key.
 */
class IndexOrderReadsTest {
  private static final int LIMIT = 5;
  private static final IndexOrder<Counter> BY_COUNT = IndexOrder.<Counter>of(store -> IndexScan.of(store, "byCount").from(0L, true), 0)
      .key("count", ValueKind.LONG).key("id", ValueKind.STRING);

  private Database db;
  private DataStore<Counter> data;

  private void open(int n, IntUnaryOperator count) {
    db = EmbeddedFdb.open();
    EntityStore<Counter> store = EntityStore.builder(new CounterCodec(), new Subspace()).index("byCount", "count").packed()
        .ids(Elements::toStr).build();
    data = new DataStore<>(db, store, Attributes.<Counter>of("Counter").attribute("id", c -> c.id, true)
        .attribute("count", c -> c.count, false).build());
    List<Counter> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new Counter(String.format("k%03d", i), count.applyAsInt(i)));
    }
    data.saveAll(all);
    first(Sort.asc("count")); // the index's state is read once per store, then remembered: measure the steady state
  }

  @AfterEach
  void close() {
    db.close();
  }

  private List<Counter> first(Sort<Counter> sort) {
    return data.first(c -> true, Candidates.allRows(), List.of(BY_COUNT), List.of(sort), LIMIT);
  }

  /** The read requests and keys {@code sort}'s first five cost, after checking they are the right five. */
  private EngineStats firstFive(Sort<Counter> sort) {
    List<Counter> expected = data.sorted(c -> true, Candidates.allRows(), List.of(sort)).subList(0, LIMIT);
    EngineStats before = EmbeddedFdb.stats(db);
    List<Counter> first = first(sort);
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    assertEquals(expected.stream().map(c -> c.id).toList(), first.stream().map(c -> c.id).toList());
    return cost;
  }

  @Test
  void limitFiveOnAnAscendingIndexOrderReadsFiveEntriesAndFiveRowsInOneRead() {
    open(100, i -> 1000 - i);
    EngineStats cost = firstFive(Sort.asc("count"));
    assertEquals(1, cost.readRoundTrips()); // one mapped range read: the entries with their rows
    assertEquals(2 * LIMIT, cost.keysRead());
  }

  @Test
  void limitFiveOnAnAscendingIndexOrderWhoseValuesAllTieReadsFiveEntriesAndFiveRowsInOneRead() {
    open(100, i -> 7); // ties come in id order in the keys, which is Jakarta Data's order: none to look past
    EngineStats cost = firstFive(Sort.asc("count"));
    assertEquals(1, cost.readRoundTrips());
    assertEquals(2 * LIMIT, cost.keysRead());
  }

  @Test
  void limitFiveOnADescendingIndexOrderReadsFiveEntriesAndFiveRowsInOneRead() {
    open(100, i -> i);
    // read backwards, ties would come with the id descending, which is the order's tie-break: no entry to look past
    EngineStats cost = firstFive(Sort.desc("count"));
    assertEquals(1, cost.readRoundTrips());
    assertEquals(2 * LIMIT, cost.keysRead());
  }

  @Test
  void limitFiveOnADescendingIndexOrderWhoseValuesAllTieReadsFiveEntriesAndFiveRowsInOneRead() {
    int tied = 17;
    open(100, i -> i < tied ? 0 : -1 - i); // the scan reads counts from 0 on: the candidates are the 17 that tie
    List<Counter> five = data.sorted(c -> true, Candidates.allRows(), List.of(Sort.desc("count"))).subList(0, LIMIT);
    // a descending order breaks its ties by the id descending, as the keys read backwards hold them
    assertEquals(List.of("k016", "k015", "k014", "k013", "k012"), five.stream().map(c -> c.id).toList());
    EngineStats cost = firstFive(Sort.desc("count"));
    assertEquals(1, cost.readRoundTrips());
    assertEquals(2 * LIMIT, cost.keysRead());
  }

  @Test
  void countOnIndexKeysReadsEveryKeyInOneReadLikeStrataCount() {
    int n = 2_500; // more than a batch of 1,000 keys
    open(n, i -> i);
    EngineStats before = EmbeddedFdb.stats(db);
    long counted = data.reads().count(c -> c.count >= 0, Candidates.allRows(),
        Candidates.indexKeys(store -> IndexScan.of(store, "byCount").from(0L, true), 0L));
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    assertEquals(n, counted);
    // one range read of the index keys in one read transaction, as IndexScan.count and a run-time count read it
    assertEquals(1, cost.readVersionRoundTrips());
    assertEquals(1, cost.readRoundTrips());
    assertEquals(n, cost.keysRead());
  }
}
