package io.strata.testkit;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionException;

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
  /** The commits over which a fresh seed's plan must inject each commit fault (see {@link #start}). */
  private static final int FIRST_COMMITS = 50;

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
   *
   * <p>Without {@code -Dstrata.campaign.seed}, the seed is a fresh one whose plan fails one of its first
   * {@value #FIRST_COMMITS} commits with each of the three commit faults. A plan draws its commit decisions in
   * order, one per commit, whichever thread commits, and every campaign commits more often than that, so
   * {@link #assertInjected} cannot fail for a commit fault by chance. With any seed, a campaign of a hundred commits
   * saw no unknown result applied once in about sixty runs (0.96^100) and failed with nothing wrong in the code.
   */
  public static FaultCampaign start() {
    Long given = Long.getLong(SEED_PROPERTY);
    long seed = given != null ? given : seedFailingEachCommitFaultEarly();
    System.out.println("fault campaign seed " + seed + " (replay with -D" + SEED_PROPERTY + "=" + seed + ")");
    return new FaultCampaign(seed, plan(seed));
  }

  private static Faults plan(long seed) {
    return Faults.seeded(seed).notCommitted(0.05).unknownResultApplied(0.04).unknownResultNotApplied(0.04).tooOld(0.01)
        .readDelay(Duration.ofMillis(1), 0.02);
  }

  /** A fresh seed whose plan injects each commit fault within its first {@value #FIRST_COMMITS} commits. */
  private static long seedFailingEachCommitFaultEarly() {
    SplittableRandom seeds = new SplittableRandom();
    while (true) {
      long seed = seeds.nextLong();
      Faults plan = plan(seed);
      try (Database probe = EmbeddedFdb.builder().faults(plan).open()) {
        for (int i = 0; i < FIRST_COMMITS; i++) {
          try (Transaction tr = probe.createTransaction()) {
            tr.set(new byte[] {1}, new byte[] {1});
            tr.commit().join();
          } catch (CompletionException injected) {
            // the fault this commit drew
          }
        }
      }
      if (plan.injectedCount(Faults.Kind.NOT_COMMITTED) > 0 && plan.injectedCount(Faults.Kind.UNKNOWN_RESULT_APPLIED) > 0
          && plan.injectedCount(Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED) > 0) {
        return seed;
      }
    }
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
