package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.EmbeddedFdb;
import io.strata.layers.FdbQueue;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Dequeues per second as consumers grow ({@code -t 1, 2, 4, 8}): {@link FdbQueue#dequeue()} (pop the
 * head; a consumer that loses the race switches to the staged request/fulfil path) against the plain
 * recipe pop written here (read the first item, clear it, commit, retry on conflict: every consumer
 * fights over the same head key). {@code FdbQueue}'s own plain path is package-private, so the plain pop
 * is hand-written; it skips the exactly-once operation log that {@code FdbQueue} keeps.
 *
 * <p>Every iteration gets a fresh queue (a new subspace) filled with {@value #ITEMS} items, so it never
 * runs dry ({@link #checkNotDrained} fails the run if it did). The previous queue is left as it is, not
 * cleared: the embedded engine's range reads step over the tombstones of cleared keys next to the range
 * for the 5-second MVCC window, so after clearing 100,000 items each enqueue's reverse read of the new
 * queue's tail took about 50 ms and the refill transaction grew too old.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class QueueBenchmark {
  static final int ITEMS = 100_000;
  /** First and one-past-last tuple type codes of integers: the item keys {@code (S, index, random)}. */
  private static final byte[] INT_FIRST = {0x0c};
  private static final byte[] INT_END = {0x1d};

  private Database db;
  private int generation;
  private Subspace space;
  private Range items;
  private FdbQueue<String> queue;

  @Setup(Level.Trial)
  public void open() {
    db = EmbeddedFdb.open();
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  @Setup(Level.Iteration)
  public void refill() {
    space = new Subspace(Tuple.from("queue", generation++));
    items = new Range(ByteArrayUtil.join(space.getKey(), INT_FIRST), ByteArrayUtil.join(space.getKey(), INT_END));
    queue = new FdbQueue<>(db, space, Codec.string());
    for (int from = 0; from < ITEMS; from += 1_000) {
      int start = from;
      try (Transaction tr = db.createTransaction()) {
        for (int i = start; i < start + 1_000; i++) {
          queue.enqueue(tr, "item " + i);
        }
        tr.commit().join();
      }
    }
  }

  @TearDown(Level.Iteration)
  public void checkNotDrained() {
    if (queue.isEmpty()) {
      throw new IllegalStateException("the queue ran dry during the iteration: raise ITEMS so dequeues are measured");
    }
  }

  @Benchmark
  public Optional<String> stagedDequeue() {
    return queue.dequeue();
  }

  @Benchmark
  public Optional<String> plainRecipeDequeue() {
    return db.run(tr -> {
      List<KeyValue> head = tr.getRange(items, 1).asList().join();
      if (head.isEmpty()) {
        return Optional.<String>empty();
      }
      tr.clear(head.get(0).getKey());
      return Optional.of(Codec.string().decode(head.get(0).getValue()));
    });
  }
}
