package io.strata.index.vector;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.repository.EntityStore;
import java.util.List;

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
    VectorIndex index = OverFullPartitions.ungrouped(store, name);
    Partitions ps = index.partitions();
    Subspace full = ps.subspace.get(Tuple.from(Partitions.VECTOR));
    return db.read(tr -> {
      Partitions.Centroids committed = ps.centroids(tr, Tuple.from()).join();
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
