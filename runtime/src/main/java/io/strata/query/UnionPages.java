package io.strata.query;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * The union of the branches of a query whose conditions are joined by {@code Or}, read page by page in branch order:
 * each branch's results in turn, skipping those that match an earlier branch's condition (they were results of that
 * branch already), so each entity comes once without a set of the ids seen, and a page holds no more than the
 * branch's page read for it. The continuation names the branch and that branch's own continuation, so a page resumes
 * where the previous one stopped, in any transaction. Both dialects' paged unions read through here: Jakarta Data's
 * candidates of an {@code Or} query and the run-time queries' {@code Plan.Union} pages.
 */
public final class UnionPages {
  private UnionPages() {}

  /** One branch's page of at most {@code limit} results after {@code after} (null: its first page). */
  @FunctionalInterface
  public interface Branch<T> {
    CompletableFuture<Page<T>> read(int limit, Continuation after);
  }

  /**
   * The page after {@code after} (null: the first) of the union of {@code branches}, {@code conditions} holding each
   * branch's condition (the last one's is never tested); its continuation is bound to {@code bound}.
   *
   * @throws IllegalArgumentException if there are not as many conditions as branches
   */
  public static <T> CompletableFuture<Page<T>> page(List<? extends Branch<T>> branches,
      List<? extends Predicate<? super T>> conditions, int limit, Continuation after, byte[] bound) {
    if (branches.size() != conditions.size()) {
      throw new IllegalArgumentException(branches.size() + " branches but " + conditions.size() + " conditions");
    }
    int branch = 0;
    Continuation inner = null;
    if (after != null) {
      Tuple position = Tuple.fromBytes(after.resumeKeyFor(bound));
      branch = (int) position.getLong(0);
      inner = position.get(1) == null ? null : Continuation.fromBytes(position.getBytes(1));
    }
    int b = branch;
    List<? extends Predicate<? super T>> earlier = conditions.subList(0, b);
    return branches.get(b).read(limit, inner).thenApply(page -> {
      List<T> kept = new ArrayList<>(page.items().size());
      for (T e : page.items()) {
        if (earlier.stream().noneMatch(c -> c.test(e))) {
          kept.add(e);
        }
      }
      Optional<Continuation> next = page.next().map(n -> Continuation.of(bound, Tuple.from(b, n.toBytes()).pack()));
      if (next.isEmpty() && b + 1 < branches.size()) {
        next = Optional.of(Continuation.of(bound, Tuple.from(b + 1, null).pack()));
      }
      return new Page<>(kept, next);
    });
  }
}
