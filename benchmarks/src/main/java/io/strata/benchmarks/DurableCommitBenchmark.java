package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * Durable one-key commits per second: Strata's file engine ({@code EmbeddedFdb.open(Path)}, a transaction writing one
 * key, acknowledged once its log record is forced) against RocksDB writing the same key and value with a synced
 * write-ahead log ({@code WriteOptions.setSync(true)}: acknowledged once the log is fsynced). Both write a random key of
 * 1,000,000 ({@code ("bench", i)}) with a 100-byte value, in a directory under {@code benchmarks/target/} (the same
 * disk for both; {@code -Dstrata.bench.dir} names another), created empty for each trial and deleted after it. Run with
 * {@code -t 1} and {@code -t 8}: both engines share one log sync among the writers waiting (group commit).
 * {@link DurableVsRocksDbMeasurement} runs the two side by side, alternating.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DurableCommitBenchmark {
  @Param({"strata", "rocksdb"})
  public String engine;

  private final byte[] value = new byte[100];
  private Path directory;
  private Database strata;
  private Options rocksOptions;
  private WriteOptions synced;
  private RocksDB rocks;

  @Setup(Level.Trial)
  public void open() throws IOException, RocksDBException {
    new SplittableRandom(42).nextBytes(value);
    Path parent = Path.of(System.getProperty("strata.bench.dir", "benchmarks/target/durable-commits"));
    Files.createDirectories(parent);
    directory = Files.createTempDirectory(parent.toAbsolutePath(), engine + "-");
    if (engine.equals("strata")) {
      strata = EmbeddedFdb.open(directory.resolve("db"));
    } else {
      RocksDB.loadLibrary();
      rocksOptions = new Options().setCreateIfMissing(true);
      synced = new WriteOptions().setSync(true);
      rocks = RocksDB.open(rocksOptions, directory.resolve("db").toString());
    }
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    if (strata != null) {
      strata.close();
    } else {
      rocks.close();
      synced.close();
      rocksOptions.close();
    }
    DurableBenchmark.deleteTree(directory);
  }

  /** One durable commit of one key: a Strata transaction, or a RocksDB put with a synced write-ahead log. */
  @Benchmark
  public Object commitOneKey(DurableBenchmark.Keys keys) throws RocksDBException {
    byte[] key = keys.next();
    if (rocks != null) {
      rocks.put(synced, key, value);
      return key;
    }
    return strata.run(tr -> {
      tr.set(key, value);
      return null;
    });
  }
}
