package io.strata.layers;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class LayerArgumentsEmbeddedTest extends LayerArgumentsContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
