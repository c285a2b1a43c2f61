package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.strata.embedded.EmbeddedFdb;
import io.strata.observation.StrataObservations;
import java.util.List;
import java.util.Optional;
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
 * What observations cost: {@link RepositoryBenchmark}'s generated operations on the same data, with the database
 * {@code plain} (no registry: the generated hook's one {@code instanceof}) or {@code observed} in a registry whose
 * default meter handler makes every call, transaction and commit a timer ({@code SimpleMeterRegistry}). Both in one
 * run, so their ratio is measured side by side.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ObservedRepositoryBenchmark {
  @Param({"plain", "observed"})
  public String observations;

  private Database db;
  private CustomerRepository customers;

  @Setup(Level.Trial)
  public void fill() {
    db = EmbeddedFdb.open();
    Database used = db;
    if (observations.equals("observed")) {
      ObservationRegistry registry = ObservationRegistry.create();
      registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
      used = StrataObservations.observe(db, registry);
    }
    customers = new CustomerRepository(used, new Subspace(Tuple.from("gen")));
    RepositoryBenchmark.fill(db, customers::save);
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  @Benchmark
  public void save(RepositoryBenchmark.Picks p) {
    customers.save(p.customer());
  }

  @Benchmark
  public Optional<Customer> findById(RepositoryBenchmark.Picks p) {
    return customers.findById(p.id());
  }

  @Benchmark
  public List<Customer> findByCity(RepositoryBenchmark.Picks p) {
    return customers.findByCity(p.city());
  }
}
