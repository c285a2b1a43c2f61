package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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

/**
 * Commits per second of the durable embedded engine against the in-memory one: each operation is one
 * transaction writing one random key of 100 bytes ({@code db.run}). With {@code storage=file} a commit
 * completes only after its log record is forced to disk; concurrent commits share a force (run with
 * {@code -t 1} and {@code -t 8} to see the group commit). The directory is a temporary one under
 * {@code java.io.tmpdir} (set {@code -Djava.io.tmpdir} to measure another disk).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DurableBenchmark {
  @Param({"memory", "file"})
  public String storage;

  private final byte[] value = new byte[100];
  private Path directory;
  private Database db;

  @Setup(Level.Trial)
  public void open() throws IOException {
    if (storage.equals("file")) {
      directory = Files.createTempDirectory("strata-durable-bench");
      db = EmbeddedFdb.open(directory.resolve("db"));
    } else {
      db = EmbeddedFdb.open();
    }
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    db.close();
    if (directory != null) {
      deleteTree(directory);
    }
  }

  static void deleteTree(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** A per-thread source of random keys. */
  @State(Scope.Thread)
  public static class Keys {
    private final SplittableRandom random = new SplittableRandom();

    byte[] next() {
      return Tuple.from("bench", random.nextInt(1_000_000)).pack();
    }
  }

  /** One transaction that writes one key, committed (and, for a file database, forced). */
  @Benchmark
  public Object commitOneKey(Keys keys) {
    byte[] key = keys.next();
    return db.run(tr -> {
      tr.set(key, value);
      return null;
    });
  }
}
