package io.strata.query;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MappedKeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.repository.EntityStore;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Index entries and the rows they point at in one round trip, with FoundationDB's mapped range read
 * ({@code getMappedRange}, mapper {@code (root..., E, "R", "{K[i]}", "{...}")} where {@code i} is the id's
 * position in the entry key): a plain index query costs one read instead of one for the entries and then
 * one per row.
 *
 * <p>Eligible: a plain (not covering) index, a root subspace whose prefix is a packed tuple, and no
 * brace in the literal elements (the mapper syntax would read them); the read must be serializable
 * (not a snapshot view). Everything else, and every read FoundationDB refuses — unsupported_operation
 * (2108: read-your-writes disabled, or a backend without mapped ranges), get_mapped_range_reads_your_writes
 * (2039: the caller's transaction wrote in the entries or rows read) and quick_get_key_values_has_more
 * (2033: a row over 2,000 keys) — falls back to reading the entries and then the rows, with the same
 * results and the same conflict ranges. So the fast path serves the repository's own read-only
 * transactions, and a caller's transaction wherever it has not written what the query reads.
 */
public final class MappedRows<T> {
  /** Errors after which the query is answered by reading the entries, then the rows. */
  private static final Set<Integer> FALLBACK_CODES = Set.of(2033, 2039, 2108);
  private static final byte[] INELIGIBLE = new byte[0];

  /**
   * An index read's entries (their keys and values) and the entities they resolve to, in index order:
   * one per entry, null where an entry's row is missing, as far as the reader resolved them.
   */
  public record Entries<T>(List<? extends KeyValue> entries, List<T> entities) {
    /** The entities of the first {@code n} entries, missing rows left out. */
    List<T> first(int n) {
      List<T> out = new ArrayList<>(Math.min(n, entities.size()));
      for (T t : entities.subList(0, Math.min(n, entities.size()))) {
        if (t != null) {
          out.add(t);
        }
      }
      return out;
    }
  }

  private final EntityStore<T> store;
  private final EntityLayout<T> layout;
  private final Map<String, byte[]> mappers = new ConcurrentHashMap<>();

  MappedRows(EntityStore<T> store) {
    this.store = store;
    this.layout = store.layout();
  }

  /**
   * The entries of {@code index} in {@code [begin, end)} (at most {@code limit}, 0 for all; the last ones first when
   * {@code reverse}) and their entities, through one mapped range read where eligible, else through
   * {@code readThenFetch}.
   */
  public CompletableFuture<Entries<T>> read(ReadTransaction tr, IndexDefinition index, byte[] begin, byte[] end, int limit,
                                     boolean reverse, Supplier<CompletableFuture<Entries<T>>> readThenFetch) {
    byte[] mapper = mappers.computeIfAbsent(index.name(), n -> mapperFor(index));
    if (mapper == INELIGIBLE || tr.isSnapshot()) {
      return readThenFetch.get();
    }
    CompletableFuture<Entries<T>> mapped;
    try {
      mapped = tr.getMappedRange(KeySelector.firstGreaterOrEqual(begin), KeySelector.firstGreaterOrEqual(end), mapper, limit,
          reverse, StreamingMode.WANT_ALL).asList().thenCompose(kvs -> entities(tr, index, kvs));
    } catch (FDBException e) {
      mapped = CompletableFuture.failedFuture(e);
    }
    return mapped.handle((result, error) -> {
      Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
      if (cause == null) {
        return CompletableFuture.completedFuture(result);
      }
      if (cause instanceof FDBException fe && FALLBACK_CODES.contains(fe.getCode())) {
        return readThenFetch.get();
      }
      return CompletableFuture.<Entries<T>>failedFuture(cause);
    }).thenCompose(f -> f);
  }

  /** The mapper for a plain index's entries, or {@link #INELIGIBLE}. */
  private byte[] mapperFor(IndexDefinition index) {
    if (index.covering()) {
      return INELIGIBLE;
    }
    List<Object> rowPrefix;
    int idPosition;
    try {
      byte[] rows = layout.rows().getKey();
      rowPrefix = Tuple.fromBytes(rows).getItems();
      if (!Arrays.equals(Tuple.fromList(rowPrefix).pack(), rows)) {
        return INELIGIBLE;
      }
      idPosition = Tuple.fromBytes(layout.index(index).getKey()).size() + index.fields().size();
    } catch (RuntimeException e) {
      return INELIGIBLE; // a root prefix that is not a packed tuple: the storage server could not build the keys
    }
    for (Object item : rowPrefix) {
      String text = item instanceof String s ? s : item instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.ISO_8859_1) : "";
      if (text.indexOf('{') >= 0 || text.indexOf('}') >= 0) {
        return INELIGIBLE;
      }
    }
    List<Object> mapper = new ArrayList<>(rowPrefix);
    mapper.add("{K[" + idPosition + "]}");
    mapper.add("{...}");
    return Tuple.fromList(mapper).pack();
  }

  private CompletableFuture<Entries<T>> entities(ReadTransaction tr, IndexDefinition index, List<MappedKeyValue> kvs) {
    List<CompletableFuture<Object[]>> rows = new ArrayList<>(kvs.size());
    for (MappedKeyValue kv : kvs) {
      Object id = idOf(index, kv);
      byte[] prefix = kv.getRangeBegin();
      List<KeyValue> fields = new ArrayList<>(kv.getRangeResult().size());
      for (KeyValue field : kv.getRangeResult()) {
        if (EntityLayout.inRow(field.getKey(), prefix)) {
          fields.add(field);
        }
      }
      Object[] elements = fields.isEmpty() ? null : store.rows().elementsOf(id, prefix.length, fields);
      rows.add(store.rows().withBlobs(tr, elements));
    }
    return CompletableFuture.allOf(rows.toArray(CompletableFuture[]::new)).thenApply(v -> {
      List<T> out = new ArrayList<>(rows.size());
      for (CompletableFuture<Object[]> r : rows) {
        Object[] e = r.join();
        out.add(e == null ? null : store.rows().build(e));
      }
      return new Entries<>(kvs, out);
    });
  }

  /** The id at the end of an entry's key {@code (E,"I",index,values...,id)}. */
  private Object idOf(IndexDefinition index, KeyValue kv) {
    Object id;
    try {
      Tuple t = layout.index(index).unpack(kv.getKey());
      id = t.get(t.size() - 1);
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(layout, index, kv.getKey(), "is not a tuple ending with an id: " + e.getMessage(), e);
    }
    return store.storedId(index, kv.getKey(), id);
  }
}
