package io.strata.index;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.IndexReport;
import io.strata.Page;
import io.strata.row.Elements;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.KeyBatches;
import io.strata.row.Paging;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * Checks an entity's indexes against its rows in many short read transactions (each at most
 * {@code batch} rows or entries, its reads issued concurrently), so it runs on live production data of
 * any size. First every row is checked for its entries, then every entry for its row. Each batch sees
 * one consistent snapshot, so concurrent writers cause no false reports; a batch retried by the
 * transaction loop contributes its problems once. Spatial indexes are checked the same way: each point
 * has its {@code (z, id)} entry holding that point, each entry a row with that point. Indexes still being built online are not checked (an
 * unfinished build lacks entries by design); the report names them.
 */
public final class IndexVerifier<T> {
  private final Indexes<T> store;
  private final EntityLayout<T> layout;

  public IndexVerifier(Indexes<T> store) {
    this.store = store;
    this.layout = store.layout();
  }

  /** The outcome of one batch: how much it checked, what it found, and where the next batch starts. */
  private record Batch<C>(long checked, List<String> problems, C next) {}

  /** A batch of rows and the rows themselves, handed to derived checks once the batch's transaction is done. */
  private record RowBatch(Batch<Continuation> batch, List<Object[]> rows) {}

  public IndexReport verify(ReadTransactionContext db, int batch) {
    Paging.checkLimit(batch);
    List<String> stale = new ArrayList<>();
    List<Tuple> ready = KeyBatches.atBatchPriority(db, tr -> {
      List<Tuple> out = new ArrayList<>();
      stale.clear();
      for (Tuple id : store.states().declared()) {
        IndexStates.State s = store.states().state(tr, id.getString(0), id.getString(1)).join();
        if (store.states().stale(id.getString(0), id.getString(1), s)) {
          stale.add(store.states().refusal(id.getString(0), id.getString(1), s).getMessage());
        } else if (s.ready()) {
          out.add(id);
        }
      }
      return out;
    });
    List<String> building = new ArrayList<>();
    store.states().declared().stream().filter(id -> !ready.contains(id)).forEach(id -> building.add(id.getString(1)));
    List<IndexDefinition> indexes = new ArrayList<>();
    List<String> spatial = new ArrayList<>();
    List<DerivedIndex.Check> derived = new ArrayList<>();
    for (Tuple id : ready) {
      if (IndexStates.SPATIAL.equals(id.getString(0))) {
        spatial.add(id.getString(1));
      } else if (IndexStates.INDEX.equals(id.getString(0))) {
        indexes.add(layout.index(id.getString(1)));
      } else {
        derived.add(store.derived(id.getString(1)).check());
      }
    }
    Report report = new Report();
    report.addAll(stale); // not checked: its entries are in another layout
    long rows = 0;
    Continuation after = null;
    do {
      Continuation from = after;
      RowBatch read = KeyBatches.atBatchPriority(db, tr -> checkRows(tr, indexes, spatial, derived, batch, from));
      derived.forEach(check -> check.accepted(read.rows()));
      Batch<Continuation> b = read.batch();
      rows += b.checked();
      report.addAll(b.problems());
      after = b.next();
    } while (after != null);
    long entries = 0;
    for (IndexDefinition index : indexes) {
      entries += checkAll(db, entries(index).range(), batch, report, "index '" + index.name() + "'",
          (tr, kv) -> checkEntry(tr, index, kv));
    }
    for (DerivedIndex.Check check : derived) {
      entries += check.entries(db, batch, report::addAll);
    }
    for (String field : spatial) {
      entries += checkAll(db, layout.spatialIndex(field).subspace().range(), batch, report, "spatial index '" + field + "'",
          (tr, kv) -> checkPoint(tr, field, kv));
    }
    return new IndexReport(rows, entries, report.count, report.listed, building);
  }

  private Subspace entries(IndexDefinition index) {
    return index.unique() ? layout.unique(index) : layout.index(index);
  }

  /** One page of rows: each row's expected entries must exist (and, if unique, name the row; if spatial, hold its point). */
  private RowBatch checkRows(ReadTransaction tr, List<IndexDefinition> indexes, List<String> spatial,
      List<DerivedIndex.Check> derived, int batch, Continuation from) {
    List<String> rowProblems = new ArrayList<>();
    Page<Object[]> page = store.rows().scanElements(tr, batch, from, rowProblems).join();
    for (DerivedIndex.Check check : derived) {
      rowProblems.addAll(check.rows(tr, page.items()).join());
    }
    List<CompletableFuture<String>> checks = new ArrayList<>();
    for (Object[] row : page.items()) {
      Object id = row[layout.codec().idIndex()];
      for (IndexDefinition index : indexes) {
        List<Object> v = layout.indexValues(index, row);
        if (v != null) {
          checks.add(tr.get(layout.entryKey(index, v, id)).thenApply(value -> rowProblem(index, id, v, value)));
        }
      }
      for (String field : spatial) {
        Object point = row[layout.fieldPosition(field)];
        if (point != null) {
          KeyValue expected = Rows.spatialEntry(layout.spatialIndex(field), id, point);
          checks.add(tr.get(expected.getKey()).thenApply(value -> value == null
              ? "row " + Sizes.describe(id) + " has no entry in spatial index '" + field + "'"
              : Arrays.equals(value, expected.getValue()) ? null
              : "spatial index '" + field + "' entry of row " + Sizes.describe(id) + " holds " + describeValue(value)
                  + ", not the row's point"));
        }
      }
    }
    List<String> problems = found(checks);
    problems.addAll(rowProblems);
    return new RowBatch(new Batch<>(page.items().size(), problems, page.next().orElse(null)), page.items());
  }

  /**
   * Checks the entries of {@code range} in batches of {@code batch} read transactions; returns how many it
   * checked. An entry that does not decode (a key that is no tuple of this index, a row key it points at
   * that no longer reads) is reported as damage with its key, never thrown: the report is the repair
   * tool's input, so damage must not stop it.
   */
  private long checkAll(ReadTransactionContext db, Range range, int batch, Report report, String what,
      BiFunction<ReadTransaction, KeyValue, CompletableFuture<String>> check) {
    return KeyBatches.check(db, range, batch, report::addAll, (tr, kvs) -> checkEach(kvs, what, kv -> check.apply(tr, kv)));
  }

  /**
   * The problems {@code check} finds in each entry of {@code kvs} (of {@code what}, e.g. "index 'city'"), in
   * order; an entry whose check fails to decode it is reported as damage with its key instead of failing.
   */
  public static List<String> checkEach(List<KeyValue> kvs, String what, java.util.function.Function<KeyValue, CompletableFuture<String>> check) {
    List<CompletableFuture<String>> checks = new ArrayList<>(kvs.size());
    for (KeyValue kv : kvs) {
      CompletableFuture<String> one;
      try {
        one = check.apply(kv);
      } catch (RuntimeException e) {
        one = CompletableFuture.failedFuture(e);
      }
      checks.add(one.exceptionally(e -> damaged(what, kv.getKey(), e)));
    }
    return found(checks);
  }

  private static String damaged(String what, byte[] key, Throwable error) {
    Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof com.apple.foundationdb.FDBException fdb) {
      throw fdb; // a database error (conflict, timeout) is the transaction loop's to handle, not damage
    }
    return what + " has an entry at key " + ByteArrayUtil.printable(key) + " that does not decode (" + cause.getMessage()
        + "); clear that key (Transaction.clear) and save the entity it belonged to again";
  }

  /** A spatial entry {@code (z, id)} must have a row whose point gives exactly that key and value. */
  private CompletableFuture<String> checkPoint(ReadTransaction tr, String field, KeyValue kv) {
    Tuple key = layout.spatialIndex(field).subspace().unpack(kv.getKey());
    Object id = key.get(key.size() - 1);
    return store.rows().loadRowOnly(tr, id).thenApply(row -> {
      Object point = row == null ? null : row[layout.fieldPosition(field)];
      if (point == null) {
        return "spatial index '" + field + "' entry " + key + " has no row with a point";
      }
      KeyValue expected = Rows.spatialEntry(layout.spatialIndex(field), id, point);
      return Arrays.equals(expected.getKey(), kv.getKey()) && Arrays.equals(expected.getValue(), kv.getValue()) ? null
          : "spatial index '" + field + "' entry " + key + " does not match its row's point " + Elements.toTuple(point);
    });
  }

  /** An entry must have a row whose values (and covering copy) match. */
  private CompletableFuture<String> checkEntry(ReadTransaction tr, IndexDefinition index, KeyValue kv) {
    Tuple key = entries(index).unpack(kv.getKey());
    Object id;
    try {
      id = index.unique() ? Tuple.fromBytes(kv.getValue()).get(0) : key.get(key.size() - 1);
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture("unique index '" + index.name() + "' entry " + key
          + " holds " + describeValue(kv.getValue()) + ", not a packed id");
    }
    List<Object> values = index.unique() ? key.getItems() : key.popBack().getItems();
    CompletableFuture<Object[]> row = index.covering() ? store.rows().loadElements(tr, id) : store.rows().loadRowOnly(tr, id);
    return row.thenApply(r -> entryProblem(index, key, values, kv.getValue(), r));
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

  private String entryProblem(IndexDefinition index, Tuple key, List<Object> values, byte[] entry, Object[] row) {
    if (row == null) {
      return "index '" + index.name() + "' entry " + key + " has no row";
    }
    List<Object> expected = layout.indexValues(index, row);
    if (expected == null || !Tuple.fromList(values).equals(Tuple.fromList(expected))) {
      return "index '" + index.name() + "' entry " + key + " does not match its row's values " + expected;
    }
    if (index.covering() && !index.unique() && !Arrays.equals(entry, layout.codec().encode(store.rows().build(row)))) {
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

  /** Once every check is done: the problems they found, in order. */
  public static CompletableFuture<List<String>> whenFound(List<CompletableFuture<String>> checks) {
    return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).thenApply(v -> found(checks));
  }

  /** The problems the checks found (each check yields one, or null), in order. */
  public static List<String> found(List<CompletableFuture<String>> checks) {
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
