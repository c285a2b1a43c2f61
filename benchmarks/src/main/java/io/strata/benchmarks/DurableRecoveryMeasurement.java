package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Disk size and reopening time of a durable database of one million keys (keys {@code ("k", i)}, 100-byte
 * values): reopened from a checkpoint (after {@code close()}), and from the log alone (a copy of the files
 * taken while the database was open, as a killed process leaves them). Run:
 * {@code java -Xmx4g -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.DurableRecoveryMeasurement [keys]}.
 */
public final class DurableRecoveryMeasurement {
  private DurableRecoveryMeasurement() {}

  public static void main(String[] args) throws IOException {
    int keys = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    Path root = Files.createTempDirectory("strata-recovery");
    Path dir = root.resolve("db");
    Path crashed = root.resolve("crashed");
    try {
      byte[] value = new byte[100];
      long start = System.nanoTime();
      try (Database db = EmbeddedFdb.builder().checkpointAfter(Long.MAX_VALUE).open(dir)) {
        for (int from = 0; from < keys; from += 10_000) {
          int first = from;
          db.run(tr -> {
            for (int i = first; i < Math.min(keys, first + 10_000); i++) {
              tr.set(Tuple.from("k", i).pack(), value);
            }
            return null;
          });
        }
        report(String.format("write %,d keys in %,d commits of 10,000", keys, (keys + 9_999) / 10_000), start);
        Files.createDirectories(crashed);
        try (Stream<Path> files = Files.list(dir)) {
          for (Path f : files.toList()) {
            if (!f.getFileName().toString().equals("LOCK")) {
              Files.copy(f, crashed.resolve(f.getFileName()));
            }
          }
        }
        System.out.printf("log before the first checkpoint: %,d bytes%n", size(crashed));
        start = System.nanoTime();
      }
      report("close (writes the checkpoint)", start);
      System.out.printf("directory after close: %,d bytes (checkpoint)%n", size(dir));
      for (int run = 1; run <= 3; run++) {
        start = System.nanoTime();
        try (Database db = EmbeddedFdb.open(dir)) {
          report("reopen from the checkpoint, run " + run, start);
        }
      }
      start = System.nanoTime();
      try (Database db = EmbeddedFdb.open(crashed)) {
        report(String.format("reopen from the log alone (replays %,d commits)", (keys + 9_999) / 10_000), start);
        start = System.nanoTime();
      }
      report("close after that replay (writes the checkpoint)", start);
    } finally {
      DurableBenchmark.deleteTree(root);
    }
  }

  private static void report(String what, long start) {
    System.out.printf("%s: %.2f s%n", what, (System.nanoTime() - start) / 1e9);
  }

  private static long size(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      long total = 0;
      for (Path f : files.toList()) {
        total += Files.size(f);
      }
      return total;
    }
  }
}
