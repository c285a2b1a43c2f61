package io.strata.processor.behaviour;

import static io.strata.processor.behaviour.IndexEvolutionContract.assertIndexesAnswerLikeTheRows;
import static io.strata.processor.behaviour.IndexEvolutionContract.saveV1;
import static io.strata.processor.behaviour.IndexEvolutionContract.upgrade;
import static io.strata.processor.behaviour.IndexEvolutionContract.writeAtRandom;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.IndexNotReadyException;
import io.strata.embedded.Faults;
import io.strata.processor.fixtures.ShopV2Repository;
import io.strata.IndexState;
import io.strata.testkit.Concurrently;
import io.strata.testkit.FaultCampaign;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Online index builds under the standard fault plan, with writers running: whatever commits are lost,
 * doubled or reported unknown, the built indexes end up holding exactly the rows. Embedded only (fault
 * injection); replay with {@code -Dstrata.campaign.seed=<seed>}.
 */
class IndexBuildFaultCampaignTest {
  @Test
  void indexesBuiltWhileWritersRunUnderFaultsMatchTheRowsExactly() throws Exception {
    try (FaultCampaign campaign = FaultCampaign.start()) {
      saveV1(campaign.db(), 0, 1_500);
      upgrade(campaign.db());
      ShopV2Repository shops = new ShopV2Repository(campaign.db());
      AtomicBoolean building = new AtomicBoolean(true);
      int ops = FaultCampaign.ops(1_000);
      Concurrently.run(3, thread -> {
        if (thread == 0) {
          try {
            shops.maintenance().buildAll();
          } finally {
            building.set(false);
          }
          return;
        }
        SplittableRandom random = campaign.random(thread);
        for (int op = 0; op < ops && (building.get() || op < ops / 10); op++) {
          writeAtRandom(shops, random);
          if (building.get()) {
            try {
              shops.countByCity("Oslo");
            } catch (IndexNotReadyException expected) {
              // queries refuse the index until the build's last batch commits
            }
          }
        }
      });
      for (IndexState state : shops.maintenance().states().values()) {
        assertTrue(state.ready(), campaign.at(state + " is not ready after buildAll"));
      }
      try {
        assertIndexesAnswerLikeTheRows(shops);
      } catch (AssertionError e) {
        throw new AssertionError(campaign.at(e.getMessage()), e);
      }
      campaign.assertInjected(Faults.Kind.NOT_COMMITTED, Faults.Kind.UNKNOWN_RESULT_APPLIED,
          Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED);
    }
  }
}
