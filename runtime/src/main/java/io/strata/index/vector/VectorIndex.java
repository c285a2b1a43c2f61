package io.strata.index.vector;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.ForwardingDatabase;
import io.strata.index.AfterCommit;
import io.strata.index.DerivedIndex;
import io.strata.index.GroupedField;
import io.strata.index.IndexVerifier;
import io.strata.row.EntityLayout;
import io.strata.row.KeyBatches;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Maintains one {@code @Embedding} field as an inverted file of partitions ({@link Partitions} has the keys): each
 * vector goes, in the row's transaction, to the partition whose centroid is nearest, as a one-byte-per-component
 * code in the partition and its full vector apart. A partition that holds more than {@link Partitions#maxSize} is
 * split by 2-means over its vectors in a transaction of its own, asked for by an insert into it that finds it over
 * the maximum once committed (the inserting transaction waits for that split but does not depend on it). That split
 * cannot see the inserting transaction's own vectors, so when what took the partition over is the inserting
 * transaction's, it does nothing: the writer that commits the transaction itself ({@link AfterCommit}: a generated
 * repository's save without a caller's transaction) splits it after the commit, before it returns, and so it does
 * with a partition it saw fewer than {@link Partitions#nearMargin} below the maximum, which concurrent writers that
 * each saw it within the maximum may have taken over together; with a caller's transaction the next insert into it
 * asks again. Until its split commits an over-full partition is searched like any other. A save with a vector of another length than the definition's,
 * or with a NaN or infinite component, is refused by {@link #checkSizes}, before anything of the save is written.
 *
 * <p>Concurrency: an insert reads the centroids and sizes at snapshot and takes no read conflict on them: a vector
 * placed by centroids a concurrent split has since moved still lies in a partition that exists, with its code and its
 * full vector naming the same partition (only the group's first partition takes a read conflict on its centroid, so two
 * first inserts do not both set it; a single save that skips the batch's re-placement takes one on the centroid of the
 * partition it chose, which only a split writes). So concurrent inserts conflict with nothing of each other's
 * (before, each split its full partitions in its own transaction and two that filled the same one both split it, one
 * retrying its whole batch). A split reads its partition's codes and each of their full vectors with read conflicts, so a concurrent
 * insert into the partition, or a delete, update or split of one of its vectors, makes the split retry (a retried split
 * that finds the partition no longer over the maximum does nothing) and the retry places that vector too: before, an
 * insert committed between the split's read and its commit stayed in the partition by the centroid it had moved away
 * from (8 writers, 20,000 clustered vectors: 7.8% of them outside their nearest partition, 3.0% with the conflict, 1.5%
 * on the inserting transaction's splits). Inserts read no partition's codes, so they still conflict with none of each
 * other's; each new partition's id is random and takes a read conflict on its centroid key. Partition sizes move only
 * by atomic adds, so they count codes whatever commits first. No vector is lost or stored twice whatever the
 * interleaving.
 */
public final class VectorIndex implements DerivedIndex {
  public static final String KIND = "N";
  /**
   * The layout's format: 1 was every layout before formats were recorded (the exact index {@code (E,"N",name,g...,id)},
   * then the partitions without a log), 2 the partitions with the versionstamped token and the log of changed centroids.
   */
  static final int FORMAT = 2;
  /** A split reads at most this many times {@link Partitions#maxSize} codes of its partition; the rest stay there. */
  static final int SPLIT_READ = 8;

  private final Rows<?> rows;
  private final EntityLayout<?> layout;
  private final VectorDefinition definition;
  private final GroupedField fields;
  private final Partitions partitions;
  /** The partitions (group values then partition) each transaction attempt asked to split: once each. */
  private final Map<Transaction, Set<Tuple>> asks = Collections.synchronizedMap(new WeakHashMap<>());
  /**
   * What each transaction attempt inserted, by partition (group values then partition), then id: its vector. This and
   * {@link #asks} last until the attempt's {@link #updateAll} ends (an online build's step, until it is collected).
   */
  private final Map<Transaction, Map<Tuple, Map<Object, float[]>>> placed = Collections.synchronizedMap(new WeakHashMap<>());
  /**
   * The partitions each transaction attempt placed into and saw fewer than {@link Partitions#nearMargin} below the
   * maximum, its own adds included, but not over it (no split asked), until its updates end.
   */
  private final Map<Transaction, Set<Tuple>> near = Collections.synchronizedMap(new WeakHashMap<>());
  /** The partitions each transaction attempt moved vectors into (a move reads no size), until its updates end. */
  private final Map<Transaction, Set<Tuple>> filled = Collections.synchronizedMap(new WeakHashMap<>());
  private final Splits splits;

  VectorIndex(Rows<?> rows, VectorDefinition definition) {
    this.rows = rows;
    this.layout = rows.layout();
    this.definition = definition;
    this.fields = new GroupedField(layout, definition.groupBy(), definition.field());
    this.partitions = new Partitions(layout, definition.name(), layout.entity().get(KIND).get(definition.name()), definition.dimensions());
    this.splits = new Splits(partitions, definition.metric(), layout.entityName() + " vector index '" + definition.name() + "'");
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public int format() {
    return FORMAT;
  }

  @Override
  public String name() {
    return definition.name();
  }

  /**
   * A save that took a partition over its maximum, saw one near it or moved vectors into one has it checked, and split
   * if over, after the commit (see {@code afterCommit}).
   */
  @Override
  public boolean asksAfterCommit() {
    return true;
  }

  public VectorDefinition definition() {
    return definition;
  }

  Partitions partitions() {
    return partitions;
  }

  /** The row's group when it has a vector (and every group value), else null. */
  private Tuple groupOf(Object[] row) {
    return row == null || fields.value(row) == null ? null : fields.group(row);
  }

  /** The row's vector bytes, or null when it has none. */
  private byte[] vector(Object[] row) {
    return row == null ? null : (byte[]) fields.value(row);
  }

  /** The full-vector key of a row that has one, else null. */
  private byte[] entry(Object id, Object[] row) {
    Tuple g = groupOf(row);
    return g == null ? null : partitions.vector(g, id);
  }

  @Override
  public long checkSizes(Object id, Object[] fresh) {
    Object element = fields.value(fresh);
    if (element == null) {
      return 0;
    }
    int length = element instanceof byte[] b && b.length % Float.BYTES == 0 ? b.length / Float.BYTES : -1;
    if (length != definition.dimensions()) {
      throw new IllegalArgumentException(layout.entityName() + " " + Sizes.describe(id) + ": @Embedding field '" + definition.field()
          + "' has " + (length < 0 ? "a value that is not a float[]" : length + " dimensions") + " but its index '" + definition.name()
          + "' declares " + definition.dimensions() + "; save a vector of " + definition.dimensions()
          + " components (nothing of this save was written)");
    }
    byte[] value = (byte[]) element;
    String notFinite = Vectors.notFinite(Vectors.components(value)); // read in place: a save copies no floats for it
    if (notFinite != null) {
      throw new IllegalArgumentException(layout.entityName() + " " + Sizes.describe(id) + ": @Embedding field '" + definition.field()
          + "' has " + notFinite + ", which has no distance to any vector; save finite components (a NaN often comes from"
          + " normalizing a zero vector) (nothing of this save was written)");
    }
    byte[] key = entry(id, fresh);
    if (key == null) {
      return 0; // checked all the same: a row with no group keeps its vector, indexed once the row has a group
    }
    Sizes.checkKey(layout.entityName(), id, () -> "vector index '" + definition.name() + "' entry", key);
    Sizes.checkValue(layout.entityName(), id, () -> "vector of '" + definition.field() + "'", Partitions.located(0, value));
    // the full vector (its key, the partition, the floats) and the code (about as long a key, min, step, a byte each)
    return key.length + Long.BYTES + value.length + key.length + 9 + 2 * Float.BYTES + definition.dimensions();
  }

  @Override
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    Tuple was = groupOf(old);
    Tuple now = groupOf(fresh);
    if (was != null && was.equals(now) && Arrays.equals(vector(old), vector(fresh))) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> removed = was == null ? CompletableFuture.completedFuture(null) : remove(tr, was, id);
    return now == null ? removed : removed.thenCompose(v -> insert(tr, now, id, vector(fresh)));
  }

  /** Removes {@code id}'s code and full vector from group {@code g}, wherever its full vector says it is. */
  private CompletableFuture<Void> remove(Transaction tr, Tuple g, Object id) {
    byte[] key = partitions.vector(g, id);
    return tr.get(key).thenAccept(located -> {
      if (located == null) {
        return;
      }
      long p = Partitions.partition(located);
      tr.clear(key);
      tr.clear(partitions.code(g, p, id));
      tr.mutate(MutationType.ADD, partitions.size(g, p), Partitions.little(-1));
    });
  }

  /**
   * Adds {@code id}'s vector to the partition of group {@code g} nearest to it. When that partition then holds more
   * than {@link Partitions#maxSize} as {@code tr} sees it, asks (once per transaction and partition) for its split in
   * a transaction of its own ({@link Splits#apart}) and waits for it; when it split, {@link #replace}s what {@code tr}
   * put there.
   */
  private CompletableFuture<Void> insert(Transaction tr, Tuple g, Object id, byte[] bytes) {
    float[] v = Vectors.floats(bytes);
    return partitions.centroids(tr, g).thenCompose(cs -> {
      long p;
      if (cs.ids().length == 0) {
        p = 0;
        tr.addReadConflictKey(partitions.centroid(g, p));
        partitions.change(tr, g, cs, true, Map.of(p, v));
      } else {
        p = cs.ids()[cs.nearest(definition.metric(), v)];
      }
      tr.set(partitions.code(g, p, id), Codes.of(v));
      tr.set(partitions.vector(g, id), Partitions.located(p, bytes));
      Tuple gp = g.add(p);
      Map<Tuple, Map<Object, float[]>> mine = placed.computeIfAbsent(tr, x -> new ConcurrentHashMap<>());
      mine.computeIfAbsent(gp, x -> new ConcurrentHashMap<>()).put(id, v);
      byte[] sizeKey = partitions.size(g, p);
      tr.mutate(MutationType.ADD, sizeKey, Partitions.little(1));
      return tr.snapshot().get(sizeKey).thenCompose(size -> {
        long seen = Partitions.little(size);
        if (seen <= partitions.maxSize) {
          if (seen > partitions.maxSize - partitions.nearMargin()) {
            near.computeIfAbsent(tr, x -> ConcurrentHashMap.newKeySet()).add(gp);
          }
          return CompletableFuture.completedFuture(null);
        }
        return asks.computeIfAbsent(tr, x -> ConcurrentHashMap.newKeySet()).add(gp)
            ? splits.apart(ForwardingDatabase.databaseOf(tr), g, p).thenCompose(o -> replace(tr, g, p, cs, o.parts()))
            : CompletableFuture.completedFuture(null);
      });
    });
  }

  /**
   * After partition {@code p} of group {@code g} split into {@code parts} (new centroids by partition; empty when it
   * did not split): the split could not see what {@code tr} had put in {@code p}, so each vector {@code tr} placed
   * there still there moves to the nearest of the parts, and {@code tr} places what it inserts from now on by the
   * centroids it saw with the parts' set ({@link Partitions#adopt}).
   */
  private CompletableFuture<Void> replace(Transaction tr, Tuple g, long p, Partitions.Centroids cs, Map<Long, float[]> parts) {
    if (parts.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    partitions.adopt(tr, g, cs, parts);
    return move(tr, g, p, placed.get(tr).remove(g.add(p)), Partitions.Centroids.NONE.with(null, false, parts));
  }

  /** Moves each of {@code there} (ids {@code tr} placed in partition {@code p}, their vectors) still in {@code p} to its nearest of {@code to}. */
  private CompletableFuture<Void> move(Transaction tr, Tuple g, long p, Map<Object, float[]> there, Partitions.Centroids to) {
    List<CompletableFuture<Void>> moves = new ArrayList<>();
    there.forEach((id, v) -> {
      long q = to.ids()[to.nearest(definition.metric(), v)];
      if (q != p) {
        byte[] key = partitions.vector(g, id);
        moves.add(tr.get(key).thenAccept(located -> {
          if (located != null && Partitions.partition(located) == p) {
            tr.clear(partitions.code(g, p, id));
            tr.set(partitions.code(g, q, id), Codes.of(v));
            tr.set(key, Partitions.located(q, Partitions.vectorBytes(located)));
            tr.mutate(MutationType.ADD, partitions.size(g, p), Partitions.little(-1));
            tr.mutate(MutationType.ADD, partitions.size(g, q), Partitions.little(1));
            filled.computeIfAbsent(tr, x -> ConcurrentHashMap.newKeySet()).add(g.add(q));
          }
        }));
      }
    });
    return CompletableFuture.allOf(moves.toArray(CompletableFuture[]::new));
  }

  /**
   * A batch's updates one after the other, then: splits committed after the batch's read version moved centroids it
   * placed by, so each vector it inserted moves, in {@code tr} without a read conflict, to its nearest partition by the
   * centroids as now committed (read in a read transaction opened through the caller's database wrappers), as a retry
   * would have placed it; a split committed between that read and the batch's commit still leaves the vectors the batch
   * placed in its partition by the old centroid (holding the centroids read would make that batch retry whole, and did
   * for most 500-row batches under 8 writers, for no measurable gain: benchmarks/README.md). A single insert that asked
   * no split skips that read (a save pays no second read version) and takes a read conflict on the centroid of the
   * partition it chose instead: a split of that partition committed meanwhile makes it retry (before, its vector stayed
   * by the partition it chose). What the attempt placed, asked, saw near the maximum and moved into is dropped when its
   * updates end, however they end (a failed update or split, a read of the centroids that throws at once: the returned
   * future fails); when {@code tr}'s writer commits it itself ({@link AfterCommit}), the splits it asked, and the
   * partitions it saw near their maximum or moved vectors into, are checked again after that commit ({@link #afterCommit}).
   */
  @Override
  public CompletableFuture<Void> updateAll(Transaction tr, List<Change> changes) {
    return DerivedIndex.super.updateAll(tr, changes).thenCompose(v -> {
      Map<Tuple, Map<Object, float[]>> mine = placed.get(tr);
      Set<Tuple> asked = asks.get(tr);
      Set<Tuple> nearMaximum = near.get(tr);
      CompletableFuture<Void> moved;
      if (mine == null || mine.isEmpty()) {
        moved = CompletableFuture.completedFuture(null);
      } else if (asked == null && mine.values().stream().mapToInt(Map::size).sum() <= 1) {
        // the one partition it chose: a split of it committed before tr makes tr retry, not keep its vector by the
        // moved centroid
        int groups = definition.groupBy().size();
        mine.keySet().forEach(gp -> tr.addReadConflictKey(
            partitions.centroid(Tuple.fromList(gp.getItems().subList(0, groups)), gp.getLong(groups))));
        moved = CompletableFuture.completedFuture(null);
      } else {
        moved = replaceAll(tr, mine);
      }
      Set<Tuple> placedInto = asked == null ? null : mine == null ? Set.of() : mine.keySet();
      return moved.thenRun(() -> afterCommit(tr, placedInto, asked, nearMaximum, filled.get(tr)));
    }).whenComplete((x, e) -> {
      placed.remove(tr);
      asks.remove(tr);
      near.remove(tr);
      filled.remove(tr);
    });
  }

  /** Moves each vector of {@code mine} ({@code tr}'s, by partition) to its nearest partition by the centroids as committed. */
  private CompletableFuture<Void> replaceAll(Transaction tr, Map<Tuple, Map<Object, float[]>> mine) {
    int groups = definition.groupBy().size();
    return ForwardingDatabase.databaseOf(tr).readAsync(r -> {
      Map<Tuple, CompletableFuture<Partitions.Centroids>> read = new HashMap<>();
      mine.keySet().forEach(gp -> read.computeIfAbsent(Tuple.fromList(gp.getItems().subList(0, groups)), g -> partitions.centroids(r, g)));
      return CompletableFuture.allOf(read.values().toArray(CompletableFuture[]::new)).thenApply(x -> read);
    }).thenCompose(now -> {
      List<CompletableFuture<Void>> moves = new ArrayList<>();
      mine.forEach((gp, there) -> {
        Tuple g = Tuple.fromList(gp.getItems().subList(0, groups));
        Partitions.Centroids current = now.get(g).join();
        if (current.ids().length > 0) {
          moves.add(move(tr, g, gp.getLong(groups), there, current));
        }
      });
      return CompletableFuture.allOf(moves.toArray(CompletableFuture[]::new));
    });
  }

  /**
   * When {@code tr}'s writer runs work after committing it ({@link AfterCommit#of}): after that commit, the split of each
   * partition over its maximum among those whose size {@code tr} could not trust. When {@code tr} asked a split, every
   * partition it put vectors into ({@code placedInto}, {@code asked}): the splits it asked could not see its vectors, and
   * a part of such a split, created after {@code tr}'s read version, looked to {@code tr} as holding only its own vectors,
   * so it asked no split of it. Otherwise the partitions it saw fewer than {@link Partitions#nearMargin} below the maximum
   * ({@code nearMaximum}: other writers that each saw them within it too can take them over together) and those it moved
   * vectors into ({@code movedInto}: it read no size of them). Nothing, at no cost, when none of these is left: every
   * partition it placed into it saw, at its read version plus its own adds, the margin or more below the maximum. With
   * a caller's transaction the next insert into such a partition asks.
   */
  private void afterCommit(Transaction tr, Set<Tuple> placedInto, Set<Tuple> asked, Set<Tuple> nearMaximum, Set<Tuple> movedInto) {
    AfterCommit after = AfterCommit.of(tr);
    if (after == null) {
      return;
    }
    Set<Tuple> into = new TreeSet<>();
    for (Set<Tuple> some : Arrays.asList(placedInto, asked, nearMaximum, movedInto)) {
      if (some != null) {
        into.addAll(some);
      }
    }
    if (into.isEmpty()) {
      return;
    }
    Database db = ForwardingDatabase.databaseOf(tr);
    after.add(() -> splits.settle(db, definition.groupBy().size(), into));
  }

  /** How many transaction attempts this index holds placements, split asks, partitions seen near the maximum or moves of. */
  int attemptsHeld() {
    return placed.size() + asks.size() + near.size() + filled.size();
  }

  /** How many splits of this index's partitions are running from this store. */
  int splitsRunning() {
    return splits.running();
  }

  /** {@link Splits#split} of partition {@code p} of group {@code g} in {@code tr}: the centroids it set, by partition. */
  CompletableFuture<Map<Long, float[]>> split(Transaction tr, Tuple g, long p, Partitions.Centroids cs) {
    return splits.split(tr, g, p, cs).thenApply(Splits.Outcome::parts);
  }

  /**
   * Every row with a vector has its full vector, equal to the row's, naming a partition that holds the row's code;
   * every full vector and code has its row, in the row's group, and a code lies in the partition its full vector
   * names (so no vector is stored twice). Centroids, sizes, tokens and the log are bookkeeping, counted but not checked.
   */
  @Override
  public Check check() {
    String what = "vector index '" + definition.name() + "'";
    return new Check() {
      @Override
      public CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> batch) {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (Object[] row : batch) {
          Object id = row[layout.codec().idIndex()];
          Tuple g = groupOf(row);
          if (g != null) {
            checks.add(tr.get(partitions.vector(g, id)).thenCompose(located -> {
              if (located == null) {
                return CompletableFuture.completedFuture("row " + Sizes.describe(id) + " has no entry in " + what);
              }
              if (located.length < Long.BYTES || !Arrays.equals(Partitions.vectorBytes(located), vector(row))) {
                return CompletableFuture.completedFuture(what + " entry of " + Sizes.describe(id) + " holds another vector than its row");
              }
              long p = Partitions.partition(located);
              return tr.get(partitions.code(g, p, id)).thenApply(code -> code != null ? null
                  : "row " + Sizes.describe(id) + " has no code in partition " + p + " of " + what);
            }));
          }
        }
        return IndexVerifier.whenFound(checks);
      }

      @Override
      public long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
        Subspace all = partitions.subspace;
        int groups = definition.groupBy().size();
        return KeyBatches.check(db, all.range(), batch, report, (tr, kvs) -> IndexVerifier.checkEach(kvs, what, kv -> {
          Tuple key = all.unpack(kv.getKey());
          Object kind = key.get(groups);
          if (Partitions.VECTOR.equals(kind) && key.size() == groups + 2) {
            Object id = key.get(groups + 1);
            return rows.loadRowOnly(tr, id).thenApply(r -> r == null ? what + " entry " + key + " has no row"
                : Arrays.equals(kv.getKey(), entry(id, r)) && Arrays.equals(Partitions.vectorBytes(kv.getValue()), vector(r)) ? null
                : what + " entry " + key + " does not match its row's group or vector");
          }
          if (Partitions.CODE.equals(kind) && key.size() == groups + 3) {
            Tuple g = Tuple.fromList(key.getItems().subList(0, groups));
            long p = key.getLong(groups + 1);
            Object id = key.get(groups + 2);
            return tr.get(partitions.vector(g, id)).thenApply(located -> located == null ? what + " code " + key + " has no full vector"
                : Partitions.partition(located) == p ? null
                : what + " code " + key + " lies in partition " + p + " but its vector is in partition " + Partitions.partition(located));
          }
          if ((Partitions.CENTROID.equals(kind) || Partitions.SIZE.equals(kind)) && key.size() == groups + 2
              || Partitions.TOKEN.equals(kind) && key.size() == groups + 1 || Partitions.LOG.equals(kind) && key.size() == groups + 3) {
            return CompletableFuture.completedFuture(null);
          }
          return CompletableFuture.completedFuture(what + " key " + key + " is none of its kinds (\"s\", \"l\", \"c\", \"n\", \"p\", \"v\")");
        }));
      }
    };
  }
}
