package io.strata.repository;

import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Continuation;
import io.strata.IndexReport;
import io.strata.Page;
import io.strata.blob.ChunkedBlobs;
import io.strata.index.AfterCommit;
import io.strata.index.DerivedIndex;
import io.strata.index.DerivedIndexDefinition;
import io.strata.index.IndexMaintenance;
import io.strata.index.IndexStates;
import io.strata.index.IndexVerifier;
import io.strata.index.Indexes;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.RowWrites;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import io.strata.row.StoredData;
import io.strata.tuple.TuplePacker;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One entity's rows and every index they feed, kept consistent inside a caller's transaction: save
 * (one or many), delete, and the moves of index entries when a document path changes. Reads go to
 * {@link Rows}; derived indexes move through {@link Indexes}. Generated repositories delegate here.
 *
 * <p>A save, top to bottom: encode the entity and size-check every key and value it will write
 * ({@link PreparedSave#of}: row, plain/unique/covering entries, spatial entries, derived indexes), so a rejected
 * save writes nothing; read the old row; check unique indexes; clear what the old row wrote that the new
 * one does not overwrite; write the row, its entries and the count; move the derived indexes.
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

  private final EntityLayout<T> layout;
  private final EntityCodec<T> codec;
  private final Rows<T> rows;
  private final Indexes<T> indexes;
  private final UniqueChecks unique;
  private final Function<Object, ?> ids;
  /** The positions of the fields declared never null. */
  private final int[] nonNull;
  /** The ids given to entities saved with a null id, or null when such a save is rejected. */
  private final AssignedIds assigned;
  /** Whether a derived index's writes may ask work after their commit ({@link DerivedIndex#asksAfterCommit}). */
  private final boolean asksAfterCommit;

  /** See {@link #builder}; {@code ids} decodes a stored id element as generated code does (it throws for another type). */
  EntityStore(EntityLayout<T> layout, List<DerivedIndexDefinition> derivedIndexes, Function<Object, ?> ids, List<String> nonNull,
      AssignedIds assigned) {
    this.layout = layout;
    this.codec = layout.codec();
    this.rows = new Rows<>(layout);
    this.indexes = new Indexes<>(rows, derivedIndexes);
    this.unique = new UniqueChecks(layout);
    this.ids = ids;
    this.nonNull = nonNull.stream().mapToInt(layout::fieldPosition).toArray();
    this.assigned = assigned;
    this.asksAfterCommit = indexes.derived().stream().anyMatch(DerivedIndex::asksAfterCommit);
  }

  /** A store described field by field, as generated repositories build theirs (see {@link EntityStoreBuilder}). */
  public static <T> EntityStoreBuilder<T> builder(EntityCodec<T> codec, Subspace root) {
    return new EntityStoreBuilder<>(codec, root);
  }

  public EntityLayout<T> layout() {
    return layout;
  }

  /** The id {@code element} a key holds, decoded as generated code does; throws when it is not an id of this entity. */
  public Object decodeId(Object element) {
    return ids.apply(element);
  }

  /**
   * {@code element}, the id an entry of {@code index} at {@code key} holds, once checked to decode as an id of
   * this entity: an entry whose id has another type is damage named with the entity, the index and the key.
   */
  public Object storedId(IndexDefinition index, byte[] key, Object element) {
    try {
      ids.apply(element);
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(layout, index, key, "holds an id that is not a " + layout.entityName() + " id: " + e.getMessage(), e);
    }
    return element;
  }

  /** The reads of this entity's rows. */
  public Rows<T> rows() {
    return rows;
  }

  /** This entity's indexes: their build states and the derived ones. */
  public Indexes<T> indexes() {
    return indexes;
  }

  /** Which indexes hold every entity (see {@link IndexStates}). */
  public IndexStates states() {
    return indexes.states();
  }

  /**
   * Checks every index against the rows in short read transactions of at most {@code batch} rows or entries
   * (see {@link IndexVerifier}): the repair tool's report, never an exception for damage it finds.
   */
  public IndexReport verifyIndexes(ReadTransactionContext db, int batch) {
    return new IndexVerifier<>(indexes).verify(db, batch);
  }

  /** Online builds of this entity's indexes, each step a transaction of {@code db} (see {@link IndexMaintenance}). */
  public IndexMaintenance<T> maintenance(TransactionContext db) {
    return new IndexMaintenance<>(db, indexes);
  }

  // ------------------------------------------------------------------ reads (see Rows)

  public CompletableFuture<Optional<T>> load(ReadTransaction tr, Object id) {
    return rows.load(tr, id);
  }

  /** Loads several entities with concurrent reads; missing ids are skipped, order is kept. */
  public CompletableFuture<List<T>> loadAll(ReadTransaction tr, List<?> ids) {
    return rows.loadAll(tr, ids);
  }

  public CompletableFuture<Boolean> exists(ReadTransaction tr, Object id) {
    return rows.exists(tr, id);
  }

  /** The entity count: the sum of its shards, kept by atomic ADD, read by one range read. */
  public CompletableFuture<Long> count(ReadTransaction tr) {
    return rows.count(tr);
  }

  /** One page of all entities in id order (see {@link Rows#scan}). */
  public CompletableFuture<Page<T>> scan(ReadTransaction tr, int limit, Continuation after) {
    return rows.scan(tr, limit, after);
  }

  /** Bytes {@code [offset, offset + length)} of a blob field (see {@link Rows#readBlob}). */
  public CompletableFuture<byte[]> readBlob(ReadTransaction tr, Object id, String field, long offset, int length) {
    return rows.readBlob(tr, id, field, offset, length);
  }

  /** A blob field's length (see {@link Rows#blobSize}). */
  public CompletableFuture<Long> blobSize(ReadTransaction tr, Object id, String field) {
    return rows.blobSize(tr, id, field);
  }

  /** The column-major copy of one field: id → value element. */
  public CompletableFuture<Map<Object, Object>> column(ReadTransaction tr, String field) {
    return rows.column(tr, field);
  }

  private static byte[] le(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  // ------------------------------------------------------------------ writes

  /**
   * Fails with {@link io.strata.EntityTooLargeException}, before anything of {@code saves} is written, when they would
   * take the caller's transaction {@code tr} over FoundationDB's 10,000,000-byte limit (its approximate size
   * plus what they write), naming the first entity that would.
   */
  private CompletableFuture<Void> checkTransaction(Transaction tr, List<PreparedSave> saves) {
    return tr.getApproximateSize().thenAccept(held -> {
      long total = held;
      for (PreparedSave save : saves) {
        Sizes.checkTransaction(layout.entityName(), save.id(), total, save.bytes());
        total += save.bytes();
      }
    });
  }

  private String nullId() {
    return layout.entityName() + ": cannot save an entity whose @Id '" + codec.fieldNames().get(codec.idIndex()) + "' is null; "
        + (assigned == null ? "assign an id first (a Jakarta Data repository's save and insert assign a String, UUID or Long id"
            + " themselves, since they return the saved entity)" : "ask for an assigned id with assignId first");
  }

  /** Whether this store gives an id to an entity saved with a null one ({@link #assignId}). */
  public boolean assignsIds() {
    return assigned != null;
  }

  /**
   * {@code entity} with a fresh id this store assigns ({@link AssignedIds}): the entity itself with the id set, when
   * its id has a setter or a writable field, else a new instance built through its constructor
   * ({@link EntityCodec#withId}). A drawn long is checked against the stored rows in {@code tr} (so two concurrent
   * saves of the same draw conflict) and against {@code drawn}, the ids drawn earlier in the same transaction, and
   * drawn again when taken. An {@code IllegalArgumentException} when this store assigns no ids.
   */
  public CompletableFuture<T> assignId(Transaction tr, T entity, Set<Object> drawn) {
    if (assigned == null) {
      throw new IllegalArgumentException(nullId());
    }
    Object id = assigned.next();
    if (!assigned.checked()) {
      return CompletableFuture.completedFuture(codec.withId(entity, id));
    }
    if (!drawn.add(id)) {
      return assignId(tr, entity, drawn);
    }
    return rows.exists(tr, id).thenCompose(taken -> taken ? assignId(tr, entity, drawn)
        : CompletableFuture.completedFuture(codec.withId(entity, id)));
  }

  /**
   * {@code body} in a transaction of {@code tc}, as generated saves run: given a {@code Database}, the transaction is
   * committed here and what its indexes asked after the commit (splits of {@code @Embedding} partitions) is done
   * before this returns; given a caller's transaction, {@code tc.run(body)} ({@link AfterCommit#run}). An entity none
   * of whose indexes asks such work ({@link DerivedIndex#asksAfterCommit}) runs {@code tc.run(body)} either way.
   */
  public <R> R run(TransactionContext tc, Function<? super Transaction, R> body) {
    return asksAfterCommit ? AfterCommit.run(tc, body) : tc.run(body);
  }

  /** {@link #run} of an asynchronous body ({@link AfterCommit#runAsync}). */
  public <R> CompletableFuture<R> runAsync(TransactionContext tc, Function<? super Transaction, ? extends CompletableFuture<R>> body) {
    return asksAfterCommit ? AfterCommit.runAsync(tc, body) : tc.runAsync(body);
  }

  /** Inserts or replaces {@code entity}, maintaining every index, unique entry, column copy and the count. */
  public CompletableFuture<Void> save(Transaction tr, T entity) {
    PreparedSave save = PreparedSave.of(entity, layout, rows, indexes, nonNull, this::nullId);
    Reads reads = read(tr, save);
    return checkTransaction(tr, List.of(save)).thenCompose(v -> write(tr, save, reads))
        .thenCompose(change -> indexes.update(tr, change.id(), change.old(), change.fresh()));
  }

  /**
   * The reads one save makes before it writes, sent together: its old row and the unique keys of its new
   * values ({@link UniqueChecks#read}). A save thus waits for three round trips (read version, these reads,
   * commit) whatever it has to check.
   */
  private record Reads(CompletableFuture<Object[]> old, List<CompletableFuture<byte[]>> owners) {}

  private Reads read(Transaction tr, PreparedSave save) {
    return new Reads(rows.loadRowOnly(tr, save.id(), save.writes().rowPrefix()), unique.read(tr, save.writes().indexValues()));
  }

  /**
   * A save's row, unique entries, plain and spatial index entries and count, once its reads are in; the change
   * left for the derived indexes ({@link Indexes#update}, or {@link Indexes#updateAll} after a whole batch).
   */
  private CompletableFuture<DerivedIndex.Change> write(Transaction tr, PreparedSave save, Reads reads) {
    Object id = save.id();
    RowWrites writes = save.writes();
    return reads.old().thenCombine(indexes.states().record(tr), (old, recorded) -> old).thenCompose(old -> {
      List<List<Object>> was = old == null ? null : layout.indexValues(old);
      return unique.check(tr, id, was, writes.indexValues(), reads.owners()).thenApply(v -> {
        write(tr, old, was, save);
        return new DerivedIndex.Change(id, old, writes.elements());
      });
    });
  }

  private void write(Transaction tr, Object[] old, List<List<Object>> oldValues, PreparedSave save) {
    List<String> names = codec.fieldNames();
    Object id = save.id();
    RowWrites writes = save.writes();
    Object[] fresh = writes.elements();
    if (old != null) {
      removeEntries(tr, id, old, oldValues, fresh, writes.indexValues());
    }
    writes.apply(tr, old != null);
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
        tr.set(key, index.unique() ? TuplePacker.pack(id) : index.covering() ? save.covering() : RowWrites.EMPTY);
      }
    }
    save.points().forEach((field, e) -> {
      Object was = old == null ? null : old[layout.fieldPosition(field)];
      if (was == null || !Elements.toTuple(was).equals(Elements.toTuple(fresh[layout.fieldPosition(field)]))) {
        tr.set(e.getKey(), e.getValue());
      }
    });
    if (old == null) {
      tr.mutate(MutationType.ADD, layout.countKey(id), PLUS_ONE);
    }
  }



  /**
   * Moves the index entries of an entity whose elements change from {@code old} to {@code fresh} without a
   * full save (used when a document path changes); checks unique indexes first.
   */
  CompletableFuture<Void> reindex(Transaction tr, Object id, Object[] old, Object[] fresh) {
    List<List<Object>> was = layout.indexValues(old);
    List<List<Object>> now = layout.indexValues(fresh);
    byte[][] keys = checkReindex(id, fresh, now);
    return indexes.states().record(tr).thenCompose(v -> unique.check(tr, id, was, now, unique.read(tr, now))).thenCompose(v -> indexes.update(tr, id, old, fresh)).thenRun(() -> {
      for (int k = 0; k < now.size(); k++) {
        IndexDefinition index = layout.indexes().get(k);
        if (Objects.equals(was.get(k), now.get(k))) {
          continue;
        }
        if (was.get(k) != null) {
          tr.clear(layout.entryKey(index, was.get(k), id));
        }
        if (keys[k] != null) {
          tr.set(keys[k], index.unique() ? TuplePacker.pack(id) : RowWrites.EMPTY);
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
        Sizes.checkKey(layout.entityName(), id, () -> "index '" + index.name() + "'", keys[k]);
      }
    }
    indexes.checkSizes(id, fresh);
    return keys;
  }

  /**
   * Saves several entities one after the other in the same transaction; every one is encoded and
   * size-checked before the first is written, so one rejected entity leaves the transaction untouched. The
   * reads of all of them go out together, so the batch waits for three round trips; only an entity whose id
   * or new unique value an earlier one of the batch also writes reads again, after that write. The derived
   * indexes (aggregates, ranks, full text, change feed) follow once every row is written, index after index, each
   * given the whole batch ({@link Indexes#updateAll}: a rank reads each group's upper levels once per batch).
   */
  public CompletableFuture<Void> saveAll(Transaction tr, Iterable<? extends T> entities) {
    List<PreparedSave> saves = new ArrayList<>();
    entities.forEach(entity -> saves.add(PreparedSave.of(entity, layout, rows, indexes, nonNull, this::nullId)));
    Set<ByteBuffer> written = new HashSet<>();
    List<Reads> early = new ArrayList<>(saves.size());
    for (PreparedSave save : saves) {
      List<ByteBuffer> touched = new ArrayList<>();
      touched.add(ByteBuffer.wrap(save.writes().rowPrefix()));
      unique.keys(save.writes().indexValues()).forEach(key -> touched.add(ByteBuffer.wrap(key)));
      early.add(touched.stream().anyMatch(written::contains) ? null : read(tr, save));
      written.addAll(touched);
    }
    List<DerivedIndex.Change> changes = new ArrayList<>(saves.size());
    CompletableFuture<Void> chain = checkTransaction(tr, saves);
    for (int i = 0; i < saves.size(); i++) {
      PreparedSave save = saves.get(i);
      Reads reads = early.get(i);
      chain = chain.thenCompose(v -> write(tr, save, reads != null ? reads : read(tr, save))).thenAccept(changes::add);
    }
    return chain.thenCompose(v -> indexes.updateAll(tr, changes));
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
        tr.clear(Rows.spatialEntry(entry.getValue(), id, old[pos]).getKey());
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
    rows.requireId(id);
    return rows.loadRowOnly(tr, id).thenCompose(old -> {
      if (old == null) {
        return CompletableFuture.completedFuture(false);
      }
      removeEntries(tr, id, old, layout.indexValues(old), null, null);
      tr.clear(layout.row(id).range());
      tr.clear(layout.blobs(id).range());
      tr.mutate(MutationType.ADD, layout.countKey(id), MINUS_ONE);
      return indexes.update(tr, id, old, null).thenApply(v -> true);
    });
  }

}
