package io.strata.observation;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.tuple.Tuple;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.strata.Blocking;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.TransactionLimits;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Transactions and calls on an observed embedded database: the observations each makes (checked with Micrometer's
 * test registry) and the meters they become (a {@link SimpleMeterRegistry} behind the default meter handler). Retries
 * are caused, not waited for: a conflict is made by committing a write to a key the first attempt has read.
 */
class StrataObservationsTest {
  private static final byte[] KEY = Tuple.from("k").pack();

  private final TestObservationRegistry observations = TestObservationRegistry.create();
  private final MeterRegistry meters = new SimpleMeterRegistry();
  private StrataDb sdb;
  private Database observed;

  @BeforeEach
  void open() {
    observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
    sdb = Strata.connect("strata:mem:");
    observed = StrataObservations.observe(sdb.database(), observations);
  }

  @AfterEach
  void close() {
    sdb.close();
  }

  /** Commits a write to {@code KEY} from outside: an attempt that read {@code KEY} before it will conflict. */
  private void commitAWriteToKey() {
    sdb.database().run(other -> {
      other.set(KEY, Tuple.from(2).pack());
      return null;
    });
  }

  @Test
  void aCommittedTransactionIsObservedWithItsCommit() {
    observed.run(tr -> {
      tr.set(KEY, Tuple.from(1).pack());
      return null;
    });

    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.KIND, "run")
        .hasLowCardinalityKeyValue(ObservedDatabase.OUTCOME, "committed")
        .hasHighCardinalityKeyValue(ObservedDatabase.RETRIES, "0")
        .hasBeenStopped();
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.COMMIT).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.FDB_ERROR, "none")
        .hasParentObservationContextMatching(parent -> parent.getName().equals(ObservedDatabase.TRANSACTION));
    assertEquals(1, meters.get("strata.commit").tag(ObservedDatabase.FDB_ERROR, "none").timer().count());
    assertEquals(1, meters.get("strata.transaction").tag(ObservedDatabase.OUTCOME, "committed").timer().count());
  }

  @Test
  void aConflictIsARetryCountedByItsErrorCode() {
    AtomicInteger attempts = new AtomicInteger();
    observed.run(tr -> {
      tr.get(KEY).join();
      if (attempts.incrementAndGet() == 1) {
        commitAWriteToKey(); // commits first: this attempt's read is now stale
      }
      tr.set(KEY, Tuple.from(3).pack());
      return null;
    });

    assertEquals(2, attempts.get());
    assertRetriedOnceAfterAConflict();
  }

  @Test
  void aCommitThatFailsForGoodFailsItsTransaction() {
    Database limited = StrataObservations.observe(TransactionLimits.none().retryLimit(0).on(sdb.database()), observations);

    FDBException failure = assertThrows(FDBException.class, () -> Blocking.call(() -> limited.run(tr -> {
      tr.get(KEY).join();
      commitAWriteToKey();
      tr.set(KEY, Tuple.from(3).pack());
      return null;
    })));

    assertEquals(1020, failure.getCode());
    assertEquals(1, meters.get("strata.transaction.error").tag(ObservedDatabase.FDB_ERROR, "1020")
        .tag(ObservedDatabase.RETRIED, "false").timer().count(), "the retry limit stops the loop");
    assertEquals(1, meters.get("strata.transaction").tag(ObservedDatabase.OUTCOME, "failed").timer().count());
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.OUTCOME, "failed")
        .assertThatError().isNotNull();
  }

  @Test
  void aCallHoldsItsTransactionsAndAddsUpTheirRetriesAndBytes() {
    AtomicInteger attempts = new AtomicInteger();
    RepositoryCalls.observe(observed, "Account", "AccountRepository.save", "write", () -> observed.run(tr -> {
      tr.get(KEY).join();
      if (attempts.incrementAndGet() == 1) {
        commitAWriteToKey();
      }
      tr.set(KEY, Tuple.from(3).pack());
      return null;
    }));

    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.CALL).that()
        .hasContextualNameEqualTo("AccountRepository.save")
        .hasLowCardinalityKeyValue(ObservedDatabase.ENTITY, "Account")
        .hasLowCardinalityKeyValue(ObservedDatabase.METHOD, "AccountRepository.save")
        .hasLowCardinalityKeyValue(ObservedDatabase.PLAN, "write")
        .hasHighCardinalityKeyValue(ObservedDatabase.RETRIES, "1")
        .hasHighCardinalityKeyValueWithKey(ObservedDatabase.BYTES_WRITTEN);
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasParentObservationContextMatching(parent -> parent.getName().equals(ObservedDatabase.CALL));
  }

  @Test
  void aCallCountsTheKeysAndBytesItsTransactionsReadAndWrote() {
    byte[] value = Tuple.from(1).pack();
    sdb.database().run(tr -> {
      for (String k : new String[] {"a", "b", "c"}) {
        tr.set(Tuple.from("row", k).pack(), value);
      }
      return null;
    });
    int rowKey = Tuple.from("row", "a").pack().length;

    RepositoryCalls.observeVoid(observed, "Account", "AccountRepository.save", "write", () -> {
      observed.read(tr -> tr.getRange(Tuple.from("row").range()).asList().join());
      observed.run(tr -> {
        tr.set(KEY, value);
        return null;
      });
    });

    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.CALL).that()
        .hasHighCardinalityKeyValue(ObservedDatabase.KEYS_READ, "3")
        .hasHighCardinalityKeyValue(ObservedDatabase.BYTES_READ, Integer.toString(3 * (rowKey + value.length)))
        .hasHighCardinalityKeyValue(ObservedDatabase.KEYS_WRITTEN, "1")
        .hasHighCardinalityKeyValue(ObservedDatabase.BYTES_WRITTEN, Integer.toString(KEY.length + value.length));
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.KIND, "read")
        .hasHighCardinalityKeyValue(ObservedDatabase.KEYS_READ, "3");
  }

  @Test
  void aReadIsObservedWithoutACommit() {
    observed.read(tr -> tr.get(KEY).join());

    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.KIND, "read")
        .hasLowCardinalityKeyValue(ObservedDatabase.OUTCOME, "read");
    assertThat(observations).hasNumberOfObservationsWithNameEqualTo(ObservedDatabase.COMMIT, 0);
  }

  @Test
  void anAsynchronousTransactionIsObservedWithItsCommitWhenItCompletes() {
    observed.runAsync(tr -> {
      tr.set(KEY, Tuple.from(1).pack());
      return CompletableFuture.completedFuture(null);
    }).join();

    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.OUTCOME, "committed")
        .hasHighCardinalityKeyValue(ObservedDatabase.RETRIES, "0")
        .hasBeenStopped();
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.COMMIT).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.FDB_ERROR, "none")
        .hasHighCardinalityKeyValueWithKey(ObservedDatabase.COMMIT_BYTES)
        .hasParentObservationContextMatching(parent -> parent.getName().equals(ObservedDatabase.TRANSACTION))
        .hasBeenStopped();
    assertEquals(1, meters.get("strata.commit").tag(ObservedDatabase.FDB_ERROR, "none").timer().count());
    assertEquals(1, meters.get("strata.transaction").tag(ObservedDatabase.KIND, "run")
        .tag(ObservedDatabase.OUTCOME, "committed").timer().count());
  }

  @Test
  void anAsynchronousConflictIsARetryCountedByItsErrorCode() {
    AtomicInteger attempts = new AtomicInteger();
    observed.runAsync(tr -> tr.get(KEY).thenApply(read -> {
      if (attempts.incrementAndGet() == 1) {
        commitAWriteToKey(); // commits first: this attempt's read is now stale
      }
      tr.set(KEY, Tuple.from(3).pack());
      return null;
    })).join();

    assertEquals(2, attempts.get());
    assertRetriedOnceAfterAConflict();
  }

  @Test
  void anAsynchronousCommitThatFailsForGoodFailsItsTransaction() {
    Database limited = StrataObservations.observe(TransactionLimits.none().retryLimit(0).on(sdb.database()), observations);

    CompletionException failure = assertThrows(CompletionException.class, () -> limited.runAsync(tr -> tr.get(KEY)
        .thenApply(read -> {
          commitAWriteToKey();
          tr.set(KEY, Tuple.from(3).pack());
          return null;
        })).join());

    assertEquals(1020, assertInstanceOf(FDBException.class, failure.getCause()).getCode());
    assertEquals(1, meters.get("strata.commit").tag(ObservedDatabase.FDB_ERROR, "1020").timer().count());
    assertEquals(1, meters.get("strata.transaction.error").tag(ObservedDatabase.FDB_ERROR, "1020")
        .tag(ObservedDatabase.RETRIED, "false").timer().count(), "the retry limit stops the loop");
    assertEquals(1, meters.get("strata.transaction").tag(ObservedDatabase.OUTCOME, "failed").timer().count());
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.OUTCOME, "failed")
        .assertThatError().isNotNull();
  }

  @Test
  void aNoopRegistryLeavesTheDatabaseAsItIs() {
    assertSame(sdb.database(), StrataObservations.observe(sdb.database(), ObservationRegistry.NOOP));
  }

  @Test
  void anUnobservedCallJustRuns() {
    assertEquals("x", RepositoryCalls.observe(sdb.database(), "Account", "AccountRepository.findById", "ById", () -> "x"));
    assertThat(observations).doesNotHaveAnyObservation();
  }

  /**
   * What one transaction that conflicted once (1020) and then committed reports, blocking or asynchronous alike: a
   * failed and a successful commit, one retry under the transaction, the transaction committed after 1 retry.
   */
  private void assertRetriedOnceAfterAConflict() {
    assertEquals(1, meters.get("strata.commit").tag(ObservedDatabase.FDB_ERROR, "1020").timer().count(), "one conflict");
    assertEquals(1, meters.get("strata.commit").tag(ObservedDatabase.FDB_ERROR, "none").timer().count(), "then a commit");
    assertEquals(1, meters.get("strata.transaction.error").tag(ObservedDatabase.FDB_ERROR, "1020")
        .tag(ObservedDatabase.RETRIED, "true").timer().count(), "one retry after not_committed");
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.ERROR).that()
        .hasParentObservationContextMatching(parent -> parent.getName().equals(ObservedDatabase.TRANSACTION));
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.OUTCOME, "committed")
        .hasHighCardinalityKeyValue(ObservedDatabase.RETRIES, "1");
  }
}
