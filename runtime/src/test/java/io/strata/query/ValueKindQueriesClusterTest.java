package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.query.model.Semantics;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** {@link ValueKindQueriesContract} in Strata's dialect against a real FoundationDB cluster; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
class ValueKindQueriesClusterTest extends ValueKindQueriesContract {
  @Container
  static final FdbClusterContainer FDB = new FdbClusterContainer();

  ValueKindQueriesClusterTest() {
    super(Semantics.STRATA, ValueOrder.KEYS);
  }

  @Override
  protected Database database() {
    return FDB.freshDatabase();
  }
}
