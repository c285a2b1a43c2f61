package io.strata;

/** A WGS84 position in degrees: latitude in [-90, 90], longitude in [-180, 180]. */
public record GeoPoint(double lat, double lon) {
  public GeoPoint {
    if (!(lat >= -90 && lat <= 90)) {
      throw new IllegalArgumentException("GeoPoint latitude " + lat + " is not a number in [-90, 90]");
    }
    if (!(lon >= -180 && lon <= 180)) {
      throw new IllegalArgumentException("GeoPoint longitude " + lon + " is not a number in [-180, 180]");
    }
  }
}
