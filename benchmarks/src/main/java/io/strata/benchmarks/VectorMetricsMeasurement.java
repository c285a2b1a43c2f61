package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Scored;
import io.strata.embedded.EmbeddedFdb;
import io.strata.index.vector.Metric;
import io.strata.index.vector.VectorDefinition;
import io.strata.index.vector.VectorQueries;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Recall@10 of an ungrouped {@code @Embedding} index under each metric, at the default candidates, loaded by one writer
 * in batches of 500 (each committed by the store, so no batch retries and the partitions come out the same every run):
 * the {@link VectorDataSets#places} set (normalized, so every metric ranks as the cosine does and the exact answers
 * hold for each), and a mixture of {@code 50} Gaussian clusters whose vectors' lengths vary (not normalized), under
 * {@code DOT_PRODUCT} and {@code EUCLIDEAN}, its exact answers by brute force under the metric. Run:
 * {@code java -Xmx6g -Dstrata.data.dir=../shared/data -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.VectorMetricsMeasurement [size] [queries]}
 * (defaults 20000, 50).
 */
public final class VectorMetricsMeasurement {
  private static final int K = VectorDataSets.K;

  private VectorMetricsMeasurement() {}

  public static void main(String[] args) {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    int queries = args.length > 1 ? Integer.parseInt(args[1]) : 50;
    VectorDataSets.DataSet places = VectorDataSets.places(size, queries);
    List<float[]> placeQueries = places.queries().stream().map(VectorDataSets.Item::vector).toList();
    for (Metric metric : Metric.values()) {
      System.out.printf("| places (normalized) | %s | %.3f |%n", metric,
          recall(metric, rows(places.stored()), placeQueries, (q, i) -> places.exact()[i]));
    }
    Random random = new Random(7);
    float[][] centres = new float[50][VectorDataSets.DIMENSIONS];
    for (float[] c : centres) {
      double scale = 0.5 + 2 * random.nextDouble();
      for (int j = 0; j < c.length; j++) {
        c[j] = (float) (random.nextGaussian() * scale);
      }
    }
    List<VectorPlace> mixture = new ArrayList<>();
    for (int i = 1; i <= size; i++) {
      mixture.add(new VectorPlace(i, "g", around(random, centres[random.nextInt(centres.length)], 0.5 + random.nextDouble())));
    }
    List<float[]> mixtureQueries = new ArrayList<>();
    for (int i = 0; i < queries; i++) {
      mixtureQueries.add(around(random, centres[random.nextInt(centres.length)], 1));
    }
    for (Metric metric : List.of(Metric.DOT_PRODUCT, Metric.EUCLIDEAN)) {
      System.out.printf("| clusters of varying lengths | %s | %.3f |%n", metric, recall(metric, mixture, mixtureQueries,
          (q, i) -> mixture.stream().sorted(Comparator.comparingDouble((VectorPlace p) -> metric.distance(q, p.vector())))
              .limit(K).mapToLong(VectorPlace::id).toArray()));
    }
  }

  /** A point of the cluster at {@code centre}, noise 0.5 per component, scaled by {@code length}. */
  private static float[] around(Random random, float[] centre, double length) {
    float[] v = new float[centre.length];
    for (int j = 0; j < v.length; j++) {
      v[j] = (float) ((centre[j] + random.nextGaussian() * 0.5) * length);
    }
    return v;
  }

  private static List<VectorPlace> rows(List<VectorDataSets.Item> items) {
    return items.stream().map(i -> new VectorPlace(i.id(), i.group(), i.vector())).toList();
  }

  /** The exact answer of query {@code i}, {@code q}. */
  private interface Exact {
    long[] of(float[] q, int i);
  }

  private static double recall(Metric metric, List<VectorPlace> rows, List<float[]> queries, Exact exact) {
    try (Database db = EmbeddedFdb.open()) {
      EntityStore<VectorPlace> store = EntityStore.builder(VectorPlaceCodec.INSTANCE, new Subspace(Tuple.from("metric")))
          .packed().ids(Elements::toLong)
          .derived(new VectorDefinition("vector", "vector", VectorDataSets.DIMENSIONS, metric, List.of())).build();
      for (int from = 0; from < rows.size(); from += 500) {
        List<VectorPlace> batch = rows.subList(from, Math.min(rows.size(), from + 500));
        store.run(db, tr -> store.saveAll(tr, batch).join());
      }
      VectorQueries<VectorPlace> search = new VectorQueries<>(store);
      long found = 0;
      for (int i = 0; i < queries.size(); i++) {
        float[] q = queries.get(i);
        Set<Long> answer = new HashSet<>();
        for (long id : exact.of(q, i)) {
          answer.add(id);
        }
        found += db.read(tr -> search.nearest(tr, "vector", List.of(), q, K).join()).stream()
            .map(Scored::entity).filter(p -> answer.contains(p.id())).count();
      }
      return found / (double) (K * queries.size());
    }
  }
}
