package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.embedded.EmbeddedFdb;
import io.strata.query.RuntimeQueries;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * What planning a run-time query costs, side by side: {@code where(restriction).explain()} on the generated
 * {@code CustomerRepository} (plans the query, reads nothing), for a query shape planned before (a cache hit)
 * and for a new shape each call. Both use restrictions of the same form, {@code city = c and (a or b)} with
 * {@code a} and {@code b} two of seventeen comparisons on {@code id}, {@code age} and {@code name}: 272 shapes,
 * more than a repository's cache keeps ({@link RuntimeQueries#CACHED_SHAPES}), so cycling through them misses
 * every time, while {@code cachedShape} cycles through values of one shape. Time per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RuntimeQueryPlanningBenchmark {
  private Database db;
  private CustomerRepository customers;
  private final List<Restriction<Customer>> shapes = new ArrayList<>();
  private final List<Restriction<Customer>> values = new ArrayList<>();
  private int next;

  @Setup(Level.Trial)
  public void open() {
    db = EmbeddedFdb.open();
    customers = new CustomerRepository(db);
    List<Function<Integer, Restriction<Customer>>> leaves = List.of(
        n -> _Customer.id.equalTo("c" + n), n -> _Customer.id.notEqualTo("c" + n), n -> _Customer.id.lessThan("c" + n),
        n -> _Customer.id.greaterThan("c" + n), n -> _Customer.id.startsWith("c" + n), n -> _Customer.id.isNull(),
        n -> _Customer.age.equalTo(n), n -> _Customer.age.notEqualTo(n), n -> _Customer.age.lessThan(n),
        n -> _Customer.age.lessThanEqual(n), n -> _Customer.age.greaterThan(n), n -> _Customer.age.greaterThanEqual(n),
        n -> _Customer.name.equalTo("n" + n), n -> _Customer.name.notEqualTo("n" + n), n -> _Customer.name.startsWith("n" + n),
        n -> _Customer.name.endsWith("n" + n), n -> _Customer.name.contains("n" + n));
    for (int a = 0; a < leaves.size(); a++) {
      for (int b = 0; b < leaves.size(); b++) {
        if (a != b) {
          shapes.add(Restrict.all(_Customer.city.equalTo("city-1"), Restrict.any(leaves.get(a).apply(1), leaves.get(b).apply(2))));
        }
      }
    }
    for (int n = 0; n < shapes.size(); n++) {
      values.add(Restrict.all(_Customer.city.equalTo("city-" + n), Restrict.any(leaves.get(6).apply(n), leaves.get(12).apply(n))));
    }
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  /** A shape planned before, with other values: the plan comes from the cache. */
  @Benchmark
  public String cachedShape() {
    next = (next + 1) % values.size();
    return customers.where(values.get(next)).allowScan().explain();
  }

  /** A shape not in the cache: planned by the planner, then cached (and later dropped). */
  @Benchmark
  public String newShape() {
    next = (next + 1) % shapes.size();
    return customers.where(shapes.get(next)).allowScan().explain();
  }
}
