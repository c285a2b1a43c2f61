package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.query.model.Semantics;

/** {@link ValueKindQueriesContract} in Strata's dialect on the embedded engine. */
class ValueKindQueriesEmbeddedTest extends ValueKindQueriesContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }

  @Override
  protected Semantics semantics() {
    return Semantics.STRATA;
  }

  @Override
  protected ValueOrder valueOrder() {
    return ValueOrder.KEYS;
  }
}
