package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

/**
 * {@link RepositoryContract} on a database that refuses mapped range reads (2108), so every index query
 * takes the read-then-fetch path: the same behaviour as {@link RepositoryEmbeddedTest}, where plain index
 * queries read entries and rows in one mapped range read.
 */
class RepositoryReadThenFetchEmbeddedTest extends RepositoryContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.builder().mappedRanges(false).open();
  }
}
