package io.strata.query;

import com.apple.foundationdb.ReadTransaction;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.repository.EntityStore;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The fixed finders of a generated repository ({@code findBy<Field>}, {@code findIdsBy…}, {@code countBy…},
 * {@code findBy…Between}, pages, unique lookups), each one {@link IndexScan} of the index: the same reading
 * path as declared queries, with entries and rows read together by one mapped range read where
 * FoundationDB allows it ({@link MappedRows}). Covering indexes are answered from the entries alone.
 * Thread-safe: a scan is built per call.
 */
public final class IndexQueries<T> {
  private final EntityStore<T> store;
  private final MappedRows<T> mapped;

  public IndexQueries(EntityStore<T> store) {
    this.store = store;
    this.mapped = new MappedRows<>(store);
  }

  /** A scan of the named index whose leading fields equal {@code values}, in order. */
  private IndexScan<T> scan(String indexName, List<Object> values) {
    IndexScan<T> scan = IndexScan.of(store, indexName).through(mapped);
    values.forEach(scan::equal);
    return scan;
  }

  /** Ids of the entities whose indexed values start with {@code values}, in index order (no row reads). */
  public CompletableFuture<List<Object>> ids(ReadTransaction tr, String indexName, List<Object> values) {
    return scan(indexName, values).keys(tr).thenApply(keys -> keys.stream().map(k -> k.get(k.size() - 1)).toList());
  }

  /** The entities whose indexed values start with {@code values}, in index order. */
  public CompletableFuture<List<T>> find(ReadTransaction tr, String indexName, List<Object> values) {
    return scan(indexName, values).entities(tr);
  }

  /** Entities whose first indexed value is in {@code [from, toExclusive)} (one value each), in index order. */
  public CompletableFuture<List<T>> between(ReadTransaction tr, String indexName, List<Object> from, List<Object> toExclusive) {
    return scan(indexName, List.of()).from(from.get(0), true).to(toExclusive.get(0), false).entities(tr);
  }

  /** One page of {@link #find}; {@code after} (null first) continues where the previous page stopped. */
  public CompletableFuture<Page<T>> page(ReadTransaction tr, String indexName, List<Object> values, int limit, Continuation after) {
    return scan(indexName, values).page(tr, limit, after);
  }

  /** The number of entries starting with {@code values} (reads the index keys, not the rows). */
  public CompletableFuture<Long> count(ReadTransaction tr, String indexName, List<Object> values) {
    return scan(indexName, values).count(tr);
  }

  /** The entity a unique index maps {@code values} to (one key read, then the row). */
  public CompletableFuture<Optional<T>> unique(ReadTransaction tr, String indexName, List<Object> values) {
    return scan(indexName, values).entities(tr).thenApply(found -> found.stream().findFirst());
  }
}
