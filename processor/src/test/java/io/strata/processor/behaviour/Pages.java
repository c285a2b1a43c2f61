package io.strata.processor.behaviour;

import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Follows a paged query's continuations to the end. */
final class Pages {
  private Pages() {}

  /** The items of every page, one list per page, in order; {@code query} is given null for the first page. */
  static <T> List<List<T>> each(Function<Continuation, Page<T>> query) {
    List<List<T>> pages = new ArrayList<>();
    Continuation after = null;
    do {
      Page<T> page = query.apply(after);
      pages.add(page.items());
      after = page.next().orElse(null);
    } while (after != null);
    return pages;
  }

  /** Every item of every page, in order. */
  static <T> List<T> all(Function<Continuation, Page<T>> query) {
    List<T> all = new ArrayList<>();
    each(query).forEach(all::addAll);
    return all;
  }
}
