package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

/** {@link PlanReadsContract} on the embedded engine. */
class PlanReadsEmbeddedTest extends PlanReadsContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
