package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.EmbeddedFdb;
import io.strata.layers.FdbQueue;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
 * Dequeues per second as consumers grow ({@code -t 1, 2, 4, 8}): {@link FdbQueue#dequeue()} (pop the
 * head; a consumer that loses the race switches to the staged request/fulfil path) against the plain
 * recipe pop written here (read the first item, clear it, commit, retry on conflict: every consumer
 * fights over the same head key). {@code FdbQueue}'s own plain path is package-private, so the plain pop
 * is hand-written; it skips the exactly-once operation log that {@code FdbQueue} keeps.
 *
 * <p>Every dequeue measured must take an item: an empty queue answers far faster than a pop, so counting
 * empty dequeues would report a drained queue as a fast one. The queue is filled once per trial, before
 * any worker thread starts, with {@value #ITEMS} items, several times what the fastest run consumes in
 * all its iterations; a dequeue that finds it empty throws, which fails the benchmark in JMH's output
 * instead of recording a number. (An earlier version refilled a fresh queue per iteration: JMH's other
 * workers kept dequeuing from the old queue while one ran the iteration's setup, and drained it.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class QueueBenchmark {
  /**
   * Items per trial: with the commands in benchmarks/README.md (5 iterations of 500 ms) about 5 times what
   * the fastest pop rate seen on the project machine (230k/s) consumes.
   */
  static final int ITEMS = 3_000_000;
  private static final int BATCH = 1_000;
  /** First and one-past-last tuple type codes of integers: the item keys {@code (S, index, random)}. */
  private static final byte[] INT_FIRST = {0x0c};
  private static final byte[] INT_END = {0x1d};

  /** Simulated network round trip ({@code EmbeddedFdb.builder().latency}); 0 = in-process speed. */
  @Param({"0"})
  public int latencyMillis;

  private Database db;
  private Range items;
  private FdbQueue<String> queue;

  @Setup(Level.Trial)
  public void open() {
    db = EmbeddedFdb.builder().latency(Duration.ofMillis(latencyMillis)).open();
    Subspace space = new Subspace(Tuple.from("queue"));
    items = new Range(ByteArrayUtil.join(space.getKey(), INT_FIRST), ByteArrayUtil.join(space.getKey(), INT_END));
    queue = new FdbQueue<>(db, space, Codec.string());
    fill(db, space, ITEMS);
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  /**
   * Writes {@code count} items {@code "item 0"...} as {@link FdbQueue#enqueue} lays them out,
   * {@code (S, index, random20) = value}, {@value #BATCH} per transaction. Not through {@code enqueue}: its
   * secure random ids, reads and exactly-once log would make filling millions of items take minutes.
   */
  static void fill(Database db, Subspace space, int count) {
    SplittableRandom random = new SplittableRandom(count);
    for (int from = 0; from < count; from += BATCH) {
      int start = from;
      db.run(tr -> {
        for (int i = start; i < Math.min(count, start + BATCH); i++) {
          byte[] suffix = new byte[20];
          random.nextBytes(suffix);
          tr.set(space.pack(Tuple.from(i, suffix)), Codec.string().encode("item " + i));
        }
        return null;
      });
    }
  }

  @Benchmark
  public String stagedDequeue() {
    return taken(queue.dequeue());
  }

  @Benchmark
  public String plainRecipeDequeue() {
    return taken(plainPop(db, items));
  }

  /** The recipe pop: read the head, clear it, commit; {@code run} retries on conflict. */
  static Optional<String> plainPop(Database db, Range items) {
    return db.run(tr -> {
      List<KeyValue> head = tr.getRange(items, 1).asList().join();
      if (head.isEmpty()) {
        return Optional.<String>empty();
      }
      tr.clear(head.get(0).getKey());
      return Optional.of(Codec.string().decode(head.get(0).getValue()));
    });
  }

  /** The item a dequeue took; a dequeue from an empty queue fails the benchmark rather than be measured. */
  static String taken(Optional<String> item) {
    return item.orElseThrow(() -> new IllegalStateException("the queue ran dry, so this dequeue"
        + " measured an empty queue: raise QueueBenchmark.ITEMS or run fewer or shorter iterations"));
  }
}
