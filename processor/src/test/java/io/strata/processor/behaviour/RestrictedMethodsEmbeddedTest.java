package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class RestrictedMethodsEmbeddedTest extends RestrictedMethodsContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
