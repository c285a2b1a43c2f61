package io.strata.index.vector;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.index.PerDatabase;
import io.strata.row.EntityLayout;
import io.strata.row.StoredData;
import io.strata.tuple.VersionstampTuples;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The key layout of one vector index's partitions (inverted file), per group {@code g...} under
 * {@code (E, "N", name)}:
 * <ul>
 *   <li>{@code (g..., "s") = token}: the 10-byte versionstamp of the last commit that changed the partitions (a first
 *       partition, a split; {@code SET_VERSIONSTAMPED_VALUE}), so a reader that cached the centroids with that token
 *       knows them current;</li>
 *   <li>{@code (g..., "l", stamp, p) = centroid}: the log of changed centroids, one entry per centroid a commit
 *       wrote ({@code SET_VERSIONSTAMPED_KEY}, {@code stamp} its versionstamp); a group's first partition also
 *       logs {@code (g..., "l", stamp, -1) = b""}, "the partitions start over here", so a reader that cached the
 *       centroids of an index since cleared and rebuilt drops them. A reader whose cached token is older reads the
 *       log after it, not every centroid. One entry per centroid written: about two keys per split. A split that
 *       takes the group past a power of two partitions trims the log ({@link #trim}): the entries up to its token
 *       cleared and {@code (g..., "l", stamp, -2) = token} logged, "cut here, up to token", so that a reader whose
 *       token is older than that reads every centroid (a log trimmed by an earlier version instead holds a reset and every centroid under the
 *       trim's stamp, which reads as before);</li>
 *   <li>{@code (g..., "c", p) = centroid} (little-endian float32, as {@link Vectors#element}); partition ids are
 *       0 for the first, then random in [1, 2^31) so that concurrent splits of a group do not pick the same one;</li>
 *   <li>{@code (g..., "n", p) = size}: how many vectors partition {@code p} holds (little-endian int64, atomic add);</li>
 *   <li>{@code (g..., "p", p, id) = code}: the vector scalar-quantized to one byte per component ({@link Codes});</li>
 *   <li>{@code (g..., "v", id) = p, vector}: the partition (8 bytes big-endian) then the full vector.</li>
 * </ul>
 * Centroids are cached here, per database and group ({@link CentroidCache}), with the token they were read with (a
 * versionstamp, ordered as that database's commits): only centroids read from committed data, the newest and the
 * generation before. A transaction older than the newest (another read them since) starts from the older generation,
 * or reads every centroid: it must not place or search by partitions it cannot see, and the log leads only forward.
 * A transaction only ever meets the cache of its own database ({@link #cache}): another database's tokens interleave
 * with its own, so centroids cached from there with an older token would pass for an older generation of its own
 * and be brought up to date by its log into partitions it does not have. A transaction that changes a group's
 * centroids keeps its own view apart ({@link #own}) until it ends: it cannot read the token and log it wrote, and a
 * cache must never hold what an aborted transaction wrote.
 */
final class Partitions {
  static final String TOKEN = "s";
  static final String CENTROID = "c";
  static final String SIZE = "n";
  static final String CODE = "p";
  static final String VECTOR = "v";
  static final String LOG = "l";
  /** The partition of a log entry saying "the group's partitions start over here". */
  private static final long RESET = -1;
  /** The partition of a log entry saying "the log was cut here: a reader older than this reads every centroid". */
  private static final long CUT = -2;

  /** The centroids of one group as one token saw them: partition ids and their centroids, in id order. */
  record Centroids(byte[] token, long[] ids, float[][] vectors) {
    static final Centroids NONE = new Centroids(null, new long[0], new float[0][]);

    /** The position of the partition nearest to {@code v}, -1 when there is none. */
    int nearest(Metric metric, float[] v) {
      int best = -1;
      double bestDistance = Double.POSITIVE_INFINITY;
      for (int i = 0; i < ids.length; i++) {
        double d = metric.placing(v, vectors[i]);
        if (best < 0 || d < bestDistance) {
          best = i;
          bestDistance = d;
        }
      }
      return best;
    }

    /**
     * A partition id none of these centroids has nor {@code taken}: random in [1, 2^31), short in a key and unlikely
     * to meet a concurrent split's.
     */
    long freshId(Set<Long> taken) {
      while (true) {
        long q = ThreadLocalRandom.current().nextLong(1, 1L << 31);
        if (Arrays.binarySearch(ids, q) < 0 && !taken.contains(q)) {
          return q;
        }
      }
    }

    /** These centroids with {@code changed} ones set (by partition; {@code reset}: none of these first), under {@code token}. */
    Centroids with(byte[] token, boolean reset, Map<Long, float[]> changed) {
      TreeMap<Long, float[]> all = new TreeMap<>();
      if (!reset) {
        for (int i = 0; i < ids.length; i++) {
          all.put(ids[i], vectors[i]);
        }
      }
      all.putAll(changed);
      return new Centroids(token, all.keySet().stream().mapToLong(Long::longValue).toArray(), all.values().toArray(float[][]::new));
    }
  }

  private final EntityLayout<?> layout;
  private final String what;
  final Subspace subspace;
  final int dimensions;
  /** Most vectors a partition holds before an insert splits it; a split writes about this many full vectors. */
  final int maxSize;
  /** The centroids cached from each database this index was used with (weak keys: a database dropped is forgotten). */
  private final PerDatabase<CentroidCache> caches = new PerDatabase<>(CentroidCache::new);
  /**
   * The centroids of each group a transaction attempt changed, as that attempt sees them (a handle is one attempt),
   * under the transaction and under its snapshot view ({@link #ownOf}).
   */
  private final Map<ReadTransaction, Map<Tuple, Centroids>> own = Collections.synchronizedMap(new WeakHashMap<>());

  Partitions(EntityLayout<?> layout, String name, Subspace subspace, int dimensions) {
    this.layout = layout;
    this.what = "vector index '" + name + "'";
    this.subspace = subspace;
    this.dimensions = dimensions;
    this.maxSize = maxSize(dimensions);
  }

  /**
   * A split writes its partition's vectors again (key, partition and floats) and their codes: this keeps that under
   * about 512 kB (far under FoundationDB's 10 MB per transaction), at most 128 and at least 16 vectors.
   */
  static int maxSize(int dimensions) {
    return Math.max(16, Math.min(128, 512_000 / (5 * dimensions + 64)));
  }

  /**
   * A save that commits its own transaction and saw a partition it placed into fewer than this many vectors below the
   * maximum (its own adds included) reads the partition's committed size again after its commit ({@link VectorIndex}):
   * 1/16 of the maximum, 8 of 128. Writers that each saw the partition within the maximum can then take it over
   * together only when the last of them saw it this many or more below and more than this many vectors were committed
   * into it by others while it ran.
   */
  int nearMargin() {
    return Math.max(1, maxSize / 16);
  }

  /** The size a split aims at: half the maximum. */
  int targetSize() {
    return maxSize / 2;
  }

  byte[] token(Tuple g) {
    return subspace.pack(g.add(TOKEN));
  }

  byte[] centroid(Tuple g, long p) {
    return subspace.pack(g.add(CENTROID).add(p));
  }

  byte[] size(Tuple g, long p) {
    return subspace.pack(g.add(SIZE).add(p));
  }

  byte[] code(Tuple g, long p, Object id) {
    return subspace.pack(g.add(CODE).add(p).addObject(id));
  }

  Subspace codes(Tuple g, long p) {
    return subspace.get(g.add(CODE).add(p));
  }

  byte[] vector(Tuple g, Object id) {
    return subspace.pack(g.add(VECTOR).addObject(id));
  }

  /** {@code (g..., "l")}: the log of changed centroids. */
  Subspace log(Tuple g) {
    return subspace.get(g.add(LOG));
  }

  static byte[] little(long n) {
    return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(n).array();
  }

  static long little(byte[] b) {
    return b == null ? 0 : ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /**
   * The centroids of group {@code g} as {@code tr} sees them: its own when it changed them, else (snapshot reads) the
   * token, then the cached centroids of that token or an older one brought up to date by the log, else all of them.
   */
  CompletableFuture<Centroids> centroids(ReadTransaction tr, Tuple g) {
    Centroids mine = own(tr, g);
    if (mine != null) {
      return CompletableFuture.completedFuture(mine);
    }
    return tr.snapshot().get(token(g)).thenCompose(t -> centroids(tr, g, t));
  }

  /** The centroids {@code tr} itself changed in group {@code g} (its token and log are unreadable to it), or null. */
  Centroids own(ReadTransaction tr, Tuple g) {
    Map<Tuple, Centroids> groups = own.get(tr);
    return groups == null ? null : groups.get(g);
  }

  /**
   * The cache of {@code tr}'s database ({@link Transaction#getDatabase}: the client's or engine's database under any
   * wrapper). A read view that names no database (a transaction's {@code snapshot()} handed on alone) gets an empty
   * cache of its own: it reads every centroid, and what it reads is cached nowhere.
   */
  CentroidCache cache(ReadTransaction tr) {
    return caches.of(tr);
  }

  /**
   * The centroids for token {@code t} (just read, by a transaction that did not change them): the cached ones (of
   * {@code tr}'s database, {@link #cache}) of that token, else the newest cached ones older than it with the log
   * entries after their token applied, else all read now. What is read is cached as the newest centroids, or as the
   * generation before them when another reader cached newer ones (a transaction older than the cache: it places and
   * searches by the partitions of its own read version, and the cache never goes back).
   */
  CompletableFuture<Centroids> centroids(ReadTransaction tr, Tuple g, byte[] t) {
    if (t == null) {
      return CompletableFuture.completedFuture(Centroids.NONE);
    }
    CentroidCache cache = cache(tr);
    Centroids from = cache.notAfter(g, t);
    if (from != null && Arrays.equals(from.token(), t)) {
      return CompletableFuture.completedFuture(from);
    }
    return (from == null ? all(tr, g, t) : caughtUp(tr, g, from, t)).thenApply(cs -> {
      cache.keep(g, cs);
      return cs;
    });
  }

  /** Every centroid of group {@code g}, under token {@code t}. */
  private CompletableFuture<Centroids> all(ReadTransaction tr, Tuple g, byte[] t) {
    Subspace c = subspace.get(g.add(CENTROID));
    return tr.snapshot().getRange(c.range()).asList().thenApply(kvs -> {
      long[] ids = new long[kvs.size()];
      float[][] vectors = new float[kvs.size()][];
      for (int i = 0; i < kvs.size(); i++) {
        KeyValue kv = kvs.get(i);
        try {
          ids[i] = c.unpack(kv.getKey()).getLong(0);
          vectors[i] = floats(kv.getValue());
        } catch (RuntimeException e) {
          throw corrupt(kv.getKey(), "is not (\"c\", partition) = centroid of " + dimensions + " floats: " + e.getMessage(), e);
        }
      }
      return new Centroids(t, ids, vectors);
    });
  }

  /** {@code cached} with the log entries written after its token applied, in commit order, under token {@code t}. */
  private CompletableFuture<Centroids> caughtUp(ReadTransaction tr, Tuple g, Centroids cached, byte[] t) {
    Subspace log = log(g);
    byte[] after = log.get(Versionstamp.complete(cached.token())).range().end;
    return tr.snapshot().getRange(after, log.range().end).asList().thenCompose(kvs -> {
      for (KeyValue kv : kvs) {
        if (cutAfter(log, kv, cached.token())) { // entries after its token are gone: start from every centroid
          return all(tr, g, t);
        }
      }
      Centroids now = cached;
      int i = 0;
      while (i < kvs.size()) {
        Versionstamp stamp = null;
        boolean reset = false;
        Map<Long, float[]> changed = new HashMap<>();
        for (; i < kvs.size(); i++) {
          KeyValue kv = kvs.get(i);
          try {
            Tuple key = log.unpack(kv.getKey());
            if (stamp != null && !stamp.equals(key.getVersionstamp(0))) {
              break;
            }
            stamp = key.getVersionstamp(0);
            long p = key.getLong(1);
            if (p == RESET) {
              reset = true;
            } else if (p != CUT) {
              changed.put(p, floats(kv.getValue()));
            }
          } catch (RuntimeException e) {
            throw corrupt(kv.getKey(), "is not (\"l\", versionstamp, partition) = centroid of " + dimensions + " floats: " + e.getMessage(), e);
          }
        }
        now = now.with(t, reset, changed);
      }
      return CompletableFuture.completedFuture(new Centroids(t, now.ids(), now.vectors()));
    });
  }

  /**
   * Whether {@code kv} of {@code log} is a {@link #CUT} that cleared entries written after {@code token} (its value is
   * the token it cleared up to). An entry that is not well formed is none: the log's reader reports it.
   */
  private static boolean cutAfter(Subspace log, KeyValue kv, byte[] token) {
    try {
      return log.unpack(kv.getKey()).getLong(1) == CUT && Arrays.compareUnsigned(token, kv.getValue()) < 0;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * Writes, in {@code tr}, the centroids of group {@code g} that changed from {@code before} (what {@code tr} saw): each
   * centroid, its log entry and the token, both versionstamped; {@code reset} for a group's first partition. When the
   * change takes the group's partition count past a power of two, the log is trimmed ({@link #trim}). From now
   * on {@code tr} sees its own centroids ({@link #own}); nothing of them reaches the cache.
   */
  void change(Transaction tr, Tuple g, Centroids before, boolean reset, Map<Long, float[]> changed) {
    Centroids after = before.with(null, reset, changed);
    Subspace log = log(g);
    if (reset) {
      tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, VersionstampTuples.packWithVersionstamp(log, Tuple.from(Versionstamp.incomplete(0), RESET)), new byte[0]);
    } else if (before.token() != null && Integer.highestOneBit(before.ids().length) != Integer.highestOneBit(after.ids().length)) {
      trim(tr, g, before.token());
    }
    changed.forEach((p, c) -> tr.set(centroid(g, p), Vectors.element(c)));
    changed.forEach((p, c) -> tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY,
        VersionstampTuples.packWithVersionstamp(log, Tuple.from(Versionstamp.incomplete(0), p)), Vectors.element(c)));
    Map<Tuple, Centroids> groups = ownOf(tr);
    if (groups.put(g, after) == null) {
      // once per transaction: the commit's stamp is the same for every change, and a second versionstamped write
      // of one key would make the engine apply the transaction's writes one by one
      tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, token(g), VersionstampTuples.transactionVersionValue());
    }
  }

  /**
   * Trims the log of group {@code g}: clears every entry up to {@code token} (the last change {@code tr} read, with a
   * read conflict on the token so that no change commits between) and logs a {@link #CUT} under this commit's stamp,
   * before the centroids it changes, holding {@code token}. A reader whose cached token is older than {@code token}
   * meets the cut and reads every centroid instead of the log (what it needed of the log is cleared); one whose
   * token is {@code token} reads the cut's commit as any other; one whose token is this commit's or later reads
   * nothing before it. So no
   * reader misses a change, the log holds the entries since the last trim (two or so per split), and the trim writes
   * a few bytes whatever the number and size of the centroids. (Before, a trim logged every centroid again: at
   * 2,048 partitions of 1,536 dimensions that was 12.6 MB, a transaction that could never commit.)
   */
  private void trim(Transaction tr, Tuple g, byte[] token) {
    tr.addReadConflictKey(token(g));
    Subspace log = log(g);
    tr.clear(log.range().begin, log.get(Versionstamp.complete(token)).range().end);
    tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, VersionstampTuples.packWithVersionstamp(log, Tuple.from(Versionstamp.incomplete(0), CUT)), token);
  }

  /**
   * From now on {@code tr} places vectors of group {@code g} by {@code seen} (the centroids it read) with the centroids
   * a split committed since set ({@code split}, by partition): every partition they name exists. Writes nothing; the
   * set is {@code tr}'s own ({@link #own}) and never reaches the cache.
   */
  void adopt(Transaction tr, Tuple g, Centroids seen, Map<Long, float[]> split) {
    ownOf(tr).merge(g, seen.with(null, false, split), (was, now) -> was.with(null, false, split));
  }

  /**
   * The groups whose centroids {@code tr} changed or adopted, as it sees them; reached through {@code tr} and through
   * its {@code snapshot()} (one object for the life of a transaction, in fdb-java as in the engine), so a search
   * through the snapshot view does not read the token {@code tr} wrote, which is unreadable to it.
   */
  private Map<Tuple, Centroids> ownOf(Transaction tr) {
    synchronized (own) {
      Map<Tuple, Centroids> groups = own.get(tr);
      if (groups == null) {
        groups = new ConcurrentHashMap<>();
        own.put(tr, groups);
        own.put(tr.snapshot(), groups);
      }
      return groups;
    }
  }

  /** The floats of a stored vector or centroid, checked to have the index's dimensions. */
  float[] floats(byte[] value) {
    float[] v = Vectors.floats(value);
    if (v.length != dimensions) {
      throw new IllegalArgumentException(v.length + " floats where " + dimensions + " were expected");
    }
    return v;
  }

  /** {@code (g..., "v", id)}'s value: partition {@code p} then the vector's bytes. */
  static byte[] located(long p, byte[] vector) {
    return ByteBuffer.allocate(Long.BYTES + vector.length).putLong(p).put(vector).array();
  }

  /** The partition of a {@code (g..., "v", id)} value. */
  static long partition(byte[] located) {
    return ByteBuffer.wrap(located).getLong();
  }

  /** The vector bytes of a {@code (g..., "v", id)} value. */
  static byte[] vectorBytes(byte[] located) {
    return Arrays.copyOfRange(located, Long.BYTES, located.length);
  }

  /** A stored entry this version cannot read. */
  RuntimeException corrupt(byte[] key, String problem, Throwable cause) {
    return StoredData.corruptEntry(layout, what, key, problem, cause);
  }

  /** The ids of a list of code entries of partition {@code p}. */
  List<Object> ids(Tuple g, long p, List<KeyValue> codes) {
    Subspace s = codes(g, p);
    List<Object> out = new ArrayList<>(codes.size());
    for (KeyValue kv : codes) {
      out.add(s.unpack(kv.getKey()).get(0));
    }
    return out;
  }
}
