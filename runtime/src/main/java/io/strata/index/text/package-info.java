/**
 * {@code @Text} indexes: words ({@code Words}) with their positions per id, and the all-words, any-word,
 * phrase and prefix queries over them ({@code TextQueries}, a leapfrog merge join). Its definition and
 * upkeep ({@code TextIndex}).
 *
 * <p>May use: {@code io.strata.index}, {@code io.strata.row}, {@code io.strata.repository},
 * {@code io.strata.tuple} (packing keys), {@code io.strata}. No other kind.
 */
package io.strata.index.text;
