package io.strata.benchmarks;

import java.util.Arrays;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@link TransactionCostBenchmark#opsAfterPriorOps} as pairs of one-fork JMH runs, one run per transaction size,
 * each pair's two runs back to back and in alternating order (10 then 10,000 prior operations, then 10,000 then
 * 10), so that the machine's drift lands on both sizes alike. A single JMH run measures all forks of one size
 * before the other's, and on a shared machine that drift alone moved its ratio by a third. Prints each pair's
 * ratio, then the median, lowest and highest. Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.strata.benchmarks.OpsGrowthMeasurement [pairs, default 8]}.
 */
public final class OpsGrowthMeasurement {
  private OpsGrowthMeasurement() {}

  public static void main(String[] args) throws RunnerException {
    int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 8;
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
    System.out.printf("after 10,000 against after 10: median %.2fx, lowest %.2fx, highest %.2fx over %d pairs%n",
        median(ratios), ratios[0], ratios[pairs - 1], pairs);
  }

  private static double median(double[] sorted) {
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
}
