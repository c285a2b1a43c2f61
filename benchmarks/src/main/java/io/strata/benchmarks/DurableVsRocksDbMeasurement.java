package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * Durable one-key commits, Strata's file engine against RocksDB with a synced write-ahead log, side by side in one JVM:
 * both databases open at once in directories under {@code benchmarks/target/durable-commits} (the same disk), and
 * rounds that alternate between them (Strata first in even rounds, RocksDB first in odd ones), each round {@code
 * threads} threads making {@code commits} commits each of {@link DurableCommitBenchmark}'s work (a random key of
 * 1,000,000, a 100-byte value), timed from the first commit's start to the last one's acknowledgement. The disk's
 * speed drifts by several times within minutes while other work runs (a fork of each engine in turn measures the drift
 * more than the engines); rounds of a fraction of a second put both engines under the same drift. Per round the ratio
 * of Strata's commits per second to RocksDB's; printed: the median and quartiles of the ratios after a fifth of the
 * rounds as warm-up, each engine's commits per second over all measured rounds, and how many commits shared each of
 * Strata's log forces (group commit).
 *
 * <p>Run, from the repository's root: {@code java -cp benchmarks/target/benchmarks.jar
 * io.strata.benchmarks.DurableVsRocksDbMeasurement [rounds, default 300] [commits per thread and round, default 40]}.
 */
public final class DurableVsRocksDbMeasurement {
  private static final int[] THREADS = {1, 8};

  private DurableVsRocksDbMeasurement() {}

  /** One engine's durable commit of one key. */
  private interface Committer {
    void commit(byte[] key) throws RocksDBException;
  }

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int commits = args.length > 1 ? Integer.parseInt(args[1]) : 40;
    byte[] value = new byte[100];
    new SplittableRandom(42).nextBytes(value);
    Path parent = Path.of(System.getProperty("strata.bench.dir", "benchmarks/target/durable-commits")).toAbsolutePath();
    Files.createDirectories(parent);
    RocksDB.loadLibrary();
    for (int threads : THREADS) {
      Path directory = Files.createTempDirectory(parent, "side-by-side-");
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try (Database strata = EmbeddedFdb.open(directory.resolve("strata"));
          Options options = new Options().setCreateIfMissing(true);
          WriteOptions synced = new WriteOptions().setSync(true);
          RocksDB rocks = RocksDB.open(options, directory.resolve("rocksdb").toString())) {
        Committer strataCommit = key -> strata.run(tr -> {
          tr.set(key, value);
          return null;
        });
        Committer rocksCommit = key -> rocks.put(synced, key, value);
        int warmup = rounds / 5;
        double[] ratios = new double[rounds - warmup];
        long strataNanos = 0;
        long rocksNanos = 0;
        EngineStats before = null;
        for (int round = 0; round < rounds; round++) {
          if (round == warmup) {
            before = EmbeddedFdb.stats(strata);
          }
          boolean strataFirst = round % 2 == 0;
          long first = timeRound(pool, threads, commits, strataFirst ? strataCommit : rocksCommit);
          long second = timeRound(pool, threads, commits, strataFirst ? rocksCommit : strataCommit);
          long s = strataFirst ? first : second;
          long r = strataFirst ? second : first;
          if (round >= warmup) {
            ratios[round - warmup] = (double) r / s;
            strataNanos += s;
            rocksNanos += r;
          }
        }
        EngineStats cost = EmbeddedFdb.stats(strata).since(before);
        Arrays.sort(ratios);
        long measured = (long) (rounds - warmup) * threads * commits;
        System.out.printf("%d thread(s): Strata over RocksDB median %.2fx (quartiles %.2fx-%.2fx) over %d rounds of %d"
                + " commits; Strata %.0f, RocksDB %.0f commits/s; Strata's commits per log force %.2f%n", threads,
            OpsGrowthMeasurement.median(ratios), ratios[ratios.length / 4], ratios[ratios.length * 3 / 4], ratios.length,
            threads * commits, measured / (strataNanos / 1e9), measured / (rocksNanos / 1e9),
            (double) cost.loggedCommits() / cost.logForces());
      } finally {
        pool.shutdown();
        DurableBenchmark.deleteTree(directory);
      }
    }
  }

  /** Nanoseconds for {@code threads} threads to make {@code commits} commits each. */
  private static long timeRound(ExecutorService pool, int threads, int commits, Committer committer)
      throws InterruptedException, ExecutionException {
    AtomicLong seed = new AtomicLong(System.nanoTime());
    Callable<Void> work = () -> {
      SplittableRandom random = new SplittableRandom(seed.incrementAndGet());
      for (int i = 0; i < commits; i++) {
        committer.commit(Tuple.from("bench", random.nextInt(1_000_000)).pack());
      }
      return null;
    };
    Future<?>[] running = new Future<?>[threads];
    long start = System.nanoTime();
    for (int t = 0; t < threads; t++) {
      running[t] = pool.submit(work);
    }
    for (Future<?> f : running) {
      f.get();
    }
    return System.nanoTime() - start;
  }
}
