package io.strata.query.model;

import java.util.List;
import java.util.Set;

/**
 * One query, however it was asked.
 *
 * @param entity the entity queried
 * @param where the condition ({@link Condition#ALWAYS} for none)
 * @param order the order, most significant first (empty: any order the plan gives)
 * @param window the part of the results returned
 * @param needed the properties the result needs, or null for whole entities
 * @param allowScan whether conditions no index serves may be checked on every row read ({@code @AllowFiltering},
 *     {@code Finder.allowScan()}, Jakarta queries)
 * @param semantics the dialect's value semantics
 * @param aggregation what the query computes ({@code count}, {@code sum}, {@code min}, {@code max}), or null when it
 *     returns entities
 */
public record QuerySpec(EntityInfo entity, Condition where, List<SortKey> order, Window window, Set<String> needed,
    boolean allowScan, Semantics semantics, Aggregation aggregation) {
  public QuerySpec {
    order = List.copyOf(order);
    needed = needed == null ? null : Set.copyOf(needed);
  }

  /** A query returning entities (no aggregation). */
  public QuerySpec(EntityInfo entity, Condition where, List<SortKey> order, Window window, Set<String> needed,
      boolean allowScan, Semantics semantics) {
    this(entity, where, order, window, needed, allowScan, semantics, null);
  }
}
