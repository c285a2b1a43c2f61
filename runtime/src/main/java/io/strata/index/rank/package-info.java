/**
 * {@code @Rank} indexes: a ranked skip list per group ({@code RankedSkipList}; its key layout, nodes and span
 * deltas, in {@code SkipListKeys}) answering rank-of, nth and top-N in logarithmic reads. Its definition, its upkeep ({@code RankIndex}; a batch's inserts into one group together,
 * {@code RankedBatch}) and its queries ({@code RankQueries}).
 *
 * <p>May use: {@code io.strata.index}, {@code io.strata.row}, {@code io.strata.repository},
 * {@code io.strata.tuple} (packing keys), {@code io.strata}. No other kind.
 */
package io.strata.index.rank;
