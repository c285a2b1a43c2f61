package io.strata.observation;

import com.apple.foundationdb.Transaction;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The observed steps of one transaction's attempts, shared by the blocking loop (which joins them) and the asynchronous
 * {@link AsyncLoop} (which chains them), so that both report the same {@code strata.commit} and
 * {@code strata.transaction.error} observations. Each step's observation is a child of the transaction's, set
 * explicitly because an asynchronous step runs on an executor thread where no observation is current.
 */
final class AttemptSteps {
  private final ObservationRegistry registry;
  private final Observation transaction;
  private final CallObservation.Tally call;

  /** The steps of {@code transaction}'s attempts; {@code call} is the enclosing repository call's tally, or null. */
  AttemptSteps(ObservationRegistry registry, Observation transaction, CallObservation.Tally call) {
    this.registry = registry;
    this.transaction = transaction;
    this.call = call;
  }

  /**
   * Commits {@code t} inside a {@code strata.commit} observation that times it and says how it ended (FDB's error code,
   * or none); a committed attempt's approximate size is added to the call's written bytes.
   */
  CompletableFuture<Void> commit(Transaction t) {
    return t.getApproximateSize().thenCompose(bytes -> {
      Observation observation = Observation.createNotStarted(ObservedDatabase.COMMIT, registry)
          .parentObservation(transaction)
          .highCardinalityKeyValue(ObservedDatabase.COMMIT_BYTES, Long.toString(bytes))
          .start();
      return started(t::commit).whenComplete((done, err) -> {
        if (err == null) {
          observation.lowCardinalityKeyValue(ObservedDatabase.FDB_ERROR, ObservedDatabase.NOT_FDB);
          if (call != null) {
            synchronized (call) {
              call.approximateBytes += bytes;
            }
          }
        } else {
          observation.lowCardinalityKeyValue(ObservedDatabase.FDB_ERROR, ObservedDatabase.errorCode(err))
              .error(cause(err));
        }
        observation.stop();
      });
    });
  }

  /**
   * fdb-java's step after a failed attempt, in a {@code strata.transaction.error} observation: {@code onError} waits
   * out the backoff and hands back the next attempt's transaction, or fails with the error when it is not retryable.
   */
  CompletableFuture<Transaction> retry(Transaction t, Throwable err) {
    Observation observation = Observation.createNotStarted(ObservedDatabase.ERROR, registry)
        .parentObservation(transaction)
        .lowCardinalityKeyValue(ObservedDatabase.FDB_ERROR, ObservedDatabase.errorCode(err))
        .start();
    return started(() -> t.onError(cause(err))).whenComplete((next, fatal) -> {
      observation.lowCardinalityKeyValue(ObservedDatabase.RETRIED, Boolean.toString(fatal == null));
      observation.stop();
    });
  }

  /** What failed, out of the {@code CompletionException} a dependent stage or a {@code join} wraps it in. */
  static Throwable cause(Throwable error) {
    return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
  }

  /** The future {@code step} returns, or a failed one when it throws instead. */
  private static <T> CompletableFuture<T> started(Supplier<CompletableFuture<T>> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }
}
