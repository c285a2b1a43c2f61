package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import io.strata.processor.fixtures.ShopV2Repository;
import io.strata.IndexReport;
import org.junit.jupiter.api.Test;

/**
 * Index builds and {@code verifyIndexes} are background work: they run at batch priority, which a
 * saturated cluster throttles first (batch_transaction_throttled, 1051, retried). Embedded only: the fault
 * plan's {@code batchThrottled} refuses batch-priority read versions and nothing else, so the faults met
 * prove which transactions ran at batch priority.
 */
class BackgroundWorkPriorityTest {

  @Test
  void buildsAndVerificationRunAtBatchPriorityAndUserWorkDoesNot() {
    Faults faults = Faults.seeded(5).batchThrottled(0.3);
    try (Database db = EmbeddedFdb.builder().faults(faults).open()) {
      IndexEvolutionContract.saveV1(db, 0, 1_200);
      IndexEvolutionContract.upgrade(db);
      ShopV2Repository shops = new ShopV2Repository(db);
      assertEquals(0, faults.injectedCount(Faults.Kind.BATCH_THROTTLED), "user work is not at batch priority");

      shops.maintenance().buildAll();
      long afterBuild = faults.injectedCount(Faults.Kind.BATCH_THROTTLED);
      assertTrue(afterBuild > 0, "the build ran at batch priority and was throttled, then retried");
      shops.maintenance().states().values().forEach(s -> assertTrue(s.ready(), s.toString()));

      shops.findByCity("Oslo");
      assertEquals(afterBuild, faults.injectedCount(Faults.Kind.BATCH_THROTTLED), "queries are not at batch priority");

      IndexReport report = shops.verifyIndexes();
      assertTrue(report.isClean(), report.problems().toString());
      assertTrue(faults.injectedCount(Faults.Kind.BATCH_THROTTLED) > afterBuild, "verification ran at batch priority");
    }
  }
}
