package io.strata.spatial;

import java.util.concurrent.atomic.AtomicLong;

/** What spatial queries read: key-values returned by the database and range reads issued. Thread-safe. */
public final class QueryStats {
  private final AtomicLong keysRead = new AtomicLong();
  private final AtomicLong rangeReads = new AtomicLong();

  void read(int keys) {
    rangeReads.incrementAndGet();
    keysRead.addAndGet(keys);
  }

  public long keysRead() {
    return keysRead.get();
  }

  public long rangeReads() {
    return rangeReads.get();
  }

  @Override
  public String toString() {
    return "QueryStats[keysRead=" + keysRead() + ", rangeReads=" + rangeReads() + "]";
  }
}
