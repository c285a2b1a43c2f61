package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

@Testcontainers(disabledWithoutDocker = true)
class JdqlSameAnswersClusterTest extends JdqlSameAnswersContract {
  @Container
  static final FdbClusterContainer FDB = new FdbClusterContainer();

  @Override
  protected Database database() {
    return FDB.freshDatabase();
  }
}
