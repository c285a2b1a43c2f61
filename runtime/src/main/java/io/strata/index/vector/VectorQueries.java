package io.strata.index.vector;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Scored;
import io.strata.repository.EntityStore;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * k-nearest-neighbour queries of {@code @Embedding} indexes: an approximate search of the index's partitions
 * ({@link VectorIndex}). A query reads the group's partition token (and its centroids, unless cached with that
 * token; when cached, in the same round trip as the codes they choose), then in one parallel read the codes of the
 * nearest partitions (how many: {@code probes}), ranks them by their
 * approximate distance, reads the full vectors of the {@code candidates} best in one parallel read and ranks those
 * exactly, then reads their rows nearest first, keeping those {@code residual} accepts. While fewer than {@code k}
 * pass it goes on: rows in doubling batches, then the next codes (twice as many as the last time), then
 * twice as many more partitions, for at most {@link #MAX_ROUNDS} rounds of reads; a residual that rejects nearly every row may so return
 * fewer than {@code k}. Results are nearest first by exact distance, ties in id order.
 */
public final class VectorQueries<T> {
  /**
   * How many vectors a search rescores exactly with their full vectors when the caller does not say; the partitions
   * it reads follow from it ({@code probes}). More finds the true nearest more often and reads more. A call's
   * {@code candidates} below {@code k} counts as {@code k}.
   */
  public static final int DEFAULT_CANDIDATES = 100;

  private final EntityStore<T> store;

  public VectorQueries(EntityStore<T> store) {
    this.store = store;
  }

  private CompletableFuture<VectorIndex> ready(ReadTransaction tr, String name) {
    VectorIndex index = store.indexes().derived(name, VectorIndex.class, "@Embedding index");
    return store.states().requireReady(tr, VectorIndex.KIND, name).thenApply(v -> index);
  }

  /** The {@code k} entities of {@code group} nearest to {@code query}, with {@link #DEFAULT_CANDIDATES}, no residual condition. */
  public CompletableFuture<List<Scored<T>>> nearest(ReadTransaction tr, String name, List<Object> group, float[] query, int k) {
    return nearest(tr, name, group, query, k, DEFAULT_CANDIDATES, e -> true);
  }

  /**
   * The {@code k} entities of {@code group} (its values, in the index's {@code groupBy} order; empty for an
   * ungrouped index) nearest to {@code query} that {@code residual} accepts, nearest first, with their distances.
   * Fewer when the group has fewer. {@code candidates} is the search-quality knob: how many vectors to rescore exactly (see {@link #DEFAULT_CANDIDATES}).
   *
   * @throws IllegalArgumentException when {@code query} has another length than the index's dimensions or a NaN or
   *     infinite component, or the group has another number of values than the index's {@code groupBy}
   * @throws NullPointerException when {@code group} or {@code residual} is null, naming which and what to pass
   */
  public CompletableFuture<List<Scored<T>>> nearest(ReadTransaction tr, String name, List<Object> group, float[] query, int k,
      int candidates, Predicate<? super T> residual) {
    java.util.Objects.requireNonNull(group, () -> "group: pass List.of() for an ungrouped index, else one value per"
        + " groupBy field");
    java.util.Objects.requireNonNull(residual, () -> "residual: pass e -> true to check nothing on the candidates");
    if (k <= 0) {
      throw new IllegalArgumentException(store.layout().entityName() + " vector index '" + name + "': a search for the "
          + k + " nearest; ask for k of at least 1 (how many of the nearest entities to return)");
    }
    return ready(tr, name).thenCompose(index -> {
      VectorDefinition d = index.definition();
      if (query == null || query.length != d.dimensions()) {
        throw new IllegalArgumentException(store.layout().entityName() + " vector index '" + name + "' has " + d.dimensions()
            + " dimensions but the query vector has " + (query == null ? "none (null)" : query.length) + "; pass a float[" + d.dimensions() + "]");
      }
      String notFinite = Vectors.notFinite(FloatBuffer.wrap(query));
      if (notFinite != null) {
        throw new IllegalArgumentException(store.layout().entityName() + " vector index '" + name + "': the query vector has "
            + notFinite + ", which has no distance to any vector; pass finite components");
      }
      if (group.size() != d.groupBy().size()) {
        throw new IllegalArgumentException(store.layout().entityName() + " vector index '" + name + "' is grouped by " + d.groupBy()
            + " but the query gives " + group.size() + " group values " + group + "; pass one value per group field, in that order");
      }
      return new Search(tr, index, Tuple.fromList(group), query, k, Math.max(k, candidates), residual).run();
    });
  }

  /**
   * How many partitions a search reads first, of the group's {@code partitions}: enough that their codes (a partition
   * holds {@code targetSize} to twice that) number about twice the candidates, or, in a {@code grouped} index, up to
   * {@link #GROUP_CODES} times the candidates as long as that is no more than one in {@link #GROUP_SHARE} of the
   * index's {@code indexRows} (so that more candidates always read more); at least one in {@link #PROBED_SHARE} of the
   * partitions (the nearest vectors of a query lie in more partitions than its candidates fill, the more so the more
   * evenly the vectors spread); and at least two. {@code indexRows} counts only for a grouped index.
   */
  static int probes(int candidates, int targetSize, int partitions, boolean grouped, long indexRows) {
    long codes = 2L * candidates;
    if (grouped) {
      codes = Math.max(codes, Math.min((long) GROUP_CODES * candidates, indexRows / GROUP_SHARE));
    }
    long byCandidates = (codes + targetSize - 1) / targetSize;
    int byShare = (partitions + PROBED_SHARE - 1) / PROBED_SHARE;
    return (int) Math.max(2, Math.max(byCandidates, byShare));
  }

  /**
   * A search first reads at least one partition in this many of its group: about 2% of the group's codes (more when
   * the nearest partitions are fuller than most), so that with the candidates' full vectors and the rows a search
   * stays under 5% of the vectors' keys and bytes (the partitions a residual's widening adds aside). One in 40 read
   * more than 5% of the keys in {@code VectorContract}'s 12,000-vector test; one in 48 reaches recall@10 0.95 on
   * the places and clustered sets of {@code VectorMeasurement} (benchmarks/README.md).
   */
  static final int PROBED_SHARE = 48;

  /**
   * How many codes per candidate a search of one group of a grouped index scores at least (read whole when the group
   * has fewer), within {@link #GROUP_SHARE}: a group holds few partitions, so the share above adds none, and its 10
   * nearest lie in more partitions than twice the candidates' codes fill (recall@10 0.754 on the places set grouped
   * by country). 16 per candidate, 1,600 codes at the default candidates, reach 0.979 on places and 0.998 on
   * clustered reading at most 2.7% of 100,000 vectors ({@code VectorMeasurement}, benchmarks/README.md).
   */
  static final int GROUP_CODES = 16;

  /**
   * A search of one group of a grouped index plans at most one code in this many of the index's rows (the entity's
   * count, read at snapshot beside the group's token; a row has at most one vector): the 5% budget of a grouped
   * search counts against the whole index, and {@link #GROUP_CODES} alone read the same 1,600 to 2,500 keys however
   * small the index (5.7% of 20,000 vectors). Partitions hold up to twice the {@code targetSize} the probes are
   * counted in, so a search may read more codes than planned. With 48, at 20,000 vectors, recall@10 in the group is
   * 0.95 to 0.96 on places and 0.98 to 0.99 on clustered reading 3.2% to 3.9% of the index's vectors on average
   * (the largest query 4.8%); 40 read 5.4% in one uniform query. Under about 20,000 vectors the candidates' full
   * vectors and the rows alone near 5% (benchmarks/README.md). Above 76,800 rows {@link #GROUP_CODES} is the smaller.
   */
  static final int GROUP_SHARE = 48;

  /** Most rounds of reads after the centroids (codes, full vectors or rows) one search makes. */
  static final int MAX_ROUNDS = 14;

  /** An entry's id and its distance to the query (approximate for a code, exact for a full vector). */
  private record Candidate(Object id, double distance) {}

  /** A result of a search and its entity's id, which orders ties. */
  private record Found<E>(Object id, Scored<E> scored) {}

  private static final Comparator<Candidate> NEAREST = Comparator.comparingDouble(Candidate::distance)
      .thenComparing(c -> Tuple.from(c.id()));

  /** One query's state. */
  private final class Search {
    private final ReadTransaction tr;
    private final Partitions ps;
    private final Metric metric;
    private final Tuple g;
    private final float[] query;
    private final int k;
    private final int candidates;
    private final Predicate<? super T> residual;
    private long[] order = new long[0];
    private int probed;
    private int toProbe;
    private int rounds;
    private int rowBatch;
    private int rescoreBatch;
    private final List<Candidate> codes = new ArrayList<>();
    private final List<Candidate> exact = new ArrayList<>();
    private int checked;
    private final List<Found<T>> out = new ArrayList<>();

    Search(ReadTransaction tr, VectorIndex index, Tuple g, float[] query, int k, int candidates, Predicate<? super T> residual) {
      this.tr = tr;
      this.ps = index.partitions();
      this.metric = index.definition().metric();
      this.g = g;
      this.query = query;
      this.k = k;
      this.candidates = candidates;
      this.residual = residual;
      this.rowBatch = k;
      this.rescoreBatch = candidates;
    }

    /**
     * Reads the token and, when centroids of the group are cached (from this transaction's database), the codes of the
     * partitions nearest by those centroids at the same time; the codes stand when the token is the cached one, else
     * they are dropped and read again by the current centroids. A search of a grouped index also reads the entity's row
     * count (at snapshot, with the token), which bounds its codes; codes read before it arrives go by the count the
     * store's last search of the same database read.
     */
    CompletableFuture<List<Scored<T>>> run() {
      boolean grouped = g.size() > 0;
      CentroidCache cache = ps.cache(tr);
      long seen = cache.indexRows();
      CompletableFuture<Long> rows = !grouped ? CompletableFuture.completedFuture(0L)
          : store.count(tr.snapshot()).thenApply(n -> {
            cache.indexRows(n);
            return n;
          });
      Partitions.Centroids own = ps.own(tr, g);
      if (own != null) { // this transaction changed the centroids: its token is unreadable to it until commit
        return rows.thenCompose(n -> {
          order(own, n);
          return step();
        });
      }
      Partitions.Centroids cached = cache.newest(g);
      CompletableFuture<byte[]> token = tr.snapshot().get(ps.token(g));
      boolean speculate = cached != null && (!grouped || seen >= 0);
      CompletableFuture<Void> speculation = CompletableFuture.completedFuture(null);
      if (speculate) {
        order(cached, seen);
        speculation = probe();
      }
      return speculation.thenCombine(token, (v, t) -> t).thenCombine(rows, (t, n) -> {
        if (cached != null && java.util.Arrays.equals(cached.token(), t)) {
          if (!speculate) {
            order(cached, n);
          }
          return step();
        }
        return ps.centroids(tr, g, t).thenCompose(cs -> {
          codes.clear();
          probed = 0;
          order(cs, n);
          return step();
        });
      }).thenCompose(f -> f);
    }

    /**
     * Orders the partitions by the distance of their centroids to the query, and sets how many the first probe reads
     * ({@code indexRows}: the entity's row count, which bounds a grouped index's probes).
     */
    private void order(Partitions.Centroids cs, long indexRows) {
      toProbe = probes(candidates, ps.targetSize(), cs.ids().length, g.size() > 0, indexRows);
      List<Candidate> byCentroid = new ArrayList<>(cs.ids().length);
      for (int i = 0; i < cs.ids().length; i++) {
        byCentroid.add(new Candidate(cs.ids()[i], metric.distance(query, cs.vectors()[i])));
      }
      byCentroid.sort(NEAREST);
      order = byCentroid.stream().mapToLong(c -> (Long) c.id()).toArray();
    }

    /** The next round of reads, or the results when {@code k} passed or nothing is left to read. */
    private CompletableFuture<List<Scored<T>>> step() {
      if (out.size() >= k || rounds >= MAX_ROUNDS) {
        return CompletableFuture.completedFuture(results());
      }
      rounds++;
      if (checked < exact.size()) {
        return rows().thenCompose(v -> step());
      }
      if (!codes.isEmpty()) {
        return rescore().thenCompose(v -> step());
      }
      if (probed < order.length) {
        return probe().thenCompose(v -> step());
      }
      return CompletableFuture.completedFuture(results());
    }

    /** The results, nearest first, ties in id order (the rounds that found them may have found them in another). */
    private List<Scored<T>> results() {
      out.sort(Comparator.comparingDouble((Found<T> f) -> f.scored().distance()).thenComparing(f -> Tuple.from(f.id())));
      return out.stream().limit(k).map(Found::scored).collect(java.util.stream.Collectors.toCollection(ArrayList::new));
    }

    /** Reads the codes of the next {@code toProbe} partitions in parallel; the next probe reads twice as many. */
    private CompletableFuture<Void> probe() {
      List<Long> ps0 = new ArrayList<>();
      for (int i = probed; i < Math.min(order.length, probed + toProbe); i++) {
        ps0.add(order[i]);
      }
      probed += ps0.size();
      toProbe *= 2;
      List<CompletableFuture<List<KeyValue>>> reads = new ArrayList<>(ps0.size());
      ps0.forEach(p -> reads.add(tr.getRange(ps.codes(g, p).range()).asList()));
      return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenAccept(v -> {
        for (int i = 0; i < ps0.size(); i++) {
          Subspace s = ps.codes(g, ps0.get(i));
          for (KeyValue kv : reads.get(i).join()) {
            try {
              Tuple key = s.unpack(kv.getKey());
              if (key.size() != 1) {
                throw new IllegalArgumentException("expected (id), found " + key);
              }
              codes.add(new Candidate(key.get(0), metric.distance(query, Codes.decode(kv.getValue(), ps.dimensions))));
            } catch (RuntimeException e) {
              throw ps.corrupt(kv.getKey(), "is not (\"p\", partition, id) = code: " + e.getMessage(), e);
            }
          }
        }
        codes.sort(NEAREST);
      });
    }

    /**
     * Reads the full vectors of the nearest codes in parallel and ranks them exactly: {@code candidates} of them, the
     * next time twice as many.
     */
    private CompletableFuture<Void> rescore() {
      List<Candidate> batch = new ArrayList<>(codes.subList(0, Math.min(codes.size(), rescoreBatch)));
      rescoreBatch *= 2;
      codes.subList(0, batch.size()).clear();
      List<CompletableFuture<byte[]>> reads = new ArrayList<>(batch.size());
      batch.forEach(c -> reads.add(tr.get(ps.vector(g, c.id()))));
      return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenAccept(v -> {
        List<Candidate> ranked = new ArrayList<>(exact.subList(checked, exact.size()));
        for (int i = 0; i < batch.size(); i++) {
          byte[] located = reads.get(i).join();
          float[] vector;
          try {
            if (located == null) {
              throw new IllegalArgumentException("it is missing, but its code is in a partition");
            }
            vector = ps.floats(Partitions.vectorBytes(located));
          } catch (RuntimeException e) {
            throw ps.corrupt(ps.vector(g, batch.get(i).id()), "is not (\"v\", id) = partition, vector: " + e.getMessage(), e);
          }
          ranked.add(new Candidate(batch.get(i).id(), metric.distance(query, vector)));
        }
        ranked.sort(NEAREST);
        exact.subList(checked, exact.size()).clear();
        exact.addAll(ranked);
      });
    }

    /** Reads the rows of the next unchecked exact candidates in parallel, nearest first; the next batch is twice as large. */
    private CompletableFuture<Void> rows() {
      List<Candidate> batch = exact.subList(checked, Math.min(exact.size(), checked + rowBatch));
      checked += batch.size();
      rowBatch *= 2;
      List<CompletableFuture<Optional<T>>> loads = new ArrayList<>(batch.size());
      batch.forEach(c -> loads.add(store.load(tr, c.id())));
      return CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new)).thenAccept(v -> {
        for (int i = 0; i < batch.size() && out.size() < k; i++) {
          Optional<T> e = loads.get(i).join();
          if (e.isPresent() && residual.test(e.get())) {
            out.add(new Found<>(batch.get(i).id(), new Scored<>(e.get(), batch.get(i).distance())));
          }
        }
      });
    }
  }
}
