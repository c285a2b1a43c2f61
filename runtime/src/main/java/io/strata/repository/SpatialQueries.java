package io.strata.repository;

import com.apple.foundationdb.ReadTransaction;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.spatial.SpatialHit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Entity queries through {@code @Spatial} fields: the spatial index finds ids, the rows are read concurrently. */
public final class SpatialQueries<T> {
  private final EntityStore<T> store;
  private final EntityLayout<T> layout;

  public SpatialQueries(EntityStore<T> store) {
    this.store = store;
    this.layout = store.layout();
  }

  private static List<Object> ids(List<SpatialHit> hits) {
    List<Object> ids = new ArrayList<>(hits.size());
    hits.forEach(h -> ids.add(h.id()));
    return ids;
  }

  public CompletableFuture<List<Object>> idsWithin(ReadTransaction tr, String field, BoundingBox box) {
    return layout.spatialIndex(field).within(tr, java.util.Objects.requireNonNull(box, "box")).thenApply(SpatialQueries::ids);
  }

  public CompletableFuture<List<T>> within(ReadTransaction tr, String field, BoundingBox box) {
    return idsWithin(tr, field, box).thenCompose(ids -> store.loadAll(tr, ids));
  }

  public CompletableFuture<Page<T>> within(ReadTransaction tr, String field, BoundingBox box, int limit, Continuation after) {
    return layout.spatialIndex(field).within(tr, java.util.Objects.requireNonNull(box, "box"), limit, after)
        .thenCompose(page -> store.loadAll(tr, ids(page.items())).thenApply(items -> new Page<>(items, page.next())));
  }

  public CompletableFuture<List<T>> near(ReadTransaction tr, String field, GeoPoint center, double radiusMeters) {
    return layout.spatialIndex(field).near(tr, center, radiusMeters).thenCompose(hits -> store.loadAll(tr, ids(hits)));
  }

  public CompletableFuture<List<T>> nearest(ReadTransaction tr, String field, GeoPoint center, int k) {
    return layout.spatialIndex(field).nearest(tr, center, k).thenCompose(hits -> store.loadAll(tr, ids(hits)));
  }
}
