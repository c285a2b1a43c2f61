/**
 * {@code @Aggregate} indexes: COUNT and SUM totals kept by atomic ADD, MIN and MAX by ordered entries, per
 * group of field values. Its definition, its upkeep in a save ({@code AggregateIndex}) and its queries
 * ({@code AggregateQueries}).
 *
 * <p>May use: {@code io.strata.index} (the derived-index service, states), {@code io.strata.row},
 * {@code io.strata.repository} (its queries read through the store), {@code io.strata.tuple} (packing keys),
 * {@code io.strata}. No other kind.
 */
package io.strata.index.aggregate;
