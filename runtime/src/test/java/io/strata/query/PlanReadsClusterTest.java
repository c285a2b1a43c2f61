package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** {@link PlanReadsContract} against a real FoundationDB cluster; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
class PlanReadsClusterTest extends PlanReadsContract {
  @Container
  static final FdbClusterContainer FDB = new FdbClusterContainer();

  @Override
  protected Database database() {
    return FDB.freshDatabase();
  }
}
