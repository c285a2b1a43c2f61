package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.WriteDistribution;
import io.strata.embedded.WriteRecorder;
import io.strata.processor.fixtures.TallyRepository;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ShardedKeysEmbeddedTest extends ShardedKeysContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }

  @Test
  void uniformSavesSpreadEveryKeyAndEveryVersionstampTailOverTheShards() {
    TallyRepository tallies = new TallyRepository(db);
    SplittableRandom r = new SplittableRandom(43);
    for (int i = 0; i < 200; i++) {
      tallies.save(tally(r, r.nextLong()));
    }
    try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
      for (int i = 0; i < 640; i++) {
        tallies.save(tally(r, r.nextLong()));
      }
      WriteDistribution d = recorder.report(32);
      assertTrue(d.hottestKeyShare() <= 1.0 / 16, d.report(5));
      assertTrue(d.hottestTailShare() <= 1.0 / 16, d.report(5));
    }
  }
}
