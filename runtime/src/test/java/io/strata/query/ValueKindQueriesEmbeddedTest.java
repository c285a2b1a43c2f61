package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.query.model.Semantics;

/** {@link ValueKindQueriesContract} in Strata's dialect on the embedded engine. */
class ValueKindQueriesEmbeddedTest extends ValueKindQueriesContract {
  ValueKindQueriesEmbeddedTest() {
    super(Semantics.STRATA, ValueOrder.KEYS);
  }

  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
