package io.strata.index.vector;

import com.apple.foundationdb.Database;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** {@link VectorEdgesContract} against a real FoundationDB cluster; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
class VectorEdgesClusterTest extends VectorEdgesContract {
  @Container
  static final FdbClusterContainer FDB = new FdbClusterContainer();

  @Override
  protected Database database() {
    return FDB.freshDatabase();
  }
}
