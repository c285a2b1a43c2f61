package io.strata.query.model;

/**
 * What a query computes instead of returning entities: a count, or a sum, minimum or maximum of one property.
 * The planner answers it from an {@code @Aggregate}'s group key when one matches (a count no aggregate answers is
 * planned as a read of the entities counted; a sum, minimum or maximum no aggregate answers is unserved).
 *
 * @param function {@code COUNT}, {@code SUM}, {@code MIN} or {@code MAX}
 * @param field the aggregated property, or null for a count of entities
 * @param distinct the query asked for distinct values (no aggregate answers that)
 */
public record Aggregation(String function, String field, boolean distinct) {
  public Aggregation {
    if (!function.equals("COUNT") && !function.equals("SUM") && !function.equals("MIN") && !function.equals("MAX")) {
      throw new IllegalArgumentException("aggregation function must be COUNT, SUM, MIN or MAX, got " + function);
    }
    if (field == null && !function.equals("COUNT")) {
      throw new IllegalArgumentException(function + " needs the property it aggregates");
    }
  }

  /** Whether it is a count of entities (which an index read answers too when no aggregate does). */
  public boolean count() {
    return function.equals("COUNT") && field == null;
  }
}
