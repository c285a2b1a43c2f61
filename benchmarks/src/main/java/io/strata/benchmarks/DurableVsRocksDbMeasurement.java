package io.strata.benchmarks;

import java.util.Arrays;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@link DurableCommitBenchmark} side by side: for each pair, at 1 and then at 8 threads, one one-fork JMH run of
 * Strata's file engine and one of RocksDB with a synced write-ahead log, back to back and in alternating order (Strata
 * first in odd pairs, RocksDB first in even ones), so that the machine's drift lands on both. Each pair's ratio
 * (Strata's commits per second over RocksDB's), then per thread count the median, lowest and highest.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.DurableVsRocksDbMeasurement [pairs,
 * default 5]}, from the repository's root (the databases go under {@code benchmarks/target/durable-commits}).
 */
public final class DurableVsRocksDbMeasurement {
  private static final int[] THREADS = {1, 8};

  private DurableVsRocksDbMeasurement() {}

  public static void main(String[] args) throws RunnerException {
    int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    double[][] ratios = new double[THREADS.length][pairs];
    for (int p = 0; p < pairs; p++) {
      for (int t = 0; t < THREADS.length; t++) {
        boolean strataFirst = p % 2 == 0;
        double first = commitsPerSecond(strataFirst ? "strata" : "rocksdb", THREADS[t]);
        double second = commitsPerSecond(strataFirst ? "rocksdb" : "strata", THREADS[t]);
        double strata = strataFirst ? first : second;
        double rocks = strataFirst ? second : first;
        ratios[t][p] = strata / rocks;
        System.out.printf("pair %d, %d thread(s), %s first: Strata %.0f, RocksDB %.0f commits/s: %.2fx%n", p + 1,
            THREADS[t], strataFirst ? "Strata" : "RocksDB", strata, rocks, ratios[t][p]);
      }
    }
    for (int t = 0; t < THREADS.length; t++) {
      double[] sorted = ratios[t].clone();
      Arrays.sort(sorted);
      System.out.printf("%d thread(s): Strata over RocksDB median %.2fx, lowest %.2fx, highest %.2fx over %d pairs%n",
          THREADS[t], OpsGrowthMeasurement.median(sorted), sorted[0], sorted[pairs - 1], pairs);
    }
  }

  /** One fork of {@code commitOneKey} for {@code engine} at {@code threads}: its commits per second. */
  private static double commitsPerSecond(String engine, int threads) throws RunnerException {
    RunResult result = new Runner(new OptionsBuilder()
        .include(DurableCommitBenchmark.class.getName() + ".commitOneKey$")
        .param("engine", engine)
        .threads(threads)
        .forks(1)
        .warmupIterations(2)
        .warmupTime(TimeValue.seconds(2))
        .measurementIterations(3)
        .measurementTime(TimeValue.seconds(2))
        .verbosity(VerboseMode.SILENT)
        .build()).runSingle();
    return result.getPrimaryResult().getScore();
  }
}
