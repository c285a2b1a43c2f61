package io.strata.spatial;

/**
 * Morton (Z-order) codes of points on the 2^31 × 2^31 grid: x on the even bit positions, y on the odd
 * ones, so every code is below 2^62 and positive (LAYOUTS.md). Also BIGMIN, the smallest code above a
 * given one that lies inside a box (Tropf and Herzog, 1981), which lets a scan jump over the parts of a
 * z-range that leave the box.
 */
public final class ZOrder {
  /** Bits per dimension. */
  public static final int BITS = 31;
  /** One past the largest coordinate. */
  public static final long SIDE = 1L << BITS;
  /** The largest code: both coordinates at their maximum. */
  public static final long MAX = encode(SIDE - 1, SIDE - 1);

  private static final long X_BITS = 0x1555_5555_5555_5555L; // even positions 0..60
  private static final long Y_BITS = X_BITS << 1;

  private ZOrder() {}

  private static long spread(long v) {
    v &= 0x7FFF_FFFFL;
    v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFFL;
    v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FFL;
    v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0FL;
    v = (v | (v << 2)) & 0x3333_3333_3333_3333L;
    v = (v | (v << 1)) & 0x5555_5555_5555_5555L;
    return v;
  }

  private static long compact(long v) {
    v &= 0x5555_5555_5555_5555L;
    v = (v | (v >>> 1)) & 0x3333_3333_3333_3333L;
    v = (v | (v >>> 2)) & 0x0F0F_0F0F_0F0F_0F0FL;
    v = (v | (v >>> 4)) & 0x00FF_00FF_00FF_00FFL;
    v = (v | (v >>> 8)) & 0x0000_FFFF_0000_FFFFL;
    v = (v | (v >>> 16)) & 0x0000_0000_FFFF_FFFFL;
    return v;
  }

  /** The code of grid point (x, y); both in {@code [0, 2^31)}. */
  public static long encode(long x, long y) {
    if (x < 0 || x >= SIDE || y < 0 || y >= SIDE) {
      throw new IllegalArgumentException("grid coordinates (" + x + ", " + y + ") must be in [0, 2^31)");
    }
    return spread(x) | (spread(y) << 1);
  }

  public static long x(long z) {
    return compact(z);
  }

  public static long y(long z) {
    return compact(z >>> 1);
  }

  /** Whether code {@code z} lies in the grid box. */
  public static boolean inside(long z, GridBox box) {
    return box.contains(x(z), y(z));
  }

  /**
   * The smallest code greater than {@code z} inside {@code box}, or -1 when there is none. {@code z}
   * itself need not be inside.
   */
  public static long bigmin(long z, GridBox box) {
    long zmin = encode(box.x0(), box.y0());
    long zmax = encode(box.x1(), box.y1());
    if (z < zmin) {
      return zmin;
    }
    if (z >= zmax) {
      return -1;
    }
    long result = -1;
    for (int bit = 2 * BITS - 1; bit >= 0; bit--) {
      long mask = 1L << bit;
      long dimension = (bit & 1) == 0 ? X_BITS : Y_BITS;
      long lower = dimension & (mask - 1);
      boolean v = (z & mask) != 0;
      boolean lo = (zmin & mask) != 0;
      boolean hi = (zmax & mask) != 0;
      if (!v && !lo && hi) {
        result = (zmin | mask) & ~lower; // the smallest code of the upper half
        zmax = (zmax & ~mask) | lower;   // continue in the lower half
      } else if (!v && lo && hi) {
        return zmin;
      } else if (v && !lo && !hi) {
        return result;
      } else if (v && !lo && hi) {
        zmin = (zmin | mask) & ~lower;
      } else if ((!v && lo && !hi) || (v && lo && !hi)) {
        return result; // cannot happen for a well-formed box
      }
    }
    return result;
  }
}
