package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * What each repository operation costs a cluster user: round trips (all, and sequential), keys read, and
 * wall time with a simulated 1 ms round trip ({@code EmbeddedFdb.builder().latency}), on the
 * {@link RepositoryBenchmark} data (10,000 customers in 1,000 cities), with and without mapped range
 * reads. Counts are deterministic (see {@link EngineStats}); times are means over the runs, after as many
 * warm-up runs. The sequential count needs the CPU work between requests to be small against the round
 * trip, so a busy machine inflates it; {@code RepositoryRoundTripsTest} pins the exact values. Run:
 * {@code java [-Dstrata.latencyMillis=1] -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.RoundTripMeasurement}.
 */
public final class RoundTripMeasurement {
  private static final int RUNS = 200;

  private RoundTripMeasurement() {}

  public static void main(String[] args) {
    long latency = Long.getLong("strata.latencyMillis", 1);
    System.out.println("| operation | mapped ranges | round trips | sequential | keys read | ms at " + latency + " ms round trip |");
    System.out.println("|---|---|---|---|---|---|");
    for (boolean mapped : new boolean[] {true, false}) {
      try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(latency)).mappedRanges(mapped).open()) {
        CustomerRepository customers = new CustomerRepository(db);
        RepositoryBenchmark.fill(db, customers::save);
        customers.findByCity(RepositoryBenchmark.city(0)); // the index's state is read once per repository
        String label = mapped ? "yes" : "no";
        measure(db, "findById", label, i -> customers.findById(RepositoryBenchmark.id(i)));
        measure(db, "findByCity (about 10 rows)", label, i -> customers.findByCity(RepositoryBenchmark.city(i % RepositoryBenchmark.CITIES)));
        SplittableRandom saves = new SplittableRandom(11);
        measure(db, "save (replace, city changes)", label, i -> customers.save(RepositoryBenchmark.customer(i, saves)));
      }
    }
  }

  private static void measure(Database db, String operation, String mapped, IntConsumer op) {
    for (int i = 0; i < RUNS; i++) {
      op.accept((i * 53 + 1) % RepositoryBenchmark.CUSTOMERS); // warm-up
    }
    EngineStats before = EmbeddedFdb.stats(db);
    long t0 = System.nanoTime();
    for (int i = 0; i < RUNS; i++) {
      op.accept(i * 37 % RepositoryBenchmark.CUSTOMERS);
    }
    double ms = (System.nanoTime() - t0) / 1e6 / RUNS;
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    System.out.printf("| %s | %s | %.1f | %.1f | %.1f | %.2f |%n", operation, mapped, (double) cost.roundTrips() / RUNS,
        (double) cost.sequentialRoundTrips() / RUNS, (double) cost.keysRead() / RUNS, ms);
  }
}
