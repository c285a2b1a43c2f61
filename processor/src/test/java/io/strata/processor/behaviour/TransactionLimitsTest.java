package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.TransactionLimits;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Per-repository timeout and retry limits ({@link TransactionLimits}); embedded only, since proving them
 * needs injected conflicts and a simulated round trip.
 */
class TransactionLimitsTest {

  @Test
  void aRetryLimitStopsARepositoryRetryingConflictsForeverAndLeavesOthersAlone() {
    Faults faults = Faults.seeded(1).notCommitted(1);
    try (Database db = EmbeddedFdb.builder().faults(faults).open()) {
      UserRepository limited = new UserRepository(TransactionLimits.none().retryLimit(3).on(db));
      FDBException e = assertThrows(FDBException.class, () -> limited.save(new User("u1", "75001", "a@x", 30)));
      assertEquals(1020, e.getCode());
      assertEquals(4, faults.injectedCount(Faults.Kind.NOT_COMMITTED), "the first attempt and three retries");
    }
  }

  @Test
  void aTimeoutFailsSlowOperationsWithTransactionTimedOut() {
    try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(300)).open()) {
      new UserRepository(db).save(new User("u1", "75001", "a@x", 30));
      UserRepository hurried = new UserRepository(TransactionLimits.none().timeout(Duration.ofMillis(100)).on(db));
      FDBException e = assertThrows(FDBException.class, () -> hurried.findById("u1"));
      assertEquals(1031, e.getCode());
      assertEquals("u1", new UserRepository(db).findById("u1").orElseThrow().id(), "other repositories have no limit");
    }
  }

  @Test
  void limitsAreValidated() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TransactionLimits.none().retryLimit(-1));
    assertTrue(e.getMessage().contains("retryLimit"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TransactionLimits.none().timeout(Duration.ZERO));
  }
}
