package io.strata.query.model;

import java.util.List;

/**
 * One {@code @Aggregate}: a function kept per group on one key.
 *
 * @param name the aggregate's name (a key element)
 * @param function {@code COUNT}, {@code SUM}, {@code MIN} or {@code MAX}
 * @param field the aggregated property, or null for a COUNT of entities
 * @param fieldNeverNull whether every entity has a value of {@code field} (a COUNT over it counts every entity)
 * @param groupBy the group properties, in key order
 */
public record AggregateInfo(String name, String function, String field, boolean fieldNeverNull, List<String> groupBy) {
  public AggregateInfo {
    groupBy = List.copyOf(groupBy);
  }
}
