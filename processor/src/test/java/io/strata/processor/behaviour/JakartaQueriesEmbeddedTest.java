package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class JakartaQueriesEmbeddedTest extends JakartaQueriesContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
