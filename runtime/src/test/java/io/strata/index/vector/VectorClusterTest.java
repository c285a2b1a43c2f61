package io.strata.index.vector;

import com.apple.foundationdb.Database;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** {@link VectorContract} against a real FoundationDB cluster; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
class VectorClusterTest extends VectorContract {
  @Container
  static final FdbClusterContainer FDB = new FdbClusterContainer();

  @Override
  protected Database database() {
    return FDB.freshDatabase();
  }
}
