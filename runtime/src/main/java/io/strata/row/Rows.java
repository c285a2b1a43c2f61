package io.strata.row;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.Continuation;
import io.strata.NoSuchEntityException;
import io.strata.Page;
import io.strata.blob.ChunkedBlobs;
import io.strata.document.Documents;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Reading one entity's rows as its layout stores them: a row {@code (E,"R",id,...)} into elements (with
 * flattened documents assembled and blob chunks read on request), elements into an entity, pages of rows
 * in id order, the count key, blob ranges and column-major copies. Every stored byte that does not decode
 * is a {@link CodecException} naming the entity, the id and the key ({@link StoredData}).
 *
 * <p>Reads only: what a save writes and keeps consistent is {@code io.strata.repository.EntityStore}'s.
 * Thread-safe and immutable.
 */
public final class Rows<T> {
  private final EntityLayout<T> layout;
  private final EntityCodec<T> codec;
  final RowScan scan;

  public Rows(EntityLayout<T> layout) {
    this.layout = layout;
    this.codec = layout.codec();
    this.scan = new RowScan(this);
  }

  public EntityLayout<T> layout() {
    return layout;
  }

  /** {@code id}, checked: a null id is a caller's mistake named with the entity. */
  public Object requireId(Object id) {
    if (id == null) {
      throw new IllegalArgumentException(layout.entityName() + ": id must not be null; pass the @Id value of the entity");
    }
    return id;
  }


  /**
   * The stored elements of one entity, or null when absent: one range read of {@code (E,"R",id)} (which
   * also holds flattened documents), plus one range read of the chunks of each stored blob.
   */
  public CompletableFuture<Object[]> loadElements(ReadTransaction tr, Object id) {
    requireId(id);
    if (layout.blobFields().isEmpty()) {
      return loadRowOnly(tr, id);
    }
    return loadRowOnly(tr, id).thenCompose(elements -> withBlobs(tr, elements));
  }

  /** {@code elements} (or null) with each stored blob's length replaced by its bytes, read from its chunks. */
  public CompletableFuture<Object[]> withBlobs(ReadTransaction tr, Object[] elements) {
    if (elements == null || layout.blobFields().isEmpty()) {
      return CompletableFuture.completedFuture(elements);
    }
    Object id = elements[codec.idIndex()];
    List<CompletableFuture<Void>> blobs = new ArrayList<>();
    for (BlobField blob : layout.blobFields()) {
      int pos = layout.fieldPosition(blob.name());
      if (elements[pos] != null) {
        long length = blobLength(id, blob.name(), elements[pos]);
        blobs.add(ChunkedBlobs.readAll(tr, layout.blob(id, blob.name())).thenAccept(bytes -> {
          if (bytes.length != length) {
            throw StoredData.corrupt(layout, id, layout.fieldKey(id, blob.name()), "records a @Blob '" + blob.name() + "' of " + length
                + " bytes but its chunks under " + ByteArrayUtil.printable(layout.blob(id, blob.name()).getKey()) + " hold "
                + bytes.length, null);
          }
          elements[pos] = bytes;
        }));
      }
    }
    return CompletableFuture.allOf(blobs.toArray(CompletableFuture[]::new)).thenApply(v -> elements);
  }

  /** The length a blob field's row key records: a non-negative integer. */
  private long blobLength(Object id, String field, Object element) {
    long length;
    try {
      length = Elements.toLong(element);
    } catch (CodecException e) {
      throw StoredData.corrupt(layout, id, layout.fieldKey(id, field), "(the length of @Blob '" + field + "') does not decode: " + e.getMessage(), e);
    }
    if (length < 0) {
      throw StoredData.corrupt(layout, id, layout.fieldKey(id, field), "records a negative length " + length + " for @Blob '" + field + "'", null);
    }
    return length;
  }

  /** The stored elements without reading blob chunks (blob fields hold their length), or null. */
  public CompletableFuture<Object[]> loadRowOnly(ReadTransaction tr, Object id) {
    return loadRowOnly(tr, id, layout.rowPrefix(id));
  }

  /** {@link #loadRowOnly(ReadTransaction, Object)} of the id whose {@link EntityLayout#rowPrefix} is {@code prefix}. */
  public CompletableFuture<Object[]> loadRowOnly(ReadTransaction tr, Object id, byte[] prefix) {
    return tr.getRange(EntityLayout.below(prefix)).asList()
        .thenApply(kvs -> kvs.isEmpty() ? null : elementsOf(id, prefix.length, kvs));
  }

  /**
   * Elements from the row's key-values, whose keys share a {@link EntityLayout#rowPrefix} of {@code prefix}
   * bytes; blob fields hold their stored length until their chunks are read.
   */
  public Object[] elementsOf(Object id, int prefix, List<KeyValue> kvs) {
    Object[] elements = new Object[codec.fieldNames().size()];
    Map<String, List<Documents.Entry>> documents = null;
    List<KeyValue> parts = null;
    for (KeyValue kv : kvs) {
      if (PackedRow.isPart(kv.getKey(), prefix)) {
        if (parts == null) {
          parts = new ArrayList<>();
        }
        parts.add(kv);
        continue;
      }
      Tuple rest = fieldPath(id, kv.getKey(), prefix);
      String field = (String) rest.get(0);
      int pos = layout.fieldPosition(field);
      if (pos < 0) {
        continue; // a field this version of the entity no longer has
      }
      if (layout.isDocument(field)) {
        if (documents == null) {
          documents = new LinkedHashMap<>();
        }
        documents.computeIfAbsent(field, f -> new ArrayList<>())
            .add(new Documents.Entry(rest.popFront(), decodeValue(id, field, kv.getKey(), kv.getValue())));
      } else if (rest.size() == 1) {
        elements[pos] = decodeValue(id, field, kv.getKey(), kv.getValue());
      }
    }
    if (parts != null) {
      PackedRow.unpack(this, id, prefix, parts, elements);
    }
    if (documents != null) {
      documents.forEach((field, entries) -> elements[layout.fieldPosition(field)] = assemble(id, field, entries));
    }
    elements[codec.idIndex()] = id;
    return elements;
  }

  /** The part of a row key after its {@code (E,"R",id)} prefix: a field name, then a document path if any. */
  private Tuple fieldPath(Object id, byte[] key, int prefix) {
    Tuple rest;
    try {
      rest = Tuple.fromBytes(key, prefix, key.length - prefix);
    } catch (RuntimeException e) {
      throw StoredData.corrupt(layout, id, key, "is not a tuple (" + e.getMessage() + ")", e);
    }
    if (rest.size() == 0 || !(rest.get(0) instanceof String)) {
      throw StoredData.corrupt(layout, id, key, "does not name a field after the id", null);
    }
    return rest;
  }

  private Object assemble(Object id, String field, List<Documents.Entry> entries) {
    try {
      return Documents.assemble(entries);
    } catch (CodecException e) {
      throw StoredData.corrupt(layout, id, layout.rowKey(id, field), "holds a @Document '" + field + "' whose leaves do not assemble: " + e.getMessage(), e);
    }
  }

  private Object decodeValue(Object id, String field, byte[] key, byte[] value) {
    Tuple t;
    try {
      t = Tuple.fromBytes(value);
      if (t.size() != 1) {
        throw new IllegalArgumentException("expected one element, found " + t.size());
      }
    } catch (RuntimeException e) {
      throw StoredData.corrupt(layout, id, key, "(field '" + field + "') does not decode: " + e.getMessage(), e);
    }
    return checked(id, field, key, t.get(0));
  }

  /** {@code element}, a stored value of {@code field} at {@code key}, once a point its spatial index cannot take is ruled out. */
  Object checked(Object id, String field, byte[] key, Object element) {
    io.strata.spatial.SpatialIndex spatial = layout.spatialIndexes().get(field);
    if (spatial != null && element != null) {
      // a stored point its index cannot take would fail every later save and delete with a bare exception
      try {
        if (spatial.isGeo()) {
          Elements.toGeoPoint(element);
        } else {
          Elements.toPoint(element);
        }
      } catch (RuntimeException e) {
        throw StoredData.corrupt(layout, id, key, "(field '" + field + "') does not decode: " + e.getMessage(), e);
      }
    }
    return element;
  }

  public T build(Object[] elements) {
    Object id = elements[codec.idIndex()];
    try {
      return codec.fromElements(elements);
    } catch (RuntimeException e) {
      int pos = e instanceof ElementException bad ? StoredData.positionOf(elements, bad.element()) : -1;
      if (pos >= 0) {
        String field = codec.fieldNames().get(pos);
        throw StoredData.corrupt(layout, id, layout.fieldKey(id, field), "(field '" + field + "') does not decode: " + e.getMessage(), e);
      }
      throw new CodecException(layout.entityName() + " id " + Sizes.describe(id) + ": its stored fields under key "
          + ByteArrayUtil.printable(layout.rowPrefix(id)) + " do not make a valid " + layout.entityName() + ": " + e.getMessage()
          + "; restore the row from a backup, or clear the bad key (Transaction.clear) and save the entity again", e);
    }
  }

  public CompletableFuture<Optional<T>> load(ReadTransaction tr, Object id) {
    return loadElements(tr, id).thenApply(e -> e == null ? Optional.empty() : Optional.of(build(e)));
  }

  /** Loads several entities with concurrent reads; missing ids are skipped, order is kept. */
  public CompletableFuture<List<T>> loadAll(ReadTransaction tr, List<?> ids) {
    List<CompletableFuture<Object[]>> reads = new ArrayList<>(ids.size());
    for (Object id : ids) {
      reads.add(loadElements(tr, id));
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(v -> {
      List<T> out = new ArrayList<>(reads.size());
      for (CompletableFuture<Object[]> r : reads) {
        Object[] e = r.join();
        if (e != null) {
          out.add(build(e));
        }
      }
      return out;
    });
  }

  public CompletableFuture<Boolean> exists(ReadTransaction tr, Object id) {
    requireId(id);
    return tr.getRange(layout.row(id).range(), 1).asList().thenApply(kvs -> !kvs.isEmpty());
  }

  /**
   * The entity count: the sum of the count's shards {@code (E,"#",shard)} and of the unsharded {@code (E,"#")} of
   * a database not yet repacked, each kept by atomic ADD; one range read of at most {@link WriteShards#SHARDS} + 1 keys.
   */
  public CompletableFuture<Long> count(ReadTransaction tr) {
    return tr.getRange(layout.countRange()).asList().thenApply(kvs -> {
      long count = 0;
      for (KeyValue kv : kvs) {
        if (kv.getValue().length != 8) {
          throw new CodecException(layout.entityName() + ": the count key " + ByteArrayUtil.printable(kv.getKey()) + " holds "
              + kv.getValue().length + " bytes, not an 8-byte little-endian count; it was not written by Strata: clear it, then"
              + " set any one count key (" + ByteArrayUtil.printable(layout.legacyCountKey()) + " will do) to the number of entities"
              + " less the other keys' sum (8 bytes little-endian)");
        }
        count += ByteBuffer.wrap(kv.getValue()).order(ByteOrder.LITTLE_ENDIAN).getLong();
      }
      return count;
    });
  }

  /**
   * One page of all entities in id order: at most {@code limit}, fewer when their rows pass
   * {@link RowScan#PAGE_BYTES} (so every page is one short transaction); the continuation resumes at the next
   * entity's row.
   */
  public CompletableFuture<Page<T>> scan(ReadTransaction tr, int limit, Continuation after) {
    return scanElements(tr, limit, after).thenCompose(page -> {
      List<CompletableFuture<Object[]>> rows = new ArrayList<>(page.items().size());
      page.items().forEach(elements -> rows.add(withBlobs(tr, elements)));
      return CompletableFuture.allOf(rows.toArray(CompletableFuture[]::new)).thenApply(v -> {
        List<T> items = new ArrayList<>(rows.size());
        rows.forEach(r -> items.add(build(r.join())));
        return new Page<>(items, page.next());
      });
    });
  }

  /** {@link #scan} without building entities or reading blob chunks (blob fields hold their lengths). */
  public CompletableFuture<Page<Object[]>> scanElements(ReadTransaction tr, int limit, Continuation after) {
    return scan.page(tr, limit, after);
  }

  /** {@link #scanElements} for the repair tool: rows that do not decode are described in {@code damage} and left out. */
  public CompletableFuture<Page<Object[]>> scanElements(ReadTransaction tr, int limit, Continuation after, List<String> damage) {
    return scan.page(tr, limit, after, damage);
  }

  /** The value of a covering index entry: the whole row as a tuple, checked against the value limit. */
  public byte[] coveringRow(IndexDefinition index, Object id, T entity) {
    byte[] row = codec.encode(entity);
    Sizes.checkValue(layout.entityName(), id, () -> "covering index '" + index.name() + "' row", row);
    return row;
  }

  public static void addPoint(Transaction tr, io.strata.spatial.SpatialIndex index, Object id, Object element) {
    KeyValue e = spatialEntry(index, id, element);
    tr.set(e.getKey(), e.getValue());
  }

  /** The spatial entry of an entity whose field holds {@code element} (a point tuple). */
  public static KeyValue spatialEntry(io.strata.spatial.SpatialIndex index, Object id, Object element) {
    return index.isGeo() ? index.entry(id, Elements.toGeoPoint(element)) : index.entry(id, Elements.toPoint(element));
  }

  /**
   * Bytes {@code [offset, offset + length)} of a blob field (fewer at its end): reads only the chunks that
   * overlap, and the length in the row, which the bytes read must agree with.
   *
   * @throws NoSuchEntityException (in the future) when there is no entity with that id
   */
  public CompletableFuture<byte[]> readBlob(ReadTransaction tr, Object id, String field, long offset, int length) {
    requireId(id);
    BlobField blob = layout.blobField(field);
    if (blob == null) {
      throw new IllegalArgumentException(layout.entityName() + "." + field + " is not a @Blob field");
    }
    CompletableFuture<Long> size = blobSize(tr, id, field);
    return ChunkedBlobs.read(tr, layout.blob(id, field), blob.chunkSize(), offset, length).thenCombine(size, (bytes, stored) -> {
      long expected = Math.max(0, Math.min(length, stored - offset));
      if (bytes.length != expected) {
        throw StoredData.corrupt(layout, id, layout.fieldKey(id, field), "records a @Blob '" + field + "' of " + stored + " bytes, but reading ["
            + offset + ", " + (offset + length) + ") from its chunks under " + ByteArrayUtil.printable(layout.blob(id, field).getKey())
            + " gave " + bytes.length + " bytes instead of " + expected, null);
      }
      return bytes;
    });
  }

  /**
   * A blob field's length from its row key alone; 0 when the entity exists with a null blob (one more read,
   * of the row's first key, tells that case from a missing entity).
   *
   * @throws NoSuchEntityException (in the future) when there is no entity with that id
   */
  public CompletableFuture<Long> blobSize(ReadTransaction tr, Object id, String field) {
    requireId(id);
    if (layout.packed()) {
      // the length is in the packed row (or, for a row not yet repacked, its per-field key): read the row
      int pos = layout.fieldPosition(field);
      return loadRowOnly(tr, id).thenApply(row -> {
        if (row == null) {
          throw new NoSuchEntityException(layout.entityName(), id, "reading @Blob '" + field + "'");
        }
        return row[pos] == null ? 0L : blobLength(id, field, row[pos]);
      });
    }
    byte[] key = layout.rowKey(id, field);
    return tr.get(key).thenCompose(v -> v != null
        ? CompletableFuture.completedFuture(blobLength(id, field, decodeValue(id, field, key, v)))
        : exists(tr, id).thenApply(found -> {
          if (!found) {
            throw new NoSuchEntityException(layout.entityName(), id, "reading @Blob '" + field + "'");
          }
          return 0L;
        }));
  }

  /** The column-major copy of one field: id → value element (one range read of {@code (E,"C",field)}). */
  public CompletableFuture<Map<Object, Object>> column(ReadTransaction tr, String field) {
    return tr.getRange(layout.column(field).range()).asList().thenApply(kvs -> {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (KeyValue kv : kvs) {
        Object id = layout.column(field).unpack(kv.getKey()).get(0);
        out.put(id, decodeValue(id, field, kv.getKey(), kv.getValue()));
      }
      return out;
    });
  }
}
