package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.jakarta.data.Values;
import io.strata.query.model.Semantics;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** {@link ValueKindQueriesContract} in Jakarta Data's semantics against a real FoundationDB cluster; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
class JakartaValueKindQueriesClusterTest extends ValueKindQueriesContract {
  @Container
  static final FdbClusterContainer FDB = new FdbClusterContainer();

  JakartaValueKindQueriesClusterTest() {
    super(Semantics.JAKARTA, Values.ORDER);
  }

  @Override
  protected Database database() {
    return FDB.freshDatabase();
  }
}
