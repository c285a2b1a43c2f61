package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table (the Tables recipe): each cell stored twice in the same transaction, row-major
 * {@code (S, "R", row, col)} and column-major {@code (S, "C", col, row)}, so a whole row and a whole
 * column are each one range read. Rows and columns are tuple elements.
 */
public final class FdbTable<V> {
  private final Database db;
  private final Subspace rows;
  private final Subspace columns;
  private final Codec<V> codec;
  private final String name;

  public FdbTable(Database db, Subspace subspace, Codec<V> codec) {
    this.db = LayerSupport.require(db, "db");
    this.rows = LayerSupport.require(subspace, "subspace").get("R");
    this.columns = subspace.get("C");
    this.codec = LayerSupport.require(codec, "codec");
    this.name = LayerSupport.name("FdbTable", subspace);
  }

  public void setCell(Object row, Object col, V value) {
    setCell(db, row, col, value);
  }

  public void setCell(TransactionContext tc, Object row, Object col, V value) {
    byte[] v = LayerSupport.encode(codec, LayerSupport.require(value, "value"), name);
    tc.run(tr -> {
      put(tr, row, col, v);
      return null;
    });
  }

  private void put(Transaction tr, Object row, Object col, byte[] v) {
    tr.set(rows.pack(Tuple.from(LayerSupport.require(row, "row"), LayerSupport.require(col, "column"))), v);
    tr.set(columns.pack(Tuple.from(col, row)), v);
  }

  public Optional<V> getCell(Object row, Object col) {
    return getCell(db, row, col);
  }

  public Optional<V> getCell(TransactionContext tc, Object row, Object col) {
    byte[] key = rows.pack(Tuple.from(row, col));
    return tc.read(tr -> Optional.ofNullable(tr.get(key).join()).map(v -> LayerSupport.decode(codec, key, v, name)));
  }

  /** Column → value of one row (one range read of {@code (S, "R", row)}). */
  public Map<Object, V> getRow(Object row) {
    return getRow(db, row);
  }

  public Map<Object, V> getRow(TransactionContext tc, Object row) {
    return tc.read(tr -> cells(rows.get(row), tr.getRange(rows.get(row).range()).asList().join()));
  }

  /** Row → value of one column (one range read of {@code (S, "C", col)}). */
  public Map<Object, V> getColumn(Object col) {
    return getColumn(db, col);
  }

  public Map<Object, V> getColumn(TransactionContext tc, Object col) {
    return tc.read(tr -> cells(columns.get(col), tr.getRange(columns.get(col).range()).asList().join()));
  }

  private Map<Object, V> cells(Subspace prefix, List<KeyValue> kvs) {
    Map<Object, V> out = new LinkedHashMap<>();
    for (KeyValue kv : kvs) {
      out.put(prefix.unpack(kv.getKey()).get(0), LayerSupport.decode(codec, kv.getKey(), kv.getValue(), name));
    }
    return out;
  }

  /** Replaces a whole row: its old cells (and their column copies) are removed first. */
  public void setRow(Object row, Map<?, V> cells) {
    setRow(db, row, cells);
  }

  public void setRow(TransactionContext tc, Object row, Map<?, V> cells) {
    Map<Object, byte[]> encoded = new LinkedHashMap<>();
    cells.forEach((col, v) -> encoded.put(col, LayerSupport.encode(codec, LayerSupport.require(v, "value"), name)));
    tc.run(tr -> {
      clearRow(tr, row);
      encoded.forEach((col, v) -> put(tr, row, col, v));
      return null;
    });
  }

  public void deleteRow(Object row) {
    deleteRow(db, row);
  }

  public void deleteRow(TransactionContext tc, Object row) {
    tc.run(tr -> {
      clearRow(tr, row);
      return null;
    });
  }

  private void clearRow(Transaction tr, Object row) {
    Subspace r = rows.get(LayerSupport.require(row, "row"));
    for (KeyValue kv : tr.getRange(r.range()).asList().join()) {
      tr.clear(columns.pack(Tuple.from(r.unpack(kv.getKey()).get(0), row)));
    }
    tr.clear(r.range());
  }
}
