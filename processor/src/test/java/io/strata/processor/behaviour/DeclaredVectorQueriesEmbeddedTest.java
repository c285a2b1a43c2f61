package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class DeclaredVectorQueriesEmbeddedTest extends DeclaredVectorQueriesContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
