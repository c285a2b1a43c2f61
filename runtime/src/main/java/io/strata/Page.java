package io.strata;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a query's results and, when more may follow, the continuation to pass to the next call.
 *
 * @param items the results of this page, in query order (unmodifiable)
 * @param next where the next page starts; empty when the query is exhausted
 */
public record Page<T>(List<T> items, Optional<Continuation> next) {
  public Page {
    items = List.copyOf(items);
    Objects.requireNonNull(next, "next");
  }

  /** A page after which nothing follows. */
  public static <T> Page<T> last(List<T> items) {
    return new Page<>(items, Optional.empty());
  }

  public boolean hasNext() {
    return next.isPresent();
  }
}
