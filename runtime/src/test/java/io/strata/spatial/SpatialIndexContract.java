package io.strata.spatial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.Point;
import io.strata.embedded.BackendContract;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Box, radius and k-nearest queries return exactly what a brute-force scan returns. */
public abstract class SpatialIndexContract extends BackendContract {
  private final SpatialIndex geo = SpatialIndex.geo(new Subspace(Tuple.from("Place", "Z", "where")), 32);
  private final SpatialIndex grid = SpatialIndex.grid(new Subspace(Tuple.from("Cell", "Z", "at")), 32);
  private final List<GeoPoint> points = new ArrayList<>();

  @BeforeEach
  void indexClusteredPoints() {
    Random random = new Random(7);
    for (int i = 0; i < 3_000; i++) {
      // clustered: half the points around three centres, the rest anywhere, some on the antimeridian and poles
      GeoPoint p = switch (i % 6) {
        case 0 -> new GeoPoint(48.85 + random.nextGaussian() * 0.5, 2.35 + random.nextGaussian() * 0.5);
        case 1 -> new GeoPoint(-33.9 + random.nextGaussian() * 0.3, 151.2 + random.nextGaussian() * 0.3);
        case 2 -> new GeoPoint(clamp(random.nextGaussian() * 10, 90), 179.5 + random.nextDouble() * 0.5 * (random.nextBoolean() ? 1 : -2));
        default -> new GeoPoint(random.nextDouble() * 180 - 90, random.nextDouble() * 360 - 180);
      };
      points.add(p);
    }
    points.add(new GeoPoint(90, 180));
    points.add(new GeoPoint(-90, -180));
    for (int from = 0; from < points.size(); from += 500) {
      int start = from;
      db.run(tr -> {
        for (int i = start; i < Math.min(points.size(), start + 500); i++) {
          geo.add(tr, (long) i, points.get(i));
        }
        return null;
      });
    }
  }

  private static double clamp(double v, double limit) {
    return Math.max(-limit, Math.min(limit, v));
  }

  private Set<Long> brute(BoundingBox box) {
    Set<Long> ids = new HashSet<>();
    for (int i = 0; i < points.size(); i++) {
      if (box.contains(points.get(i))) {
        ids.add((long) i);
      }
    }
    return ids;
  }

  private Set<Long> ids(List<SpatialHit> hits) {
    Set<Long> ids = new HashSet<>();
    hits.forEach(h -> ids.add((Long) h.id()));
    assertEquals(hits.size(), ids.size(), "no duplicates");
    return ids;
  }

  private Set<Long> within(BoundingBox box) {
    return ids(db.read(tr -> geo.within(tr, box).join()));
  }

  @Test
  void randomBoxesMatchBruteForce() {
    Random random = new Random(11);
    for (int i = 0; i < 200; i++) {
      double lat = random.nextDouble() * 170 - 85;
      double lon = random.nextDouble() * 360 - 180;
      double h = Math.pow(10, random.nextDouble() * 3 - 2);
      double w = Math.pow(10, random.nextDouble() * 3 - 2);
      BoundingBox box = BoundingBox.geo(Math.max(-90, lat - h), Math.max(-180, lon - w), Math.min(90, lat + h), Math.min(180, lon + w));
      assertEquals(brute(box), within(box), box.toString());
    }
  }

  @Test
  void boxesCrossingTheAntimeridianMatchBruteForce() {
    for (double width : new double[] {0.1, 1, 5, 40}) {
      BoundingBox box = BoundingBox.geo(-30, 180 - width, 30, -180 + width);
      Set<Long> expected = brute(box);
      assertTrue(!expected.isEmpty(), "the fixture has points near the antimeridian");
      assertEquals(expected, within(box), box.toString());
    }
  }

  @Test
  void degenerateAndEdgeBoxesMatchBruteForce() {
    GeoPoint p = points.get(42);
    BoundingBox single = BoundingBox.geo(p.lat(), p.lon(), p.lat(), p.lon());
    assertTrue(within(single).contains(42L));
    assertEquals(brute(single), within(single));
    for (BoundingBox box : List.of(BoundingBox.geo(-90, -180, 90, 180), BoundingBox.geo(89, -180, 90, 180),
        BoundingBox.geo(-90, -180, -89, 180), BoundingBox.geo(-90, 179, 90, 180))) {
      assertEquals(brute(box), within(box), box.toString());
    }
  }

  @Test
  void pagesCoverTheBoxExactlyOnce() {
    BoundingBox box = BoundingBox.geo(40, -10, 60, 20);
    Set<Long> seen = new HashSet<>();
    Continuation after = null;
    int pages = 0;
    do {
      Continuation from = after;
      Page<SpatialHit> page = db.read(tr -> geo.within(tr, box, 100, from).join());
      for (SpatialHit h : page.items()) {
        assertTrue(seen.add((Long) h.id()), "no hit twice");
      }
      after = page.next().map(c -> Continuation.fromBytes(c.toBytes())).orElse(null);
      pages++;
    } while (after != null);
    assertEquals(brute(box), seen);
    assertTrue(pages >= 5, pages + " pages");
  }

  @Test
  void nearReturnsThePointsInsideTheCircleNearestFirst() {
    GeoPoint center = new GeoPoint(48.85, 2.35);
    for (double radius : new double[] {1_000, 50_000, 300_000}) {
      List<SpatialHit> hits = db.read(tr -> geo.near(tr, center, radius).join());
      Set<Long> expected = new HashSet<>();
      for (int i = 0; i < points.size(); i++) {
        if (Geodesy.distanceMeters(center.lat(), center.lon(), points.get(i).lat(), points.get(i).lon()) <= radius) {
          expected.add((long) i);
        }
      }
      assertEquals(expected, ids(hits), "radius " + radius);
      for (int i = 1; i < hits.size(); i++) {
        assertTrue(hits.get(i - 1).distanceMeters() <= hits.get(i).distanceMeters());
      }
    }
  }

  @Test
  void nearAroundTheAntimeridianAndThePoleIsExact() {
    for (GeoPoint center : List.of(new GeoPoint(0, 179.9), new GeoPoint(89.9, 10))) {
      List<SpatialHit> hits = db.read(tr -> geo.near(tr, center, 500_000).join());
      long expected = points.stream()
          .filter(p -> Geodesy.distanceMeters(center.lat(), center.lon(), p.lat(), p.lon()) <= 500_000).count();
      assertEquals(expected, hits.size(), center.toString());
    }
  }

  @Test
  void nearestReturnsTheKClosestPoints() {
    Random random = new Random(3);
    for (int t = 0; t < 20; t++) {
      GeoPoint center = new GeoPoint(random.nextDouble() * 160 - 80, random.nextDouble() * 360 - 180);
      int k = 1 + random.nextInt(20);
      List<SpatialHit> hits = db.read(tr -> geo.nearest(tr, center, k).join());
      List<Double> expected = points.stream()
          .map(p -> Geodesy.distanceMeters(center.lat(), center.lon(), p.lat(), p.lon()))
          .sorted(Comparator.naturalOrder()).limit(k).toList();
      assertEquals(expected, hits.stream().map(SpatialHit::distanceMeters).toList(), center + " k=" + k);
    }
  }

  @Test
  void removedPointsAreNoLongerFound() {
    db.run(tr -> {
      geo.remove(tr, 42L, points.get(42));
      return null;
    });
    GeoPoint p = points.get(42);
    assertTrue(!within(BoundingBox.geo(p.lat(), p.lon(), p.lat(), p.lon())).contains(42L));
  }

  @Test
  void gridIndexAnswersGridBoxes() {
    db.run(tr -> {
      for (long x = 0; x < 40; x++) {
        for (long y = 0; y < 40; y++) {
          grid.add(tr, x * 100 + y, new Point(x * 1000, y * 1000));
        }
      }
      return null;
    });
    List<SpatialHit> hits = db.read(tr -> grid.within(tr, BoundingBox.of(new Point(5_000, 7_000), new Point(9_000, 7_000))).join());
    assertEquals(Set.of(507L, 607L, 707L, 807L, 907L), new HashSet<>(hits.stream().map(h -> (Long) h.id()).toList()));
  }

  @Test
  void aGeoIndexRejectsGridBoxes() {
    try (var tr = db.createTransaction()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> geo.within(tr, BoundingBox.of(new Point(0, 0), new Point(1, 1))));
      assertTrue(e.getMessage().contains("BoundingBox.geo"), e.getMessage());
    }
  }
}
