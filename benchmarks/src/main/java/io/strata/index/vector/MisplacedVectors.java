package io.strata.index.vector;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.repository.EntityStore;
import java.util.List;
import java.util.TreeMap;

/**
 * The measurements' count of an ungrouped {@code @Embedding} index's vectors that lie in another partition than the
 * one nearest to them by the committed centroids (a partition a split moved away from them, or a part it created
 * nearer), read in one read transaction.
 *
 * @param vectors the index's full vectors
 * @param outside those whose partition is not the nearest
 */
public record MisplacedVectors(long vectors, long outside) {
  /** The count of {@code store}'s ungrouped index {@code name}. */
  public static MisplacedVectors of(Database db, EntityStore<?> store, String name) {
    VectorIndex index = store.indexes().derived(name, VectorIndex.class, "@Embedding index");
    if (!index.definition().groupBy().isEmpty()) {
      throw new IllegalArgumentException("counts an ungrouped index only; '" + name + "' is grouped");
    }
    Partitions ps = index.partitions();
    Subspace centroids = ps.subspace.get(Tuple.from(Partitions.CENTROID));
    Subspace full = ps.subspace.get(Tuple.from(Partitions.VECTOR));
    return db.read(tr -> {
      TreeMap<Long, float[]> byId = new TreeMap<>();
      for (KeyValue kv : tr.getRange(centroids.range()).asList().join()) {
        byId.put(centroids.unpack(kv.getKey()).getLong(0), ps.floats(kv.getValue()));
      }
      Partitions.Centroids committed = Partitions.Centroids.NONE.with(null, false, byId);
      List<KeyValue> vectors = tr.getRange(full.range()).asList().join();
      long outside = vectors.stream().filter(kv -> committed.ids()[committed.nearest(index.definition().metric(),
          ps.floats(Partitions.vectorBytes(kv.getValue())))] != Partitions.partition(kv.getValue())).count();
      return new MisplacedVectors(vectors.size(), outside);
    });
  }

  @Override
  public String toString() {
    return String.format("%d of %d vectors outside their nearest partition (%.2f%%)", outside, vectors, 100.0 * outside / vectors);
  }
}
