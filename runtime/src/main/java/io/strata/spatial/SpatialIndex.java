package io.strata.spatial;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.CodecException;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.Point;
import io.strata.tuple.TuplePacker;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A Z-order index of points: entries {@code zSubspace + (z, id) = pack(lat, lon)} for {@link GeoPoint}s
 * or {@code pack(x, y)} for grid {@link Point}s (LAYOUTS.md). Box queries read a cover of at most
 * {@code maxRanges} z-ranges concurrently, in at most two sequential waves (the dense ranges' remainders
 * through a finer cover; paged queries skip-scan instead, see {@link SkipScan}), so that almost only
 * keys inside the box are read, and filter exactly on the stored point: no point outside the box is
 * returned, none inside is missed.
 */
public final class SpatialIndex {
  private final Subspace index;
  /** The key of {@link #index} ({@code Subspace.getKey()} copies it). */
  private final byte[] prefix;
  private final int maxRanges;
  private final boolean geo;

  private SpatialIndex(Subspace index, int maxRanges, boolean geo) {
    if (maxRanges < 1) {
      throw new IllegalArgumentException("maxRanges must be at least 1, was " + maxRanges);
    }
    this.index = Objects.requireNonNull(index, "index subspace");
    this.prefix = index.getKey();
    this.maxRanges = maxRanges;
    this.geo = geo;
  }

  /** An index of grid {@link Point}s under {@code zSubspace} (root + (E, "Z", field)). */
  public static SpatialIndex grid(Subspace zSubspace, int maxRanges) {
    return new SpatialIndex(zSubspace, maxRanges, false);
  }

  /** An index of {@link GeoPoint}s under {@code zSubspace} (root + (E, "Z", field)). */
  public static SpatialIndex geo(Subspace zSubspace, int maxRanges) {
    return new SpatialIndex(zSubspace, maxRanges, true);
  }

  /** Whether this index holds GeoPoints (else grid Points). */
  public boolean isGeo() {
    return geo;
  }

  // ------------------------------------------------------------------ maintenance

  public void add(Transaction tr, Object id, Point p) {
    KeyValue e = entry(id, p);
    tr.set(e.getKey(), e.getValue());
  }

  public void add(Transaction tr, Object id, GeoPoint p) {
    KeyValue e = entry(id, p);
    tr.set(e.getKey(), e.getValue());
  }

  public void remove(Transaction tr, Object id, Point p) {
    tr.clear(entry(id, p).getKey());
  }

  public void remove(Transaction tr, Object id, GeoPoint p) {
    tr.clear(entry(id, p).getKey());
  }

  /** The entry of {@code id} at {@code p}: key {@code (z, id)} under the index, value the exact point. */
  public KeyValue entry(Object id, Point p) {
    requireGrid();
    return new KeyValue(TuplePacker.after(prefix).add(ZOrder.encode(p.x(), p.y())).add(id).toBytes(), TuplePacker.pack(p.x(), p.y()));
  }

  /** The entry of {@code id} at {@code p}: key {@code (z, id)} under the index, value the exact point. */
  public KeyValue entry(Object id, GeoPoint p) {
    requireGeo();
    return new KeyValue(TuplePacker.after(prefix).add(GeoGrid.z(p)).add(id).toBytes(), TuplePacker.pack(p.lat(), p.lon()));
  }

  /** Every entry of this index: {@code root + (E, "Z", field)}. */
  public Subspace subspace() {
    return index;
  }

  private void requireGeo() {
    if (!geo) {
      throw new IllegalArgumentException("this spatial index holds grid Points, not GeoPoints");
    }
  }

  private void requireGrid() {
    if (geo) {
      throw new IllegalArgumentException("this spatial index holds GeoPoints, not grid Points");
    }
  }

  // ------------------------------------------------------------------ box queries

  private List<GridBox> gridBoxes(BoundingBox box) {
    if (box.isGeo() != geo) {
      throw new IllegalArgumentException(geo
          ? "this index holds GeoPoints: query it with BoundingBox.geo(minLat, minLon, maxLat, maxLon)"
          : "this index holds grid Points: query it with BoundingBox.of(min, max)");
    }
    if (geo) {
      return GeoGrid.boxes(box);
    }
    return List.of(new GridBox(box.min().x(), box.min().y(), box.max().x(), box.max().y()));
  }

  private SpatialHit hit(KeyValue kv, BoundingBox box, GeoPoint center) {
    Tuple key = index.unpack(kv.getKey());
    Tuple value;
    try {
      value = Tuple.fromBytes(kv.getValue());
    } catch (RuntimeException e) {
      throw new CodecException("spatial index entry " + key + " holds bytes that are not a point tuple", e);
    }
    double a = ((Number) value.get(0)).doubleValue();
    double b = ((Number) value.get(1)).doubleValue();
    boolean inside = geo ? box.contains(new GeoPoint(a, b)) : box.contains(new Point((long) a, (long) b));
    if (!inside) {
      return null;
    }
    double distance = center == null ? Double.NaN : Geodesy.distanceMeters(center.lat(), center.lon(), a, b);
    return new SpatialHit(key.get(1), a, b, distance);
  }

  /** Every entry in {@code box}, in z order. Reads its cover's ranges concurrently in {@code tr}. */
  public CompletableFuture<List<SpatialHit>> within(ReadTransaction tr, BoundingBox box) {
    return within(tr, box, new QueryStats());
  }

  /** {@link #within(ReadTransaction, BoundingBox)}, counting what it reads into {@code stats}. */
  public CompletableFuture<List<SpatialHit>> within(ReadTransaction tr, BoundingBox box, QueryStats stats) {
    return collect(tr, box, null, stats);
  }

  private CompletableFuture<List<SpatialHit>> collect(ReadTransaction tr, BoundingBox box, GeoPoint center, QueryStats stats) {
    List<GridBox> boxes = gridBoxes(box);
    List<ZRange> cover = ZCover.cover(boxes, maxRanges);
    SkipScan scan = new SkipScan(tr, index, boxes, stats, SkipScan.WHOLE_RANGE_BATCH);
    Supplier<List<ZRange>> finer = memoized(() -> ZCover.cover(boxes, maxRanges * SkipScan.REMAINDER_REFINEMENT));
    List<CompletableFuture<List<KeyValue>>> reads = new ArrayList<>();
    for (ZRange range : cover) {
      reads.add(scan.scanWhole(range, finer));
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(v -> {
      List<SpatialHit> all = new ArrayList<>();
      for (CompletableFuture<List<KeyValue>> read : reads) {
        for (KeyValue kv : read.join()) {
          SpatialHit h = hit(kv, box, center);
          if (h != null) {
            all.add(h);
          }
        }
      }
      return all;
    });
  }

  /** {@code compute}'s value, computed once, on first use, by whichever thread asks first. */
  private static <T> Supplier<T> memoized(Supplier<T> compute) {
    return new Supplier<>() {
      private T value;

      @Override
      public synchronized T get() {
        if (value == null) {
          value = compute.get();
        }
        return value;
      }
    };
  }

  /**
   * One page of the entries in {@code box}, in z order; {@code after} (null first) resumes where the
   * previous page stopped, in any transaction, so results of any size are read in bounded transactions.
   */
  public CompletableFuture<Page<SpatialHit>> within(ReadTransaction tr, BoundingBox box, int limit, Continuation after) {
    if (limit <= 0) {
      throw new IllegalArgumentException("page limit must be positive, was " + limit);
    }
    List<GridBox> boxes = gridBoxes(box);
    List<ZRange> cover = ZCover.cover(boxes, maxRanges);
    byte[] queryId = ByteArrayUtil.join(index.getKey(), Tuple.from(box.toString(), maxRanges).pack());
    byte[] resume = after == null ? null : after.resumeKeyFor(queryId);
    SkipScan scan = new SkipScan(tr, index, boxes, new QueryStats(), (int) Math.min(Integer.MAX_VALUE, limit + 1L));
    List<SpatialHit> out = new ArrayList<>();
    return pageFrom(scan, cover, 0, resume, box, limit, out, queryId);
  }

  private CompletableFuture<Page<SpatialHit>> pageFrom(SkipScan scan, List<ZRange> cover, int i, byte[] resume,
      BoundingBox box, int limit, List<SpatialHit> out, byte[] queryId) {
    while (i < cover.size() && resume != null
        && ByteArrayUtil.compareUnsigned(resume, index.pack(Tuple.from(cover.get(i).to() + 1))) >= 0) {
      i++;
    }
    if (i >= cover.size()) {
      return CompletableFuture.completedFuture(Page.last(out));
    }
    int range = i;
    byte[] start = resume != null && ByteArrayUtil.compareUnsigned(resume, index.pack(Tuple.from(cover.get(i).from()))) > 0 ? resume : null;
    return scan.scan(cover.get(i), start, (z, kv) -> {
      SpatialHit h = hit(kv, box, null);
      if (h != null) {
        out.add(h);
      }
      return out.size() < limit;
    }).thenCompose(stoppedAt -> {
      if (stoppedAt != null) {
        return CompletableFuture.completedFuture(new Page<>(out, Optional.of(Continuation.of(queryId, stoppedAt))));
      }
      return pageFrom(scan, cover, range + 1, null, box, limit, out, queryId);
    });
  }

  // ------------------------------------------------------------------ distance queries

  /** Entries within {@code radiusMeters} (great-circle) of {@code center}, nearest first. */
  public CompletableFuture<List<SpatialHit>> near(ReadTransaction tr, GeoPoint center, double radiusMeters) {
    return near(tr, center, radiusMeters, new QueryStats());
  }

  public CompletableFuture<List<SpatialHit>> near(ReadTransaction tr, GeoPoint center, double radiusMeters, QueryStats stats) {
    requireGeo();
    Objects.requireNonNull(center, "center");
    if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
      throw new IllegalArgumentException("radius must be a finite number of meters >= 0, was " + radiusMeters);
    }
    return collect(tr, Geodesy.boundingBox(center, radiusMeters), center, stats).thenApply(hits -> {
      List<SpatialHit> in = new ArrayList<>();
      for (SpatialHit h : hits) {
        if (h.distanceMeters() <= radiusMeters) {
          in.add(h);
        }
      }
      in.sort(Comparator.comparingDouble(SpatialHit::distanceMeters));
      return in;
    });
  }

  /**
   * The {@code k} entries nearest to {@code center}, nearest first: searches growing circles, each
   * radius estimated from how many entries the previous one held, until {@code k} are inside one.
   */
  public CompletableFuture<List<SpatialHit>> nearest(ReadTransaction tr, GeoPoint center, int k) {
    return nearest(tr, center, k, new QueryStats());
  }

  public CompletableFuture<List<SpatialHit>> nearest(ReadTransaction tr, GeoPoint center, int k, QueryStats stats) {
    requireGeo();
    if (k <= 0) {
      throw new IllegalArgumentException("k must be positive, was " + k);
    }
    return searchNearest(tr, center, k, 2_000, stats);
  }

  private CompletableFuture<List<SpatialHit>> searchNearest(ReadTransaction tr, GeoPoint center, int k, double radius, QueryStats stats) {
    return near(tr, center, radius, stats).thenCompose(hits -> {
      if (hits.size() >= k || radius >= Geodesy.HALF_CIRCUMFERENCE) {
        return CompletableFuture.completedFuture(List.copyOf(hits.subList(0, Math.min(k, hits.size()))));
      }
      double growth = hits.isEmpty() ? 8 : Math.min(8, Math.max(1.5, Math.sqrt((double) k / hits.size()) * 1.3));
      return searchNearest(tr, center, k, Math.min(Geodesy.HALF_CIRCUMFERENCE, radius * growth), stats);
    });
  }
}
