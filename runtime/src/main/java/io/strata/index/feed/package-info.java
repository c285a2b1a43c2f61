/**
 * The {@code @Versioned} change feed: a versionstamped entry per change and the latest version per id
 * ({@code VersionedIndex}), read as pages, watches and a live {@code Flow.Publisher} ({@code ChangeFeed},
 * {@code ChangePublisher}).
 *
 * <p>May use: {@code io.strata.index}, {@code io.strata.row}, {@code io.strata.repository},
 * {@code io.strata.tuple}, {@code io.strata}. No other kind.
 */
package io.strata.index.feed;
