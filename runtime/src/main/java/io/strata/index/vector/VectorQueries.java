package io.strata.index.vector;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Scored;
import io.strata.repository.EntityStore;
import io.strata.row.Paging;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * k-nearest-neighbour queries of {@code @Embedding} indexes. Today an exact search: it reads the group's entries
 * {@code (E,"N",name,groups...,id)}, ranks them by exact distance to the query, then reads the rows nearest first,
 * a batch of {@code k} in parallel at a time, keeping those {@code residual} accepts until {@code k} pass or the
 * group is exhausted. Results are nearest first, ties in id order. The {@code candidates} knob (see
 * {@link #DEFAULT_CANDIDATES}) bounds the approximate search that will replace the exact one; an exact search
 * explores every vector whatever it says.
 */
public final class VectorQueries<T> {
  /**
   * How many candidates a search explores when the caller does not say: more finds the true nearest more often and
   * reads more. A call's {@code candidates} below {@code k} counts as {@code k}.
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
   * Fewer when the group has fewer. {@code candidates} is the search-quality knob: how many candidates to explore.
   *
   * @throws IllegalArgumentException when {@code query} has another length than the index's dimensions, or the
   *     group has another number of values than the index's {@code groupBy}
   */
  public CompletableFuture<List<Scored<T>>> nearest(ReadTransaction tr, String name, List<Object> group, float[] query, int k,
      int candidates, Predicate<? super T> residual) {
    Paging.checkLimit(k);
    return ready(tr, name).thenCompose(index -> {
      VectorDefinition d = index.definition();
      if (query == null || query.length != d.dimensions()) {
        throw new IllegalArgumentException(store.layout().entityName() + " vector index '" + name + "' has " + d.dimensions()
            + " dimensions but the query vector has " + (query == null ? "none (null)" : query.length) + "; pass a float[" + d.dimensions() + "]");
      }
      if (group.size() != d.groupBy().size()) {
        throw new IllegalArgumentException(store.layout().entityName() + " vector index '" + name + "' is grouped by " + d.groupBy()
            + " but the query gives " + group.size() + " group values " + group + "; pass one value per group field, in that order");
      }
      Subspace g = index.group(Tuple.fromList(group));
      return tr.getRange(g.range()).asList().thenCompose(kvs -> {
        List<Candidate> ranked = new ArrayList<>(kvs.size());
        for (KeyValue kv : kvs) {
          ranked.add(candidate(index, g, kv, query));
        }
        ranked.sort(Comparator.comparingDouble(Candidate::distance));
        return accept(tr, ranked, 0, k, residual, new ArrayList<>());
      });
    });
  }

  /** An entry's id and its exact distance to the query. */
  private record Candidate(Object id, double distance) {}

  private Candidate candidate(VectorIndex index, Subspace group, KeyValue kv, float[] query) {
    Tuple key;
    float[] vector;
    try {
      key = group.unpack(kv.getKey());
      vector = Vectors.floats(kv.getValue());
      if (key.size() != 1 || vector.length != query.length) {
        throw new IllegalArgumentException("expected (id) = " + query.length + " floats, found " + key + " = " + vector.length + " floats");
      }
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(store.layout(), "vector index '" + index.name() + "'", kv.getKey(), "is not (id) = vector: " + e.getMessage(), e);
    }
    return new Candidate(key.get(0), index.definition().metric().distance(query, vector));
  }

  /** Reads the rows of {@code ranked} from {@code from}, {@code k} at a time in parallel, until {@code k} pass. */
  private CompletableFuture<List<Scored<T>>> accept(ReadTransaction tr, List<Candidate> ranked, int from, int k,
      Predicate<? super T> residual, List<Scored<T>> out) {
    if (out.size() >= k || from >= ranked.size()) {
      return CompletableFuture.completedFuture(out);
    }
    List<Candidate> batch = ranked.subList(from, Math.min(ranked.size(), from + k));
    List<CompletableFuture<Optional<T>>> loads = new ArrayList<>(batch.size());
    batch.forEach(c -> loads.add(store.load(tr, c.id())));
    return CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new)).thenCompose(v -> {
      for (int i = 0; i < batch.size() && out.size() < k; i++) {
        Optional<T> e = loads.get(i).join();
        if (e.isPresent() && residual.test(e.get())) {
          out.add(new Scored<>(e.get(), batch.get(i).distance()));
        }
      }
      return accept(tr, ranked, from + batch.size(), k, residual, out);
    });
  }
}
