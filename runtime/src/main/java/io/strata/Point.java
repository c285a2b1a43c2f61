package io.strata;

/**
 * A point on the integer grid used by {@code @Spatial} indexes: each coordinate in {@code [0, 2^31)}.
 */
public record Point(long x, long y) {
  /** One past the largest coordinate: {@code 2^31}. */
  public static final long LIMIT = 1L << 31;

  public Point {
    if (x < 0 || x >= LIMIT || y < 0 || y >= LIMIT) {
      throw new IllegalArgumentException(
          "Point(" + x + ", " + y + ") is outside the grid: both coordinates must be in [0, 2^31 - 1]");
    }
  }
}
