package io.strata.index;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.IndexBuildException;
import io.strata.IndexState;
import io.strata.Page;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.Paging;
import io.strata.row.Repacker;
import io.strata.row.RowWrites;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Online builds of indexes added to an entity that already has data. A build reads the rows in id order
 * in batches, each one short transaction that writes the index entries of its rows and records where the
 * next batch starts at {@code ("__strata", "index", E, kind, name)}; so it resumes after a crash, runs while writers
 * continue (they maintain the index themselves, and a batch conflicts with any write to its rows), and
 * marks the index ready in its last batch. Until then queries on the index fail with
 * {@link io.strata.IndexNotReadyException}. Removed indexes need no call: the first write of a version
 * that no longer declares one clears it.
 */
public final class IndexMaintenance<T> {
  /** Rows per build transaction: small enough to stay far below 5 s and 10 MB for rows of ~10 KB. */
  public static final int DEFAULT_BATCH = 500;

  private final TransactionContext db;
  private final Indexes<T> store;
  private final EntityLayout<T> layout;
  private final IndexStates states;

  public IndexMaintenance(TransactionContext db, Indexes<T> store) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = store;
    this.layout = store.layout();
    this.states = store.states();
  }

  /** Every index of the entity by name, spatial ones named after their field. */
  public Map<String, IndexState> states() {
    Map<String, IndexState> out = new LinkedHashMap<>();
    for (Tuple id : states.declared()) {
      IndexState s = state(id);
      out.put(s.index(), s);
    }
    return out;
  }

  /** The state of one index (or {@code @Spatial} field). */
  public IndexState state(String index) {
    return state(id(index));
  }

  private IndexState state(Tuple id) {
    return Blocking.call(() -> db.read(tr -> view(id, states.state(tr, id.getString(0), id.getString(1)).join())));
  }

  /**
   * Builds one index to the end in batches of {@link #DEFAULT_BATCH} rows ({@link DerivedIndex#buildBatch} for a
   * {@code @Rank}); returns at once if it is ready.
   */
  public IndexState build(String index) {
    IndexState s;
    Tuple id = id(index);
    do {
      s = batch(id, batchSize(id));
    } while (!s.ready());
    return s;
  }

  /** Builds every index that is not ready. */
  public Map<String, IndexState> buildAll() {
    Map<String, IndexState> out = new LinkedHashMap<>();
    for (Tuple id : states.declared()) {
      IndexState s;
      do {
        s = batch(id, batchSize(id));
      } while (!s.ready());
      out.put(s.index(), s);
    }
    return out;
  }

  /**
   * One step of a build: indexes up to {@code rows} more rows in one transaction and returns the state
   * after it. For callers that schedule builds themselves. Each step resumes from the position the last
   * committed step recorded, so a step retried after {@code commit_unknown_result} whose first attempt
   * did commit simply indexes the next rows: progress may jump by two steps, never skip or repeat rows.
   */
  public IndexState buildBatch(String index, int rows) {
    Paging.checkLimit(rows);
    return batch(id(index), rows);
  }

  /**
   * Rewrites every row not yet stored in the entity's layout (a key per field where rows are now packed, or
   * the other way round; see {@link Repacker}) in transactions of at most
   * {@link #DEFAULT_BATCH} rows, while writers go on. Progress is recorded at
   * {@code ("__strata", "repack", E)} in each step's transaction, so a repack stopped by a crash
   * resumes where it stopped. Saves also rewrite their rows, so this only hastens what writes do anyway. Then
   * moves the keys of a database written before the keys every save writes were sharded into their shards
   * ({@link #reshardBatch}). Returns how many rows it rewrote.
   */
  public long repack() {
    long rewritten = 0;
    Repacker.Repacked step;
    do {
      step = repackBatch(DEFAULT_BATCH);
      rewritten += step.rewritten();
    } while (step.next().isPresent());
    while (reshardBatch(DEFAULT_BATCH) > 0) {
      // each step moves what it finds; the next finds the rest
    }
    return rewritten;
  }

  /**
   * One step of moving a database written before sharding to the sharded layout (docs/indexes.md), in one
   * transaction: adds the unsharded count {@code (E,"#")} to shard 0 and clears it, then lets each derived index
   * move at most about {@code keys} of its unsharded keys ({@link DerivedIndex#reshard}). Returns how many keys it
   * moved: 0 once none is left. Each step removes what it moved, so steps need no cursor, and every reader sums or
   * merges both layouts, so the data reads the same before, during and after.
   */
  public int reshardBatch(int keys) {
    Paging.checkLimit(keys);
    return Blocking.call(() -> db.run(tr -> {
      int moved = 0;
      byte[] legacy = tr.get(layout.legacyCountKey()).join();
      if (legacy != null) {
        tr.mutate(MutationType.ADD, layout.countShardKey(0), legacy);
        tr.clear(layout.legacyCountKey());
        moved++;
      }
      for (DerivedIndex index : store.derived()) {
        moved += index.reshard(tr, Math.max(1, keys - moved)).join();
      }
      return moved;
    }));
  }

  /** One step of {@link #repack}: at most {@code rows} rows, from where the last step stopped. */
  public Repacker.Repacked repackBatch(int rows) {
    Paging.checkLimit(rows);
    byte[] progress = store.layout().repackKey();
    return Blocking.call(() -> db.run(tr -> {
      byte[] saved = tr.get(progress).join();
      Repacker.Repacked step = new Repacker(store.rows()).step(tr, rows, saved == null ? null : io.strata.Continuation.fromBytes(saved)).join();
      if (step.next().isPresent()) {
        tr.set(progress, step.next().get().toBytes());
      } else {
        tr.clear(progress);
      }
      return step;
    }));
  }

  private int batchSize(Tuple id) {
    DerivedIndex derived = store.derived(id.getString(1));
    return derived != null && derived.kind().equals(id.getString(0)) ? derived.buildBatch() : DEFAULT_BATCH;
  }

  private IndexState batch(Tuple id, int rows) {
    return Blocking.call(() -> db.run(tr -> {
      if (db instanceof Database) {
        tr.options().setPriorityBatch(); // background work: a saturated cluster delays it before user traffic
      }
      return batch(tr, id, rows);
    }));
  }

  private IndexState batch(Transaction tr, Tuple id, int rows) {
    states.restartStale(tr).join(); // an index in another format is built again from the first row, its old entries cleared
    states.record(tr).join();
    byte[] markerKey = states.markerKey(id.getString(0), id.getString(1));
    IndexStates.State state = states.state(tr, id.getString(0), id.getString(1)).join();
    if (state.ready()) {
      return view(id, state);
    }
    Continuation after = state.resume() == null ? null : Continuation.fromBytes(state.resume());
    Page<Object[]> page = store.rows().scanElements(tr, rows, after).join();
    if (IndexStates.SPATIAL.equals(id.getString(0))) {
      var index = layout.spatialIndex(id.getString(1));
      int pos = layout.fieldPosition(id.getString(1));
      for (Object[] row : page.items()) {
        if (row[pos] != null) {
          Rows.addPoint(tr, index, row[layout.codec().idIndex()], row[pos]);
        }
      }
    } else if (IndexStates.INDEX.equals(id.getString(0))) {
      writeEntries(tr, layout.index(id.getString(1)), page.items());
    } else {
      DerivedIndex derived = store.derived(id.getString(1));
      int idIndex = layout.codec().idIndex();
      for (Object[] row : page.items()) {
        derived.build(tr, row[idIndex], row).join(); // in order: rank inserts read what earlier ones wrote
      }
    }
    long done = state.rows() + page.items().size();
    IndexStates.State next = page.next()
        .map(c -> states.state(id.getString(0), id.getString(1), false, done, c.toBytes()))
        .orElseGet(() -> states.state(id.getString(0), id.getString(1), true, done, null));
    tr.set(markerKey, next.encode());
    return view(id, next);
  }

  /** Writes the entries of one index for a batch of rows; a unique index refuses a value two rows share. */
  private void writeEntries(Transaction tr, IndexDefinition index, List<Object[]> rows) {
    int idIndex = layout.codec().idIndex();
    Map<Tuple, Object> claimed = new HashMap<>();
    List<CompletableFuture<Void>> writes = new ArrayList<>();
    for (Object[] row : rows) {
      Object id = row[idIndex];
      List<Object> values = layout.indexValues(index, row);
      if (values == null) {
        continue;
      }
      byte[] key = layout.entryKey(index, values, id);
      Sizes.checkKey(layout.entityName(), id, () -> "index '" + index.name() + "'", key);
      if (index.unique()) {
        Object other = claimed.putIfAbsent(Tuple.fromList(values), id);
        if (other != null) {
          throw duplicate(index, values, other, id);
        }
        writes.add(tr.get(key).thenAccept(owner -> {
          Object existing = owner == null ? null : StoredData.uniqueOwner(layout, key, owner);
          if (existing != null && !Tuple.from(existing).equals(Tuple.from(id))) {
            throw duplicate(index, values, existing, id);
          }
          tr.set(key, Tuple.from(id).pack());
        }));
      } else if (index.covering()) {
        writes.add(store.rows().withBlobs(tr, row).thenAccept(full -> tr.set(key, store.rows().coveringRow(index, id, store.rows().build(full)))));
      } else {
        tr.set(key, RowWrites.EMPTY);
      }
    }
    CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
  }

  private IndexBuildException duplicate(IndexDefinition index, List<Object> values, Object first, Object second) {
    return new IndexBuildException("cannot build unique index " + layout.entityName() + "." + index.name() + ": "
        + values + " belongs to both id " + Sizes.describe(first) + " and id " + Sizes.describe(second)
        + "; change or delete one of them, then call build again (it resumes where it stopped)");
  }

  /** The public view of a state; an index stored in another format shows as not ready, none of its rows indexed (a build starts it over). */
  private IndexState view(Tuple id, IndexStates.State state) {
    if (states.stale(id.getString(0), id.getString(1), state)) {
      return new IndexState(id.getString(1), false, 0);
    }
    return new IndexState(id.getString(1), state.ready(), state.rows());
  }

  private Tuple id(String index) {
    Objects.requireNonNull(index, "index");
    if (layout.spatialIndexes().containsKey(index)) {
      return Tuple.from(IndexStates.SPATIAL, index);
    }
    DerivedIndex derived = store.derived(index);
    if (derived != null) {
      return Tuple.from(derived.kind(), index);
    }
    layout.index(index); // fails naming the indexes there are
    return Tuple.from(IndexStates.INDEX, index);
  }
}
