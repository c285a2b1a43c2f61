package io.strata.index.vector;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.index.vector.Partitions.Centroids;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one vector index remembers of one database between transactions ({@link Partitions#cache} keeps one per
 * database): per group, the centroids read from committed data with the token they were read with, the newest and
 * the generation before; and the entity's row count a grouped search last read. A token is a versionstamp of that
 * database's commits: it orders that database's centroids and says nothing of another's (two databases stamp their
 * commits from the same clock, so their tokens interleave), which is why a cache never serves two databases.
 *
 * <p>Bounded: it holds about {@link #DEFAULT_BUDGET} bytes of centroids at most (an index grouped by tenant, say, has
 * as many groups as tenants). Past that, keeping a group's centroids drops the groups least recently used until the
 * cache is back under three quarters of its budget; the group just read always stays. A group dropped is read whole
 * again by its next search or save, as a store's first read of it is: nothing else changes.
 */
final class CentroidCache {
  /** A cache's budget in bytes of centroids: a sixteenth of the heap this JVM may grow to. */
  static final long DEFAULT_BUDGET = Runtime.getRuntime().maxMemory() / 16;
  private final long budget;
  private final Map<Tuple, Generations> groups = new ConcurrentHashMap<>();
  /** The bytes of centroids {@link #groups} holds, as {@link Generations#bytes} counts them. */
  private final AtomicLong bytes = new AtomicLong();
  /** Ticks once per use of a group: what orders the groups from least to most recently used. */
  private final AtomicLong clock = new AtomicLong();
  /** The entity's row count as a grouped search last read it, -1 before any: what bounds a grouped search's codes. */
  private final AtomicLong indexRows = new AtomicLong(-1);

  CentroidCache() {
    this(DEFAULT_BUDGET);
  }

  /** A cache of at most about {@code budget} bytes of centroids. */
  CentroidCache(long budget) {
    this.budget = budget;
  }

  /** The newest centroids of group {@code g} read, whatever their token, or null. */
  Centroids newest(Tuple g) {
    Generations cached = used(g);
    return cached == null ? null : cached.newest();
  }

  /** The cached centroids of group {@code g} with the greatest token not after {@code t}, or null. */
  Centroids notAfter(Tuple g, byte[] t) {
    Generations cached = used(g);
    return cached == null ? null : cached.notAfter(t);
  }

  private Generations used(Tuple g) {
    Generations cached = groups.get(g);
    if (cached != null) {
      cached.used().set(clock.incrementAndGet());
    }
    return cached;
  }

  /**
   * Keeps {@code read} (centroids of group {@code g} just read from committed data, under their token) as the newest,
   * or as the generation before the newest when another reader cached newer ones: the cache never goes back. Then,
   * over the budget, drops the groups least recently used.
   */
  void keep(Tuple g, Centroids read) {
    groups.compute(g, (key, was) -> {
      Generations now = was == null ? new Generations(read, null, new AtomicLong()) : was.with(read);
      now.used().set(clock.incrementAndGet());
      bytes.addAndGet(now.bytes() - (was == null ? 0 : was.bytes()));
      return now;
    });
    if (bytes.get() > budget) {
      evict(g);
    }
  }

  /** Drops the groups least recently used, all but {@code kept}, until the cache holds three quarters of its budget. */
  private synchronized void evict(Tuple kept) {
    List<Map.Entry<Tuple, Generations>> oldestFirst = new ArrayList<>(groups.entrySet());
    oldestFirst.sort(Comparator.comparingLong(e -> e.getValue().used().get()));
    for (Map.Entry<Tuple, Generations> e : oldestFirst) {
      if (bytes.get() <= budget / 4 * 3) {
        return;
      }
      if (!e.getKey().equals(kept) && groups.remove(e.getKey(), e.getValue())) {
        bytes.addAndGet(-e.getValue().bytes());
      }
    }
  }

  /** The entity's row count last {@link #indexRows(long) seen}, -1 before any. */
  long indexRows() {
    return indexRows.get();
  }

  /** Remembers the entity's row count a search just read, so that the next search of a cached group need not wait for it. */
  void indexRows(long rows) {
    indexRows.set(rows);
  }

  /**
   * A group's cached centroids: the newest read, and older ones (or null) a transaction older than those starts from;
   * {@code used}, the clock's tick when the group was last used.
   */
  private record Generations(Centroids newest, Centroids before, AtomicLong used) {
    /** These with {@code read} kept as the newest or as the one before, where it is newer than what it replaces. */
    Generations with(Centroids read) {
      if (Arrays.compareUnsigned(read.token(), newest.token()) > 0) {
        return new Generations(read, newest, used);
      }
      boolean between = (before == null || Arrays.compareUnsigned(read.token(), before.token()) > 0)
          && Arrays.compareUnsigned(read.token(), newest.token()) < 0;
      return between ? new Generations(newest, read, used) : this;
    }

    /** The cached centroids with the greatest token not after {@code t}, or null. */
    Centroids notAfter(byte[] t) {
      return Arrays.compareUnsigned(newest.token(), t) <= 0 ? newest
          : before != null && Arrays.compareUnsigned(before.token(), t) <= 0 ? before : null;
    }

    /**
     * The bytes these hold, counted as if no centroid were shared between the generations: per centroid its floats
     * and its partition id.
     */
    long bytes() {
      return bytes(newest) + (before == null ? 0 : bytes(before));
    }

    private static long bytes(Centroids cs) {
      long total = 0;
      for (float[] v : cs.vectors()) {
        total += (long) v.length * Float.BYTES + Long.BYTES;
      }
      return total;
    }
  }
}
