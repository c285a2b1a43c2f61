package io.strata.repository;

import io.strata.index.DerivedIndex;
import io.strata.index.DerivedIndexDefinition;
import io.strata.index.IndexStates;
import io.strata.index.aggregate.AggregateDefinition;
import io.strata.index.aggregate.AggregateIndex;
import io.strata.index.feed.VersionedDefinition;
import io.strata.index.feed.VersionedIndex;
import io.strata.index.rank.RankDefinition;
import io.strata.index.rank.RankIndex;
import io.strata.index.text.TextDefinition;
import io.strata.index.text.TextIndex;
import io.strata.row.BlobField;
import io.strata.row.ElementException;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.RowScan;
import io.strata.row.RowWrites;
import io.strata.row.Sizes;
import io.strata.row.StoredData;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.Continuation;
import io.strata.NoSuchEntityException;
import io.strata.Page;
import io.strata.UniqueConstraintException;
import io.strata.blob.ChunkedBlobs;
import io.strata.document.Documents;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Rows of one entity: load, save (with index maintenance), delete, count and paged scans, inside a
 * caller's transaction. Generated repositories delegate here.
 *
 * <p>Invariants kept by every save and delete, in the same transaction as the row change: each
 * non-null field has exactly one row key; each plain or covering index holds exactly one
 * {@code (E,"I",...)} entry per entity whose indexed values are all non-null; each unique index holds
 * exactly one {@code (E,"U",...)} entry per such entity, so a value maps to at most one id; the count
 * key equals the number of entities. The old row is read first, so stale entries are removed.
 */
public final class EntityStore<T> {
  private static final byte[] PLUS_ONE = le(1);
  private static final byte[] MINUS_ONE = le(-1);
  public static final byte[] EMPTY = new byte[0];

  private final EntityLayout<T> layout;
  private final EntityCodec<T> codec;
  private final RowScan scan;
  private final IndexStates states;
  /** The {@code @Aggregate}, {@code @Rank} and {@code @Text} indexes, by name, in declaration order. */
  private final Map<String, DerivedIndex> derived = new LinkedHashMap<>();

  public EntityStore(EntityLayout<T> layout) {
    this(layout, List.of());
  }

  /** A store that also maintains aggregate and rank indexes (see {@link DerivedIndexDefinition}). */
  public EntityStore(EntityLayout<T> layout, List<DerivedIndexDefinition> derivedIndexes) {
    this.layout = layout;
    this.codec = layout.codec();
    this.scan = new RowScan(this);
    for (DerivedIndexDefinition d : derivedIndexes) {
      derived.put(d.name(), d instanceof AggregateDefinition a ? new AggregateIndex(this, a)
          : d instanceof RankDefinition r ? new RankIndex(this, r)
          : d instanceof TextDefinition t ? new TextIndex(this, t) : new VersionedIndex(this));
    }
    this.states = new IndexStates(this);
  }

  /** The aggregate and rank indexes, in declaration order. */
  public java.util.Collection<DerivedIndex> derived() {
    return derived.values();
  }

  /** The derived index of that name, or null. */
  public DerivedIndex derived(String name) {
    return derived.get(name);
  }

  public AggregateIndex aggregate(String name) {
    if (derived.get(name) instanceof AggregateIndex a) {
      return a;
    }
    throw new IllegalArgumentException(layout.entityName() + " has no @Aggregate named '" + name + "'");
  }

  public RankIndex rank(String name) {
    if (derived.get(name) instanceof RankIndex r) {
      return r;
    }
    throw new IllegalArgumentException(layout.entityName() + " has no @Rank named '" + name + "'");
  }

  public TextIndex text(String field) {
    if (derived.get(field) instanceof TextIndex t) {
      return t;
    }
    throw new IllegalArgumentException(layout.entityName() + " has no @Text field '" + field + "'");
  }

  /** The change feed of a {@code @Versioned} entity. */
  public VersionedIndex feed() {
    if (derived.get(VersionedDefinition.NAME) instanceof VersionedIndex v) {
      return v;
    }
    throw new IllegalArgumentException(layout.entityName() + " is not @Versioned");
  }

  /**
   * Moves the entity's contribution to every aggregate, rank, text and feed index that covers its row (see
   * {@link IndexStates#covers}), one index after the other: an index's writes never race another's reads in
   * the same transaction.
   */
  private CompletableFuture<Void> updateDerived(Transaction tr, Object id, Object[] old, Object[] fresh) {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    if (derived.isEmpty()) {
      return chain;
    }
    byte[] row = layout.rowPrefix(id);
    for (DerivedIndex index : derived.values()) {
      if (index.maintainedWhileBuilding()) {
        chain = chain.thenCompose(v -> index.update(tr, id, old, fresh));
      } else {
        chain = chain.thenCompose(v -> states.covers(tr, index.kind(), index.name(), row))
            .thenCompose(covered -> covered ? index.update(tr, id, old, fresh) : CompletableFuture.completedFuture(null));
      }
    }
    return chain;
  }


  /** Which indexes hold every entity (see {@link IndexStates}). */
  public IndexStates states() {
    return states;
  }

  public EntityLayout<T> layout() {
    return layout;
  }

  private static byte[] le(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  private Object requireId(Object id) {
    if (id == null) {
      throw new IllegalArgumentException(layout.entityName() + ": id must not be null; pass the @Id value of the entity");
    }
    return id;
  }

  // ------------------------------------------------------------------ reads

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
            throw StoredData.corrupt(layout, id, layout.rowKey(id, blob.name()), "records a @Blob '" + blob.name() + "' of " + length
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
      throw StoredData.corrupt(layout, id, layout.rowKey(id, field), "(the length of @Blob '" + field + "') does not decode: " + e.getMessage(), e);
    }
    if (length < 0) {
      throw StoredData.corrupt(layout, id, layout.rowKey(id, field), "records a negative length " + length + " for @Blob '" + field + "'", null);
    }
    return length;
  }

  /** The stored elements without reading blob chunks (blob fields hold their length), or null. */
  public CompletableFuture<Object[]> loadRowOnly(ReadTransaction tr, Object id) {
    byte[] prefix = layout.rowPrefix(id);
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
    for (KeyValue kv : kvs) {
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
    try {
      Tuple t = Tuple.fromBytes(value);
      if (t.size() != 1) {
        throw new IllegalArgumentException("expected one element, found " + t.size());
      }
      io.strata.spatial.SpatialIndex spatial = layout.spatialIndexes().get(field);
      if (spatial != null && t.get(0) != null) {
        // a stored point its index cannot take would fail every later save and delete with a bare exception
        if (spatial.isGeo()) {
          Elements.toGeoPoint(t.get(0));
        } else {
          Elements.toPoint(t.get(0));
        }
      }
      return t.get(0);
    } catch (RuntimeException e) {
      throw StoredData.corrupt(layout, id, key, "(field '" + field + "') does not decode: " + e.getMessage(), e);
    }
  }

  public T build(Object[] elements) {
    Object id = elements[codec.idIndex()];
    try {
      return codec.fromElements(elements);
    } catch (RuntimeException e) {
      int pos = e instanceof ElementException bad ? StoredData.positionOf(elements, bad.element()) : -1;
      if (pos >= 0) {
        String field = codec.fieldNames().get(pos);
        throw StoredData.corrupt(layout, id, layout.rowKey(id, field), "(field '" + field + "') does not decode: " + e.getMessage(), e);
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

  /** The entity count: one key, kept by atomic ADD. */
  public CompletableFuture<Long> count(ReadTransaction tr) {
    return tr.get(layout.countKey()).thenApply(v -> {
      if (v == null) {
        return 0L;
      }
      if (v.length != 8) {
        throw new CodecException(layout.entityName() + ": the count key " + ByteArrayUtil.printable(layout.countKey()) + " holds "
            + v.length + " bytes, not an 8-byte little-endian count; it was not written by Strata: restore it, or rewrite it"
            + " with the number of entities (8 bytes little-endian)");
      }
      return ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getLong();
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

  // ------------------------------------------------------------------ writes

  /**
   * One save, encoded and size-checked before anything is written: the row and its plain, unique and covering
   * index entries ({@code writes}), the covering row value (null when no covering index holds the entity), the
   * spatial entries (by {@link EntityLayout#spatialIndexes()} field; absent for a null point) and every derived
   * index (by {@link DerivedIndex#checkSizes}). A save rejected here has written nothing, even inside a caller's
   * transaction that catches the exception and commits.
   */
  private record Prepared(Object id, RowWrites writes, byte[] covering, Map<String, KeyValue> points) {}

  private Prepared prepare(T entity) {
    Objects.requireNonNull(entity, () -> layout.entityName() + ": cannot save null; pass an entity (to remove one, use deleteById)");
    Object[] fresh = codec.toElements(entity);
    Object id = fresh[codec.idIndex()];
    if (id == null) {
      throw new IllegalArgumentException(layout.entityName() + ": cannot save an entity whose @Id '"
          + codec.fieldNames().get(codec.idIndex()) + "' is null; assign an id first");
    }
    RowWrites writes = RowWrites.of(layout, id, fresh);
    byte[] covering = null;
    for (int k = 0; k < layout.indexes().size() && covering == null; k++) {
      IndexDefinition index = layout.indexes().get(k);
      if (index.covering() && !index.unique() && writes.indexKey(k) != null) {
        covering = coveringRow(index, id, entity);
      }
    }
    Map<String, KeyValue> points = new LinkedHashMap<>();
    for (var entry : layout.spatialIndexes().entrySet()) {
      Object point = fresh[layout.fieldPosition(entry.getKey())];
      if (point != null) {
        KeyValue e = spatialEntry(entry.getValue(), id, point);
        Sizes.checkKey(layout.entityName(), id, "spatial index '" + entry.getKey() + "'", e.getKey());
        points.put(entry.getKey(), e);
      }
    }
    derived.values().forEach(d -> d.checkSizes(id, fresh));
    return new Prepared(id, writes, covering, points);
  }

  /** Inserts or replaces {@code entity}, maintaining every index, unique entry, column copy and the count. */
  public CompletableFuture<Void> save(Transaction tr, T entity) {
    return save(tr, prepare(entity));
  }

  private CompletableFuture<Void> save(Transaction tr, Prepared save) {
    Object id = save.id();
    RowWrites writes = save.writes();
    return loadRowOnly(tr, id).thenCombine(states.record(tr), (old, recorded) -> old).thenCompose(old -> {
      List<List<Object>> was = old == null ? null : layout.indexValues(old);
      return checkUnique(tr, id, was, writes.indexValues()).thenCompose(v -> {
        write(tr, old, was, save);
        return updateDerived(tr, id, old, writes.elements());
      });
    });
  }

  /**
   * Fails with {@link UniqueConstraintException} when a unique index maps a value the entity takes on
   * ({@code now}, per index; {@code was} the stored ones or null) to another id.
   */
  private CompletableFuture<Void> checkUnique(Transaction tr, Object id, List<List<Object>> was, List<List<Object>> now) {
    List<CompletableFuture<Void>> checks = new ArrayList<>();
    for (int k = 0; k < now.size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      List<Object> v = now.get(k);
      if (!index.unique() || v == null || (was != null && v.equals(was.get(k)))) {
        continue;
      }
      checks.add(tr.get(layout.uniqueKey(index, v)).thenAccept(owner -> {
        if (owner != null) {
          Object existing = StoredData.uniqueOwner(layout, layout.uniqueKey(index, v), owner);
          if (!Tuple.from(existing).equals(Tuple.from(id))) {
            throw new UniqueConstraintException(layout.entityName(), index.name(), v, existing, id);
          }
        }
      }));
    }
    return checks.isEmpty() ? CompletableFuture.completedFuture(null) : CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new));
  }

  private void write(Transaction tr, Object[] old, List<List<Object>> oldValues, Prepared save) {
    List<String> names = codec.fieldNames();
    Object id = save.id();
    RowWrites writes = save.writes();
    Object[] fresh = writes.elements();
    if (old != null) {
      removeEntries(tr, id, old, oldValues, fresh, writes.indexValues());
    }
    writes.apply(tr);
    if (layout.columnMajor()) {
      for (int i = 0; i < fresh.length; i++) {
        if (writes.value(i) != null && layout.blobField(names.get(i)) == null) {
          tr.set(layout.columnKey(names.get(i), id), writes.value(i));
        }
      }
    }
    for (int k = 0; k < layout.indexes().size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      byte[] key = writes.indexKey(k);
      if (key != null) {
        tr.set(key, index.unique() ? Tuple.from(id).pack() : index.covering() ? save.covering() : EMPTY);
      }
    }
    save.points().forEach((field, e) -> {
      Object was = old == null ? null : old[layout.fieldPosition(field)];
      if (was == null || !Elements.toTuple(was).equals(Elements.toTuple(fresh[layout.fieldPosition(field)]))) {
        tr.set(e.getKey(), e.getValue());
      }
    });
    if (old == null) {
      tr.mutate(MutationType.ADD, layout.countKey(), PLUS_ONE);
    }
  }

  /** The value of a covering index entry: the whole row as a tuple, checked against the value limit. */
  public byte[] coveringRow(IndexDefinition index, Object id, T entity) {
    byte[] row = codec.encode(entity);
    Sizes.checkValue(layout.entityName(), id, "covering index '" + index.name() + "' row", row);
    return row;
  }

  public static void addPoint(Transaction tr, io.strata.spatial.SpatialIndex index, Object id, Object element) {
    KeyValue e = spatialEntry(index, id, element);
    tr.set(e.getKey(), e.getValue());
  }

  private static void removePoint(Transaction tr, io.strata.spatial.SpatialIndex index, Object id, Object element) {
    tr.clear(spatialEntry(index, id, element).getKey());
  }

  /** The spatial entry of an entity whose field holds {@code element} (a point tuple). */
  public static KeyValue spatialEntry(io.strata.spatial.SpatialIndex index, Object id, Object element) {
    return index.isGeo() ? index.entry(id, Elements.toGeoPoint(element)) : index.entry(id, Elements.toPoint(element));
  }

  /**
   * Moves the index entries of an entity whose elements change from {@code old} to {@code fresh} without a
   * full save (used when a document path changes); checks unique indexes first.
   */
  public CompletableFuture<Void> reindex(Transaction tr, Object id, Object[] old, Object[] fresh) {
    List<List<Object>> was = layout.indexValues(old);
    List<List<Object>> now = layout.indexValues(fresh);
    byte[][] keys = checkReindex(id, fresh, now);
    return states.record(tr).thenCompose(v -> checkUnique(tr, id, was, now)).thenCompose(v -> updateDerived(tr, id, old, fresh)).thenRun(() -> {
      for (int k = 0; k < now.size(); k++) {
        IndexDefinition index = layout.indexes().get(k);
        if (Objects.equals(was.get(k), now.get(k))) {
          continue;
        }
        if (was.get(k) != null) {
          tr.clear(layout.entryKey(index, was.get(k), id));
        }
        if (keys[k] != null) {
          tr.set(keys[k], index.unique() ? Tuple.from(id).pack() : EMPTY);
        }
      }
    });
  }

  /**
   * The index entry keys (layout order; null where not indexed) of an entity whose elements become
   * {@code fresh} (with index values {@code now}) without a full save, every one of them and every derived
   * index's size-checked: call it before the first write of the change.
   */
  private byte[][] checkReindex(Object id, Object[] fresh, List<List<Object>> now) {
    byte[][] keys = new byte[now.size()][];
    for (int k = 0; k < now.size(); k++) {
      if (now.get(k) != null) {
        IndexDefinition index = layout.indexes().get(k);
        keys[k] = layout.entryKey(index, now.get(k), id);
        Sizes.checkKey(layout.entityName(), id, "index '" + index.name() + "'", keys[k]);
      }
    }
    derived.values().forEach(d -> d.checkSizes(id, fresh));
    return keys;
  }

  /**
   * Saves several entities one after the other in the same transaction; every one is encoded and
   * size-checked before the first is written, so one rejected entity leaves the transaction untouched.
   */
  public CompletableFuture<Void> saveAll(Transaction tr, Iterable<? extends T> entities) {
    List<Prepared> saves = new ArrayList<>();
    entities.forEach(entity -> saves.add(prepare(entity)));
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (Prepared save : saves) {
      chain = chain.thenCompose(v -> save(tr, save));
    }
    return chain;
  }

  /**
   * Clears what {@code old} (with index values {@code oldValues}) wrote that {@code fresh} (with index
   * values {@code newValues}; both null on delete) will not overwrite.
   */
  private void removeEntries(Transaction tr, Object id, Object[] old, List<List<Object>> oldValues, Object[] fresh,
      List<List<Object>> newValues) {
    List<String> names = codec.fieldNames();
    for (int i = 0; i < old.length; i++) {
      String name = names.get(i);
      if (old[i] != null && (fresh == null || fresh[i] == null)) {
        tr.clear(layout.rowKey(id, name));
        if (layout.isDocument(name)) {
          tr.clear(layout.document(id, name).range());
        } else if (layout.blobField(name) != null) {
          ChunkedBlobs.delete(tr, layout.blob(id, name));
        } else if (layout.columnMajor()) {
          tr.clear(layout.columnKey(name, id));
        }
      }
    }
    for (var entry : layout.spatialIndexes().entrySet()) {
      int pos = layout.fieldPosition(entry.getKey());
      Object now = fresh == null ? null : fresh[pos];
      if (old[pos] != null && (now == null || !Elements.toTuple(old[pos]).equals(Elements.toTuple(now)))) {
        removePoint(tr, entry.getValue(), id, old[pos]);
      }
    }
    for (int k = 0; k < oldValues.size(); k++) {
      List<Object> before = oldValues.get(k);
      if (before != null && (newValues == null || !before.equals(newValues.get(k)))) {
        tr.clear(layout.entryKey(layout.indexes().get(k), before, id));
      }
    }
  }

  /** Deletes the entity and everything stored under its row; false when it did not exist. */
  public CompletableFuture<Boolean> delete(Transaction tr, Object id) {
    requireId(id);
    return loadRowOnly(tr, id).thenCompose(old -> {
      if (old == null) {
        return CompletableFuture.completedFuture(false);
      }
      removeEntries(tr, id, old, layout.indexValues(old), null, null);
      tr.clear(layout.row(id).range());
      tr.clear(layout.blobs(id).range());
      tr.mutate(MutationType.ADD, layout.countKey(), MINUS_ONE);
      return updateDerived(tr, id, old, null).thenApply(v -> true);
    });
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
        throw StoredData.corrupt(layout, id, layout.rowKey(id, field), "records a @Blob '" + field + "' of " + stored + " bytes, but reading ["
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
