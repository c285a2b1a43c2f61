package io.strata.index;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.IndexFormatException;
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

/**
 * Whether each index of an entity holds every entity, recorded at {@code ("__strata", "index", E, kind,
 * name)} under the repository's root (beside the entity, so the keys under {@code (E)} stay exactly those
 * of LAYOUTS.md), where kind
 * is {@code "I"} for {@code @Indexed}/{@code @Index} (name = index name), {@code "Z"} for
 * {@code @Spatial} (name = field), {@code "A"} for {@code @Aggregate}, {@code "K"} for {@code @Rank} and {@code "T"} for {@code @Text} (name = field). The value is {@code ("ready", rows, format)} or {@code ("building", rows,
 * resume, format)}: rows the online build has indexed, the row-scan continuation it resumes at (null before
 * it starts), and the format (key layout) of that kind of index its entries are written in ({@link DerivedIndex#format};
 * 1 for secondary and spatial indexes). A marker without a format was written before formats were recorded: it
 * counts as format 1, the layout of every kind then, so nothing existing changes except where a kind's layout has
 * changed since (the {@code @Embedding} index).
 *
 * <p>Rules, applied by the first write of each repository instance to each database (which reads the markers once); the
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
 *
 * <p>What is remembered (an index seen ready, the markers in place) is a fact of one database, so it is kept per
 * database ({@link KnownStates}, by the transaction's {@link Transaction#getDatabase}, held weakly): a store used with
 * two databases reads each one's markers once and never answers a query of one by the other's, where the index may
 * still be building, nor leaves one's markers unwritten because the other's are in place. A read view that names no
 * database (a transaction's {@code snapshot()} handed on alone) reads the markers every time and remembers nothing.
 *
 * <p>An index whose marker records another format than this version's is refused with
 * {@link IndexFormatException}: by its queries, and by the first write of each repository instance to each
 * database (which reads every marker), so no save writes the new layout into entries of the old one. The online build starts
 * such indexes over ({@link #restartStale}): it clears their entries and records them building in this version's format.
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

  /** The format of a marker that records none: written before formats were recorded, when every kind had its format 1. */
  static final int UNNUMBERED = 1;

  /** One decoded marker: whether the index holds every row, how many the build indexed, where it resumes, the format. */
  public record State(boolean ready, long rows, byte[] resume, int format) {
    byte[] encode() {
      return ready ? Tuple.from("ready", rows, format).pack() : Tuple.from("building", rows, resume, format).pack();
    }
  }

  private final Rows<?> rows;
  private final String entityName;
  private final Subspace entity;
  private final Subspace meta;
  private final List<Tuple> declared;
  /** The format this version writes, per declared {@code (kind, name)}. */
  private final Map<Tuple, Integer> formats = new java.util.HashMap<>();
  /** What was learned of each database's markers (weak keys: a database dropped is forgotten). */
  private final PerDatabase<KnownStates> knownByDatabase = new PerDatabase<>(KnownStates::new);
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
    ids.forEach(id -> formats.put(id, UNNUMBERED));
    derived.forEach(d -> {
      ids.add(Tuple.from(d.kind(), d.name()));
      formats.put(Tuple.from(d.kind(), d.name()), d.format());
    });
    this.declared = List.copyOf(ids);
  }

  /** Every declared index as {@code (kind, name)}: secondary indexes in declaration order, then spatial fields. */
  public List<Tuple> declared() {
    return declared;
  }

  byte[] markerKey(String kind, String name) {
    return meta.pack(Tuple.from(kind, name));
  }

  /** The format this version writes for a declared index. */
  int format(String kind, String name) {
    return formats.getOrDefault(Tuple.from(kind, name), UNNUMBERED);
  }

  /** A state of a declared index in this version's format. */
  State state(String kind, String name, boolean ready, long rows, byte[] resume) {
    return new State(ready, rows, resume, format(kind, name));
  }

  /** Whether {@code s} records another format than this version's for that index. */
  public boolean stale(String kind, String name, State s) {
    return s.format() != format(kind, name);
  }

  /** The refusal of an index stored in another format. */
  public IndexFormatException refusal(String kind, String name, State s) {
    return new IndexFormatException(entityName, name, describe(kind), s.format(), format(kind, name));
  }

  private static String describe(String kind) {
    return switch (kind) {
      case INDEX -> "@Index";
      case SPATIAL -> "@Spatial";
      case FEED -> "@Versioned change feed";
      case "A" -> "@Aggregate";
      case "K" -> "@Rank";
      case "T" -> "@Text";
      case "N" -> "@Embedding";
      default -> "'" + kind + "' index";
    };
  }

  /**
   * What is known of the markers of {@code tr}'s database ({@link Transaction#getDatabase}: the client's or engine's
   * database under any wrapper). A read view that names no database gets a blank one kept nowhere: it reads the markers.
   */
  private KnownStates known(ReadTransaction tr) {
    return knownByDatabase.of(tr);
  }

  /**
   * Fails with {@link IndexNotReadyException} unless the index holds every entity, with {@link IndexFormatException}
   * when it is stored in another format; free once seen ready in {@code tr}'s database.
   */
  public CompletableFuture<Void> requireReady(ReadTransaction tr, String kind, String name) {
    Set<String> ready = known(tr).ready(kind);
    if (ready.contains(name)) {
      return DONE;
    }
    return state(tr, kind, name).thenApply(s -> {
      if (stale(kind, name, s)) {
        throw refusal(kind, name, s);
      }
      if (!s.ready()) {
        throw new IndexNotReadyException(entityName, name, s.resume() == null && s.rows() == 0
            ? "its build has not started" : s.rows() + " rows indexed so far");
      }
      ready.add(name);
      return null;
    });
  }

  /** Whether this index was seen ready in {@code tr}'s database (so it covers every row there from now on), reading nothing. */
  public boolean seenReady(ReadTransaction tr, String kind, String name) {
    return known(tr).ready(kind).contains(name);
  }

  /**
   * Whether writes must maintain a derived (aggregate or rank) index for the row starting with
   * {@code rowPrefix}: always once it is ready; while it is built online, only for rows the build has
   * already passed (those after its resume point are counted when it reaches them, and counting them
   * twice would be wrong for totals). Reading the marker makes such a write conflict with a build step
   * that moves past its row, so each row is counted exactly once.
   */
  public CompletableFuture<Boolean> covers(ReadTransaction tr, String kind, String name, byte[] rowPrefix) {
    Set<String> ready = known(tr).ready(kind);
    if (ready.contains(name)) {
      return CompletableFuture.completedFuture(true);
    }
    return state(tr, kind, name).thenApply(s -> {
      if (s.ready() && !stale(kind, name, s)) {
        ready.add(name);
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
          ? CompletableFuture.completedFuture(state(kind, name, true, 0, null))
          : rows.count(tr).thenApply(n -> state(kind, name, n == 0, 0, null)));
    });
  }

  /**
   * Records missing markers and clears removed indexes, in the caller's write transaction; free once this
   * instance has seen every marker in place in {@code tr}'s database. Fails with {@link IndexFormatException} when a
   * declared index is stored in another format.
   */
  public CompletableFuture<Void> record(Transaction tr) {
    KnownStates seen = known(tr);
    if (seen.recorded()) {
      return DONE;
    }
    return tr.getRange(meta.range()).asList().thenCompose(kvs -> {
      Set<Tuple> present = new HashSet<>();
      for (KeyValue kv : kvs) {
        Tuple id = meta.unpack(kv.getKey());
        present.add(id);
        if (declared.contains(id)) {
          State s = decode(kv.getKey(), kv.getValue());
          if (stale(id.getString(0), id.getString(1), s)) {
            throw refusal(id.getString(0), id.getString(1), s);
          }
        }
      }
      boolean known = present.remove(ENTITY);
      List<Tuple> missing = new ArrayList<>();
      declared.stream().filter(d -> !present.contains(d)).forEach(missing::add);
      List<Tuple> removed = new ArrayList<>();
      present.stream().filter(p -> !declared.contains(p)).forEach(removed::add);
      if (known && missing.isEmpty() && removed.isEmpty()) {
        if (!writers.contains(tr)) {
          seen.markRecorded();
        }
        return DONE;
      }
      writers.add(tr);
      boolean adopt = !known && present.isEmpty();
      CompletableFuture<Long> count = adopt ? CompletableFuture.completedFuture(0L) : rows.count(tr);
      return count.thenAccept(n -> {
        missing.forEach(m -> tr.set(meta.pack(m), state(m.getString(0), m.getString(1), n == 0, 0, null).encode()));
        removed.forEach(r -> clear(tr, r));
        tr.set(meta.pack(ENTITY), ENTITY_VALUE);
      });
    });
  }

  /**
   * Starts over, in {@code tr}, every declared index stored in another format: clears its entries and records it
   * building, from the first row, in this version's format. Returns how many it started over.
   */
  public CompletableFuture<Integer> restartStale(Transaction tr) {
    return tr.getRange(meta.range()).asList().thenApply(kvs -> {
      int restarted = 0;
      for (KeyValue kv : kvs) {
        Tuple id = meta.unpack(kv.getKey());
        if (declared.contains(id) && stale(id.getString(0), id.getString(1), decode(kv.getKey(), kv.getValue()))) {
          clear(tr, id);
          tr.set(kv.getKey(), state(id.getString(0), id.getString(1), false, 0, null).encode());
          restarted++;
        }
      }
      return restarted;
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
        return new State(true, t.getLong(1), null, t.size() > 2 ? (int) t.getLong(2) : UNNUMBERED);
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
        return new State(false, t.getLong(1), resume, t.size() > 3 ? (int) t.getLong(3) : UNNUMBERED);
      }
      throw new IllegalArgumentException("unknown status '" + status + "'");
    } catch (RuntimeException e) {
      throw new CodecException(entityName + ": index state at key " + Tuple.fromBytes(key) + " does not decode ("
          + e.getMessage() + "); it was not written by this version of " + entityName + ": clear that key and the index's"
          + " entries (Transaction.clear), and the build starts over from the first row", e);
    }
  }
}
