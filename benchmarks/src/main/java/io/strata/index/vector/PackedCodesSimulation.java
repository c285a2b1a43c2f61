package io.strata.index.vector;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.benchmarks.VectorDataSets;
import io.strata.benchmarks.VectorPlace;
import io.strata.benchmarks.VectorPlaceCodec;
import io.strata.embedded.EmbeddedFdb;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.stream.IntStream;

/**
 * A simulation, not a measurement of a built layout: what a search of the partitioned index would read if each
 * partition's codes were packed {@code B} to a key instead of one per key, at the smallest number of probed partitions
 * that reaches recall@10 0.95. It lives in the index's package to read the index with the index's own key layout and
 * code ({@link Partitions}), so that the scoring is the search's.
 *
 * <p>For each {@link VectorDataSets} set it saves the stored vectors into an ungrouped COSINE index (one writer,
 * {@code saveAll} in batches of 500, so no batch retries), reads back every centroid, code and full vector, then for
 * each hold-out query replays {@link VectorQueries}'s first round: partitions in order of their centroid's distance to
 * the query, the codes of the first {@code P} scored by their decoded vector, the {@code candidates} nearest codes
 * rescored exactly with their full vectors, the 10 nearest of those the answer. Recall does not depend on {@code B};
 * the keys do: {@code ceil(codes / B)} per probed partition, plus the rescored full vectors and the 10 rows, over the
 * stored vectors (an exact search reads one key per vector). Bytes: the codes' values and ids, one key per block
 * (the partition's prefix and a block number), the rescored full vectors' entries and 10 rows at a full vector's
 * mean entry size, over the bytes of every full vector's entry (what an exact search reads). {@code B} = 1 is
 * today's layout. Rows are printed at the probe rule's partitions ({@link VectorQueries#probes}) and at the fewest
 * partitions, the same for every query, whose mean recall@10 reaches 0.95.
 *
 * <p>Run: {@code java -Xmx5g -Dstrata.data.dir=../shared/data -cp benchmarks/target/benchmarks.jar
 * io.strata.index.vector.PackedCodesSimulation [size] [queries] [candidates] [B,...]} (defaults 100000, 100, 100,
 * 16,64,256; the table in benchmarks/README.md).
 */
public final class PackedCodesSimulation {
  static final String INDEX = "vector";
  static final double TARGET = 0.95;
  static final int K = VectorDataSets.K;
  /** A block number in a packed key: a tuple integer under 65,536 (a partition holds at most 129 codes). */
  static final int BLOCK_NUMBER_BYTES = 3;

  private PackedCodesSimulation() {}

  public static void main(String[] args) {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int queries = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int candidates = args.length > 2 ? Integer.parseInt(args[2]) : VectorQueries.DEFAULT_CANDIDATES;
    int[] blocks = Arrays.stream((args.length > 3 ? args[3] : "16,64,256").split(",")).mapToInt(Integer::parseInt).toArray();
    System.out.printf("SIMULATION: %,d stored vectors of %d dimensions per set, %,d hold-out queries, k=%d, %d candidates%n", size,
        VectorDataSets.DIMENSIONS, queries, K, candidates);
    System.out.println("| set | codes per key (B) | partitions probed | recall@10 | keys read, % of the vectors | bytes read, % of the full vectors |");
    for (VectorDataSets.DataSet set : List.of(VectorDataSets.places(size, queries), VectorDataSets.clustered(size, queries),
        VectorDataSets.uniform(size, queries))) {
      Stored index = load(set);
      Replay replay = new Replay(index, set, candidates);
      int rule = VectorQueries.probes(candidates, index.partitions.targetSize(), index.ids.length, false, 0);
      int needed = replay.smallestReaching(TARGET);
      for (int p : needed == rule ? new int[] {rule} : new int[] {rule, needed}) {
        for (int b : IntStream.concat(IntStream.of(1), Arrays.stream(blocks)).toArray()) {
          System.out.println(replay.row(set.name(), p, b));
        }
      }
    }
  }

  /** What the simulation reads back from a loaded index: centroids, codes by partition, full vectors and their sizes. */
  static final class Stored {
    final Partitions partitions;
    final long[] ids;
    final float[][] centroids;
    /** Per partition (in {@link #ids} order): the codes' ids, decoded vectors, and the bytes of their values and packed ids. */
    final List<long[]> codeIds = new ArrayList<>();
    final List<float[][]> codes = new ArrayList<>();
    final long[] codeBytes;
    /** The key prefix of a partition's codes, {@code (E, "N", name, "p", p)}: a packed block's key is it and a block number. */
    final int[] prefixBytes;
    final Map<Long, float[]> vectors = new HashMap<>();
    final Map<Long, Integer> vectorEntryBytes = new HashMap<>();
    long allVectorBytes;

    Stored(Partitions partitions, long[] ids, float[][] centroids) {
      this.partitions = partitions;
      this.ids = ids;
      this.centroids = centroids;
      this.codeBytes = new long[ids.length];
      this.prefixBytes = new int[ids.length];
    }
  }

  private static Stored load(VectorDataSets.DataSet set) {
    List<VectorPlace> rows = set.stored().stream().map(i -> new VectorPlace(i.id(), i.group(), i.vector())).toList();
    try (Database db = EmbeddedFdb.open()) {
      EntityStore<VectorPlace> store = EntityStore.builder(VectorPlaceCodec.INSTANCE, new Subspace(Tuple.from("sim"))).packed()
          .ids(Elements::toLong)
          .derived(new VectorDefinition(INDEX, "vector", VectorDataSets.DIMENSIONS, Metric.COSINE, List.of())).build();
      for (int from = 0; from < rows.size(); from += 500) {
        List<VectorPlace> batch = rows.subList(from, Math.min(rows.size(), from + 500));
        db.run(tr -> store.saveAll(tr, batch).join());
      }
      Partitions ps = store.indexes().derived(INDEX, VectorIndex.class, "@Embedding index").partitions();
      List<KeyValue> all = new ArrayList<>();
      byte[] from = ps.subspace.range().begin;
      byte[] end = ps.subspace.range().end;
      while (true) {
        byte[] begin = from;
        List<KeyValue> page = db.read(tr -> tr.getRange(begin, end, 10_000).asList().join());
        all.addAll(page);
        if (page.size() < 10_000) {
          break;
        }
        from = com.apple.foundationdb.tuple.ByteArrayUtil.join(page.get(page.size() - 1).getKey(), new byte[] {0});
      }
      return parse(ps, all);
    }
  }

  private static Stored parse(Partitions ps, List<KeyValue> all) {
    Map<Long, float[]> centroids = new java.util.TreeMap<>();
    Map<Long, List<KeyValue>> codes = new HashMap<>();
    for (KeyValue kv : all) {
      Tuple key = ps.subspace.unpack(kv.getKey());
      if (Partitions.CENTROID.equals(key.get(0))) {
        centroids.put(key.getLong(1), ps.floats(kv.getValue()));
      } else if (Partitions.CODE.equals(key.get(0))) {
        codes.computeIfAbsent(key.getLong(1), p -> new ArrayList<>()).add(kv);
      }
    }
    Stored s = new Stored(ps, centroids.keySet().stream().mapToLong(Long::longValue).toArray(), centroids.values().toArray(float[][]::new));
    for (int i = 0; i < s.ids.length; i++) {
      long p = s.ids[i];
      List<KeyValue> kvs = codes.getOrDefault(p, List.of());
      Subspace prefix = ps.codes(Tuple.from(), p);
      long[] ids = new long[kvs.size()];
      float[][] decoded = new float[kvs.size()][];
      for (int j = 0; j < kvs.size(); j++) {
        KeyValue kv = kvs.get(j);
        ids[j] = prefix.unpack(kv.getKey()).getLong(0);
        decoded[j] = Codes.decode(kv.getValue(), ps.dimensions);
        s.codeBytes[i] += kv.getValue().length + kv.getKey().length - prefix.pack().length;
      }
      s.prefixBytes[i] = prefix.pack().length;
      s.codeIds.add(ids);
      s.codes.add(decoded);
    }
    for (KeyValue kv : all) {
      Tuple key = ps.subspace.unpack(kv.getKey());
      if (Partitions.VECTOR.equals(key.get(0))) {
        long id = key.getLong(1);
        s.vectors.put(id, ps.floats(Partitions.vectorBytes(kv.getValue())));
        s.vectorEntryBytes.put(id, kv.getKey().length + kv.getValue().length);
        s.allVectorBytes += kv.getKey().length + kv.getValue().length;
      }
    }
    return s;
  }

  /** Each query's replayed search at every number of probed partitions: recall, codes, and the rescored entries' bytes. */
  static final class Replay {
    private final Stored s;
    private final int candidates;
    /** [query][probed partitions]: the recall@10, the rescored full vectors' bytes. */
    private final double[][] recall;
    private final long[][] rescoredBytes;
    /** [query]: partitions (positions in {@link Stored#ids}) nearest first by centroid. */
    private final int[][] order;

    Replay(Stored s, VectorDataSets.DataSet set, int candidates) {
      this.s = s;
      this.candidates = candidates;
      int n = set.queries().size();
      recall = new double[n][];
      rescoredBytes = new long[n][];
      order = new int[n][];
      IntStream.range(0, n).parallel().forEach(q -> replay(q, set.queries().get(q).vector(), set.exact()[q]));
    }

    private record Code(long id, double distance) {}

    private static final Comparator<Code> NEAREST = Comparator.comparingDouble(Code::distance).thenComparingLong(Code::id);

    private void replay(int q, float[] query, long[] truth) {
      Metric metric = Metric.COSINE;
      order[q] = IntStream.range(0, s.ids.length).boxed()
          .sorted(Comparator.comparingDouble((Integer i) -> metric.distance(query, s.centroids[i])).thenComparingLong(i -> s.ids[i]))
          .mapToInt(Integer::intValue).toArray();
      recall[q] = new double[s.ids.length + 1];
      rescoredBytes[q] = new long[s.ids.length + 1];
      PriorityQueue<Code> best = new PriorityQueue<>(candidates + 1, NEAREST.reversed());
      Map<Long, Double> exact = new HashMap<>();
      for (int p = 1; p <= s.ids.length; p++) {
        int i = order[q][p - 1];
        long[] ids = s.codeIds.get(i);
        float[][] codes = s.codes.get(i);
        for (int j = 0; j < ids.length; j++) {
          best.add(new Code(ids[j], metric.distance(query, codes[j])));
          if (best.size() > candidates) {
            best.poll();
          }
        }
        long bytes = 0;
        List<Code> rescored = new ArrayList<>(best.size());
        for (Code c : best) {
          rescored.add(new Code(c.id(), exact.computeIfAbsent(c.id(), id -> metric.distance(query, s.vectors.get(id)))));
          bytes += s.vectorEntryBytes.get(c.id());
        }
        rescored.sort(NEAREST);
        long found = rescored.stream().limit(K).filter(c -> Arrays.stream(truth).anyMatch(t -> t == c.id())).count();
        recall[q][p] = (double) found / truth.length;
        rescoredBytes[q][p] = bytes;
      }
    }

    /** The fewest partitions probed (the same number for every query, as the probe rule gives) whose mean recall reaches {@code target}. */
    int smallestReaching(double target) {
      for (int p = 1; p <= s.ids.length; p++) {
        if (meanRecall(p) >= target) {
          return p;
        }
      }
      return s.ids.length;
    }

    private double meanRecall(int p) {
      return Arrays.stream(recall).mapToDouble(r -> r[p]).average().orElse(0);
    }

    /** One table row: {@code p} partitions probed, codes packed {@code b} to a key. */
    String row(String set, int p, int b) {
      double keys = 0;
      double bytes = 0;
      double vectorEntry = (double) s.allVectorBytes / s.vectors.size();
      for (int q = 0; q < order.length; q++) {
        for (int j = 0; j < p; j++) {
          int i = order[q][j];
          int codes = s.codeIds.get(i).length;
          long keysHere = b == 1 ? codes : (codes + b - 1) / b;
          keys += keysHere;
          // B = 1: each key is the prefix and an id (the ids are in codeBytes); B > 1: the prefix and a block number
          bytes += s.codeBytes[i] + keysHere * (s.prefixBytes[i] + (b == 1 ? 0L : BLOCK_NUMBER_BYTES));
        }
        keys += Math.min(candidates, codesIn(q, p)) + K;
        bytes += rescoredBytes[q][p] + K * vectorEntry;
      }
      int n = order.length;
      return String.format("| %s | %d | %d of %d (%.1f%%) | %.3f | %.2f | %.2f |", set, b, p, s.ids.length, 100.0 * p / s.ids.length,
          meanRecall(p), 100.0 * keys / n / s.vectors.size(), 100.0 * bytes / n / s.allVectorBytes);
    }

    private long codesIn(int q, int p) {
      long n = 0;
      for (int j = 0; j < p; j++) {
        n += s.codeIds.get(order[q][j]).length;
      }
      return n;
    }
  }
}
