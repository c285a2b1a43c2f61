package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table (the Tables recipe): each cell stored twice in the same transaction, row-major
 * {@code (S, "R", row, col)} and column-major {@code (S, "C", col, row)}, so a whole row and a whole
 * column are each one range read. Rows and columns are tuple elements.
 *
 * <p>Arguments are checked on the caller's thread before anything is written: a null row, column or value
 * throws {@link NullPointerException}, a row or column a tuple cannot hold, a key over 10,000 bytes or a
 * value over 100,000 bytes {@link IllegalArgumentException}, each naming the table.
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
    byte[][] cell = cell(row, col, value);
    tc.run(tr -> {
      put(tr, cell);
      return null;
    });
  }

  /** The row-major key, column-major key and encoded value of one cell, each checked. */
  private byte[][] cell(Object row, Object col, V value) {
    Tuple r = LayerSupport.element(name, "row", row);
    Tuple c = LayerSupport.element(name, "column", col);
    byte[] v = LayerSupport.checkValue(name, "the value of row " + row + " column " + col,
        LayerSupport.encode(codec, LayerSupport.require(value, "value"), name));
    byte[] rowMajor = LayerSupport.checkKey(name, "the key of row " + row + " column " + col, rows.pack(r.addAll(c)));
    return new byte[][] {rowMajor, columns.pack(c.addAll(r)), v};
  }

  private static void put(Transaction tr, byte[][] cell) {
    tr.set(cell[0], cell[2]);
    tr.set(cell[1], cell[2]);
  }

  public Optional<V> getCell(Object row, Object col) {
    return getCell(db, row, col);
  }

  public Optional<V> getCell(TransactionContext tc, Object row, Object col) {
    byte[] key = rows.pack(LayerSupport.element(name, "row", row).addAll(LayerSupport.element(name, "column", col)));
    return tc.read(tr -> Optional.ofNullable(tr.get(key).join()).map(v -> LayerSupport.decode(codec, key, v, name)));
  }

  /** Column → value of one row (one range read of {@code (S, "R", row)}). */
  public Map<Object, V> getRow(Object row) {
    return getRow(db, row);
  }

  public Map<Object, V> getRow(TransactionContext tc, Object row) {
    LayerSupport.element(name, "row", row);
    return tc.read(tr -> cells(rows.get(row), tr.getRange(rows.get(row).range()).asList().join()));
  }

  /** Row → value of one column (one range read of {@code (S, "C", col)}). */
  public Map<Object, V> getColumn(Object col) {
    return getColumn(db, col);
  }

  public Map<Object, V> getColumn(TransactionContext tc, Object col) {
    LayerSupport.element(name, "column", col);
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
    LayerSupport.element(name, "row", row);
    List<byte[][]> encoded = new ArrayList<>();
    LayerSupport.require(cells, "cells").forEach((col, v) -> encoded.add(cell(row, col, v)));
    tc.run(tr -> {
      clearRow(tr, row);
      encoded.forEach(cell -> put(tr, cell));
      return null;
    });
  }

  public void deleteRow(Object row) {
    deleteRow(db, row);
  }

  public void deleteRow(TransactionContext tc, Object row) {
    LayerSupport.element(name, "row", row);
    tc.run(tr -> {
      clearRow(tr, row);
      return null;
    });
  }

  private void clearRow(Transaction tr, Object row) {
    Subspace r = rows.get(row);
    for (KeyValue kv : tr.getRange(r.range()).asList().join()) {
      tr.clear(columns.pack(Tuple.from(r.unpack(kv.getKey()).get(0), row)));
    }
    tr.clear(r.range());
  }
}
