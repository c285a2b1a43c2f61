package io.strata;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Runs a blocking repository call and rethrows what actually failed: fdb-java's retry loops and
 * {@code join()} wrap exceptions in {@link CompletionException}, which callers of a blocking method
 * should not have to unwrap.
 */
public final class Blocking {
  private Blocking() {}

  public static <T> T call(Supplier<T> body) {
    try {
      return body.get();
    } catch (CompletionException e) {
      throw unwrap(e);
    }
  }

  public static RuntimeException unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error err) {
      throw err;
    }
    return new CompletionException(t);
  }
}
