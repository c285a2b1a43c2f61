package io.strata.repository;

import com.apple.foundationdb.KeyValue;
import io.strata.index.DerivedIndex;
import io.strata.index.Indexes;
import io.strata.row.EntityCodec;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.RowWrites;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import io.strata.tuple.TuplePacker;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One save, encoded and size-checked before anything is written: the row and its plain, unique and covering
 * index entries ({@code writes}), the covering row value (null when no covering index holds the entity), the
 * spatial entries (by {@link EntityLayout#spatialIndexes()} field; absent for a null point) and every derived
 * index (by {@link DerivedIndex#checkSizes}), and all of it together ({@code bytes}: every key and value the save
 * writes, {@link RowWrites#checkTotal}). A save rejected here has written nothing, even inside a caller's
 * transaction that catches the exception and commits.
 */
record PreparedSave(Object id, RowWrites writes, byte[] covering, Map<String, KeyValue> points, long bytes) {
  /**
   * {@code entity} prepared for {@code layout}: its row and entries encoded, every size checked ({@code nullId} words
   * the error for a null id), the count's increment ({@link Long#BYTES} bytes) in {@code bytes}.
   */
  static <T> PreparedSave of(T entity, EntityLayout<T> layout, Rows<T> rows, Indexes<T> indexes, int[] nonNull,
      Supplier<String> nullId) {
    EntityCodec<T> codec = layout.codec();
    Objects.requireNonNull(entity, () -> layout.entityName() + ": cannot save null; pass an entity (to remove one, use deleteById)");
    Object[] fresh = codec.toElements(entity);
    Object id = fresh[codec.idIndex()];
    if (id == null) {
      throw new IllegalArgumentException(nullId.get());
    }
    for (int pos : nonNull) {
      if (fresh[pos] == null) {
        throw new IllegalArgumentException(layout.entityName() + " id " + Sizes.describe(id) + ": '" + codec.fieldNames().get(pos)
            + "' is declared never null (@NonNull/@NotNull) but is null; set it before saving (queries rely on every entity"
            + " having it)");
      }
    }
    RowWrites writes = RowWrites.of(layout, id, fresh);
    byte[] covering = null;
    for (int k = 0; k < layout.indexes().size() && covering == null; k++) {
      IndexDefinition index = layout.indexes().get(k);
      if (index.covering() && !index.unique() && writes.indexKey(k) != null) {
        covering = rows.coveringRow(index, id, entity);
      }
    }
    Map<String, KeyValue> points = new LinkedHashMap<>();
    for (var entry : layout.spatialIndexes().entrySet()) {
      Object point = fresh[layout.fieldPosition(entry.getKey())];
      if (point != null) {
        KeyValue e = Rows.spatialEntry(entry.getValue(), id, point);
        Sizes.checkKey(layout.entityName(), id, () -> "spatial index '" + entry.getKey() + "'", e.getKey());
        points.put(entry.getKey(), e);
      }
    }
    long derived = indexes.checkSizes(id, fresh);
    long entries = layout.countKey(id).length + Long.BYTES;
    for (int k = 0; k < layout.indexes().size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      if (writes.indexKey(k) != null) {
        entries += index.unique() ? TuplePacker.pack(id).length : index.covering() ? covering.length : 0;
      }
    }
    for (KeyValue e : points.values()) {
      entries += e.getKey().length + e.getValue().length;
    }
    if (layout.columnMajor()) {
      List<String> names = codec.fieldNames();
      for (int i = 0; i < fresh.length; i++) {
        if (writes.value(i) != null && layout.blobField(names.get(i)) == null) {
          entries += layout.columnKey(names.get(i), id).length + writes.value(i).length;
        }
      }
    }
    return new PreparedSave(id, writes, covering, points, writes.checkTotal(entries, derived));
  }
}
