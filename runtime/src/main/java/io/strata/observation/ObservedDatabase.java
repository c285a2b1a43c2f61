package io.strata.observation;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.strata.ForwardingDatabase;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A database whose {@code run}/{@code read} transactions and repository calls are observations in a registry.
 *
 * <p>Invariant: the blocking loops are fdb-java's {@code Database.run}/{@code read} loops step for step (body, commit
 * for {@code run}, {@code onError} on any {@code RuntimeException}, its new handle for the next attempt, the last handle
 * closed at the end), with observations started and stopped around the steps; nothing a body sees changes. The
 * asynchronous loops are fdb-java's {@code runAsync}/{@code readAsync} loops step for step ({@link AsyncLoop}). Both
 * kinds observe their commits and retries with the same {@link AttemptSteps} and create their transactions with an
 * {@code EventKeeper} that counts what they read and wrote. Transactions a caller creates with {@code createTransaction} are the caller's and are not observed.
 */
final class ObservedDatabase extends ForwardingDatabase implements CallObserver {
  static final String CALL = "strata.repository.call";
  static final String TRANSACTION = "strata.transaction";
  static final String ERROR = "strata.transaction.error";
  static final String COMMIT = "strata.commit";

  static final String ENTITY = "strata.entity";
  static final String METHOD = "strata.method";
  static final String PLAN = "strata.plan";
  static final String KIND = "strata.transaction.kind";
  static final String OUTCOME = "strata.outcome";
  static final String FDB_ERROR = "strata.fdb.error";
  static final String RETRIED = "strata.retried";
  static final String RETRIES = "strata.retries";
  static final String COMMIT_BYTES = "strata.commit.bytes";
  static final String BYTES_WRITTEN = "strata.bytes.written";
  static final String KEYS_WRITTEN = "strata.keys.written";
  static final String KEYS_READ = "strata.keys.read";
  static final String BYTES_READ = "strata.bytes.read";

  /** The FDB error tag of an error that is not FoundationDB's (an exception of the body, such as a unique violation). */
  static final String NOT_FDB = "none";

  private final ObservationRegistry registry;

  ObservedDatabase(Database db, ObservationRegistry registry) {
    super(db);
    this.registry = registry;
  }

  @Override
  public <T> T observeCall(String entity, String method, String plan, Supplier<T> call) {
    CallObservation observation = new CallObservation(registry, entity, method, plan);
    try (Observation.Scope scope = observation.openScope()) {
      return call.get();
    } catch (RuntimeException err) {
      observation.error(err);
      throw err;
    } finally {
      observation.stop();
    }
  }

  @Override
  public <T> CompletableFuture<T> observeAsyncCall(String entity, String method, String plan,
                                                   Supplier<CompletableFuture<T>> call) {
    CallObservation observation = new CallObservation(registry, entity, method, plan);
    CompletableFuture<T> result;
    try (Observation.Scope scope = observation.openScope()) {
      result = call.get();
    } catch (RuntimeException err) {
      observation.error(err);
      observation.stop();
      throw err;
    }
    return result.whenComplete((value, err) -> {
      if (err != null) {
        observation.error(AttemptSteps.cause(err));
      }
      observation.stop();
    });
  }

  @Override
  public <T> Stream<T> observeStreamCall(String entity, String method, String plan, Supplier<Stream<T>> call) {
    CallObservation observation = new CallObservation(registry, entity, method, plan);
    try (Observation.Scope scope = observation.openScope()) {
      return ObservedStream.of(call.get(), observation);
    } catch (RuntimeException err) {
      observation.error(err);
      observation.stop();
      throw err;
    }
  }

  @Override
  public <T> T run(Function<? super Transaction, T> retryable, Executor e) {
    return loop("run", "committed", true, retryable, e);
  }

  @Override
  public <T> T read(Function<? super ReadTransaction, T> retryable, Executor e) {
    return loop("read", "read", false, retryable, e);
  }

  /** fdb-java's blocking loop (the body, then a commit when {@code commits}, {@code onError} on failure), observed. */
  private <T> T loop(String kind, String success, boolean commits, Function<? super Transaction, T> retryable, Executor e) {
    CallObservation.Tally call = enclosingCall();
    Observation observation = transaction(kind);
    AttemptSteps steps = new AttemptSteps(registry, observation, call);
    int retries = 0;
    boolean done = false;
    ReadWriteCounts counts = new ReadWriteCounts();
    Transaction t = db.createTransaction(e, counts);
    try (Observation.Scope scope = observation.openScope()) {
      while (true) {
        try {
          T result = retryable.apply(opened(t));
          if (commits) {
            steps.commit(t).join();
          }
          done = true;
          return result;
        } catch (RuntimeException err) {
          t = steps.retry(t, err).join();
          retries++;
        }
      }
    } catch (RuntimeException err) {
      observation.error(err);
      throw err;
    } finally {
      t.close();
      finish(observation, call, retries, done ? success : "failed", counts);
    }
  }

  @Override
  public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable, Executor e) {
    return observedAsync("run", "committed", true, retryable, e);
  }

  @Override
  public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable,
                                            Executor e) {
    return observedAsync("read", "read", false, retryable, e);
  }

  /** fdb-java's asynchronous loop on a transaction counting what it reads and writes, observed until it ends. */
  private <T> CompletableFuture<T> observedAsync(String kind, String success, boolean commits,
                                                 Function<? super Transaction, ? extends CompletableFuture<T>> retryable,
                                                 Executor e) {
    CallObservation.Tally call = enclosingCall();
    Observation observation = transaction(kind);
    AsyncLoop<T> loop = new AsyncLoop<>(tr -> retryable.apply(opened(tr)), commits, new AttemptSteps(registry, observation, call), e);
    ReadWriteCounts counts = new ReadWriteCounts();
    CompletableFuture<T> result;
    try (Observation.Scope scope = observation.openScope()) {
      result = loop.run(db.createTransaction(e, counts));
    }
    return result.whenComplete((value, err) -> {
      if (err != null) {
        observation.error(err);
      }
      finish(observation, call, Math.max(0, loop.attempts.get() - 1), err == null ? success : "failed", counts);
    });
  }

  private Observation transaction(String kind) {
    return Observation.createNotStarted(TRANSACTION, registry)
        .contextualName("strata " + kind)
        .lowCardinalityKeyValue(KIND, kind)
        .start();
  }

  /** Stops a transaction's observation, adding its retries and what it read and wrote to its call's tally. */
  private static void finish(Observation observation, CallObservation.Tally call, int retries, String outcome,
                             ReadWriteCounts counts) {
    if (call != null) {
      synchronized (call) {
        call.retries += retries;
      }
      call.counts.add(counts);
    }
    observation.lowCardinalityKeyValue(OUTCOME, outcome)
        .highCardinalityKeyValue(RETRIES, Integer.toString(retries));
    counted(observation, counts).stop();
  }

  /** Keys and bytes read, and keys written when the database counts them, as high-cardinality keys. */
  static Observation counted(Observation observation, ReadWriteCounts counts) {
    observation.highCardinalityKeyValue(KEYS_READ, Long.toString(counts.keysRead()))
        .highCardinalityKeyValue(BYTES_READ, Long.toString(counts.bytesRead()));
    return counts.keysWritten() < 0 ? observation
        : observation.highCardinalityKeyValue(KEYS_WRITTEN, Long.toString(counts.keysWritten()));
  }

  private CallObservation.Tally enclosingCall() {
    Observation current = registry.getCurrentObservation();
    return current == null ? null : current.getContextView().get(CallObservation.Tally.class);
  }

  /** FoundationDB's error code of {@code err} or of a cause, as text; {@link #NOT_FDB} when it has none. */
  static String errorCode(Throwable err) {
    for (Throwable cause = err; cause != null; cause = cause.getCause()) {
      if (cause instanceof FDBException fdb) {
        return Integer.toString(fdb.getCode());
      }
    }
    return NOT_FDB;
  }
}
