package io.strata.index.vector;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.repository.EntityStore;
import java.util.List;

/**
 * The measurements' count of an ungrouped {@code @Embedding} index's partitions over their maximum
 * ({@link Partitions#maxSize}), read from the partitions' sizes in one read transaction.
 *
 * @param partitions the partitions that hold a vector
 * @param over the partitions holding more than the maximum
 * @param vectors the vectors in those
 * @param beyond how many vectors those hold beyond the maximum, summed
 * @param max the maximum
 */
public record OverFullPartitions(int partitions, int over, long vectors, long beyond, int max) {
  /** The count of {@code store}'s ungrouped index {@code name}. */
  public static OverFullPartitions of(Database db, EntityStore<?> store, String name) {
    VectorIndex index = ungrouped(store, name);
    Subspace sizes = index.partitions().subspace.get(Tuple.from(Partitions.SIZE));
    int max = index.partitions().maxSize;
    List<KeyValue> kvs = db.read(tr -> tr.getRange(sizes.range()).asList().join());
    int partitions = 0;
    int over = 0;
    long vectors = 0;
    long beyond = 0;
    for (KeyValue kv : kvs) {
      long n = Partitions.little(kv.getValue());
      partitions += n > 0 ? 1 : 0;
      if (n > max) {
        over++;
        vectors += n;
        beyond += n - max;
      }
    }
    return new OverFullPartitions(partitions, over, vectors, beyond, max);
  }

  /** {@code store}'s {@code @Embedding} index {@code name}, which the measurements' counts take ungrouped only. */
  static VectorIndex ungrouped(EntityStore<?> store, String name) {
    VectorIndex index = store.indexes().derived(name, VectorIndex.class, "@Embedding index");
    if (!index.definition().groupBy().isEmpty()) {
      throw new IllegalArgumentException("counts an ungrouped index only; '" + name + "' is grouped");
    }
    return index;
  }

  @Override
  public String toString() {
    return over + " of " + partitions + " partitions over " + max + " (" + vectors + " vectors in them, " + beyond + " beyond)";
  }
}
