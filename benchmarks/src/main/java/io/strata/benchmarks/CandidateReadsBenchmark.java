package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.query.CandidateReads;
import io.strata.query.IndexScan;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.List;
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
 * What a Jakarta Data find costs through the read core's blocking reads ({@code CandidateReads}: batches, each its own
 * read transaction at one shared read version), against one {@code IndexScan} in one {@code db.read}, the call a
 * generated Strata find makes, on the {@link RepositoryBenchmark} data (10,000 customers in 1,000 cities, about 10 per
 * city), one city at random per call: every customer of the city ({@code batchedAll} against {@code scanAll}), and the
 * first 3 of them ({@code batchedFirst3}); and a generated Strata find as it reads through the same core since issue 38
 * ({@code strataAllBatched}, {@code strataAllInTransaction}, {@code strataFirst3}) against the scan it made before
 * ({@code scanAll}, {@code scanFirst3}). The same keys are read by each (one mapped range read of the city's entries
 * and rows); the difference is what waiting for the read costs. And a save (a random customer replaced) through the
 * read core's blocking write, Jakarta Data's ({@code write}), against {@code db.run} of the same save, a generated
 * Strata save's ({@code saveInRun}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CandidateReadsBenchmark {
  private Database db;
  private EntityStore<Customer> store;
  private CandidateReads<Customer> reads;

  @Setup(Level.Trial)
  public void fill() {
    db = EmbeddedFdb.open();
    store = EntityStore.builder(CustomerCodec.INSTANCE, new Subspace(Tuple.from("gen"))).index("city", "city").packed()
        .ids(Elements::toStr).build();
    reads = new CandidateReads<>(db, store, e -> e);
    RepositoryBenchmark.fill(db, (tr, c) -> store.save(tr, c).join());
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  @Benchmark
  public List<Customer> scanAll(RepositoryBenchmark.Picks p) {
    String city = p.city();
    return db.read(tr -> IndexScan.of(store, "city").equal(city).entities(tr).join());
  }

  @Benchmark
  public List<Customer> batchedAll(RepositoryBenchmark.Picks p) {
    return reads.matching(e -> true, IndexScan.of(store, "city").equal(p.city()).candidates());
  }

  /** A generated Strata list of every match with no transaction given, as it reads since issue 38's one read core. */
  @Benchmark
  public List<Customer> strataAllBatched(RepositoryBenchmark.Picks p) {
    return CandidateReads.matching(db, store, e -> true, IndexScan.of(store, "city").equal(p.city()).candidates());
  }

  /** A generated Strata list of every match in a transaction (a caller's), as it reads since the one read core. */
  @Benchmark
  public List<Customer> strataAllInTransaction(RepositoryBenchmark.Picks p) {
    String city = p.city();
    return db.read(tr -> CandidateReads.all(tr, store, e -> true, IndexScan.of(store, "city").equal(city).candidates()).join());
  }

  /** A generated Strata {@code First3} list before the one read core: the scan's own limit in one {@code db.read}. */
  @Benchmark
  public List<Customer> scanFirst3(RepositoryBenchmark.Picks p) {
    String city = p.city();
    return db.read(tr -> IndexScan.of(store, "city").equal(city).limit(3).entities(tr).join());
  }

  /** The same {@code First3} list as generated since the one read core: the read core's loop in the one {@code db.read}. */
  @Benchmark
  public List<Customer> strataFirst3(RepositoryBenchmark.Picks p) {
    String city = p.city();
    return db.read(tr -> CandidateReads.first(tr, store, e -> true, IndexScan.of(store, "city").equal(city).candidates(), 3).join());
  }

  @Benchmark
  public List<Customer> batchedFirst3(RepositoryBenchmark.Picks p) {
    return reads.some(e -> true, IndexScan.of(store, "city").equal(p.city()).candidates(), 3);
  }

  @Benchmark
  public void saveInRun(RepositoryBenchmark.Picks p) {
    Customer c = p.customer();
    db.run(tr -> store.save(tr, c).join());
  }

  @Benchmark
  public Void write(RepositoryBenchmark.Picks p) {
    Customer c = p.customer();
    return reads.write(tr -> store.save(tr, c));
  }
}
