package io.strata.benchmarks;

import com.apple.foundationdb.Transaction;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * How a transaction's per-operation cost grows, measured two ways with {@link TransactionCostBenchmark}'s work (a
 * get, a set and a one-key range read on random keys, after 10 or 10,000 such operations):
 *
 * <ul>
 *   <li>{@link TransactionCostBenchmark#opsAfterPriorOps} as pairs of one-fork JMH runs, one run per transaction
 *       size, each pair's two runs back to back and in alternating order (10 then 10,000 prior operations, then
 *       10,000 then 10), so that the machine's drift lands on both sizes alike: a single JMH run measures all
 *       forks of one size before the other's. Each pair's ratio, then the median, lowest and highest. Forks
 *       differ (each compiles the engine its own way), so single pairs spread widely;
 *   <li>in this JVM, rounds that build one transaction of each size in alternating order and time 100 triples in
 *       each by the thread's CPU time (what other processes do is not counted, nor is a fork's compilation
 *       luck): the median of the per-round ratios, after a fifth of the rounds as warm-up.
 * </ul>
 *
 * Run: {@code java -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.OpsGrowthMeasurement [pairs, default
 * 8] [rounds, default 2000]}.
 */
public final class OpsGrowthMeasurement {
  private OpsGrowthMeasurement() {}

  public static void main(String[] args) throws RunnerException {
    int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 8;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    double[] ratios = new double[pairs];
    for (int p = 0; p < pairs; p++) {
      boolean fewFirst = p % 2 == 0;
      double first = nanosPerOp(fewFirst ? TransactionCostBenchmark.Grown.FEW : TransactionCostBenchmark.Grown.MANY);
      double second = nanosPerOp(fewFirst ? TransactionCostBenchmark.Grown.MANY : TransactionCostBenchmark.Grown.FEW);
      double few = fewFirst ? first : second;
      double many = fewFirst ? second : first;
      ratios[p] = many / few;
      System.out.printf("pair %d: after 10 operations %.0f ns, after 10,000 %.0f ns per operation: %.2fx%n", p + 1, few, many,
          ratios[p]);
    }
    Arrays.sort(ratios);
    System.out.printf("JMH pairs, after 10,000 against after 10: median %.2fx, lowest %.2fx, highest %.2fx over %d pairs%n",
        median(ratios), ratios[0], ratios[pairs - 1], pairs);
    alternatingInOneJvm(rounds);
  }

  /** The median of sorted values. */
  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** One fork of {@code opsAfterPriorOps} at {@code priorOps}: its mean time per operation. */
  private static double nanosPerOp(int priorOps) throws RunnerException {
    Options options = new OptionsBuilder()
        .include(TransactionCostBenchmark.class.getName() + ".opsAfterPriorOps$")
        .param("priorOps", Integer.toString(priorOps))
        .forks(1)
        .warmupIterations(5)
        .warmupTime(TimeValue.seconds(1))
        .measurementIterations(6)
        .measurementTime(TimeValue.seconds(1))
        .verbosity(VerboseMode.SILENT)
        .build();
    RunResult result = new Runner(options).runSingle();
    return result.getPrimaryResult().getScore();
  }

  private static void alternatingInOneJvm(int rounds) {
    TransactionCostBenchmark.Store store = new TransactionCostBenchmark.Store();
    store.fill();
    try {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      SplittableRandom random = new SplittableRandom(42);
      int warmup = rounds / 5;
      double[] ratios = new double[rounds - warmup];
      long[] few = new long[rounds - warmup];
      long[] many = new long[rounds - warmup];
      Transaction tr = null;
      for (int round = 0; round < rounds; round++) {
        long[] cpu = new long[2];
        for (int which = 0; which < 2; which++) {
          boolean small = (round + which) % 2 == 0;
          tr = store.grown(tr, small ? TransactionCostBenchmark.Grown.FEW : TransactionCostBenchmark.Grown.MANY, random);
          long start = threads.getCurrentThreadCpuTime();
          store.operateBatch(tr, random);
          cpu[small ? 0 : 1] = threads.getCurrentThreadCpuTime() - start;
        }
        if (round >= warmup) {
          few[round - warmup] = cpu[0];
          many[round - warmup] = cpu[1];
          ratios[round - warmup] = (double) cpu[1] / cpu[0];
        }
      }
      tr.cancel();
      tr.close();
      Arrays.sort(ratios);
      Arrays.sort(few);
      Arrays.sort(many);
      int ops = 3 * TransactionCostBenchmark.BATCH;
      System.out.printf("one JVM, alternating, thread CPU: after 10 operations %.0f ns, after 10,000 %.0f ns per operation"
          + " (medians); median of %d per-round ratios %.2fx%n", few[few.length / 2] / (double) ops,
          many[many.length / 2] / (double) ops, ratios.length, ratios[ratios.length / 2]);
    } finally {
      store.close();
    }
  }
}
