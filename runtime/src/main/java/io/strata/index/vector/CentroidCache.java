package io.strata.index.vector;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.index.vector.Partitions.Centroids;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one vector index remembers of one database between transactions ({@link Partitions#cache} keeps one per
 * database): per group, the centroids read from committed data with the token they were read with, the newest and
 * the generation before; and the entity's row count a grouped search last read. A token is a versionstamp of that
 * database's commits: it orders that database's centroids and says nothing of another's (two databases stamp their
 * commits from the same clock, so their tokens interleave), which is why a cache never serves two databases.
 */
final class CentroidCache {
  private final Map<Tuple, Generations> groups = new ConcurrentHashMap<>();
  /** The entity's row count as a grouped search last read it, -1 before any: what bounds a grouped search's codes. */
  private final AtomicLong indexRows = new AtomicLong(-1);

  /** The newest centroids of group {@code g} read, whatever their token, or null. */
  Centroids newest(Tuple g) {
    Generations cached = groups.get(g);
    return cached == null ? null : cached.newest();
  }

  /** The cached centroids of group {@code g} with the greatest token not after {@code t}, or null. */
  Centroids notAfter(Tuple g, byte[] t) {
    Generations cached = groups.get(g);
    return cached == null ? null : cached.notAfter(t);
  }

  /**
   * Keeps {@code read} (centroids of group {@code g} just read from committed data, under their token) as the newest,
   * or as the generation before the newest when another reader cached newer ones: the cache never goes back.
   */
  void keep(Tuple g, Centroids read) {
    groups.merge(g, new Generations(read, null), (was, x) -> was.with(read));
  }

  /** The entity's row count last {@link #indexRows(long) seen}, -1 before any. */
  long indexRows() {
    return indexRows.get();
  }

  /** Remembers the entity's row count a search just read, so that the next search of a cached group need not wait for it. */
  void indexRows(long rows) {
    indexRows.set(rows);
  }

  /** A group's cached centroids: the newest read, and older ones (or null) a transaction older than those starts from. */
  private record Generations(Centroids newest, Centroids before) {
    /** These with {@code read} kept as the newest or as the one before, where it is newer than what it replaces. */
    Generations with(Centroids read) {
      if (Arrays.compareUnsigned(read.token(), newest.token()) > 0) {
        return new Generations(read, newest);
      }
      boolean between = (before == null || Arrays.compareUnsigned(read.token(), before.token()) > 0)
          && Arrays.compareUnsigned(read.token(), newest.token()) < 0;
      return between ? new Generations(newest, read) : this;
    }

    /** The cached centroids with the greatest token not after {@code t}, or null. */
    Centroids notAfter(byte[] t) {
      return Arrays.compareUnsigned(newest.token(), t) <= 0 ? newest
          : before != null && Arrays.compareUnsigned(before.token(), t) <= 0 ? before : null;
    }
  }
}
