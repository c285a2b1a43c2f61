package io.strata.repository;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;


/**
 * Checks an entity's indexes against its rows, in many short read transactions (each at most
 * {@code batch} rows or entries), so it runs on live production data of any size. Reports every
 * index entry without its row (or with stale values) and every row missing an entry.
 */
public final class IndexVerifier<T> {
  private final EntityStore<T> store;
  private final EntityLayout<T> layout;

  public IndexVerifier(EntityStore<T> store) {
    this.store = store;
    this.layout = store.layout();
  }

  public IndexReport verify(ReadTransactionContext db, int batch) {
    Paging.checkLimit(batch);
    List<String> problems = new ArrayList<>();
    long rows = 0;
    Continuation after = null;
    do {
      Continuation from = after;
      Page<Object[]> page = db.read(tr -> {
        Page<T> entities = store.scan(tr, batch, from).join();
        List<Object[]> elements = new ArrayList<>();
        for (T e : entities.items()) {
          Object[] el = layout.codec().toElements(e);
          elements.add(el);
          checkRow(tr, el, problems);
        }
        return new Page<>(elements, entities.next());
      });
      rows += page.items().size();
      after = page.next().orElse(null);
    } while (after != null);
    long entries = 0;
    for (IndexDefinition index : layout.indexes()) {
      entries += verifyEntries(db, index, batch, problems);
    }
    return new IndexReport(rows, entries, problems);
  }

  private void checkRow(com.apple.foundationdb.ReadTransaction tr, Object[] el, List<String> problems) {
    Object id = el[layout.codec().idIndex()];
    for (IndexDefinition index : layout.indexes()) {
      List<Object> v = layout.indexValues(index, el);
      if (v == null) {
        continue;
      }
      if (!index.unique() && tr.get(layout.indexKey(index, v, id)).join() == null) {
        problems.add("row " + Sizes.describe(id) + " has no entry in index '" + index.name() + "' for " + v);
      }
      if (index.unique()) {
        byte[] owner = tr.get(layout.uniqueKey(index, v)).join();
        if (owner == null || !Tuple.fromBytes(owner).equals(Tuple.from(id))) {
          problems.add("unique index '" + index.name() + "' does not map " + v + " to row " + Sizes.describe(id));
        }
      }
    }
  }

  private long verifyEntries(ReadTransactionContext db, IndexDefinition index, int batch, List<String> problems) {
    Range range = (index.unique() ? layout.unique(index) : layout.index(index)).range();
    long checked = 0;
    byte[] begin = range.begin;
    while (begin != null) {
      byte[] from = begin;
      List<KeyValue> kvs = db.read(tr -> {
        List<KeyValue> entries = tr.getRange(from, range.end, batch).asList().join();
        for (KeyValue kv : entries) {
          Tuple key = (index.unique() ? layout.unique(index) : layout.index(index)).unpack(kv.getKey());
          Object id = index.unique() ? Tuple.fromBytes(kv.getValue()).get(0) : key.get(key.size() - 1);
          Object[] row = store.loadElements(tr, id).join();
          List<Object> values = index.unique() ? key.getItems() : key.popBack().getItems();
          if (row == null) {
            problems.add("index '" + index.name() + "' entry " + key + " has no row");
          } else if (!Tuple.fromList(values).equals(optionalTuple(layout.indexValues(index, row)))) {
            problems.add("index '" + index.name() + "' entry " + key + " does not match row values " + layout.indexValues(index, row));
          } else if (index.covering() && !Arrays.equals(kv.getValue(), layout.codec().encode(store.build(row)))) {
            problems.add("covering index '" + index.name() + "' entry " + key + " holds a stale copy of the row");
          }
        }
        return entries;
      });
      checked += kvs.size();
      begin = kvs.size() < batch ? null : ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
    }
    return checked;
  }

  private static Tuple optionalTuple(List<Object> values) {
    return values == null ? null : Tuple.fromList(values);
  }

}
