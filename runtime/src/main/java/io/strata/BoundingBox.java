package io.strata;

import java.util.Objects;

/**
 * An inclusive box for {@code @Spatial} queries: either on the integer grid ({@link #of(Point, Point)})
 * or in degrees ({@link #geo(double, double, double, double)}). A geo box whose {@code minLon > maxLon}
 * crosses the antimeridian.
 */
public final class BoundingBox {
  private final boolean geo;
  private final double minA;
  private final double minB;
  private final double maxA;
  private final double maxB;

  private BoundingBox(boolean geo, double minA, double minB, double maxA, double maxB) {
    this.geo = geo;
    this.minA = minA;
    this.minB = minB;
    this.maxA = maxA;
    this.maxB = maxB;
  }

  /** A grid box from {@code min} to {@code max}, both corners included. */
  public static BoundingBox of(Point min, Point max) {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
    if (min.x() > max.x() || min.y() > max.y()) {
      throw new IllegalArgumentException(
          "BoundingBox.of(" + min + ", " + max + ") is inverted: min must be <= max on both axes");
    }
    return new BoundingBox(false, min.x(), min.y(), max.x(), max.y());
  }

  /**
   * A box in degrees, edges included. Latitudes must satisfy {@code -90 <= minLat <= maxLat <= 90};
   * longitudes are in [-180, 180], and {@code minLon > maxLon} means the box crosses the antimeridian.
   */
  public static BoundingBox geo(double minLat, double minLon, double maxLat, double maxLon) {
    new GeoPoint(minLat, minLon);
    new GeoPoint(maxLat, maxLon);
    if (minLat > maxLat) {
      throw new IllegalArgumentException(
          "BoundingBox.geo: minLat " + minLat + " > maxLat " + maxLat + "; swap them (only longitude may wrap)");
    }
    return new BoundingBox(true, minLat, minLon, maxLat, maxLon);
  }

  public boolean isGeo() {
    return geo;
  }

  /** True for a geo box with {@code minLon > maxLon}. */
  public boolean crossesAntimeridian() {
    return geo && minB > maxB;
  }

  /** The lower-left corner of a grid box. */
  public Point min() {
    requireGrid();
    return new Point((long) minA, (long) minB);
  }

  /** The upper-right corner of a grid box. */
  public Point max() {
    requireGrid();
    return new Point((long) maxA, (long) maxB);
  }

  public double minLat() {
    requireGeo();
    return minA;
  }

  public double minLon() {
    requireGeo();
    return minB;
  }

  public double maxLat() {
    requireGeo();
    return maxA;
  }

  public double maxLon() {
    requireGeo();
    return maxB;
  }

  /** Whether a grid point lies in this grid box (edges included). */
  public boolean contains(Point p) {
    requireGrid();
    return p.x() >= minA && p.x() <= maxA && p.y() >= minB && p.y() <= maxB;
  }

  /** Whether a position lies in this geo box (edges included, antimeridian-aware). */
  public boolean contains(GeoPoint p) {
    requireGeo();
    if (p.lat() < minA || p.lat() > maxA) {
      return false;
    }
    return crossesAntimeridian() ? p.lon() >= minB || p.lon() <= maxB : p.lon() >= minB && p.lon() <= maxB;
  }

  private void requireGrid() {
    if (geo) {
      throw new IllegalStateException("this is a geo box (BoundingBox.geo); use minLat()/minLon()/maxLat()/maxLon()");
    }
  }

  private void requireGeo() {
    if (!geo) {
      throw new IllegalStateException("this is a grid box (BoundingBox.of); use min()/max()");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BoundingBox b
        && b.geo == geo && b.minA == minA && b.minB == minB && b.maxA == maxA && b.maxB == maxB;
  }

  @Override
  public int hashCode() {
    return Objects.hash(geo, minA, minB, maxA, maxB);
  }

  @Override
  public String toString() {
    return geo
        ? "BoundingBox.geo(" + minA + ", " + minB + ", " + maxA + ", " + maxB + ")"
        : "BoundingBox.of(Point(" + (long) minA + ", " + (long) minB + "), Point(" + (long) maxA + ", " + (long) maxB + "))";
  }
}
