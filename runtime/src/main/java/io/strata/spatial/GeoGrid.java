package io.strata.spatial;

import io.strata.BoundingBox;
import io.strata.GeoPoint;
import java.util.List;

/**
 * The quantisation of LAYOUTS.md: {@code x = floor((lon + 180) / 360 * 2^31)},
 * {@code y = floor((lat + 90) / 180 * 2^31)}, clamped to {@code [0, 2^31 - 1]} (about 1.9 cm at the
 * equator). Monotonic, so a point inside a box always quantises inside the quantised box.
 */
public final class GeoGrid {
  private GeoGrid() {}

  public static long x(double lon) {
    return clamp(Math.floor((lon + 180.0) / 360.0 * ZOrder.SIDE));
  }

  public static long y(double lat) {
    return clamp(Math.floor((lat + 90.0) / 180.0 * ZOrder.SIDE));
  }

  private static long clamp(double v) {
    return (long) Math.max(0, Math.min(ZOrder.SIDE - 1, v));
  }

  public static long z(GeoPoint p) {
    return ZOrder.encode(x(p.lon()), y(p.lat()));
  }

  /** The grid boxes of a geo box: two when it crosses the antimeridian. */
  public static List<GridBox> boxes(BoundingBox box) {
    long y0 = y(box.minLat());
    long y1 = y(box.maxLat());
    if (box.crossesAntimeridian()) {
      return List.of(new GridBox(x(box.minLon()), y0, ZOrder.SIDE - 1, y1), new GridBox(0, y0, x(box.maxLon()), y1));
    }
    return List.of(new GridBox(x(box.minLon()), y0, x(box.maxLon()), y1));
  }
}
