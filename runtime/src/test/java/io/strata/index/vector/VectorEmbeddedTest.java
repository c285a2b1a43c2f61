package io.strata.index.vector;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

/** {@link VectorContract} on the embedded engine. */
class VectorEmbeddedTest extends VectorContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
