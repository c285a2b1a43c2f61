package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.EventKeeper.Events;
import com.apple.foundationdb.MapEventKeeper;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * A transaction created with an {@code EventKeeper} counts in it what the engine's statistics count for it: keys and
 * bytes read from storage (fdb-java's range-read events, for every kind of read here), and, once committed, its
 * mutations and their bytes (the engine's own {@code KEYS_WRITTEN}/{@code BYTES_WRITTEN}); a retry keeps the keeper.
 */
class TransactionEventKeeperTest {
  private static final byte[] KEY = Tuple.from("k").pack();
  private static final byte[] VALUE = Tuple.from(1).pack();

  @Test
  void readsAndCommittedWritesAreCountedInTheTransactionsKeeper() {
    try (Database db = EmbeddedFdb.open()) {
      db.run(tr -> {
        tr.set(KEY, VALUE);
        tr.set(Tuple.from("other", 1).pack(), VALUE);
        return null;
      });
      EngineStats before = EmbeddedFdb.stats(db);
      MapEventKeeper keeper = new MapEventKeeper();
      Transaction tr = db.createTransaction(ForkJoinPool.commonPool(), keeper);
      tr.get(KEY).join();
      tr.getRange(Tuple.from("other").range()).asList().join();
      tr.set(Tuple.from("new").pack(), VALUE);
      tr.commit().join();
      EngineStats cost = EmbeddedFdb.stats(db).since(before);

      assertEquals(2, keeper.getCount(Events.RANGE_QUERY_RECORDS_FETCHED), "a point read and a range read of one key");
      assertEquals(cost.keysRead(), keeper.getCount(Events.RANGE_QUERY_RECORDS_FETCHED));
      assertEquals(cost.bytesRead(), keeper.getCount(Events.BYTES_FETCHED));
      assertEquals(1, keeper.getCount(EmbeddedTransaction.Written.KEYS_WRITTEN));
      assertEquals(cost.bytesWritten(), keeper.getCount(EmbeddedTransaction.Written.BYTES_WRITTEN));
    }
  }

  @Test
  void aRetriedTransactionKeepsItsKeeper() {
    try (Database db = EmbeddedFdb.open()) {
      MapEventKeeper keeper = new MapEventKeeper();
      Transaction first = db.createTransaction(ForkJoinPool.commonPool(), keeper);
      first.get(KEY).join();
      Transaction next = first.onError(new com.apple.foundationdb.FDBException("not_committed", 1020)).join();
      next.get(KEY).join();

      assertEquals(2, keeper.getCount(Events.RANGE_QUERY_RECORDS_FETCHED), "both attempts' reads");
      next.close();
    }
  }
}
