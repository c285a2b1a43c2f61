package io.strata.query;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.repository.EntityStore;
import io.strata.row.IndexDefinition;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the entries of one plain or unique index hold, as an {@link IndexScan} reads them: their values and id
 * ({@code (v1, ..., vn, id)}; a unique entry's id is its value), and their entities (a covering entry's own row, else
 * the rows of their ids). An entry that does not decode is reported as corrupt stored data, naming its key.
 *
 * @param <T> the entity
 */
final class IndexEntries<T> {
  private final EntityStore<T> store;
  private final IndexDefinition index;
  private final Subspace space;

  IndexEntries(EntityStore<T> store, IndexDefinition index, Subspace space) {
    this.store = store;
    this.index = index;
    this.space = space;
  }

  /** The index values then the id of an entry: {@code (v1, ..., vn, id)}. */
  Tuple values(KeyValue kv) {
    Tuple key;
    try {
      key = space.unpack(kv.getKey());
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(store.layout(), index, kv.getKey(), "is not a tuple of index values and an id: " + e.getMessage(), e);
    }
    Object id = index.unique() ? StoredData.uniqueOwner(store.layout(), kv.getKey(), kv.getValue()) : key.get(key.size() - 1);
    store.storedId(index, kv.getKey(), id);
    return index.unique() ? key.addObject(id) : key;
  }

  /** The id in an entry's {@link #values}: its last element. */
  static Object id(Tuple values) {
    return values.get(values.size() - 1);
  }

  /** The entities of {@code entries}, in their order: decoded from a covering index's values, else loaded by id. */
  CompletableFuture<List<T>> entities(ReadTransaction tr, List<KeyValue> entries) {
    if (index.covering() && !index.unique()) {
      List<T> out = new ArrayList<>(entries.size());
      for (KeyValue kv : entries) {
        try {
          out.add(store.layout().codec().decode(kv.getValue()));
        } catch (CodecException e) {
          throw StoredData.corruptEntry(store.layout(), index, kv.getKey(), "holds a covering row that does not decode: " + e.getMessage(), e);
        }
      }
      return CompletableFuture.completedFuture(out);
    }
    List<Object> ids = new ArrayList<>(entries.size());
    entries.forEach(kv -> ids.add(id(values(kv))));
    return store.loadAll(tr, ids);
  }
}
