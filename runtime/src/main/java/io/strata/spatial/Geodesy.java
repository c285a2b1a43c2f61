package io.strata.spatial;

import io.strata.BoundingBox;
import io.strata.GeoPoint;

/** Great-circle distances on a sphere of the Earth's mean radius, and boxes around circles. */
public final class Geodesy {
  /** IUGG mean Earth radius in meters. */
  public static final double EARTH_RADIUS = 6_371_008.8;
  public static final double HALF_CIRCUMFERENCE = Math.PI * EARTH_RADIUS;

  private Geodesy() {}

  /** Haversine distance in meters. */
  public static double distanceMeters(double lat1, double lon1, double lat2, double lon2) {
    double p1 = Math.toRadians(lat1);
    double p2 = Math.toRadians(lat2);
    double dp = p2 - p1;
    double dl = Math.toRadians(lon2 - lon1);
    double h = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
    return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  /**
   * A box holding every point within {@code radius} meters of {@code center}: latitude ± the angular
   * radius, longitude ± its widening towards the poles (the whole circle of longitudes when the circle
   * reaches a pole), crossing the antimeridian where it must.
   */
  public static BoundingBox boundingBox(GeoPoint center, double radius) {
    double angular = Math.toDegrees(radius / EARTH_RADIUS) * 1.000001 + 1e-9;
    double minLat = center.lat() - angular;
    double maxLat = center.lat() + angular;
    if (minLat <= -90 || maxLat >= 90 || angular >= 90) {
      return BoundingBox.geo(Math.max(-90, minLat), -180, Math.min(90, maxLat), 180);
    }
    double dLon = Math.toDegrees(Math.asin(Math.min(1, Math.sin(Math.toRadians(angular)) / Math.cos(Math.toRadians(center.lat())))));
    dLon = Math.min(180, dLon * 1.000001 + 1e-9);
    if (dLon >= 180) {
      return BoundingBox.geo(minLat, -180, maxLat, 180);
    }
    double minLon = center.lon() - dLon;
    double maxLon = center.lon() + dLon;
    if (minLon < -180) {
      minLon += 360;
    }
    if (maxLon > 180) {
      maxLon -= 360;
    }
    return BoundingBox.geo(minLat, minLon, maxLat, maxLon);
  }
}
