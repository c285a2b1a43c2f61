package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import java.util.ArrayList;
import java.util.List;
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

/**
 * The embedded engine alone, through fdb-java's {@link Database} interface, on 100,000 keys of 100-byte
 * values: each operation is its own transaction (as an application's would be).
 *
 * <ul>
 *   <li>{@link #pointRead}: one {@code get} of a random key (read-only, nothing to commit);
 *   <li>{@link #rangeRead10}: one {@code getRange} of 10 consecutive keys from a random start;
 *   <li>{@link #readWriteCommit}: read one random key, write another, commit ({@code db.run});
 *   <li>{@link #commitWithOpenTransactions}: the latency of that small commit while {@code openTransactions}
 *       other transactions are in flight, each holding a read version and 10 reads.
 * </ul>
 * Thread counts come from {@code -t} (1 and 2 on the project machine).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class EngineBenchmark {
  static final int KEYS = 100_000;

  private final Subspace space = new Subspace(Tuple.from("engine"));
  private final byte[] value = new byte[100];
  private Database db;
  private byte[][] keys;

  @Setup(Level.Trial)
  public void fill() {
    db = EmbeddedFdb.open();
    keys = fill(db, space, value);
  }

  /** Writes {@link #KEYS} keys {@code (space, i)} with {@code value}, in commits of 1,000; returns them in order. */
  static byte[][] fill(Database db, Subspace space, byte[] value) {
    byte[][] keys = new byte[KEYS][];
    for (int i = 0; i < KEYS; i++) {
      keys[i] = space.pack(Tuple.from(i));
    }
    for (int from = 0; from < KEYS; from += 1_000) {
      int start = from;
      db.run(tr -> {
        for (int i = start; i < start + 1_000; i++) {
          tr.set(keys[i], value);
        }
        return null;
      });
    }
    return keys;
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  /** A per-thread source of random key positions. */
  @State(Scope.Thread)
  public static class Keys {
    private final SplittableRandom random = new SplittableRandom();

    int next() {
      return random.nextInt(KEYS);
    }
  }

  /** Transactions kept open around the measured commits: each has a read version and has read 10 keys. */
  @State(Scope.Benchmark)
  public static class InFlight {
    @Param({"1", "16", "256"})
    public int openTransactions;

    private final List<Transaction> open = new ArrayList<>();

    @Setup(Level.Iteration)
    public void openThem(EngineBenchmark engine) {
      SplittableRandom random = new SplittableRandom(openTransactions);
      for (int i = 0; i < openTransactions; i++) {
        Transaction tr = engine.db.createTransaction();
        tr.getReadVersion().join();
        for (int r = 0; r < 10; r++) {
          tr.get(engine.keys[random.nextInt(KEYS)]).join();
        }
        open.add(tr);
      }
    }

    @TearDown(Level.Iteration)
    public void closeThem() {
      open.forEach(Transaction::close);
      open.clear();
    }
  }

  @Benchmark
  public byte[] pointRead(Keys k) {
    byte[] key = keys[k.next()];
    return db.read(tr -> tr.get(key).join());
  }

  @Benchmark
  public List<KeyValue> rangeRead10(Keys k) {
    byte[] begin = keys[k.next()];
    return db.read(tr -> tr.getRange(begin, space.range().end, 10).asList().join());
  }

  @Benchmark
  public byte[] readWriteCommit(Keys k) {
    return smallCommit(k);
  }

  @Benchmark
  @BenchmarkMode(Mode.SampleTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public byte[] commitWithOpenTransactions(Keys k, InFlight inFlight) {
    return smallCommit(k);
  }

  private byte[] smallCommit(Keys k) {
    byte[] read = keys[k.next()];
    byte[] written = keys[k.next()];
    return db.run(tr -> {
      byte[] v = tr.get(read).join();
      tr.set(written, value);
      return v;
    });
  }
}
