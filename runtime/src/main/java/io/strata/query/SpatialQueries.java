package io.strata.query;

import com.apple.foundationdb.ReadTransaction;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.index.IndexStates;
import io.strata.repository.EntityStore;
import io.strata.row.EntityLayout;
import io.strata.spatial.SpatialHit;
import io.strata.spatial.SpatialIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Entity queries through {@code @Spatial} fields: the spatial index finds ids, the rows are read concurrently. A box is
 * also a {@link Candidates} source ({@link #within(String, BoundingBox)}), which declared finds of a {@code Within} read
 * through the read core's one loop.
 */
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

  /**
   * Runs {@code query} on the field's index once it is known to hold every entity; fails with
   * {@link io.strata.IndexNotReadyException} while an online build is still filling it.
   */
  private <R> CompletableFuture<R> whenReady(ReadTransaction tr, String field, Function<SpatialIndex, CompletableFuture<R>> query) {
    SpatialIndex index = layout.spatialIndex(field);
    return store.states().requireReady(tr, IndexStates.SPATIAL, field).thenCompose(v -> query.apply(index));
  }

  public CompletableFuture<List<Object>> idsWithin(ReadTransaction tr, String field, BoundingBox box) {
    Objects.requireNonNull(box, "box");
    return whenReady(tr, field, index -> index.within(tr, box)).thenApply(SpatialQueries::ids);
  }

  public CompletableFuture<List<T>> within(ReadTransaction tr, String field, BoundingBox box) {
    return idsWithin(tr, field, box).thenCompose(ids -> store.loadAll(tr, ids));
  }

  public CompletableFuture<Page<T>> within(ReadTransaction tr, String field, BoundingBox box, int limit, Continuation after) {
    Objects.requireNonNull(box, "box");
    return whenReady(tr, field, index -> index.within(tr, box, limit, after))
        .thenCompose(page -> store.loadAll(tr, ids(page.items())).thenApply(items -> new Page<>(items, page.next())));
  }

  /**
   * The entities whose {@code field} is in {@code box} as the {@link Candidates} of a read ({@link CandidateReads}), in z
   * order, so that a declared find of a {@code Within} (its residual conditions the read's predicate, a {@code First n}
   * its limit) reads through the read core's one loop like every other find. A batch of everything from the start
   * ({@link CandidateReads#all}: a first batch of {@link Integer#MAX_VALUE}) is the whole box,
   * {@link #within(ReadTransaction, String, BoundingBox)}: the cover's ranges at once, in at most two waves, then the
   * rows, the keys a whole read of the box reads. Any other batch is a page of the skip-scan,
   * {@link #within(ReadTransaction, String, BoundingBox, int, Continuation)}: one range after another, stopping once the
   * batch is full, so a {@code First n} whose conditions the first entries meet reads those entries and rows, not the
   * box. Every batch fails with {@link io.strata.IndexNotReadyException} while an online build is still filling the
   * index; a null {@code box} fails here, before any read.
   */
  public Candidates<T> within(String field, BoundingBox box) {
    Objects.requireNonNull(box, "box");
    return (ignored, tr, limit, after) -> after == null && limit == Integer.MAX_VALUE
        ? within(tr, field, box).thenApply(Page::last) : within(tr, field, box, limit, after);
  }

  public CompletableFuture<List<T>> near(ReadTransaction tr, String field, GeoPoint center, double radiusMeters) {
    return whenReady(tr, field, index -> index.near(tr, center, radiusMeters)).thenCompose(hits -> store.loadAll(tr, ids(hits)));
  }

  public CompletableFuture<List<T>> nearest(ReadTransaction tr, String field, GeoPoint center, int k) {
    return whenReady(tr, field, index -> index.nearest(tr, center, k)).thenCompose(hits -> store.loadAll(tr, ids(hits)));
  }
}
