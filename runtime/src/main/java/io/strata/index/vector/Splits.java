package io.strata.index.vector;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * The splits of one {@code @Embedding} index's partitions, each in a transaction of its own ({@link VectorIndex} asks
 * them): 2-means over a partition's vectors, halved again while a half is over {@link Partitions#maxSize}.
 */
final class Splits {
  private static final System.Logger LOG = System.getLogger(Splits.class.getName());

  private final Partitions partitions;
  private final Metric metric;
  /** What the log names the index by: entity and index. */
  private final String what;
  /**
   * The splits running from here, by database (as given: the same partition of another database is another partition,
   * and its split's centroids are not this one's) then group values and partition.
   */
  private final Map<Running, CompletableFuture<Outcome>> splitting = new ConcurrentHashMap<>();

  /** A split running from here: of partition {@code gp} (group values then partition) in {@code db}. */
  private record Running(Database db, Tuple gp) {}

  Splits(Partitions partitions, Metric metric, String what) {
    this.partitions = partitions;
    this.metric = metric;
    this.what = what;
  }

  /**
   * What a split did: the centroids it set, by partition (none when it did nothing), and whether it read as many codes
   * as it may ({@link VectorIndex#SPLIT_READ}), so that the codes it left in the partition may still be over the maximum.
   */
  record Outcome(Map<Long, float[]> parts, boolean rest) {
    static final Outcome NONE = new Outcome(Map.of(), false);
  }

  /**
   * Splits partition {@code p} of group {@code g} in a transaction of {@code db} when it holds more than
   * {@link Partitions#maxSize} vectors as committed, else does nothing (what pushed it over has not committed yet).
   * A split of the same partition of {@code db} already running here is not started twice: the caller gets its
   * outcome. However it fails, by a failed future or by {@code db.runAsync} throwing at once, it is no longer running
   * here when its outcome completes, so the next insert into the partition asks again.
   */
  CompletableFuture<Outcome> apart(Database db, Tuple g, long p) {
    Running key = new Running(db, g.add(p));
    CompletableFuture<Outcome> mine = new CompletableFuture<>();
    CompletableFuture<Outcome> running = splitting.putIfAbsent(key, mine);
    if (running != null) {
      return running;
    }
    // started in a stage, so that a runAsync throwing instead of returning a failed future fails it the same way
    CompletableFuture.completedFuture(db).thenCompose(d -> d.runAsync(tr -> tr.snapshot().get(partitions.size(g, p))
        .thenCompose(size -> Partitions.little(size) <= partitions.maxSize ? CompletableFuture.completedFuture(Outcome.NONE)
            : partitions.centroids(tr, g).thenCompose(cs -> split(tr, g, p, cs))))).whenComplete((outcome, e) -> {
          splitting.remove(key, mine);
          if (e != null) {
            mine.completeExceptionally(e);
          } else {
            mine.complete(outcome);
          }
        });
    return mine;
  }

  /** How many splits are running from here. */
  int running() {
    return splitting.size();
  }

  /**
   * After a transaction that put vectors into the partitions {@code gps} (group values then partition) has committed:
   * reads their sizes as now committed, in one read transaction of {@code db}, and splits each over the maximum in
   * transactions of {@code db}, one after the other, again while a split left codes it could not read. The sizes the
   * transaction read could not show all of them over: a partition a split created after its read version looked empty
   * to it, and other writers' vectors committed since. A split that fails (after the retries of {@code db}'s retry loop)
   * is left: the partition stays over its maximum, searched like any other, and the next insert into it asks again.
   */
  CompletableFuture<Void> settle(Database db, int groups, Collection<Tuple> gps) {
    return db.readAsync(r -> {
      Map<Tuple, CompletableFuture<byte[]>> sizes = new LinkedHashMap<>();
      gps.forEach(gp -> sizes.put(gp, r.get(partitions.size(Tuple.fromList(gp.getItems().subList(0, groups)), gp.getLong(groups)))));
      return CompletableFuture.allOf(sizes.values().toArray(CompletableFuture[]::new)).thenApply(x -> sizes.entrySet().stream()
          .filter(e -> Partitions.little(e.getValue().join()) > partitions.maxSize).map(Map.Entry::getKey).toList());
    }).thenCompose(over -> {
      CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
      for (Tuple gp : over) {
        Tuple g = Tuple.fromList(gp.getItems().subList(0, groups));
        long p = gp.getLong(groups);
        chain = chain.thenCompose(v -> settle(db, g, p).exceptionally(e -> {
          LOG.log(System.Logger.Level.WARNING, what + ": the split of partition " + p + " of group " + g
              + " failed after the save that took it over its maximum committed; it stays over its maximum until the next"
              + " insert into it asks again", e);
          return null;
        }));
      }
      return chain;
    });
  }

  /**
   * A split of {@code p} already running here may have read the partition's size before the commit that asked this:
   * finding it within the maximum, it would do nothing, so this waits for it and then splits (or shares a split begun
   * after that commit).
   */
  private CompletableFuture<Void> settle(Database db, Tuple g, long p) {
    CompletableFuture<Outcome> running = splitting.get(new Running(db, g.add(p)));
    CompletableFuture<Void> before = running == null ? CompletableFuture.completedFuture(null)
        : running.handle((o, e) -> (Void) null);
    return before.thenCompose(x -> apart(db, g, p))
        .thenCompose(o -> o.parts().isEmpty() || !o.rest() ? CompletableFuture.completedFuture(null) : settle(db, g, p));
  }

  /**
   * Splits partition {@code p} of group {@code g} by 2-means over the full vectors of (at most {@link VectorIndex#SPLIT_READ}
   * times the maximum of) its codes, read with a read conflict on the codes read (a concurrent insert into the partition
   * makes the split retry with it, not leaves it by the moved centroid), their full vectors too: halves still over
   * {@link Partitions#maxSize} are halved again, the first part stays {@code p} with a new centroid (with any codes not
   * read), every other moves to a new partition.
   */
  CompletableFuture<Outcome> split(Transaction tr, Tuple g, long p, Partitions.Centroids cs) {
    int limit = VectorIndex.SPLIT_READ * partitions.maxSize;
    return tr.getRange(partitions.codes(g, p).range(), limit).asList().thenCompose(codes -> {
      List<Object> ids = partitions.ids(g, p, codes);
      List<CompletableFuture<byte[]>> reads = new ArrayList<>(ids.size());
      ids.forEach(id -> reads.add(tr.get(partitions.vector(g, id))));
      return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(x -> {
        float[][] vs = new float[ids.size()][];
        for (int i = 0; i < vs.length; i++) {
          byte[] located = reads.get(i).join();
          if (located == null) {
            throw partitions.corrupt(partitions.code(g, p, ids.get(i)), "is a code without its full vector (\"v\", id)", null);
          }
          vs[i] = partitions.floats(Partitions.vectorBytes(located));
        }
        if (vs.length <= partitions.maxSize) {
          return Outcome.NONE;
        }
        List<Part> parts = new ArrayList<>();
        halve(vs, IntStream.range(0, vs.length).toArray(), null, parts);
        return new Outcome(write(tr, g, p, cs, ids, vs, parts), codes.size() >= limit);
      });
    });
  }

  /** One part of a split: the positions of its vectors and their centroid. */
  private record Part(int[] members, float[] centroid) {}

  /** Adds to {@code parts} the halves of {@code members} (positions in {@code vs}) by 2-means, halving again any over the maximum. */
  private void halve(float[][] vs, int[] members, float[] centroid, List<Part> parts) {
    if (members.length <= partitions.maxSize) {
      parts.add(new Part(members, centroid));
      return;
    }
    float[][] these = new float[members.length][];
    for (int i = 0; i < members.length; i++) {
      these[i] = vs[members[i]];
    }
    TwoMeans halves = TwoMeans.split(metric, these);
    for (int side = 0; side < 2; side++) {
      boolean second = side == 1;
      int[] half = IntStream.range(0, members.length).filter(i -> halves.second()[i] == second).map(i -> members[i]).toArray();
      halve(vs, half, halves.centroids()[side], parts);
    }
  }

  /**
   * Writes a split of partition {@code p} into {@code parts}: the first stays {@code p}, each other moves to a new
   * partition. Returns the centroids it set, by partition.
   */
  private Map<Long, float[]> write(Transaction tr, Tuple g, long p, Partitions.Centroids cs, List<Object> ids, float[][] vs, List<Part> parts) {
    Map<Long, float[]> changed = new HashMap<>();
    changed.put(p, parts.get(0).centroid());
    int moved = 0;
    for (Part part : parts.subList(1, parts.size())) {
      long q = cs.freshId(changed.keySet());
      tr.addReadConflictKey(partitions.centroid(g, q));
      changed.put(q, part.centroid());
      for (int i : part.members()) {
        Object id = ids.get(i);
        tr.clear(partitions.code(g, p, id));
        tr.set(partitions.code(g, q, id), Codes.of(vs[i]));
        tr.set(partitions.vector(g, id), Partitions.located(q, Vectors.element(vs[i])));
      }
      tr.mutate(MutationType.ADD, partitions.size(g, q), Partitions.little(part.members().length));
      moved += part.members().length;
    }
    partitions.change(tr, g, cs, false, changed);
    tr.mutate(MutationType.ADD, partitions.size(g, p), Partitions.little(-moved));
    return changed;
  }
}
