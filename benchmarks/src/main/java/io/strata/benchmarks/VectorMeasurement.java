package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.IndexReport;
import io.strata.Page;
import io.strata.Scored;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.index.vector.Metric;
import io.strata.index.vector.VectorDefinition;
import io.strata.index.vector.VectorQueries;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a k-nearest-neighbour query of an {@code @Embedding} index ({@link VectorPlace}) costs and finds, on the
 * embedded engine, for each {@link VectorDataSets} set: recall@10 against the exact answers; keys and bytes read per
 * query as a percentage of the keys and bytes of all the stored rows (what a brute-force scan reads); sequential
 * reads per query (the engine's round-trip model, counted by causality with a 1 microsecond simulated round trip,
 * see {@code EngineStats}); at several values of the {@code candidates} knob. Then the grouped index (group =
 * country): recall within the group and how many results lay outside it. Inserts: keys read and written per insert,
 * and the throughput of 8 writer threads (batches of {@value #BATCH}) as a ratio against the same rows saved without
 * the vector index, side by side in the same run; then {@code verifyIndexes} (rows, entries, problems). Last, recall
 * after deleting every fifth stored vector and saving them again. Run:
 * {@code java -Xmx5g -Dstrata.data.dir=../shared/data -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.VectorMeasurement [size] [queries] [candidates,...]}
 * (defaults 100000, 100, 20,100,400: the runs in benchmarks/README.md).
 */
public final class VectorMeasurement {
  static final int BATCH = 500;
  static final int WRITERS = 8;
  static final String INDEX = "vector";

  private VectorMeasurement() {}

  public static void main(String[] args) throws Exception {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int queries = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int[] candidates = Arrays.stream((args.length > 2 ? args[2] : "20,100,400").split(",")).mapToInt(Integer::parseInt).toArray();
    System.out.printf("%,d stored vectors of %d dimensions per set, %,d hold-out queries, k=%d, %d cores%n", size,
        VectorDataSets.DIMENSIONS, queries, VectorDataSets.K, Runtime.getRuntime().availableProcessors());
    System.out.println("| set | candidates | recall@10 | keys read % | bytes read % | sequential reads |");
    List<String> after = new ArrayList<>();
    for (VectorDataSets.DataSet set : List.of(VectorDataSets.places(size, queries), VectorDataSets.clustered(size, queries),
        VectorDataSets.uniform(size, queries))) {
      after.addAll(measure(set, candidates));
    }
    after.forEach(System.out::println);
  }

  private static EntityStore<VectorPlace> store(String name, List<String> groupBy, boolean indexed) {
    var builder = EntityStore.builder(VectorPlaceCodec.INSTANCE, new Subspace(Tuple.from(name))).packed().ids(Elements::toLong);
    if (indexed) {
      builder = builder.derived(new VectorDefinition(INDEX, "vector", VectorDataSets.DIMENSIONS, Metric.COSINE, groupBy));
    }
    return builder.build();
  }

  private static Database open() {
    return EmbeddedFdb.builder().latency(Duration.ofNanos(1_000)).open();
  }

  private static List<VectorPlace> rows(List<VectorDataSets.Item> items) {
    return items.stream().map(i -> new VectorPlace(i.id(), i.group(), i.vector())).toList();
  }

  /** Prints the query table's rows of {@code set}; returns its insert, grouped and delete/reinsert lines. */
  private static List<String> measure(VectorDataSets.DataSet set, int[] candidates) throws Exception {
    List<VectorPlace> rows = rows(set.stored());
    List<String> out = new ArrayList<>();
    try (Database plainDb = open(); Database db = open()) {
      EntityStore<VectorPlace> plain = store("plain", List.of(), false);
      EntityStore<VectorPlace> vectors = store("flat", List.of(), true);
      warmUp(rows.subList(0, rows.size() / 20));
      long plainNanos = load(plainDb, plain, rows);
      EngineStats before = EmbeddedFdb.stats(db);
      long vectorNanos = load(db, vectors, rows);
      EngineStats insert = EmbeddedFdb.stats(db).since(before);
      IndexReport report = vectors.verifyIndexes(db, 1_000);
      out.add(String.format("%s inserts: %d writers, %.1f s with the vector index, %.1f s without (ratio %.2f); per insert %.1f keys read,"
              + " %.1f keys written, %.0f bytes written, %d conflicts; verifyIndexes: %,d rows, %,d entries, %d problems%s", set.name(),
          WRITERS, vectorNanos / 1e9, plainNanos / 1e9, (double) vectorNanos / plainNanos, (double) insert.keysRead() / rows.size(),
          (double) insert.keysWritten() / rows.size(), (double) insert.bytesWritten() / rows.size(), insert.conflicts(),
          report.rowsChecked(), report.entriesChecked(), report.problemCount(),
          report.problems().isEmpty() ? "" : " " + report.problems().subList(0, Math.min(3, report.problems().size()))));
      EngineStats all = scanAll(db, vectors);
      for (int c : candidates) {
        System.out.println(row(set.name(), c, queries(db, vectors, set, c, false), all));
      }
      EntityStore<VectorPlace> grouped = store("grouped", List.of("group"), true);
      load(db, grouped, rows);
      Result inGroup = queries(db, grouped, set, candidates[candidates.length / 2], true);
      out.add(row(set.name() + ", grouped (within the query's group; " + inGroup.outside + " results outside it)",
          candidates[candidates.length / 2], inGroup, all));
      List<VectorPlace> fifth = new ArrayList<>();
      for (int i = 0; i < rows.size(); i += 5) {
        fifth.add(rows.get(i));
      }
      for (int from = 0; from < fifth.size(); from += BATCH) {
        List<VectorPlace> batch = fifth.subList(from, Math.min(fifth.size(), from + BATCH));
        db.run(tr -> {
          batch.forEach(p -> vectors.delete(tr, p.id()).join());
          return null;
        });
      }
      load(db, vectors, fifth);
      out.add(row(set.name() + ", after deleting 20% and saving them again", candidates[candidates.length / 2],
          queries(db, vectors, set, candidates[candidates.length / 2], false), all));
    }
    return out;
  }

  /** Loads a few rows into throwaway databases, with and without the index, so that neither timed load pays the JIT's warm-up. */
  private static void warmUp(List<VectorPlace> rows) throws Exception {
    for (boolean indexed : new boolean[] {false, true}) {
      try (Database db = open()) {
        load(db, store("warm", List.of(), indexed), rows);
      }
    }
  }

  /** Saves {@code rows} in batches of {@value #BATCH} from {@value #WRITERS} threads; the wall time in nanoseconds. */
  private static long load(Database db, EntityStore<VectorPlace> store, List<VectorPlace> rows) throws Exception {
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    long start = System.nanoTime();
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      writers.add(pool.submit(() -> {
        for (int from = next.getAndAdd(BATCH); from < rows.size(); from = next.getAndAdd(BATCH)) {
          List<VectorPlace> batch = rows.subList(from, Math.min(rows.size(), from + BATCH));
          db.run(tr -> store.saveAll(tr, batch).join());
        }
      }));
    }
    for (Future<?> w : writers) {
      w.get();
    }
    long nanos = System.nanoTime() - start;
    pool.shutdown();
    return nanos;
  }

  /** What reading every stored row costs: the denominator of the read percentages. */
  private static EngineStats scanAll(Database db, EntityStore<VectorPlace> store) {
    EngineStats before = EmbeddedFdb.stats(db);
    Optional<Continuation> after = Optional.empty();
    do {
      Continuation from = after.orElse(null);
      Page<VectorPlace> page = db.read(tr -> store.scan(tr, 10_000, from).join());
      after = page.next();
    } while (after.isPresent());
    return EmbeddedFdb.stats(db).since(before);
  }

  /** Sums over one pass of the queries. */
  private record Result(double recall, long keys, long bytes, long sequential, long outside, int queries) {}

  private static Result queries(Database db, EntityStore<VectorPlace> store, VectorDataSets.DataSet set, int candidates, boolean grouped) {
    VectorQueries<VectorPlace> search = new VectorQueries<>(store);
    long found = 0;
    long expected = 0;
    long outside = 0;
    EngineStats before = EmbeddedFdb.stats(db);
    for (int q = 0; q < set.queries().size(); q++) {
      VectorDataSets.Item query = set.queries().get(q);
      List<Object> group = grouped ? List.of(query.group()) : List.of();
      List<Scored<VectorPlace>> hits = db.read(tr -> search.nearest(tr, INDEX, group, query.vector(), VectorDataSets.K, candidates,
          p -> true).join());
      long[] exact = grouped ? set.exactInGroup()[q] : set.exact()[q];
      Set<Long> truth = new HashSet<>();
      Arrays.stream(exact).forEach(truth::add);
      expected += exact.length;
      for (Scored<VectorPlace> hit : hits) {
        found += truth.contains(hit.entity().id()) ? 1 : 0;
        outside += grouped && !hit.entity().group().equals(query.group()) ? 1 : 0;
      }
    }
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    return new Result((double) found / expected, cost.keysRead(), cost.bytesRead(), cost.sequentialRoundTrips(), outside,
        set.queries().size());
  }

  private static String row(String set, int candidates, Result r, EngineStats all) {
    return String.format("| %s | %d | %.3f | %.2f | %.2f | %.1f |", set, candidates, r.recall,
        100.0 * r.keys / r.queries / all.keysRead(), 100.0 * r.bytes / r.queries / all.bytesRead(), (double) r.sequential / r.queries);
  }
}
