package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.jakarta.data.Values;
import io.strata.query.model.Semantics;

/** {@link ValueKindQueriesContract} in Jakarta Data's semantics and value order ({@link Values#ORDER}) on the embedded engine. */
class JakartaValueKindQueriesEmbeddedTest extends ValueKindQueriesContract {
  JakartaValueKindQueriesEmbeddedTest() {
    super(Semantics.JAKARTA, Values.ORDER);
  }

  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
