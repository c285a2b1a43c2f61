package io.strata.spatial;

import io.strata.GeoPoint;
import io.strata.Point;

/**
 * One indexed entity found by a spatial query.
 *
 * @param id the entity id (a tuple element)
 * @param a latitude for a geo index, x for a grid index
 * @param b longitude for a geo index, y for a grid index
 * @param distanceMeters great-circle distance from the query centre, or NaN for box queries
 */
public record SpatialHit(Object id, double a, double b, double distanceMeters) {
  public GeoPoint geoPoint() {
    return new GeoPoint(a, b);
  }

  public Point point() {
    return new Point((long) a, (long) b);
  }
}
