package io.strata.index.vector;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

/** {@link VectorEdgesContract} on the embedded engine. */
class VectorEdgesEmbeddedTest extends VectorEdgesContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
