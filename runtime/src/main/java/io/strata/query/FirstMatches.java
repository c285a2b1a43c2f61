package io.strata.query;

import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * The one loop of a read that keeps the first {@code n} candidates a predicate accepts, batch after batch, whichever
 * transactions the batches read in ({@link CandidateReads}' terminals: a caller's transaction, or read transactions of
 * their own at one shared read version). A batch that completes at once is taken in a loop, not by a nested callback, so
 * a read of many batches does not deepen the stack; one that completes later resumes the loop when it does.
 *
 * @param <X> what a batch holds
 */
final class FirstMatches<X> {
  /** Reads one batch of a size after a continuation (null: the first). */
  interface Batch<X> extends BiFunction<Integer, Continuation, CompletableFuture<Page<X>>> {}

  private final Batch<X> batch;
  private final Predicate<? super X> where;
  private final long n;
  private final CompletableFuture<List<X>> done = new CompletableFuture<>();
  private final List<X> kept = new ArrayList<>();

  private FirstMatches(Batch<X> batch, Predicate<? super X> where, long n) {
    this.batch = batch;
    this.where = where;
    this.n = n;
  }

  /**
   * The first {@code n} items {@code where} accepts, in the batches' order, until {@code n} are kept or a batch has no
   * continuation: the first batch asks for {@code first} items (at least 1), each later one for twice as many as the one
   * before, up to {@link CandidateReads#BATCH} ({@link #following}).
   */
  static <X> CompletableFuture<List<X>> read(Batch<X> batch, Predicate<? super X> where, long first, long n) {
    FirstMatches<X> read = new FirstMatches<>(batch, where, n);
    if (n <= 0) {
      read.done.complete(List.of());
    } else {
      read.from((int) Math.min(Integer.MAX_VALUE, Math.max(1, first)), null);
    }
    return read.done;
  }

  /** The size of the batch after one of {@code size}: twice as many, up to {@link CandidateReads#BATCH}. */
  static int following(int size) {
    return (int) Math.min(CandidateReads.BATCH, 2L * size);
  }

  private void from(int size, Continuation after) {
    int next = size;
    Continuation at = after;
    while (true) {
      CompletableFuture<Page<X>> read;
      try {
        read = batch.apply(next, at);
      } catch (RuntimeException e) {
        done.completeExceptionally(e);
        return;
      }
      if (!read.isDone()) {
        int later = following(next);
        read.whenComplete((page, failure) -> {
          if (failure != null) {
            done.completeExceptionally(failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure);
          } else if (!took(page)) {
            from(later, page.next().get());
          }
        });
        return;
      }
      Page<X> page;
      try {
        page = read.join();
      } catch (CompletionException e) {
        done.completeExceptionally(e.getCause() != null ? e.getCause() : e);
        return;
      } catch (RuntimeException e) {
        done.completeExceptionally(e);
        return;
      }
      if (took(page)) {
        return;
      }
      at = page.next().get();
      next = following(next);
    }
  }

  /** Keeps {@code page}'s matches; true, with {@link #done} completed, when {@code n} are kept or no batch follows. */
  private boolean took(Page<X> page) {
    try {
      for (X item : page.items()) {
        if (where.test(item) && kept.add(item) && kept.size() == n) {
          break;
        }
      }
    } catch (RuntimeException e) {
      done.completeExceptionally(e);
      return true;
    }
    if (kept.size() == n || page.next().isEmpty()) {
      done.complete(List.copyOf(kept));
      return true;
    }
    return false;
  }
}
