package io.strata.observation;

import com.apple.foundationdb.Transaction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * fdb-java's asynchronous retry loop, step for step: the body, then for a read-write loop the commit, and on a failure
 * {@code onError}, whose transaction runs the next attempt; the last transaction is closed when the loop ends. The
 * commit and {@code onError} are the observed {@link AttemptSteps} the blocking loop runs too. The
 * observed database runs it on a transaction created with an {@code EventKeeper}, so that what its attempts read and
 * wrote is counted as in the blocking loops. Each step continues on the executor, not on the thread that completed a
 * read.
 */
final class AsyncLoop<T> {
  private final Function<? super Transaction, ? extends CompletableFuture<T>> body;
  private final boolean commits;
  private final AttemptSteps steps;
  private final Executor executor;
  private final CompletableFuture<T> result = new CompletableFuture<>();
  /** Attempts begun. */
  final AtomicInteger attempts = new AtomicInteger();

  AsyncLoop(Function<? super Transaction, ? extends CompletableFuture<T>> body, boolean commits, AttemptSteps steps,
            Executor executor) {
    this.body = body;
    this.commits = commits;
    this.steps = steps;
    this.executor = executor;
  }

  /** Runs the loop from {@code first}; the future completes with the body's value or the error no retry can fix. */
  CompletableFuture<T> run(Transaction first) {
    attempt(first);
    return result;
  }

  private void attempt(Transaction tr) {
    attempts.incrementAndGet();
    CompletableFuture<T> step;
    try {
      step = body.apply(tr);
    } catch (RuntimeException e) {
      step = CompletableFuture.failedFuture(e);
    }
    if (commits) {
      step = step.thenCompose(value -> steps.commit(tr).thenApply(done -> value));
    }
    step.whenCompleteAsync((value, error) -> {
      if (error == null) {
        tr.close();
        result.complete(value);
        return;
      }
      steps.retry(tr, error).whenCompleteAsync((retry, fatal) -> {
        if (fatal != null) {
          tr.close();
          result.completeExceptionally(AttemptSteps.cause(fatal));
        } else {
          attempt(retry);
        }
      }, executor);
    }, executor);
  }
}
