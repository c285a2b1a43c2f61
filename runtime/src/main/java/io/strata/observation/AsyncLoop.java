package io.strata.observation;

import com.apple.foundationdb.Transaction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * fdb-java's asynchronous retry loop, step for step: the body, then for a read-write loop the commit, and on a failure
 * {@code onError}, whose transaction runs the next attempt; the last transaction is closed when the loop ends. The
 * observed database runs it on a transaction created with an {@code EventKeeper}, so that what its attempts read and
 * wrote is counted as in the blocking loops. Each step continues on the executor, not on the thread that completed a
 * read.
 */
final class AsyncLoop<T> {
  private final Function<? super Transaction, ? extends CompletableFuture<T>> body;
  private final boolean commits;
  private final Executor executor;
  private final CompletableFuture<T> result = new CompletableFuture<>();
  /** Attempts begun. */
  final AtomicInteger attempts = new AtomicInteger();
  /** The approximate sizes of the committed attempts' writes ({@code getApproximateSize()} before each commit). */
  final AtomicLong approximateBytes = new AtomicLong();

  AsyncLoop(Function<? super Transaction, ? extends CompletableFuture<T>> body, boolean commits, Executor executor) {
    this.body = body;
    this.commits = commits;
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
      step = step.thenCompose(value -> tr.getApproximateSize().thenCompose(size -> tr.commit().thenApply(done -> {
        approximateBytes.addAndGet(size);
        return value;
      })));
    }
    step.whenCompleteAsync((value, error) -> {
      if (error == null) {
        tr.close();
        result.complete(value);
        return;
      }
      CompletableFuture<Transaction> next;
      try {
        next = tr.onError(cause(error));
      } catch (RuntimeException e) {
        next = CompletableFuture.failedFuture(e);
      }
      next.whenCompleteAsync((retry, fatal) -> {
        if (fatal != null) {
          tr.close();
          result.completeExceptionally(cause(fatal));
        } else {
          attempt(retry);
        }
      }, executor);
    }, executor);
  }

  /** What failed, out of the {@code CompletionException} a dependent stage wraps it in. */
  private static Throwable cause(Throwable error) {
    return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
  }
}
