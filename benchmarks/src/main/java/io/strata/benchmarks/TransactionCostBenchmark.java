package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What one operation costs inside a transaction, and how that grows with the transaction, against a raw
 * {@link ConcurrentSkipListMap} of the same 100,000 keys (same byte order), side by side in one run:
 *
 * <ul>
 *   <li>{@link #opsAfterPriorOps}: a get, a set and a one-key range read, 100 times, in a transaction that
 *       already did {@code priorOps} such operations (10 against 10,000: the per-operation cost must not
 *       grow with the transaction);
 *   <li>{@link #getInOneTransaction} against {@link #rawMapGet}: a get of a random key in a transaction
 *       kept open for the iteration;
 *   <li>{@link #oneGetTransaction} against {@link #rawMapGet}: a whole read-only transaction of one get.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TransactionCostBenchmark {
  static final int KEYS = EngineBenchmark.KEYS;
  static final int BATCH = 100;

  /** The engine and the raw map, each holding the same 100,000 keys of 100-byte values. */
  @State(Scope.Benchmark)
  public static class Store {
    private final Subspace space = new Subspace(Tuple.from("cost"));
    final byte[] value = new byte[100];
    Database db;
    byte[][] keys;
    ConcurrentSkipListMap<byte[], byte[]> map;

    @Setup(Level.Trial)
    public void fill() {
      db = EmbeddedFdb.open();
      keys = EngineBenchmark.fill(db, space, value);
      map = new ConcurrentSkipListMap<>(java.util.Arrays::compareUnsigned); // the engine's key order, by the same comparer
      for (byte[] key : keys) {
        map.put(key, value);
      }
    }

    @TearDown(Level.Trial)
    public void close() {
      db.close();
    }

    /** A new transaction, once {@code old} (if any) is cancelled and closed. */
    Transaction fresh(Transaction old) {
      if (old != null) {
        old.cancel();
        old.close();
      }
      return db.createTransaction();
    }

    void operate(Transaction tr, int i) {
      tr.get(keys[i]).join();
      tr.set(keys[(i + 1) % KEYS], value);
      tr.getRange(keys[(i + 2) % KEYS], ByteArrayUtil.join(keys[(i + 2) % KEYS], new byte[] {0}), 1).asList().join();
    }

    /** A fresh transaction (once {@code old} is closed) that has done {@code ops} operations on random keys. */
    Transaction grown(Transaction old, int ops, SplittableRandom random) {
      Transaction fresh = fresh(old);
      for (int i = 0; i < ops; i += 3) {
        operate(fresh, random.nextInt(KEYS));
      }
      return fresh;
    }

    /** The measured work: {@value TransactionCostBenchmark#BATCH} get-set-range triples on random keys. */
    void operateBatch(Transaction tr, SplittableRandom random) {
      for (int n = 0; n < BATCH; n++) {
        operate(tr, random.nextInt(KEYS));
      }
    }
  }

  /**
   * A fresh transaction per invocation that has already done {@code priorOps} gets, sets and one-key range reads
   * (10 or 10,000). Every invocation of both parameters builds both transactions, the other one first: the work
   * around the measurement (allocation, collections, what the caches hold) is then the same whichever is measured,
   * where building only the measured one made the two forks differ in far more than the transaction measured.
   */
  @State(Scope.Thread)
  public static class Grown {
    static final int FEW = 10;
    static final int MANY = 10_000;
    @Param({"10", "10000"})
    public int priorOps;
    final SplittableRandom random = new SplittableRandom(42);
    Transaction tr;
    private Transaction other;

    @Setup(Level.Trial)
    public void check() {
      if (priorOps != FEW && priorOps != MANY) {
        throw new IllegalArgumentException("priorOps is " + FEW + " or " + MANY + ", not " + priorOps);
      }
    }

    @Setup(Level.Invocation)
    public void grow(Store store) {
      other = store.grown(other, priorOps == FEW ? MANY : FEW, random);
      tr = store.grown(tr, priorOps, random);
    }
  }

  /** A transaction kept open for one iteration. */
  @State(Scope.Thread)
  public static class Open {
    final SplittableRandom random = new SplittableRandom(7);
    Transaction tr;

    @Setup(Level.Iteration)
    public void open(Store store) {
      tr = store.fresh(tr);
    }
  }

  /** Per operation (a third of a get-set-range triple), measured over 100 triples. */
  @Benchmark
  @OperationsPerInvocation(3 * BATCH)
  public Transaction opsAfterPriorOps(Store store, Grown grown) {
    store.operateBatch(grown.tr, grown.random);
    return grown.tr;
  }

  @Benchmark
  public byte[] getInOneTransaction(Store store, Open open) {
    return open.tr.get(store.keys[open.random.nextInt(KEYS)]).join();
  }

  @Benchmark
  public byte[] oneGetTransaction(Store store, Open open) {
    byte[] key = store.keys[open.random.nextInt(KEYS)];
    return store.db.read(tr -> tr.get(key).join());
  }

  @Benchmark
  public byte[] rawMapGet(Store store, Open open) {
    return store.map.get(store.keys[open.random.nextInt(KEYS)]);
  }
}
