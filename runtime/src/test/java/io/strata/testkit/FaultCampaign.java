package io.strata.testkit;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A fault campaign: an embedded database under a seeded fault plan (spurious conflicts, unknown commit
 * results applied and not applied, too-old reads, slow reads), the seed it runs with, and how many
 * operations to run. Every assertion message goes through {@link #at} so a failure names the seed.
 *
 * <p>Replay a failure with {@code -Dstrata.campaign.seed=<seed>}; run longer campaigns with
 * {@code -Dstrata.campaign.ops=<n>} (operations per campaign, instead of each test's default). With several
 * threads the replay gives each thread the same operations and the engine the same sequence of fault
 * decisions, but which transaction draws which decision depends on scheduling.
 */
public final class FaultCampaign implements AutoCloseable {
  public static final String SEED_PROPERTY = "strata.campaign.seed";
  public static final String OPS_PROPERTY = "strata.campaign.ops";

  private final long seed;
  private final Faults faults;
  private final Database db;

  private FaultCampaign(long seed, Faults faults) {
    this.seed = seed;
    this.faults = faults;
    this.db = EmbeddedFdb.builder().faults(faults).open();
  }

  /**
   * A campaign with the standard plan: per commit 5% spurious {@code not_committed}, 4% unknown result
   * applied, 4% unknown result not applied; per transaction attempt 1% with a stale read version (its
   * reads fail with {@code transaction_too_old}); per read 2% delayed by 1 ms.
   */
  public static FaultCampaign start() {
    long seed = seed();
    System.out.println("fault campaign seed " + seed + " (replay with -D" + SEED_PROPERTY + "=" + seed + ")");
    return new FaultCampaign(seed, Faults.seeded(seed).notCommitted(0.05).unknownResultApplied(0.04)
        .unknownResultNotApplied(0.04).tooOld(0.01).readDelay(Duration.ofMillis(1), 0.02));
  }

  /** The seed of this run: {@code -Dstrata.campaign.seed}, else a fresh one. */
  public static long seed() {
    Long given = Long.getLong(SEED_PROPERTY);
    return given != null ? given : new SplittableRandom().nextLong();
  }

  /** {@code -Dstrata.campaign.ops}, else {@code defaultOps}. */
  public static int ops(int defaultOps) {
    return Integer.getInteger(OPS_PROPERTY, defaultOps);
  }

  public long seed(int stream) {
    return seed * 31 + stream;
  }

  public long seedValue() {
    return seed;
  }

  /** An independent random stream for one thread or phase, derived from the seed. */
  public SplittableRandom random(int stream) {
    return new SplittableRandom(seed(stream));
  }

  public Database db() {
    return db;
  }

  public Faults faults() {
    return faults;
  }

  /** How many faults of each kind fired so far. */
  public Map<Faults.Kind, Long> injected() {
    Map<Faults.Kind, Long> counts = new EnumMap<>(Faults.Kind.class);
    for (Faults.Kind kind : Faults.Kind.values()) {
      counts.put(kind, faults.injectedCount(kind));
    }
    return counts;
  }

  /** {@code message} prefixed with the seed and how to replay it, for assertion messages. */
  public String at(String message) {
    return "[campaign seed " + seed + ", replay with -D" + SEED_PROPERTY + "=" + seed + ", faults " + injected() + "] "
        + message;
  }

  /** Fails unless each of {@code kinds} fired at least once, so a campaign cannot pass without its faults. */
  public void assertInjected(Faults.Kind... kinds) {
    for (Faults.Kind kind : kinds) {
      if (faults.injectedCount(kind) == 0) {
        throw new AssertionError(at("no " + kind + " fault fired, so the campaign proved nothing about it;"
            + " run more operations with -D" + OPS_PROPERTY));
      }
    }
  }

  @Override
  public void close() {
    db.close();
  }
}
