package io.strata.observation;

import com.apple.foundationdb.ReadTransactionContext;
import java.util.function.Supplier;

/**
 * The hook repositories (generated and run-time queries) put around each call: when the database the call runs on was
 * observed ({@link StrataObservations#observe}), the call becomes an observation {@code strata.repository.call} tagged
 * with its entity, method and plan kind, its transactions' observations nested inside it; otherwise {@code call} just
 * runs, for the price of one {@code instanceof}.
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
}
