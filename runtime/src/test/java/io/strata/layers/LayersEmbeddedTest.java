package io.strata.layers;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class LayersEmbeddedTest extends LayersContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
