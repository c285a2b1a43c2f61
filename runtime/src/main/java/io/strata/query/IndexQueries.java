package io.strata.query;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.index.IndexStates;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.Paging;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Reads through one entity's secondary indexes: by value (or value prefix for composite indexes),
 * by half-open value range, paged, counted, and unique lookups. Covering indexes are answered from
 * the entries alone; plain ones load the rows with concurrent reads.
 */
public final class IndexQueries<T> {
  private final EntityStore<T> store;
  private final EntityLayout<T> layout;
  private final MappedRows<T> mapped;

  public IndexQueries(EntityStore<T> store) {
    this.store = store;
    this.layout = store.layout();
    this.mapped = new MappedRows<>(store);
  }

  /**
   * Runs {@code query} on the index once it is known to hold every entity; fails with
   * {@link io.strata.IndexNotReadyException} while an online build is still filling it.
   */
  private <R> CompletableFuture<R> whenReady(ReadTransaction tr, String indexName, Function<IndexDefinition, CompletableFuture<R>> query) {
    IndexDefinition index = layout.index(indexName);
    return store.states().requireReady(tr, IndexStates.INDEX, indexName).thenCompose(v -> query.apply(index));
  }

  private Range prefixRange(IndexDefinition index, List<Object> prefix) {
    return layout.index(index).get(Tuple.fromList(prefix)).range();
  }

  private Range betweenRange(IndexDefinition index, List<Object> from, List<Object> toExclusive) {
    Subspace s = layout.index(index);
    return new Range(s.pack(Tuple.fromList(from)), s.pack(Tuple.fromList(toExclusive)));
  }

  /** {@code values} as the index compares them ({@link Elements#requireValues}: no null, no NaN, -0.0 as 0.0). */
  private List<Object> checked(String indexName, List<Object> values) {
    return Elements.requireValues(layout.entityName(), layout.index(indexName).fields(), values);
  }

  public static Object idOf(EntityLayout<?> layout, IndexDefinition index, KeyValue kv) {
    try {
      Tuple t = layout.index(index).unpack(kv.getKey());
      return t.get(t.size() - 1);
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(layout, index, kv.getKey(), "is not a tuple ending with an id: " + e.getMessage(), e);
    }
  }

  /** Ids of the entities whose indexed values start with {@code prefix}, in index order (no row reads). */
  public CompletableFuture<List<Object>> ids(ReadTransaction tr, String indexName, List<Object> values) {
    List<Object> prefix = checked(indexName, values);
    return whenReady(tr, indexName, index -> tr.getRange(prefixRange(index, prefix)).asList().thenApply(kvs -> idsOf(index, kvs)));
  }

  private List<Object> idsOf(IndexDefinition index, List<KeyValue> kvs) {
    List<Object> ids = new ArrayList<>(kvs.size());
    for (KeyValue kv : kvs) {
      ids.add(idOf(layout, index, kv));
    }
    return ids;
  }

  private CompletableFuture<List<T>> entities(ReadTransaction tr, IndexDefinition index, List<KeyValue> kvs) {
    if (index.covering()) {
      List<T> out = new ArrayList<>(kvs.size());
      for (KeyValue kv : kvs) {
        try {
          out.add(layout.codec().decode(kv.getValue()));
        } catch (CodecException e) {
          throw StoredData.corruptEntry(layout, index, kv.getKey(), "holds a covering row that does not decode: " + e.getMessage(), e);
        }
      }
      return CompletableFuture.completedFuture(out);
    }
    return store.loadAll(tr, idsOf(index, kvs));
  }

  /**
   * Up to {@code limit} (0: all) entries from {@code begin} and the entities of the first {@code resolve}:
   * entries and rows in one mapped range read where eligible ({@link MappedRows}), else the entries, then the rows.
   */
  private CompletableFuture<MappedRows.Entries<T>> entries(ReadTransaction tr, IndexDefinition index, byte[] begin, byte[] end,
                                                          int limit, int resolve) {
    return mapped.read(tr, index, begin, end, limit, () -> tr.getRange(begin, end, limit).asList().thenCompose(kvs ->
        entities(tr, index, kvs.subList(0, Math.min(resolve, kvs.size()))).thenApply(list -> new MappedRows.Entries<>(kvs, list))));
  }

  public CompletableFuture<List<T>> find(ReadTransaction tr, String indexName, List<Object> values) {
    List<Object> prefix = checked(indexName, values);
    return whenReady(tr, indexName, index -> {
      Range range = prefixRange(index, prefix);
      return entries(tr, index, range.begin, range.end, 0, Integer.MAX_VALUE).thenApply(e -> e.first(Integer.MAX_VALUE));
    });
  }

  /** Entities whose first indexed value is in {@code [from, toExclusive)}, in index order. */
  public CompletableFuture<List<T>> between(ReadTransaction tr, String indexName, List<Object> from, List<Object> toExclusive) {
    List<Object> low = checked(indexName, from);
    List<Object> high = checked(indexName, toExclusive);
    return whenReady(tr, indexName, index -> {
      Range range = betweenRange(index, low, high);
      return entries(tr, index, range.begin, range.end, 0, Integer.MAX_VALUE).thenApply(e -> e.first(Integer.MAX_VALUE));
    });
  }

  public CompletableFuture<Page<T>> page(ReadTransaction tr, String indexName, List<Object> values, int limit, Continuation after) {
    Paging.checkLimit(limit);
    List<Object> prefix = checked(indexName, values);
    return whenReady(tr, indexName, index -> {
      Range range = prefixRange(index, prefix);
      byte[] begin = Paging.resume(after, range);
      return entries(tr, index, begin, range.end, Paging.withOneMore(limit), limit).thenApply(e -> {
        Optional<Continuation> next = e.entries().size() > limit
            ? Optional.of(Continuation.of(range.begin, e.entries().get(limit).getKey()))
            : Optional.empty();
        return new Page<>(e.first(limit), next);
      });
    });
  }

  /** The number of entries under {@code prefix} (reads the index keys, not the rows). */
  public CompletableFuture<Long> count(ReadTransaction tr, String indexName, List<Object> values) {
    List<Object> prefix = checked(indexName, values);
    return whenReady(tr, indexName, index -> tr.getRange(prefixRange(index, prefix)).asList().thenApply(kvs -> (long) kvs.size()));
  }

  /** The entity a unique index maps {@code values} to (one key read, then the row). */
  public CompletableFuture<Optional<T>> unique(ReadTransaction tr, String indexName, List<Object> given) {
    List<Object> values = checked(indexName, given);
    return whenReady(tr, indexName, index -> tr.get(layout.uniqueKey(index, values)).thenCompose(owner -> owner == null
        ? CompletableFuture.completedFuture(Optional.<T>empty())
        : store.load(tr, StoredData.uniqueOwner(layout, layout.uniqueKey(index, values), owner))));
  }
}
