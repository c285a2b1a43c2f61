package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.spatial.GeoGrid;
import io.strata.spatial.GridBox;
import io.strata.spatial.QueryStats;
import io.strata.spatial.SpatialIndex;
import io.strata.spatial.ZCover;
import io.strata.spatial.ZOrder;
import io.strata.spatial.ZRange;
import io.strata.testkit.Cities;
import io.strata.testkit.Cities.City;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Keys read per result for bounding-box queries on cities500: the recipe's single z-range scan against
 * Strata's cover read in two waves ({@code SpatialIndex.within}: every range's first read, then the dense
 * ranges' remainders through a finer cover), on the same 1,000 boxes (log-uniform size, centred on random places,
 * some across the antimeridian) and the same embedded engine, plus 100 empty ocean boxes; also the cover
 * read without any skipping (each z-range read whole). With {@code -Dstrata.latencyMillis=1} the engine
 * simulates a 1 ms round trip, so the wall time per query shows the sequential round trips a cluster user
 * waits (also counted, from {@code EmbeddedFdb.stats}: at 1 ms the count also takes in the CPU time spent
 * between requests, which a loaded machine stretches; {@code CitiesSpatialTest} pins the exact waves at
 * 200 ms). Run:
 * {@code java -Dstrata.data.dir=../shared/data [-Dstrata.latencyMillis=1] -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.SpatialCoverMeasurement}.
 */
public final class SpatialCoverMeasurement {
  private SpatialCoverMeasurement() {}

  /** What one query found and read. */
  record Outcome(int results, long keysRead, long rangeReads) {}

  public static void main(String[] args) {
    List<City> cities = Cities.load();
    Subspace zs = new Subspace(Tuple.from("City", "Z", "where"));
    SpatialIndex index = SpatialIndex.geo(zs, 32);
    Duration latency = Duration.ofMillis(Long.getLong("strata.latencyMillis", 0));
    try (Database db = EmbeddedFdb.builder().latency(latency).open()) {
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
        boxes.add(Cities.randomBox(random, cities));
      }
      List<BoundingBox> empty = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        double lat = -55 + random.nextDouble() * 10;
        double lon = -150 + random.nextDouble() * 30;
        empty.add(BoundingBox.geo(lat, lon, lat + 0.5, lon + 0.5)); // South Pacific
      }
      report(db, "naive single range", boxes, empty, box -> naive(db, zs, box));
      report(db, "cover read whole", boxes, empty, box -> wholeCover(db, zs, box));
      report(db, "strata cover, two waves", boxes, empty, box -> {
        QueryStats stats = new QueryStats();
        int hits = db.read(tr -> index.within(tr, box, stats).join()).size();
        return new Outcome(hits, stats.keysRead(), stats.rangeReads());
      });
    }
  }

  /** The recipe: one range from z(min corner) to z(max corner) per grid box, filtered on the stored point. */
  private static Outcome naive(Database db, Subspace zs, BoundingBox box) {
    int hits = 0;
    long keys = 0;
    List<GridBox> grids = GeoGrid.boxes(box);
    for (GridBox g : grids) {
      byte[] begin = zs.pack(Tuple.from(ZOrder.encode(g.x0(), g.y0())));
      byte[] end = zs.pack(Tuple.from(ZOrder.encode(g.x1(), g.y1()) + 1));
      List<KeyValue> kvs = db.read(tr -> tr.getRange(begin, end).asList().join());
      keys += kvs.size();
      for (KeyValue kv : kvs) {
        Tuple p = Tuple.fromBytes(kv.getValue());
        if (box.contains(new GeoPoint(p.getDouble(0), p.getDouble(1)))) {
          hits++;
        }
      }
    }
    return new Outcome(hits, keys, grids.size());
  }

  /** Strata's cover (at most 32 z-ranges), each range read whole and concurrently, filtered on the stored point. */
  private static Outcome wholeCover(Database db, Subspace zs, BoundingBox box) {
    List<ZRange> cover = ZCover.cover(GeoGrid.boxes(box), 32);
    return db.read(tr -> {
      List<CompletableFuture<List<KeyValue>>> reads = new ArrayList<>();
      for (ZRange r : cover) {
        reads.add(tr.getRange(zs.pack(Tuple.from(r.from())), zs.pack(Tuple.from(r.to() + 1))).asList());
      }
      int hits = 0;
      long keys = 0;
      for (CompletableFuture<List<KeyValue>> read : reads) {
        for (KeyValue kv : read.join()) {
          keys++;
          Tuple p = Tuple.fromBytes(kv.getValue());
          if (box.contains(new GeoPoint(p.getDouble(0), p.getDouble(1)))) {
            hits++;
          }
        }
      }
      return new Outcome(hits, keys, cover.size());
    });
  }

  private static void report(Database db, String name, List<BoundingBox> boxes, List<BoundingBox> empty,
                             Function<BoundingBox, Outcome> query) {
    EngineStats before = EmbeddedFdb.stats(db);
    List<Double> ratios = new ArrayList<>();
    long keys = 0;
    long results = 0;
    long rangeReads = 0;
    long nanos = 0;
    for (BoundingBox box : boxes) {
      long t0 = System.nanoTime();
      Outcome o = query.apply(box);
      nanos += System.nanoTime() - t0;
      keys += o.keysRead();
      results += o.results();
      rangeReads += o.rangeReads();
      if (o.results() > 0) {
        ratios.add((double) o.keysRead() / o.results());
      }
    }
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    long emptyKeys = 0;
    for (BoundingBox box : empty) {
      emptyKeys += query.apply(box).keysRead();
    }
    double[] r = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    System.out.printf("%-26s boxes=%d results=%d keys=%d  ratio: mean %.3f median %.3f p90 %.3f  overall %.3f"
            + "  empty-box keys (mean of %d) %.1f  range reads/query %.1f  sequential round trips/query %.2f"
            + "  latency %.2f ms/query%n",
        name, boxes.size(), results, keys, Arrays.stream(r).average().orElse(0), r[r.length / 2], r[(int) (r.length * 0.9)],
        (double) keys / results, empty.size(), (double) emptyKeys / empty.size(), (double) rangeReads / boxes.size(),
        (double) cost.sequentialRoundTrips() / boxes.size(), nanos / 1e6 / boxes.size());
  }
}
