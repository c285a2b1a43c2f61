package io.strata.observation;

import com.apple.foundationdb.ReadTransactionContext;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The hook repositories (generated and run-time queries) put around each call: when the database the call runs on was
 * observed ({@link StrataObservations#observe}), the call becomes an observation {@code strata.repository.call} tagged
 * with its entity, method and plan kind, its transactions' observations nested inside it; otherwise {@code call} just
 * runs, for the price of one {@code instanceof}. A blocking call is observed until it returns, an asynchronous one until
 * its future completes ({@link #observeAsync}), one returning a stream until the stream ends ({@link #observeStream}).
 */
public final class RepositoryCalls {
  private RepositoryCalls() {}

  /**
   * Runs {@code call}, observed when {@code context} is an observed database.
   *
   * @param entity the entity's simple name, e.g. {@code "Account"}
   * @param method the method as {@code Type.method}, e.g. {@code "AccountRepository.findById"}
   * @param plan   the plan's kind, e.g. {@code "ById"}, {@code "IndexRead"}, {@code "AllRows"}, or {@code "write"}
   */
  public static <T> T observe(ReadTransactionContext context, String entity, String method, String plan, Supplier<T> call) {
    return context instanceof CallObserver observer ? observer.observeCall(entity, method, plan, call) : call.get();
  }

  /** {@link #observe} for a call that returns nothing. */
  public static void observeVoid(ReadTransactionContext context, String entity, String method, String plan, Runnable call) {
    if (context instanceof CallObserver observer) {
      observer.observeCall(entity, method, plan, () -> {
        call.run();
        return null;
      });
    } else {
      call.run();
    }
  }

  /**
   * {@link #observe} for a call returning a future: its observation starts now and stops when the future completes,
   * with the future's failure as its error. The future returned completes after the observation stopped.
   */
  public static <T> CompletableFuture<T> observeAsync(ReadTransactionContext context, String entity, String method, String plan,
                                                      Supplier<CompletableFuture<T>> call) {
    return context instanceof CallObserver observer ? observer.observeAsyncCall(entity, method, plan, call) : call.get();
  }

  /**
   * {@link #observe} for a call returning a stream: its observation starts now, holds the reads the stream makes as it
   * is consumed, and stops when the stream ends: read to its end, closed, failed, or, neither read to its end nor closed,
   * garbage collected (high-cardinality key {@code strata.stream.end}: {@code exhausted}, {@code closed}, {@code failed},
   * {@code abandoned}). The stream returned is sequential.
   */
  public static <T> Stream<T> observeStream(ReadTransactionContext context, String entity, String method, String plan,
                                            Supplier<Stream<T>> call) {
    return context instanceof CallObserver observer ? observer.observeStreamCall(entity, method, plan, call) : call.get();
  }
}
