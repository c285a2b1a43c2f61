package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.layers.ShardedCounter;
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
import org.openjdk.jmh.annotations.Threads;

/**
 * {@link ShardedCounter#add} per second from 8 threads, each add its own transaction (an atomic ADD on a
 * random shard plus the exactly-once operation record), with 1 shard against 16.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(8)
public class CounterBenchmark {
  @Param({"1", "16"})
  public int shards;

  private Database db;
  private ShardedCounter counter;

  @Setup(Level.Trial)
  public void open() {
    db = EmbeddedFdb.open();
    counter = new ShardedCounter(db, new Subspace(Tuple.from("counter")), shards);
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  @Benchmark
  public void add() {
    counter.add(1);
  }
}
