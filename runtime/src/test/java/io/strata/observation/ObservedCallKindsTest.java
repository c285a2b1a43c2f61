package io.strata.observation;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.strata.Strata;
import io.strata.StrataDb;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Calls that return before their reads end, on an observed embedded database: an asynchronous call is observed until its
 * future completes, a call returning a stream until the stream ends (read to its end, closed, failed, or collected
 * unclosed), each holding the transactions it ran. A lazy stream here reads one row per transaction as it is consumed,
 * as the repositories' paged streams do.
 */
class ObservedCallKindsTest {
  private final TestObservationRegistry observations = TestObservationRegistry.create();
  private final MeterRegistry meters = new SimpleMeterRegistry();
  private final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
  private final CountDownLatch callStopped = new CountDownLatch(1);
  private StrataDb sdb;
  private Database observed;

  @BeforeEach
  void open() {
    observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters))
        .observationHandler(new ObservationHandler<>() {
          @Override
          public boolean supportsContext(Observation.Context context) {
            return true;
          }

          @Override
          public void onStop(Observation.Context context) {
            stopped.add(context);
            if (context.getName().equals(ObservedDatabase.CALL)) {
              callStopped.countDown();
            }
          }
        });
    sdb = Strata.connect("strata:mem:");
    sdb.database().run(tr -> {
      for (int i = 0; i < 3; i++) {
        tr.set(Tuple.from("row", i).pack(), Tuple.from("v").pack());
      }
      return null;
    });
    observed = StrataObservations.observe(sdb.database(), observations);
  }

  @AfterEach
  void close() {
    sdb.close();
  }

  private List<Observation.Context> calls() {
    return stopped.stream().filter(c -> c.getName().equals(ObservedDatabase.CALL)).toList();
  }

  private Observation.Context theCall() {
    List<Observation.Context> calls = calls();
    assertEquals(1, calls.size());
    return calls.get(0);
  }

  /** Row {@code i}, read in a transaction of its own. */
  private String row(int i) {
    return observed.read(tr -> Tuple.fromBytes(tr.get(Tuple.from("row", i).pack()).join()).getString(0));
  }

  /** A lazy stream of the three rows, one read transaction per row, as it is consumed; counts the rows read. */
  private Stream<String> rows(AtomicInteger read) {
    Iterator<String> it = new Iterator<>() {
      int i;

      @Override
      public boolean hasNext() {
        return i < 3;
      }

      @Override
      public String next() {
        read.incrementAndGet();
        return row(i++);
      }
    };
    return Stream.iterate(it, Iterator::hasNext, x -> x).map(Iterator::next);
  }

  @Test
  void anAsynchronousCallIsObservedUntilItsFutureCompletes() {
    CompletableFuture<Void> gate = new CompletableFuture<>();
    CompletableFuture<Object> result = RepositoryCalls.observeAsync(observed, "Account", "AccountRepository.Async.save", "write",
        () -> observed.runAsync(tr -> gate.thenApply(v -> {
          tr.set(Tuple.from("k").pack(), Tuple.from(1).pack());
          return null;
        })));

    assertTrue(calls().isEmpty(), "running until its future completes");
    gate.complete(null);
    result.join();

    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.CALL).that()
        .hasContextualNameEqualTo("AccountRepository.Async.save")
        .hasLowCardinalityKeyValue(ObservedDatabase.PLAN, "write")
        .hasHighCardinalityKeyValue(ObservedDatabase.RETRIES, "0")
        .hasHighCardinalityKeyValue(ObservedDatabase.KEYS_WRITTEN, "1")
        .hasHighCardinalityKeyValue(ObservedDatabase.BYTES_WRITTEN, Integer.toString(Tuple.from("k").pack().length
            + Tuple.from(1).pack().length))
        .hasBeenStopped();
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasParentObservationContextMatching(parent -> parent.getName().equals(ObservedDatabase.CALL));
    assertEquals(1, meters.get(ObservedDatabase.CALL).tag(ObservedDatabase.METHOD, "AccountRepository.Async.save").timer().count());
  }

  @Test
  void anAsynchronousConflictIsRetriedAndEveryAttemptsReadsAreCounted() {
    byte[] key = Tuple.from("row", 0).pack();
    AtomicInteger attempts = new AtomicInteger();
    RepositoryCalls.observeAsync(observed, "Account", "AccountRepository.Async.save", "write",
        () -> observed.runAsync(tr -> {
          tr.get(key).join();
          if (attempts.incrementAndGet() == 1) { // a write to the key read, committed after the read: a conflict
            sdb.database().run(other -> {
              other.set(key, Tuple.from("w").pack());
              return null;
            });
          }
          tr.set(key, Tuple.from("x").pack());
          return CompletableFuture.completedFuture(null);
        })).join();

    assertEquals(2, attempts.get());
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.CALL).that()
        .hasHighCardinalityKeyValue(ObservedDatabase.RETRIES, "1")
        .hasHighCardinalityKeyValue(ObservedDatabase.KEYS_READ, "2")
        .hasHighCardinalityKeyValue(ObservedDatabase.KEYS_WRITTEN, "1");
    assertThat(observations).hasObservationWithNameEqualTo(ObservedDatabase.TRANSACTION).that()
        .hasLowCardinalityKeyValue(ObservedDatabase.OUTCOME, "committed")
        .hasHighCardinalityKeyValue(ObservedDatabase.RETRIES, "1");
  }

  @Test
  void aFailedFutureIsTheCallsError() {
    IllegalStateException refused = new IllegalStateException("refused");
    CompletableFuture<Object> result = RepositoryCalls.observeAsync(observed, "Account", "AccountRepository.Async.save", "write",
        () -> observed.runAsync(tr -> CompletableFuture.failedFuture(refused)));

    CompletionException failure = assertThrows(CompletionException.class, result::join);

    assertSame(refused, failure.getCause());
    assertSame(refused, theCall().getError());
    assertEquals(1, meters.get(ObservedDatabase.CALL).tag("error", "IllegalStateException").timer().count());
  }

  @Test
  void aCallThatThrowsBeforeReturningItsFutureIsStoppedWithTheError() {
    IllegalArgumentException bad = new IllegalArgumentException("bad id");

    assertThrows(IllegalArgumentException.class, () -> RepositoryCalls.observeAsync(observed, "Account",
        "AccountRepository.Async.findById", "ById", () -> {
          throw bad;
        }));

    assertSame(bad, theCall().getError());
  }

  @Test
  void aStreamReadToItsEndIsOneCallHoldingTheTransactionsOfItsReads() {
    AtomicInteger read = new AtomicInteger();
    Stream<String> stream = RepositoryCalls.observeStream(observed, "Account", "Accounts.streamAll", "AllRows", () -> rows(read));

    assertEquals(0, read.get(), "nothing read yet");
    assertEquals(List.of("v", "v", "v"), stream.toList());

    Observation.Context call = theCall();
    assertEquals("exhausted", call.getHighCardinalityKeyValue(ObservedStream.END).getValue());
    assertEquals("3", call.getHighCardinalityKeyValue(ObservedDatabase.KEYS_READ).getValue(), "one key per transaction");
    assertEquals(3, stopped.stream().filter(c -> c.getName().equals(ObservedDatabase.TRANSACTION)
        && c.getParentObservation() != null && c.getParentObservation().getContextView().getName().equals(ObservedDatabase.CALL)).count());
  }

  @Test
  void aStreamClosedEarlyStopsItsCallWhenClosed() {
    AtomicInteger read = new AtomicInteger();
    try (Stream<String> stream = RepositoryCalls.observeStream(observed, "Account", "Accounts.streamAll", "AllRows", () -> rows(read))) {
      assertEquals(List.of("v"), stream.limit(1).toList());
      assertTrue(calls().isEmpty(), "a stream cut short by limit has not ended until it is closed");
    }

    assertEquals(1, read.get());
    assertEquals("closed", theCall().getHighCardinalityKeyValue(ObservedStream.END).getValue());
    assertEquals("1", theCall().getHighCardinalityKeyValue(ObservedDatabase.KEYS_READ).getValue());
  }

  @Test
  void aStreamWhoseReadFailsStopsItsCallWithTheError() {
    IllegalStateException broken = new IllegalStateException("broken");
    Stream<String> stream = RepositoryCalls.observeStream(observed, "Account", "Accounts.streamAll", "AllRows",
        () -> Stream.of("a", "b").map(s -> {
          if (s.equals("b")) {
            throw broken;
          }
          return s;
        }));

    assertThrows(IllegalStateException.class, stream::toList);

    assertEquals("failed", theCall().getHighCardinalityKeyValue(ObservedStream.END).getValue());
    assertSame(broken, theCall().getError());
  }

  @Test
  void aStreamNeitherReadToItsEndNorClosedIsStoppedWhenCollected() throws InterruptedException {
    abandonAStreamAfterOneRow();

    // the cleaner stops it after a collection finds the stream unreachable: collect until it has, a bounded number of times
    for (int gc = 0; gc < 50 && callStopped.getCount() > 0; gc++) {
      System.gc();
      callStopped.await(100, TimeUnit.MILLISECONDS);
    }

    assertEquals("abandoned", theCall().getHighCardinalityKeyValue(ObservedStream.END).getValue());
  }

  private void abandonAStreamAfterOneRow() {
    Iterator<String> it = RepositoryCalls.observeStream(observed, "Account", "Accounts.streamAll", "AllRows",
        () -> rows(new AtomicInteger())).iterator();
    assertEquals("v", it.next());
    assertTrue(calls().isEmpty());
  }

  @Test
  void theConsumersOwnCodeRunsOutsideTheCall() {
    Stream<String> stream = RepositoryCalls.observeStream(observed, "Account", "Accounts.streamAll", "AllRows",
        () -> Stream.of("a"));

    stream.forEach(s -> assertNull(observations.getCurrentObservation(), "no call is current in the consumer"));
  }

  @Test
  void unobservedAsynchronousAndStreamCallsAreWhatTheyReturn() {
    CompletableFuture<String> future = CompletableFuture.completedFuture("x");
    Stream<KeyValue> stream = Stream.empty();

    assertSame(future, RepositoryCalls.observeAsync(sdb.database(), "Account", "AccountRepository.Async.findById", "ById", () -> future));
    assertSame(stream, RepositoryCalls.observeStream(sdb.database(), "Account", "Accounts.streamAll", "AllRows", () -> stream));
    assertThat(observations).doesNotHaveAnyObservation();
  }
}
