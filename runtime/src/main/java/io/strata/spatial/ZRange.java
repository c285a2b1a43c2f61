package io.strata.spatial;

/** An inclusive range of Morton codes. */
public record ZRange(long from, long to) {
  public ZRange {
    if (from < 0 || from > to) {
      throw new IllegalArgumentException("z-range [" + from + ", " + to + "] is inverted or negative");
    }
  }

  public boolean contains(long z) {
    return z >= from && z <= to;
  }
}
