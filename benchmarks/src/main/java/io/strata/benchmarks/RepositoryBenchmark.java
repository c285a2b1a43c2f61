package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
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
 * The generated {@code CustomerRepository} against {@link HandWrittenCustomers} (the same key layout
 * written by hand with fdb-java tuples), on the same engine, each with 10,000 customers in 1,000 cities
 * under its own root subspace. Time per operation, each in its own transaction:
 *
 * <ul>
 *   <li>{@code save*}: replace a random existing customer with a new random city (reads the old row,
 *       replaces the stale index entry, writes three fields);
 *   <li>{@code findById*}: one row range read and decode;
 *   <li>{@code findByCity*}: one index range read (about 10 entries) and the rows it names.
 * </ul>
 * Target: generated at most 1.10 × hand-written.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RepositoryBenchmark {
  static final int CUSTOMERS = 10_000;
  static final int CITIES = 1_000;

  private Database db;
  private CustomerRepository generated;
  private HandWrittenCustomers handWritten;

  @Setup(Level.Trial)
  public void fill() {
    db = EmbeddedFdb.open();
    generated = new CustomerRepository(db, new Subspace(Tuple.from("gen")));
    handWritten = new HandWrittenCustomers(db, new Subspace(Tuple.from("hand")));
    fill(db, (tr, c) -> {
      generated.save(tr, c);
      handWritten.insert(tr, c);
    });
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  /** Saves the {@link #CUSTOMERS} customers (seeded: the same ones every time) with {@code save}, 500 a transaction. */
  static void fill(Database db, BiConsumer<Transaction, Customer> save) {
    SplittableRandom random = new SplittableRandom(7);
    for (int from = 0; from < CUSTOMERS; from += 500) {
      int start = from;
      db.run(tr -> {
        for (int i = start; i < start + 500; i++) {
          save.accept(tr, customer(i, random));
        }
        return null;
      });
    }
  }

  static Customer customer(int i, SplittableRandom random) {
    return new Customer(id(i), city(random.nextInt(CITIES)), 18 + random.nextInt(70), "Customer number " + i);
  }

  static String id(int i) {
    return "c" + i;
  }

  static String city(int i) {
    return "city-" + i;
  }

  /** A per-thread source of random customers and cities. */
  @State(Scope.Thread)
  public static class Picks {
    private final SplittableRandom random = new SplittableRandom();

    Customer customer() {
      return RepositoryBenchmark.customer(random.nextInt(CUSTOMERS), random);
    }

    String id() {
      return RepositoryBenchmark.id(random.nextInt(CUSTOMERS));
    }

    String city() {
      return RepositoryBenchmark.city(random.nextInt(CITIES));
    }
  }

  @Benchmark
  public void saveGenerated(Picks p) {
    generated.save(p.customer());
  }

  @Benchmark
  public void saveHandWritten(Picks p) {
    handWritten.save(p.customer());
  }

  @Benchmark
  public Optional<Customer> findByIdGenerated(Picks p) {
    return generated.findById(p.id());
  }

  @Benchmark
  public Optional<Customer> findByIdHandWritten(Picks p) {
    return handWritten.findById(p.id());
  }

  @Benchmark
  public List<Customer> findByCityGenerated(Picks p) {
    return generated.findByCity(p.city());
  }

  @Benchmark
  public List<Customer> findByCityHandWritten(Picks p) {
    return handWritten.findByCity(p.city());
  }
}
