package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class IndexEvolutionEmbeddedTest extends IndexEvolutionContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
