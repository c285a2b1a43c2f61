package io.strata.repository;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Checks an entity's indexes against its rows in many short read transactions (each at most
 * {@code batch} rows or entries, its reads issued concurrently), so it runs on live production data of
 * any size. First every row is checked for its entries, then every entry for its row. Each batch sees
 * one consistent snapshot, so concurrent writers cause no false reports; a batch retried by the
 * transaction loop contributes its problems once. Indexes still being built online are not checked (an
 * unfinished build lacks entries by design); the report names them.
 */
public final class IndexVerifier<T> {
  private final EntityStore<T> store;
  private final EntityLayout<T> layout;

  public IndexVerifier(EntityStore<T> store) {
    this.store = store;
    this.layout = store.layout();
  }

  /** The outcome of one batch: how much it checked, what it found, and where the next batch starts. */
  private record Batch<C>(long checked, List<String> problems, C next) {}

  public IndexReport verify(ReadTransactionContext db, int batch) {
    Paging.checkLimit(batch);
    List<IndexDefinition> ready = db.read(tr -> {
      List<IndexDefinition> out = new ArrayList<>();
      for (IndexDefinition index : layout.indexes()) {
        if (store.states().state(tr, IndexStates.INDEX, index.name()).join().ready()) {
          out.add(index);
        }
      }
      return out;
    });
    List<String> building = new ArrayList<>();
    layout.indexes().stream().filter(i -> !ready.contains(i)).forEach(i -> building.add(i.name()));
    Report report = new Report();
    long rows = 0;
    Continuation after = null;
    do {
      Continuation from = after;
      Batch<Continuation> b = db.read(tr -> checkRows(tr, ready, batch, from));
      rows += b.checked();
      report.addAll(b.problems());
      after = b.next();
    } while (after != null);
    long entries = 0;
    for (IndexDefinition index : ready) {
      Range range = entries(index).range();
      byte[] begin = range.begin;
      while (begin != null) {
        byte[] from = begin;
        Batch<byte[]> b = db.read(tr -> checkEntries(tr, index, from, range.end, batch));
        entries += b.checked();
        report.addAll(b.problems());
        begin = b.next();
      }
    }
    return new IndexReport(rows, entries, report.count, report.listed, building);
  }

  private Subspace entries(IndexDefinition index) {
    return index.unique() ? layout.unique(index) : layout.index(index);
  }

  /** One page of rows: each row's expected entries must exist (and, if unique, name the row). */
  private Batch<Continuation> checkRows(ReadTransaction tr, List<IndexDefinition> indexes, int batch, Continuation from) {
    Page<Object[]> page = store.scanElements(tr, batch, from).join();
    List<CompletableFuture<String>> checks = new ArrayList<>();
    for (Object[] row : page.items()) {
      Object id = row[layout.codec().idIndex()];
      for (IndexDefinition index : indexes) {
        List<Object> v = layout.indexValues(index, row);
        if (v != null) {
          checks.add(tr.get(layout.entryKey(index, v, id)).thenApply(value -> rowProblem(index, id, v, value)));
        }
      }
    }
    return new Batch<>(page.items().size(), found(checks), page.next().orElse(null));
  }

  private String rowProblem(IndexDefinition index, Object id, List<Object> values, byte[] entry) {
    if (entry == null) {
      return "row " + Sizes.describe(id) + " has no entry in index '" + index.name() + "' for " + values;
    }
    if (index.unique() && !Arrays.equals(entry, Tuple.from(id).pack())) {
      return "unique index '" + index.name() + "' maps " + values + " to " + describeValue(entry) + ", not to row " + Sizes.describe(id);
    }
    return null;
  }

  /** Up to {@code batch} entries from {@code from}: each must have a row whose values (and covering copy) match. */
  private Batch<byte[]> checkEntries(ReadTransaction tr, IndexDefinition index, byte[] from, byte[] end, int batch) {
    List<KeyValue> kvs = tr.getRange(from, end, batch).asList().join();
    List<CompletableFuture<String>> checks = new ArrayList<>();
    for (KeyValue kv : kvs) {
      Tuple key = entries(index).unpack(kv.getKey());
      Object id;
      try {
        id = index.unique() ? Tuple.fromBytes(kv.getValue()).get(0) : key.get(key.size() - 1);
      } catch (RuntimeException e) {
        checks.add(CompletableFuture.completedFuture("unique index '" + index.name() + "' entry " + key
            + " holds " + describeValue(kv.getValue()) + ", not a packed id"));
        continue;
      }
      List<Object> values = index.unique() ? key.getItems() : key.popBack().getItems();
      CompletableFuture<Object[]> row = index.covering() ? store.loadElements(tr, id) : store.loadRowOnly(tr, id);
      checks.add(row.thenApply(r -> entryProblem(index, key, values, kv.getValue(), r)));
    }
    byte[] next = kvs.size() < batch ? null : ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
    return new Batch<>(kvs.size(), found(checks), next);
  }

  private String entryProblem(IndexDefinition index, Tuple key, List<Object> values, byte[] entry, Object[] row) {
    if (row == null) {
      return "index '" + index.name() + "' entry " + key + " has no row";
    }
    List<Object> expected = layout.indexValues(index, row);
    if (expected == null || !Tuple.fromList(values).equals(Tuple.fromList(expected))) {
      return "index '" + index.name() + "' entry " + key + " does not match its row's values " + expected;
    }
    if (index.covering() && !index.unique() && !Arrays.equals(entry, layout.codec().encode(store.build(row)))) {
      return "covering index '" + index.name() + "' entry " + key + " holds a stale copy of the row";
    }
    return null;
  }

  private static String describeValue(byte[] value) {
    try {
      return Tuple.fromBytes(value).toString();
    } catch (RuntimeException e) {
      return "0x" + ByteArrayUtil.printable(value);
    }
  }

  private static List<String> found(List<CompletableFuture<String>> checks) {
    List<String> problems = new ArrayList<>();
    for (CompletableFuture<String> check : checks) {
      String problem = check.join();
      if (problem != null) {
        problems.add(problem);
      }
    }
    return problems;
  }

  /** Problems found so far: all counted, the first {@link IndexReport#MAX_LISTED} kept. */
  private static final class Report {
    private final List<String> listed = new ArrayList<>();
    private long count;

    void addAll(List<String> problems) {
      count += problems.size();
      for (String p : problems) {
        if (listed.size() < IndexReport.MAX_LISTED) {
          listed.add(p);
        }
      }
    }
  }
}
