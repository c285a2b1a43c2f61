package io.strata.row;

import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.strata.EntityTooLargeException;
import io.strata.blob.ChunkedBlobs;
import io.strata.document.Documents;
import io.strata.tuple.TuplePacker;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one save writes under {@code (E,"R",id)} and {@code (E,"B",id)}, plus the entity's index
 * values and entry keys, encoded and size-checked before anything is written (each key packed once).
 * Packed rows (the default): every non-null, non-document field as {@code (name, value)} pairs in one value
 * at {@code (E,"R",id,0)}, in parts of at most {@link EntityLayout#PART_BYTES} past that, replacing whatever
 * row keys the entity had (per-field ones of an older layout included). Per field: each as
 * {@code pack(value)} at {@code (E,"R",id,field)}. Either way blobs are their length plus chunks and
 * documents flattened leaves (replacing the whole subtree).
 */
public final class RowWrites {
  /** The value of an index entry that holds nothing but its key. */
  public static final byte[] EMPTY = new byte[0];

  /** The most blob bytes one save may write: well under FoundationDB's 10 MB transaction limit. */
  static final int BLOB_BUDGET = Sizes.TRANSACTION_BUDGET;

  private final EntityLayout<?> layout;
  private final Object id;
  private final Object[] elements;
  private final byte[][] keys;
  private final byte[][] values;
  private final List<List<byte[][]>> documents = new ArrayList<>();
  private final List<List<Object>> indexValues;
  private final byte[][] indexKeys;
  private byte[] rowPrefix;
  /** The parts of a packed row, in order (empty in the per-field layout). */
  private final List<byte[]> parts = new ArrayList<>();
  /** The bytes of the blob chunks' keys and values, and of the index entries' keys. */
  private long blobWrites;
  private long indexBytes;

  private RowWrites(EntityLayout<?> layout, Object id, Object[] elements) {
    this.layout = layout;
    this.id = id;
    this.elements = elements;
    this.keys = new byte[elements.length][];
    this.values = new byte[elements.length][];
    this.indexValues = layout.indexValues(elements);
    this.indexKeys = new byte[indexValues.size()][];
  }

  public static RowWrites of(EntityLayout<?> layout, Object id, Object[] elements) {
    RowWrites w = new RowWrites(layout, id, elements);
    w.encode();
    return w;
  }

  private void encode() {
    String entity = layout.entityName();
    List<String> names = layout.codec().fieldNames();
    rowPrefix = packed(() -> "its @Id", () -> layout.rowPrefix(id));
    List<Object> packedRow = new ArrayList<>();
    long blobBytes = 0;
    for (int i = 0; i < elements.length; i++) {
      String name = names.get(i);
      documents.add(List.of());
      boolean ownKey = !layout.packed() || layout.isDocument(name); // a packed row keeps its other fields in its parts
      if (ownKey) {
        keys[i] = layout.rowKey(rowPrefix, i);
      }
      if (elements[i] == null) {
        continue;
      }
      if (ownKey) {
        Sizes.checkKey(entity, id, () -> "field '" + name + "'", keys[i]);
      }
      if (layout.isDocument(name)) {
        List<byte[][]> leaves = new ArrayList<>();
        long bytes = 0;
        byte[] documentKey = keys[i];
        for (Documents.Entry e : Documents.flatten(elements[i])) {
          byte[] key = packed(() -> "document '" + name + "' path " + e.path(), () -> TuplePacker.after(documentKey).addAll(e.path()).toBytes());
          byte[] value = packed(() -> "document '" + name + "' at " + e.path(), () -> TuplePacker.pack(e.leaf()));
          Sizes.checkKey(entity, id, () -> "document '" + name + "' path " + e.path(), key);
          Sizes.checkValue(entity, id, () -> name + e.path(), value);
          leaves.add(new byte[][] {key, value});
          bytes += key.length + value.length;
        }
        Sizes.checkDocument(entity, id, name, bytes);
        documents.set(i, leaves);
      } else if (layout.blobField(name) != null) {
        long length = Elements.toBytes(elements[i]).length;
        blobBytes += length;
        int chunkSize = layout.blobField(name).chunkSize();
        long chunks = (length + chunkSize - 1) / chunkSize;
        // a chunk's key is the blob's prefix and its offset (a tuple integer of at most 9 bytes)
        blobWrites += length + chunks * (layout.blob(id, name).getKey().length + 9);
        if (layout.packed()) {
          packedRow.add(name);
          packedRow.add(length);
        } else {
          values[i] = TuplePacker.pack(length);
        }
      } else if (layout.packed()) {
        packedRow.add(name);
        packedRow.add(elements[i]);
      } else {
        Object element = elements[i];
        values[i] = packed(() -> "field '" + name + "'", () -> TuplePacker.pack(element));
        Sizes.checkValue(entity, id, () -> name, values[i]);
      }
    }
    if (layout.packed()) {
      byte[] row = packRow(packedRow);
      Sizes.checkRow(entity, id, row.length);
      parts.addAll(partsOf(row));
      Sizes.checkKey(entity, id, () -> "its row", layout.partKey(rowPrefix, parts.size() - 1));
    }
    if (blobBytes > BLOB_BUDGET) {
      throw new EntityTooLargeException(entity + " id " + Sizes.describe(id) + ": its @Blob fields hold " + blobBytes
          + " bytes, more than one transaction should write (" + BLOB_BUDGET + " of FoundationDB's 10,000,000-byte limit);"
          + " store large binaries with io.strata.layers.BlobStore, which streams them across transactions");
    }
    for (int k = 0; k < indexKeys.length; k++) {
      IndexDefinition index = layout.indexes().get(k);
      List<Object> v = indexValues.get(k);
      if (v != null) {
        indexKeys[k] = packed(() -> "index '" + index.name() + "'", () -> layout.entryKey(index, v, id));
        Sizes.checkKey(entity, id, () -> "index '" + index.name() + "'", indexKeys[k]);
        indexBytes += indexKeys[k].length;
      }
    }
  }

  /**
   * Checks everything the save writes against one transaction's budget ({@link Sizes#checkTotal}): this row, its
   * blob chunks and index keys, plus {@code entryBytes} (the index entries' values, spatial entries, column copies
   * and the count's operand, which the store writes) and {@code derivedBytes} (the derived indexes'); returns the
   * total.
   */
  public long checkTotal(long entryBytes, long derivedBytes) {
    return Sizes.checkTotal(layout.entityName(), id, rowBytes(), blobWrites, indexBytes + entryBytes, derivedBytes);
  }

  /** The bytes of the row's keys and values: its parts or per-field keys, and its documents' leaves. */
  private long rowBytes() {
    long bytes = 0;
    for (int n = 0; n < parts.size(); n++) {
      bytes += layout.partKey(rowPrefix, n).length + parts.get(n).length;
    }
    for (int i = 0; i < elements.length; i++) {
      if (values[i] != null) {
        bytes += keys[i].length + values[i].length;
      }
      for (byte[][] leaf : documents.get(i)) {
        bytes += leaf[0].length + leaf[1].length;
      }
    }
    return bytes;
  }

  /**
   * The bytes {@code pack} makes of {@code what}; a value the tuple layer refuses (a String holding an
   * unpaired surrogate, which has no UTF-8 form) is rejected naming the entity, the id and {@code what}.
   */
  private byte[] packed(java.util.function.Supplier<String> what, java.util.function.Supplier<byte[]> pack) {
    try {
      return pack.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(layout.entityName() + " id " + Sizes.describe(id) + ": " + what.get() + " cannot be stored ("
          + e.getMessage() + "); a String must be well-formed UTF-16, without unpaired surrogates: fix the value before saving", e);
    }
  }

  /**
   * The packed row of {@code pairs} (name, value, ...); when the tuple layer refuses it, each value is packed on
   * its own to name the field at fault (only then: a save packs its row once).
   */
  private byte[] packRow(List<Object> pairs) {
    try {
      return TuplePacker.packAll(pairs);
    } catch (IllegalArgumentException e) {
      for (int i = 0; i < pairs.size(); i += 2) {
        Object name = pairs.get(i);
        Object value = pairs.get(i + 1);
        packed(() -> "field '" + name + "'", () -> TuplePacker.pack(value));
      }
      return packed(() -> "its row", () -> TuplePacker.packAll(pairs));
    }
  }

  /** The packed {@code (E,"R",id)} of the entity ({@link EntityLayout#rowPrefix}). */
  public byte[] rowPrefix() {
    return rowPrefix;
  }

  /** The entity's elements, in {@code EntityCodec.fieldNames()} order. */
  public Object[] elements() {
    return elements;
  }

  /** The values of the entity in every index (layout order); null where the entity is not indexed. */
  public List<List<Object>> indexValues() {
    return indexValues;
  }

  /** The entry key of the entity in index {@code k} (layout order), or null when it is not indexed. */
  public byte[] indexKey(int k) {
    return indexKeys[k];
  }

  /** The encoded row value of a plain field in the per-field layout, or null. */
  public byte[] value(int i) {
    return values[i];
  }

  /**
   * Writes the row in {@code tr}; {@code existed}: the entity had a row, whose keys outside its documents are
   * replaced (a new entity's row range is known to be empty, so nothing needs clearing).
   */
  public void apply(Transaction tr, boolean existed) {
    List<String> names = layout.codec().fieldNames();
    if (layout.packed()) {
      if (existed) {
        clearRowOutsideDocuments(tr, layout, rowPrefix);
      }
      setParts(tr, layout, rowPrefix, parts);
    } else if (existed) {
      tr.clear(EntityLayout.parts(rowPrefix)); // a row packed by an earlier version of the entity
    }
    for (int i = 0; i < elements.length; i++) {
      String name = names.get(i);
      if (layout.isDocument(name)) {
        if (existed) {
          tr.clear(keys[i]);
          tr.clear(EntityLayout.below(keys[i]));
        }
        for (byte[][] leaf : documents.get(i)) {
          tr.set(leaf[0], leaf[1]);
        }
      } else if (elements[i] != null) {
        if (!layout.packed()) {
          tr.set(keys[i], values[i]);
        }
        BlobField blob = layout.blobField(name);
        if (blob != null) {
          ChunkedBlobs.write(tr, layout.blob(id, name), Elements.toBytes(elements[i]), blob.chunkSize());
        }
      }
    }
  }

  /** A packed row's bytes as parts of at most {@link EntityLayout#PART_BYTES} (one, maybe empty, at least). */
  private static List<byte[]> partsOf(byte[] row) {
    List<byte[]> out = new ArrayList<>();
    for (int from = 0; from < row.length || from == 0; from += EntityLayout.PART_BYTES) {
      out.add(java.util.Arrays.copyOfRange(row, from, Math.min(row.length, from + EntityLayout.PART_BYTES)));
    }
    return out;
  }

  private static void setParts(Transaction tr, EntityLayout<?> layout, byte[] rowPrefix, List<byte[]> parts) {
    for (int n = 0; n < parts.size(); n++) {
      tr.set(layout.partKey(rowPrefix, n), parts.get(n));
    }
  }

  /**
   * Rewrites an existing row in its layout's form from its stored {@code elements} (blob fields holding their
   * lengths, as {@link Rows} reads them): packed, or a key per field. Its values do not change, so documents,
   * blob chunks and index entries stay as they are.
   */
  static void rewrite(Transaction tr, EntityLayout<?> layout, Object id, Object[] elements) {
    byte[] rowPrefix = layout.rowPrefix(id);
    List<String> names = layout.codec().fieldNames();
    if (layout.packed()) {
      List<Object> pairs = new ArrayList<>();
      for (int i = 0; i < elements.length; i++) {
        if (elements[i] != null && !layout.isDocument(names.get(i))) {
          pairs.add(names.get(i));
          pairs.add(elements[i]);
        }
      }
      clearRowOutsideDocuments(tr, layout, rowPrefix);
      setParts(tr, layout, rowPrefix, partsOf(TuplePacker.packAll(pairs)));
    } else {
      tr.clear(EntityLayout.parts(rowPrefix));
      for (int i = 0; i < elements.length; i++) {
        if (elements[i] != null && !layout.isDocument(names.get(i))) {
          tr.set(layout.rowKey(rowPrefix, i), TuplePacker.pack(elements[i]));
        }
      }
    }
  }

  /**
   * Clears every key of the row but its documents' subtrees (which {@link #apply} replaces field by field):
   * the old parts and any per-field keys an earlier layout wrote, in a few range clears.
   */
  private static void clearRowOutsideDocuments(Transaction tr, EntityLayout<?> layout, byte[] rowPrefix) {
    byte[] from = EntityLayout.below(rowPrefix).begin;
    List<String> names = layout.codec().fieldNames();
    List<byte[]> documentKeys = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      if (layout.isDocument(names.get(i))) {
        documentKeys.add(layout.rowKey(rowPrefix, i));
      }
    }
    documentKeys.sort(ByteArrayUtil::compareUnsigned);
    for (byte[] document : documentKeys) {
      tr.clear(from, document);
      from = EntityLayout.below(document).end;
    }
    tr.clear(from, EntityLayout.below(rowPrefix).end);
  }
}
