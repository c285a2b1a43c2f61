package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.strata.embedded.EmbeddedFdb;
import io.strata.observation.StrataObservations;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * What observations cost, counted on the JVM's threads rather than timed on the wall clock, so that other processes
 * on the machine move it less: CPU nanoseconds and bytes allocated ({@code ThreadMXBean}, summed over every live
 * thread, so that an asynchronous call's work on the engine's executor counts too) per operation of the
 * {@link RepositoryBenchmark} data, for the hand-written repository, the generated one on a plain database, and the
 * generated one observed in a registry timing every call ({@code DefaultMeterObservationHandler} on a
 * {@code SimpleMeterRegistry}). The variants alternate within each round; the ratios are the medians of each round's
 * ratios. The asynchronous {@code findById} ({@code async().findById(id).join()}) has no hand-written form.
 */
public final class ObservationOverheadMeasurement {
  private static final int ROUNDS = 15;
  private static final int OPS = 2_000;

  private ObservationOverheadMeasurement() {}

  public static void main(String[] args) {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try (Database db = EmbeddedFdb.open()) {
      CustomerRepository plain = new CustomerRepository(db, new Subspace(Tuple.from("gen")));
      HandWrittenCustomers hand = new HandWrittenCustomers(db, new Subspace(Tuple.from("gen")));
      ObservationRegistry registry = ObservationRegistry.create();
      registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
      CustomerRepository observed = new CustomerRepository(StrataObservations.observe(db, registry), new Subspace(Tuple.from("gen")));
      RepositoryBenchmark.fill(db, plain::save);
      SplittableRandom random = new SplittableRandom(3);
      System.out.println("| operation | hand-written | generated | generated observed | generated ÷ hand-written | observed ÷ generated |");
      System.out.println("|---|---|---|---|---|---|");
      Map<String, IntConsumer[]> operations = new LinkedHashMap<>();
      operations.put("findById", new IntConsumer[] {i -> hand.findById(RepositoryBenchmark.id(i)),
          i -> plain.findById(RepositoryBenchmark.id(i)), i -> observed.findById(RepositoryBenchmark.id(i))});
      operations.put("findByCity", new IntConsumer[] {i -> hand.findByCity(RepositoryBenchmark.city(i % RepositoryBenchmark.CITIES)),
          i -> plain.findByCity(RepositoryBenchmark.city(i % RepositoryBenchmark.CITIES)),
          i -> observed.findByCity(RepositoryBenchmark.city(i % RepositoryBenchmark.CITIES))});
      operations.put("save", new IntConsumer[] {i -> hand.save(RepositoryBenchmark.customer(i, random)),
          i -> plain.save(RepositoryBenchmark.customer(i, random)), i -> observed.save(RepositoryBenchmark.customer(i, random))});
      operations.put("async().findById", new IntConsumer[] {null, i -> plain.async().findById(RepositoryBenchmark.id(i)).join(),
          i -> observed.async().findById(RepositoryBenchmark.id(i)).join()});
      for (Map.Entry<String, IntConsumer[]> op : operations.entrySet()) {
        IntConsumer[] variants = op.getValue();
        double[][] cpu = new double[3][ROUNDS];
        double[][] bytes = new double[3][ROUNDS];
        for (int round = -3; round < ROUNDS; round++) { // three rounds of warm-up
          for (int v = 0; v < 3; v++) {
            int variant = (v + Math.max(round, 0)) % 3; // each round starts with the next variant
            if (variants[variant] == null) {
              continue;
            }
            long[] ids = threads.getAllThreadIds();
            long cpuBefore = sum(threads.getThreadCpuTime(ids));
            long bytesBefore = sum(threads.getThreadAllocatedBytes(ids));
            for (int i = 0; i < OPS; i++) {
              variants[variant].accept(random.nextInt(RepositoryBenchmark.CUSTOMERS));
            }
            if (round >= 0) {
              cpu[variant][round] = (sum(threads.getThreadCpuTime(ids)) - cpuBefore) / (double) OPS;
              bytes[variant][round] = (sum(threads.getThreadAllocatedBytes(ids)) - bytesBefore) / (double) OPS;
            }
          }
        }
        boolean handWritten = variants[0] != null;
        System.out.printf("| %s | %s | %s | %s | %s | %.2f |%n", op.getKey(), handWritten ? cell(cpu[0], bytes[0]) : "—",
            cell(cpu[1], bytes[1]), cell(cpu[2], bytes[2]), handWritten ? String.format("%.2f", medianRatio(cpu[1], cpu[0])) : "—",
            medianRatio(cpu[2], cpu[1]));
      }
    }
  }

  /** The sum of per-thread counts, a thread that ended since ({@code -1}) counting nothing. */
  private static long sum(long[] perThread) {
    long total = 0;
    for (long n : perThread) {
      total += Math.max(n, 0);
    }
    return total;
  }

  private static String cell(double[] cpu, double[] bytes) {
    return String.format("%.1f µs CPU, %.0f B", median(cpu) / 1_000, median(bytes));
  }

  private static double medianRatio(double[] a, double[] b) {
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < a.length; i++) {
      ratios.add(a[i] / b[i]);
    }
    return median(ratios.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
