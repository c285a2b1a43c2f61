package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.index.vector.Metric;
import io.strata.index.vector.MisplacedVectors;
import io.strata.index.vector.OverFullPartitions;
import io.strata.index.vector.VectorDefinition;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * What inserting into an {@code @Embedding} index costs by how many writers save in batches of how many rows: the
 * clustered set of {@link VectorDataSets} saved by {@code saveAll} from each writer, with and without the index, each
 * into a fresh embedded database; per insert the keys read and written (every attempt, retries included), per batch
 * the read versions (every transaction begun: the batch's attempts, splits, reads apart) and commits, the conflicts,
 * how many transaction attempts the batches took, the wall time, then {@code verifyIndexes}, the partitions left over
 * their maximum ({@link OverFullPartitions}) and the vectors outside their nearest partition ({@link MisplacedVectors}).
 *
 * <p>Arguments: vectors (default 20000), then writers-x-batch specs (default {@code 1x500,8x500,8x10,8x1}), then how
 * each batch runs: {@code caller} (default, as every published run: {@code db.run(tr -> store.saveAll(tr, batch))}, a
 * caller's transaction, whose splits wait for the next insert) or {@code own} ({@code store.run(db, ...)}, as a
 * generated repository's {@code saveAll} runs it: the partitions a batch took over their maximum are split after its
 * commit, before the writer's next batch).
 */
public final class VectorInsertMeasurement {
  private VectorInsertMeasurement() {}

  public static void main(String[] args) throws Exception {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    String specs = args.length > 1 ? args[1] : "1x500,8x500,8x10,8x1";
    boolean own = args.length > 2 && switch (args[2]) {
      case "own" -> true;
      case "caller" -> false;
      default -> throw new IllegalArgumentException("how each batch runs: own or caller, not " + args[2]);
    };
    List<VectorPlace> rows = VectorDataSets.clustered(size, 1).stored().stream()
        .map(i -> new VectorPlace(i.id(), i.group(), i.vector())).toList();
    for (String spec : specs.split(",")) {
      int writers = Integer.parseInt(spec.split("x")[0]);
      int batch = Integer.parseInt(spec.split("x")[1]);
      for (boolean indexed : new boolean[] {false, true}) {
        try (Database db = EmbeddedFdb.open()) {
          var builder = EntityStore.builder(VectorPlaceCodec.INSTANCE, new Subspace(Tuple.from("p"))).packed().ids(Elements::toLong);
          if (indexed) {
            builder = builder.derived(new VectorDefinition("vector", "vector", VectorDataSets.DIMENSIONS, Metric.COSINE, List.of()));
          }
          EntityStore<VectorPlace> store = builder.build();
          AtomicInteger next = new AtomicInteger();
          AtomicInteger attempts = new AtomicInteger();
          EngineStats before = EmbeddedFdb.stats(db);
          ExecutorService pool = Executors.newFixedThreadPool(writers);
          long start = System.nanoTime();
          List<Future<?>> running = new ArrayList<>();
          for (int w = 0; w < writers; w++) {
            running.add(pool.submit(() -> {
              for (int from = next.getAndAdd(batch); from < rows.size(); from = next.getAndAdd(batch)) {
                List<VectorPlace> chunk = rows.subList(from, Math.min(rows.size(), from + batch));
                Function<Transaction, Void> save = tr -> {
                  attempts.incrementAndGet();
                  return store.saveAll(tr, chunk).join();
                };
                if (own) {
                  store.run(db, save);
                } else {
                  db.run(save);
                }
              }
            }));
          }
          for (Future<?> f : running) {
            f.get();
          }
          long nanos = System.nanoTime() - start;
          pool.shutdown();
          EngineStats cost = EmbeddedFdb.stats(db).since(before);
          String verified = indexed ? "; verifyIndexes: " + store.verifyIndexes(db, 1_000).problemCount() + " problems; "
              + OverFullPartitions.of(db, store, "vector") + "; " + MisplacedVectors.of(db, store, "vector") : "";
          System.out.printf("%d writers, batches of %d (%s transactions), %s: %.1f s; per insert %.2f keys read, %.2f keys written; per batch"
                  + " %.2f read versions (transactions begun), %.2f commits; %d conflicts (%.4f per insert); %d attempts for %d"
                  + " batches%s%n", writers, batch, own ? "own" : "callers'", indexed ? "vector index" : "no index", nanos / 1e9,
              (double) cost.keysRead() / size, (double) cost.keysWritten() / size,
              (double) cost.readVersionRoundTrips() / ((size + batch - 1) / batch),
              (double) cost.commitRoundTrips() / ((size + batch - 1) / batch), cost.conflicts(),
              (double) cost.conflicts() / size, attempts.get(), (size + batch - 1) / batch, verified);
        }
      }
    }
  }
}
