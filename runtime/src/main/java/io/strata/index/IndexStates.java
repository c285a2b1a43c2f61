package io.strata.index;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.IndexNotReadyException;
import io.strata.row.EntityLayout;
import io.strata.row.Rows;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether each index of an entity holds every entity, recorded at {@code ("__strata", "index", E, kind,
 * name)} under the repository's root (beside the entity, so the keys under {@code (E)} stay exactly those
 * of LAYOUTS.md), where kind
 * is {@code "I"} for {@code @Indexed}/{@code @Index} (name = index name), {@code "Z"} for
 * {@code @Spatial} (name = field), {@code "A"} for {@code @Aggregate}, {@code "K"} for {@code @Rank} and {@code "T"} for {@code @Text} (name = field). The value is {@code ("ready", rows)} or {@code ("building", rows,
 * resume)}: rows the online build has indexed, and the row-scan continuation it resumes at (null before
 * it starts).
 *
 * <p>Rules, applied by the first write of each repository instance (which reads the markers once); the
 * first write of all also sets {@code ("__strata", "index", E, "entity")}, so that an entity declaring no
 * index still records that states are kept:
 * <ul>
 *   <li>no markers at all: the entity was never written by a version that records them (a new store, or
 *       data written before markers existed), so every declared index is recorded ready;
 *   <li>markers exist but a declared index has none: it was added to an entity that already has data, so
 *       it is recorded building (ready if the entity has no rows);
 *   <li>a marker for an index this version no longer declares: the index was removed, so its entries and
 *       its marker are cleared.
 * </ul>
 * Queries check the marker of the index they use (in their own transaction) until they see it ready,
 * then remember that; an index is never made unready while this version runs. Writes maintain every
 * declared index whatever its state, so a build only has to cover the rows that existed before.
 */
public final class IndexStates {
  public static final String INDEX = "I";
  public static final String SPATIAL = "Z";
  /** The kind of the {@code @Versioned} change feed: a removed feed clears {@code (E,"V")} and {@code (E,"v")}. */
  public static final String FEED = "V";
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  /**
   * {@code ("__strata", "index", E, "entity")}: written with the first states, so an entity that starts
   * with no index at all still records that states are kept, and an index added later is built.
   */
  private static final Tuple ENTITY = Tuple.from("entity");
  private static final byte[] ENTITY_VALUE = Tuple.from("states kept").pack();

  /** One decoded marker. */
  public record State(boolean ready, long rows, byte[] resume) {
    static final State NEW = new State(false, 0, null);

    byte[] encode() {
      return ready ? Tuple.from("ready", rows).pack() : Tuple.from("building", rows, resume).pack();
    }
  }

  private final Rows<?> rows;
  private final String entityName;
  private final Subspace entity;
  private final Subspace meta;
  private final List<Tuple> declared;
  /** Indexes seen ready, by kind then name: checked on every query, so looked up without building a key. */
  private final Map<String, Set<String>> seenReady = new ConcurrentHashMap<>();
  private volatile boolean recorded;
  /**
   * Transactions that wrote markers: a later save in the same transaction sees them (read-your-writes)
   * before they are committed, so it must not conclude they are recorded.
   */
  private final Set<Transaction> writers = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  IndexStates(Rows<?> rows, Collection<DerivedIndex> derived) {
    EntityLayout<?> layout = rows.layout();
    this.rows = rows;
    this.entityName = layout.entityName();
    this.entity = layout.entity();
    this.meta = layout.indexStates();
    List<Tuple> ids = new ArrayList<>();
    layout.indexes().forEach(i -> ids.add(Tuple.from(INDEX, i.name())));
    layout.spatialIndexes().keySet().forEach(f -> ids.add(Tuple.from(SPATIAL, f)));
    derived.forEach(d -> ids.add(Tuple.from(d.kind(), d.name())));
    this.declared = List.copyOf(ids);
  }

  /** Every declared index as {@code (kind, name)}: secondary indexes in declaration order, then spatial fields. */
  public List<Tuple> declared() {
    return declared;
  }

  byte[] markerKey(String kind, String name) {
    return meta.pack(Tuple.from(kind, name));
  }

  /** Fails with {@link IndexNotReadyException} unless the index holds every entity; free once seen ready. */
  public CompletableFuture<Void> requireReady(ReadTransaction tr, String kind, String name) {
    Set<String> ready = seenReady.computeIfAbsent(kind, k -> ConcurrentHashMap.newKeySet());
    if (ready.contains(name)) {
      return DONE;
    }
    return state(tr, kind, name).thenApply(s -> {
      if (!s.ready()) {
        throw new IndexNotReadyException(entityName, name, s.resume() == null && s.rows() == 0
            ? "its build has not started" : s.rows() + " rows indexed so far");
      }
      ready.add(name);
      return null;
    });
  }

  /** Whether this index was seen ready (so it covers every row from now on) without reading anything. */
  public boolean seenReady(String kind, String name) {
    return seenReady.computeIfAbsent(kind, k -> ConcurrentHashMap.newKeySet()).contains(name);
  }

  /**
   * Whether writes must maintain a derived (aggregate or rank) index for the row starting with
   * {@code rowPrefix}: always once it is ready; while it is built online, only for rows the build has
   * already passed (those after its resume point are counted when it reaches them, and counting them
   * twice would be wrong for totals). Reading the marker makes such a write conflict with a build step
   * that moves past its row, so each row is counted exactly once.
   */
  public CompletableFuture<Boolean> covers(ReadTransaction tr, String kind, String name, byte[] rowPrefix) {
    if (seenReady(kind, name)) {
      return CompletableFuture.completedFuture(true);
    }
    return state(tr, kind, name).thenApply(s -> {
      if (s.ready()) {
        seenReady.get(kind).add(name);
        return true;
      }
      if (s.resume() == null) {
        return false;
      }
      byte[] resume = io.strata.Continuation.fromBytes(s.resume()).resumeKeyFor(rows.layout().rows().range().begin);
      return com.apple.foundationdb.tuple.ByteArrayUtil.compareUnsigned(rowPrefix, resume) < 0;
    });
  }

  /** The recorded state of one index, or the state its first write will record when it has no marker yet. */
  public CompletableFuture<State> state(ReadTransaction tr, String kind, String name) {
    byte[] key = markerKey(kind, name);
    return tr.get(key).thenCompose(marker -> {
      if (marker != null) {
        return CompletableFuture.completedFuture(decode(key, marker));
      }
      return tr.getRange(meta.range(), 1).asList().thenCompose(any -> any.isEmpty()
          ? CompletableFuture.completedFuture(new State(true, 0, null))
          : rows.count(tr).thenApply(n -> n == 0 ? new State(true, 0, null) : State.NEW));
    });
  }

  /**
   * Records missing markers and clears removed indexes, in the caller's write transaction; free once this
   * instance has seen every marker in place.
   */
  public CompletableFuture<Void> record(Transaction tr) {
    if (recorded) {
      return DONE;
    }
    return tr.getRange(meta.range()).asList().thenCompose(kvs -> {
      Set<Tuple> present = new HashSet<>();
      for (KeyValue kv : kvs) {
        present.add(meta.unpack(kv.getKey()));
      }
      boolean known = present.remove(ENTITY);
      List<Tuple> missing = new ArrayList<>();
      declared.stream().filter(d -> !present.contains(d)).forEach(missing::add);
      List<Tuple> removed = new ArrayList<>();
      present.stream().filter(p -> !declared.contains(p)).forEach(removed::add);
      if (known && missing.isEmpty() && removed.isEmpty()) {
        recorded = !writers.contains(tr);
        return DONE;
      }
      writers.add(tr);
      boolean adopt = !known && present.isEmpty();
      CompletableFuture<Long> count = adopt ? CompletableFuture.completedFuture(0L) : rows.count(tr);
      return count.thenAccept(n -> {
        byte[] value = (n == 0 ? new State(true, 0, null) : State.NEW).encode();
        missing.forEach(m -> tr.set(meta.pack(m), value));
        removed.forEach(r -> clear(tr, r));
        tr.set(meta.pack(ENTITY), ENTITY_VALUE);
      });
    });
  }

  /** Clears a removed index's entries and its marker. */
  private void clear(Transaction tr, Tuple id) {
    String name = id.getString(1);
    if (INDEX.equals(id.getString(0))) {
      tr.clear(entity.get("I").get(name).range());
      tr.clear(entity.get("U").get(name).range());
    } else if (SPATIAL.equals(id.getString(0))) {
      tr.clear(entity.get("Z").get(name).range());
    } else if (FEED.equals(id.getString(0))) {
      tr.clear(entity.get("V").range()); // the whole change feed
      tr.clear(entity.get("v").range());
    } else {
      tr.clear(com.apple.foundationdb.Range.startsWith(entity.get(id.getString(0)).get(name).getKey())); // @Aggregate, @Rank, @Text
    }
    tr.clear(meta.pack(id));
  }

  private State decode(byte[] key, byte[] marker) {
    try {
      Tuple t = Tuple.fromBytes(marker);
      String status = t.getString(0);
      if ("ready".equals(status)) {
        return new State(true, t.getLong(1), null);
      }
      if ("building".equals(status)) {
        byte[] resume = t.getBytes(2);
        if (resume != null) {
          try {
            io.strata.Continuation.fromBytes(resume).resumeKeyFor(rows.layout().rows().range().begin);
          } catch (io.strata.InvalidContinuationException damaged) {
            throw new IllegalArgumentException("its resume position is not a position among the rows of " + entityName, damaged);
          }
        }
        return new State(false, t.getLong(1), resume);
      }
      throw new IllegalArgumentException("unknown status '" + status + "'");
    } catch (RuntimeException e) {
      throw new CodecException(entityName + ": index state at key " + Tuple.fromBytes(key) + " does not decode ("
          + e.getMessage() + "); it was not written by this version of " + entityName + ": clear that key and the index's"
          + " entries (Transaction.clear), and the build starts over from the first row", e);
    }
  }
}
