package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.embedded.EmbeddedFdb;
import io.strata.spatial.GeoGrid;
import io.strata.spatial.GridBox;
import io.strata.spatial.QueryStats;
import io.strata.spatial.SpatialHit;
import io.strata.spatial.SpatialIndex;
import io.strata.spatial.ZOrder;
import io.strata.testkit.Cities;
import io.strata.testkit.Cities.City;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Keys read per result for bounding-box queries on cities500: the recipe's single z-range scan against
 * Strata's cover with skip-scan, on the same 1,000 boxes (log-uniform size, centred on random places)
 * and the same embedded engine. Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.strata.benchmarks.SpatialCoverMeasurement [-Dstrata.data.dir=../shared/data]}.
 */
public final class SpatialCoverMeasurement {
  private SpatialCoverMeasurement() {}

  public static void main(String[] args) {
    System.setProperty("strata.data.dir", System.getProperty("strata.data.dir", "../shared/data"));
    List<City> cities = Cities.load();
    Subspace zs = new Subspace(Tuple.from("City", "Z", "where"));
    SpatialIndex index = SpatialIndex.geo(zs, 32);
    try (Database db = EmbeddedFdb.open()) {
      for (int from = 0; from < cities.size(); from += 5_000) {
        int start = from;
        db.run(tr -> {
          for (int i = start; i < Math.min(cities.size(), start + 5_000); i++) {
            index.add(tr, cities.get(i).id(), cities.get(i).where());
          }
          return null;
        });
      }
      Random random = new Random(2026);
      List<BoundingBox> boxes = new ArrayList<>();
      for (int i = 0; i < 1_000; i++) {
        GeoPoint c = cities.get(random.nextInt(cities.size())).where();
        double half = Math.pow(10, -2 + random.nextDouble() * 3.3); // ~1 km to ~2,200 km across
        boxes.add(BoundingBox.geo(Math.max(-90, c.lat() - half), Math.max(-180, c.lon() - half * 1.5),
            Math.min(90, c.lat() + half), Math.min(180, c.lon() + half * 1.5)));
      }
      List<BoundingBox> empty = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        double lat = -55 + random.nextDouble() * 10;
        double lon = -150 + random.nextDouble() * 30;
        empty.add(BoundingBox.geo(lat, lon, lat + 0.5, lon + 0.5)); // South Pacific
      }
      report("naive single range", db, boxes, empty, (box, stats) -> naive(db, zs, box, stats));
      report("strata cover + skip-scan", db, boxes, empty, (box, stats) -> db.read(tr -> index.within(tr, box, stats).join()).size());
    }
  }

  interface Query {
    int run(BoundingBox box, QueryStats stats);
  }

  /** The recipe: one range from z(min corner) to z(max corner), filtered on the stored point. */
  private static int naive(Database db, Subspace zs, BoundingBox box, QueryStats stats) {
    GridBox g = GeoGrid.boxes(box).get(0);
    byte[] begin = zs.pack(Tuple.from(ZOrder.encode(g.x0(), g.y0())));
    byte[] end = zs.pack(Tuple.from(ZOrder.encode(g.x1(), g.y1()) + 1));
    List<KeyValue> kvs = db.read(tr -> tr.getRange(begin, end).asList().join());
    int hits = 0;
    for (KeyValue kv : kvs) {
      Tuple p = Tuple.fromBytes(kv.getValue());
      if (box.contains(new GeoPoint(p.getDouble(0), p.getDouble(1)))) {
        hits++;
      }
    }
    naiveStats.add(kvs.size());
    return hits;
  }

  private static final List<Integer> naiveStats = new ArrayList<>();

  private static void report(String name, Database db, List<BoundingBox> boxes, List<BoundingBox> empty, Query query) {
    List<Double> ratios = new ArrayList<>();
    long keys = 0;
    long results = 0;
    long rangeReads = 0;
    long nanos = 0;
    for (BoundingBox box : boxes) {
      QueryStats stats = new QueryStats();
      naiveStats.clear();
      long t0 = System.nanoTime();
      int hits = query.run(box, stats);
      nanos += System.nanoTime() - t0;
      long read = stats.keysRead() + naiveStats.stream().mapToLong(Integer::longValue).sum();
      rangeReads += Math.max(stats.rangeReads(), naiveStats.size());
      keys += read;
      results += hits;
      if (hits > 0) {
        ratios.add((double) read / hits);
      }
    }
    long emptyKeys = 0;
    for (BoundingBox box : empty) {
      QueryStats stats = new QueryStats();
      naiveStats.clear();
      query.run(box, stats);
      emptyKeys += stats.keysRead() + naiveStats.stream().mapToLong(Integer::longValue).sum();
    }
    double[] r = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    System.out.printf("%-26s boxes=%d results=%d keys=%d  ratio: mean %.3f median %.3f p90 %.3f  overall %.3f"
            + "  empty-box keys (mean of %d) %.1f  range reads/query %.1f  latency %.2f ms/query%n",
        name, boxes.size(), results, keys, Arrays.stream(r).average().orElse(0), r[r.length / 2], r[(int) (r.length * 0.9)],
        (double) keys / results, empty.size(), (double) emptyKeys / empty.size(), (double) rangeReads / boxes.size(),
        nanos / 1e6 / boxes.size());
  }
}
