package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class JdqlSameAnswersEmbeddedTest extends JdqlSameAnswersContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}
