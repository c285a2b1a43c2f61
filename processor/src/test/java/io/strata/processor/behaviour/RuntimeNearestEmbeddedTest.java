package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class RuntimeNearestEmbeddedTest extends RuntimeNearestContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
