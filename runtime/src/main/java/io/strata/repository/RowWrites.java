package io.strata.repository;

import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.EntityTooLargeException;
import io.strata.blob.ChunkedBlobs;
import io.strata.document.Documents;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one save writes under {@code (E,"R",id)} and {@code (E,"B",id)}, encoded and size-checked
 * before anything is written: plain fields as {@code pack(value)}, blobs as their length plus chunks,
 * documents as flattened leaves (replacing the whole subtree).
 */
final class RowWrites {
  /** The most blob bytes one save may write: well under FoundationDB's 10 MB transaction limit. */
  static final int BLOB_BUDGET = Sizes.TRANSACTION_BUDGET;

  private final EntityLayout<?> layout;
  private final Object id;
  private final Object[] elements;
  private final byte[][] values;
  private final List<List<byte[][]>> documents = new ArrayList<>();

  private RowWrites(EntityLayout<?> layout, Object id, Object[] elements) {
    this.layout = layout;
    this.id = id;
    this.elements = elements;
    this.values = new byte[elements.length][];
  }

  static RowWrites of(EntityLayout<?> layout, Object id, Object[] elements) {
    RowWrites w = new RowWrites(layout, id, elements);
    w.encode();
    return w;
  }

  private void encode() {
    String entity = layout.entityName();
    List<String> names = layout.codec().fieldNames();
    long blobBytes = 0;
    for (int i = 0; i < elements.length; i++) {
      String name = names.get(i);
      documents.add(List.of());
      if (elements[i] == null) {
        continue;
      }
      Sizes.checkKey(entity, id, "field '" + name + "'", layout.rowKey(id, name));
      if (layout.isDocument(name)) {
        List<byte[][]> leaves = new ArrayList<>();
        long bytes = 0;
        for (Documents.Entry e : Documents.flatten(elements[i])) {
          byte[] key = layout.document(id, name).pack(e.path());
          byte[] value = Tuple.from(e.leaf()).pack();
          Sizes.checkKey(entity, id, "document '" + name + "' path " + e.path(), key);
          Sizes.checkValue(entity, id, name + e.path(), value);
          leaves.add(new byte[][] {key, value});
          bytes += key.length + value.length;
        }
        Sizes.checkDocument(entity, id, name, bytes);
        documents.set(i, leaves);
      } else if (layout.blobField(name) != null) {
        byte[] bytes = Elements.toBytes(elements[i]);
        blobBytes += bytes.length;
        values[i] = Tuple.from((long) bytes.length).pack();
      } else {
        values[i] = Tuple.from(elements[i]).pack();
        Sizes.checkValue(entity, id, name, values[i]);
      }
    }
    if (blobBytes > BLOB_BUDGET) {
      throw new EntityTooLargeException(entity + " id " + Sizes.describe(id) + ": its @Blob fields hold " + blobBytes
          + " bytes, more than one transaction should write (" + BLOB_BUDGET + " of FoundationDB's 10,000,000-byte limit);"
          + " store large binaries with io.strata.layers.BlobStore, which streams them across transactions");
    }
    for (IndexDefinition index : layout.indexes()) {
      List<Object> v = layout.indexValues(index, elements);
      if (v != null) {
        Sizes.checkKey(entity, id, "index '" + index.name() + "'", layout.indexKey(index, v, id));
      }
    }
  }

  /** The encoded row value of a plain field, or null. */
  byte[] value(int i) {
    return values[i];
  }

  void apply(Transaction tr) {
    List<String> names = layout.codec().fieldNames();
    for (int i = 0; i < elements.length; i++) {
      String name = names.get(i);
      if (layout.isDocument(name)) {
        tr.clear(layout.rowKey(id, name));
        tr.clear(layout.document(id, name).range());
        for (byte[][] leaf : documents.get(i)) {
          tr.set(leaf[0], leaf[1]);
        }
      } else if (values[i] != null) {
        tr.set(layout.rowKey(id, name), values[i]);
        BlobField blob = layout.blobField(name);
        if (blob != null) {
          ChunkedBlobs.write(tr, layout.blob(id, name), Elements.toBytes(elements[i]), blob.chunkSize());
        }
      }
    }
  }
}
