package io.strata;

import static org.junit.jupiter.api.Assertions.assertSame;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import io.micrometer.observation.ObservationRegistry;
import io.strata.embedded.EmbeddedFdb;
import io.strata.observation.StrataObservations;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Code given only a transaction finds the wrappers it was handed out by, the outermost first. */
class ForwardingDatabaseTest {
  @Test
  void aTransactionOfNestedWrappersOpensItsOwnThroughTheOutermost() {
    try (Database db = EmbeddedFdb.open()) {
      Database limited = TransactionLimits.none().timeout(Duration.ofSeconds(30)).on(StrataObservations.observe(db, ObservationRegistry.create()));
      assertSame(limited, limited.run(ForwardingDatabase::databaseOf), "run");
      assertSame(limited, limited.runAsync(tr -> CompletableFuture.completedFuture(ForwardingDatabase.databaseOf(tr))).join(), "runAsync");
      try (Transaction created = limited.createTransaction()) {
        assertSame(limited, ForwardingDatabase.databaseOf(created), "createTransaction");
      }
      assertSame(db, db.run(ForwardingDatabase::databaseOf), "an unwrapped database's transaction: its own database");
    }
  }
}
