package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.IndexNotReadyException;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A box as the read core's {@link Candidates} ({@link SpatialQueries#within(String, BoundingBox)}), as a declared find of
 * a {@code Within} reads it: every entity in the box with the keys of the whole box read, and a {@code First n} with a
 * residual condition in the skip-scan's batches, stopping once it has its matches. Costs are the embedded engine's
 * counts ({@link EmbeddedFdb#stats}), never timed.
 */
class SpatialCandidatesTest {
  /** 1,600 places, one every 0.1° over 40°–44° N, 0°–4° E; the box below holds 20 × 20 of them. */
  private static final int SIDE = 40;
  private static final BoundingBox BOX = BoundingBox.geo(41.0, 1.0, 43.0, 3.0);
  private static final Predicate<Place> FIFTH = p -> p.rank() % 5 == 0;

  record Place(String id, GeoPoint at, long rank) {}

  static final class PlaceCodec extends EntityCodec<Place> {
    PlaceCodec() {
      super("Place", List.of("id", "at", "rank"), 0);
    }

    @Override
    public Object[] toElements(Place e) {
      return new Object[] {e.id(), Elements.ofGeoPoint(e.at()), e.rank()};
    }

    @Override
    public Place fromElements(Object[] el) {
      return new Place(Elements.toStr(el[0]), Elements.toGeoPoint(el[1]), (Long) el[2]);
    }
  }

  private Database db;
  private EntityStore<Place> store;
  private SpatialQueries<Place> spatial;

  @BeforeEach
  void open() {
    // a simulated round trip, so that the engine counts the round trips a read waits for one after another
    db = EmbeddedFdb.builder().latency(Duration.ofMillis(1)).open();
    store = store(true);
    spatial = new SpatialQueries<>(store);
    save(store);
    db.read(tr -> spatial.within(tr, "at", BOX).join()); // the index's state is read once per store: measure the steady state
  }

  @AfterEach
  void close() {
    db.close();
  }

  private static EntityStore<Place> store(boolean indexed) {
    var builder = EntityStore.builder(new PlaceCodec(), new Subspace());
    return (indexed ? builder.geoSpatial("at", 32) : builder).packed().ids(Elements::toStr).build();
  }

  private void save(EntityStore<Place> into) {
    List<Place> places = new ArrayList<>();
    for (int i = 0; i < SIDE * SIDE; i++) {
      places.add(new Place(String.format("p%04d", i), new GeoPoint(40.05 + 0.1 * (i / SIDE), 0.05 + 0.1 * (i % SIDE)), i));
    }
    db.run(tr -> into.saveAll(tr, places).join());
  }

  /** What a whole read of the box costs and gives: {@link SpatialQueries#within(com.apple.foundationdb.ReadTransaction, String, BoundingBox)}. */
  private record Read(List<Place> places, EngineStats cost) {}

  private Read whole() {
    EngineStats before = EmbeddedFdb.stats(db);
    List<Place> places = db.read(tr -> spatial.within(tr, "at", BOX).join());
    return new Read(places, EmbeddedFdb.stats(db).since(before));
  }

  private Read first(Predicate<Place> where, long n) {
    EngineStats before = EmbeddedFdb.stats(db);
    List<Place> places = db.read(tr -> CandidateReads.first(tr, store, where, spatial.within("at", BOX), n).join());
    return new Read(places, EmbeddedFdb.stats(db).since(before));
  }

  @Test
  void everyEntityInTheBoxIsReadWithTheKeysAndReadsOfTheWholeBoxRead() {
    Read whole = whole();
    assertEquals(20 * 20, whole.places().size());
    for (Predicate<Place> where : List.<Predicate<Place>>of(p -> true, FIFTH)) {
      EngineStats before = EmbeddedFdb.stats(db);
      List<Place> all = db.read(tr -> CandidateReads.all(tr, store, where, spatial.within("at", BOX)).join());
      EngineStats cost = EmbeddedFdb.stats(db).since(before);
      assertEquals(whole.places().stream().filter(where).toList(), all, "the whole read's entities, in its (z) order");
      assertEquals(whole.cost().keysRead(), cost.keysRead(), "the cover's keys and the rows, as the whole read");
      assertEquals(whole.cost().readRoundTrips(), cost.readRoundTrips(), "the cover's ranges, then the rows");
      // a read version, every range at once, every row at once: the skip-scan's pages would read the 32 ranges one by one
      assertEquals(whole.cost().sequentialRoundTrips(), cost.sequentialRoundTrips(), "the whole read's waves");
    }
  }

  @Test
  void aFirstFewWithAResidualConditionStopsLongBeforeTheWholeBox() {
    Read whole = whole();
    Read three = first(FIFTH, 3);
    assertEquals(whole.places().stream().filter(FIFTH).limit(3).toList(), three.places(), "the first three in the box's order");
    // the skip-scan's batches of 3, 6, 12 ... entries with their rows (27 keys in 13 reads), against the box's 478
    // entries and 400 rows (878 keys in 432 reads)
    assertTrue(three.cost().keysRead() * 10 < whole.cost().keysRead(),
        three.cost().keysRead() + " keys, the whole box " + whole.cost().keysRead());
    assertTrue(three.cost().readRoundTrips() * 10 < whole.cost().readRoundTrips(),
        three.cost().readRoundTrips() + " reads, the whole box " + whole.cost().readRoundTrips());
  }

  @Test
  void aNullBoxFailsBeforeAnyRead() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> spatial.within("at", null));
    assertEquals("box", e.getMessage());
  }

  @Test
  void anIndexStillBuildingIsRefusedByEveryRead() {
    db.run(tr -> {
      tr.clear(new Subspace().range());
      return null;
    });
    save(store(false)); // rows written before the index is declared: it must be built
    SpatialQueries<Place> building = new SpatialQueries<>(store(true));
    for (long n : new long[] {3, Long.MAX_VALUE}) {
      CompletionException e = assertThrows(CompletionException.class,
          () -> db.read(tr -> CandidateReads.first(tr, store, p -> true, building.within("at", BOX), n).join()));
      assertInstanceOf(IndexNotReadyException.class, e.getCause(), "first " + n);
    }
  }
}
