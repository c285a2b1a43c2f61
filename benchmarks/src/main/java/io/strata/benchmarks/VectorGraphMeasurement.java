package io.strata.benchmarks;

import com.github.jelmerk.knn.DistanceFunction;
import com.github.jelmerk.knn.Item;
import com.github.jelmerk.knn.SearchResult;
import com.github.jelmerk.knn.hnsw.HnswIndex;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The yardstick for the partitioned vector index: a standard HNSW graph (the structure of the Record Layer's vector
 * index; here the pure-Java {@code hnswlib-core}, held in memory) built over the same {@link VectorDataSets} sets and
 * asked the same hold-out queries. For each search breadth {@code ef} it prints recall@10 against the exact answers and
 * how many vectors one search scores (distance computations; a graph search scores each node it reaches once), as a
 * percentage of the vectors stored, the mean and the largest query. A stored graph must read at least each scored
 * vector's code, so the share is a floor on what such an index reads per query, whatever its key layout: the
 * figure to set beside the partitioned index's "% of the vectors" read (benchmarks/README.md). It counts no reads of
 * neighbour lists and no sequential round trips (a graph search chooses each next node from what it read last). First,
 * per set, its relative contrast (see {@link #relativeContrast}): how far the data lets any index tell the neighbours
 * apart. Run:
 * {@code java -Xmx8g -Dstrata.data.dir=../shared/data -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.VectorGraphMeasurement [size] [queries] [M] [efConstruction] [ef,...] [set,...]}
 * (defaults 100000, 100, 16, 200, 10,20,40,80,160,320,640,1280, places,clustered,uniform; {@code M} = 16 neighbours a
 * node, 32 on the bottom layer, and {@code efConstruction} = 200 are the Record Layer's defaults).
 */
public final class VectorGraphMeasurement {
  private VectorGraphMeasurement() {}

  /** A stored vector as the graph holds it. */
  private record Node(Long id, float[] vector) implements Item<Long, float[]> {
    @Override
    public int dimensions() {
      return vector.length;
    }
  }

  /** Cosine distance of unit vectors (the data sets' vectors are normalized), counting the calls while asked to. */
  private static final class CountedCosine implements DistanceFunction<float[], Float> {
    private static final long serialVersionUID = 1L;
    private final AtomicLong calls = new AtomicLong();
    private volatile boolean counting;

    @Override
    public Float distance(float[] a, float[] b) {
      if (counting) {
        calls.incrementAndGet();
      }
      double dot = 0;
      for (int i = 0; i < a.length; i++) {
        dot += a[i] * b[i];
      }
      return (float) (1 - dot);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int queries = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int m = args.length > 2 ? Integer.parseInt(args[2]) : 16;
    int efConstruction = args.length > 3 ? Integer.parseInt(args[3]) : 200;
    int[] efs = Arrays.stream((args.length > 4 ? args[4] : "10,20,40,80,160,320,640,1280").split(","))
        .mapToInt(Integer::parseInt).toArray();
    List<String> sets = List.of((args.length > 5 ? args[5] : "places,clustered,uniform").split(","));
    System.out.printf("HNSW, M=%d, efConstruction=%d; %,d stored vectors of %d dimensions per set, %,d hold-out queries,"
        + " k=%d%n", m, efConstruction, size, VectorDataSets.DIMENSIONS, queries, VectorDataSets.K);
    System.out.println("| set | ef | recall@10 | vectors scored, % of the vectors (largest query) |");
    for (String name : sets) {
      VectorDataSets.DataSet set = switch (name) {
        case "places" -> VectorDataSets.places(size, queries);
        case "clustered" -> VectorDataSets.clustered(size, queries);
        case "uniform" -> VectorDataSets.uniform(size, queries);
        default -> throw new IllegalArgumentException("unknown data set " + name + ": use places, clustered or uniform");
      };
      measure(set, m, efConstruction, efs);
    }
  }

  private static void measure(VectorDataSets.DataSet set, int m, int efConstruction, int[] efs)
      throws InterruptedException {
    CountedCosine cosine = new CountedCosine();
    HnswIndex<Long, float[], Node, Float> graph = HnswIndex.newBuilder(VectorDataSets.DIMENSIONS, cosine,
        set.stored().size()).withM(m).withEfConstruction(efConstruction).build();
    graph.addAll(set.stored().stream().map(i -> new Node(i.id(), i.vector())).toList(),
        Runtime.getRuntime().availableProcessors(), (done, max) -> { }, Integer.MAX_VALUE);
    int stored = set.stored().size();
    System.out.printf("| %s | relative contrast %.3f |%n", set.name(), relativeContrast(set));
    for (int ef : efs) {
      graph.setEf(ef);
      long found = 0;
      long scored = 0;
      long largest = 0;
      for (int q = 0; q < set.queries().size(); q++) {
        cosine.calls.set(0);
        cosine.counting = true;
        List<SearchResult<Node, Float>> nearest = graph.findNearest(set.queries().get(q).vector(), VectorDataSets.K);
        cosine.counting = false;
        long calls = cosine.calls.get();
        scored += calls;
        largest = Math.max(largest, calls);
        Set<Long> exact = new HashSet<>();
        Arrays.stream(set.exact()[q]).forEach(exact::add);
        found += nearest.stream().filter(r -> exact.contains(r.item().id())).count();
      }
      int asked = set.queries().size();
      System.out.printf("| %s | %d | %.3f | %.2f (%.2f) |%n", set.name(), ef, found / (double) (VectorDataSets.K * asked),
          100.0 * scored / asked / stored, 100.0 * largest / stored);
    }
  }

  /**
   * How much nearer a query's k-th nearest vector is than the vectors at large: per query, the mean cosine distance to
   * every stored vector over the distance to its k-th nearest (its exact answer's last), averaged over the queries. The
   * nearer this is to 1, the less any index can tell the neighbours from the rest without scoring most vectors (the
   * "relative contrast" of He, Kumar and Chang, "On the difficulty of nearest neighbor search", ICML 2012).
   */
  private static double relativeContrast(VectorDataSets.DataSet set) {
    CountedCosine cosine = new CountedCosine();
    double sum = 0;
    for (int q = 0; q < set.queries().size(); q++) {
      float[] query = set.queries().get(q).vector();
      long kth = set.exact()[q][VectorDataSets.K - 1];
      double mean = 0;
      double nearest = 0;
      for (VectorDataSets.Item item : set.stored()) {
        double d = cosine.distance(query, item.vector());
        mean += d;
        if (item.id() == kth) {
          nearest = d;
        }
      }
      sum += mean / set.stored().size() / nearest;
    }
    return sum / set.queries().size();
  }
}
