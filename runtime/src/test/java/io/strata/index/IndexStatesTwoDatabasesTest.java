package io.strata.index;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.ForwardingDatabase;
import io.strata.IndexNotReadyException;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.index.aggregate.AggregateDefinition;
import io.strata.index.aggregate.AggregateQueries;
import io.strata.query.IndexScan;
import io.strata.repository.EntityStore;
import io.strata.repository.EntityStoreBuilder;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One store used with two databases (a repository given another database, two embedded databases in one process):
 * what it learns of one database's index markers (an index seen ready, the markers recorded) is never taken for a fact
 * of the other. Each database's states are its own: an index ready in A may be building in B.
 */
class IndexStatesTwoDatabasesTest {
  /** An entity of an id, a kind and a score, stored packed (one key per row). */
  record Item(String id, String kind, long score) {}

  static final class ItemCodec extends EntityCodec<Item> {
    ItemCodec() {
      super("Item", List.of("id", "kind", "score"), 0);
    }

    @Override
    public Object[] toElements(Item e) {
      return new Object[] {e.id(), e.kind(), e.score()};
    }

    @Override
    public Item fromElements(Object[] el) {
      return new Item(Elements.toStr(el[0]), Elements.toStr(el[1]), (Long) el[2]);
    }
  }

  private Database a;
  private Database b;

  @BeforeEach
  void open() {
    a = EmbeddedFdb.open();
    b = EmbeddedFdb.open();
  }

  @AfterEach
  void close() {
    a.close();
    b.close();
  }

  /** A store of items declaring what {@code declare} adds: the same root, so every store reads and writes the same keys. */
  private static EntityStore<Item> store(Function<EntityStoreBuilder<Item>, EntityStoreBuilder<Item>> declare) {
    return declare.apply(EntityStore.builder(new ItemCodec(), new Subspace())).packed().ids(Elements::toStr).build();
  }

  private static EntityStore<Item> byScore() {
    return store(s -> s.index("byScore", "score"));
  }

  /** Saves {@code n} items of kind {@code kind}, ids {@code prefix0} ... */
  private static void save(Database db, EntityStore<Item> store, String prefix, String kind, int n) {
    db.run(tr -> {
      for (int i = 0; i < n; i++) {
        store.save(tr, new Item(prefix + i, kind, i)).join();
      }
      return null;
    });
  }

  /** Every item by score, in a transaction of {@code db}. */
  private static List<Item> byScore(Database db, EntityStore<Item> store) {
    return db.read(tr -> scan(store).entities(tr).join());
  }

  private static IndexScan<Item> scan(EntityStore<Item> store) {
    return IndexScan.of(store, "byScore").from(0L, true);
  }

  /** The failure {@code call} ends with, unwrapped from the futures it passed through, or null when it succeeds. */
  private static Throwable failure(Runnable call) {
    try {
      call.run();
      return null;
    } catch (RuntimeException e) {
      Throwable t = e;
      while (t.getCause() != null && !(t instanceof IndexNotReadyException)) {
        t = t.getCause();
      }
      return t;
    }
  }

  /** The index-state keys ({@code ("__strata", "index", E, ...)}) of {@code db}, as tuples after that prefix. */
  private static List<Tuple> markers(Database db, EntityStore<Item> store) {
    Subspace meta = store.layout().indexStates();
    return db.read(tr -> tr.getRange(meta.range()).asList().join()).stream().map(kv -> meta.unpack(kv.getKey())).toList();
  }

  /**
   * B has items written before the store declared {@code byScore}, so the index is building there; A is new, so it is
   * ready there. A query of B must be refused however often the same store has met the index ready in A.
   */
  @Test
  void aQueryOfOneDatabaseIsRefusedWhileItsIndexBuildsThoughTheStoreSawItReadyInAnother() {
    save(b, store(s -> s), "b", "x", 3); // no index declared yet: markers say states are kept, none for byScore
    EntityStore<Item> store = byScore();
    assertInstanceOf(IndexNotReadyException.class, failure(() -> byScore(b, store)), "B's index is building");
    save(a, store, "a", "x", 2);
    assertEquals(2, byScore(a, store).size(), "A's index is ready");

    Throwable inB = failure(() -> byScore(b, store));
    assertInstanceOf(IndexNotReadyException.class, inB, "B's index still builds: a query of B must not answer from "
        + "an index that holds none of B's 3 items");
  }

  /** The same, asked through a read view that names no database (a transaction's snapshot view): it reads the marker. */
  @Test
  void aQueryThroughAReadViewThatNamesNoDatabaseReadsItsDatabasesMarker() {
    save(b, store(s -> s), "b", "x", 3);
    EntityStore<Item> store = byScore();
    save(a, store, "a", "x", 2);
    assertEquals(2, a.read(tr -> scan(store).entities(tr.snapshot()).join()).size(), "A's index is ready");
    assertEquals(2, byScore(a, store).size(), "A's index is ready");

    Throwable inB = failure(() -> b.read(tr -> scan(store).entities(tr.snapshot()).join()));
    assertInstanceOf(IndexNotReadyException.class, inB, "B's index still builds");
  }

  /**
   * A store records its markers in a database once it has seen them all in place (by a write after the one that wrote
   * them); its first write to B, a new database, must still record B's, else B's keys say nothing of which indexes hold
   * its items.
   */
  @Test
  void theFirstWriteToEachDatabaseRecordsThatDatabasesMarkers() {
    EntityStore<Item> store = byScore();
    save(a, store, "a", "x", 1); // records A's markers
    save(a, store, "a", "x", 1); // sees them in place
    save(b, store, "b", "x", 1);
    List<Tuple> expected = List.of(Tuple.from(IndexStates.INDEX, "byScore"), Tuple.from("entity"));
    assertAll(
        () -> assertEquals(expected, markers(a, store), "A's markers"),
        () -> assertEquals(expected, markers(b, store), "B's markers"));
  }

  /**
   * What missing markers cost: B, written by the store only after it had seen A's markers in place, kept none; an index
   * added later then finds B without any and takes it for data from before markers existed, recording the new index
   * ready with none of B's items in it.
   */
  @Test
  void anIndexAddedLaterBuildsInADatabaseTheStoreFirstWroteAfterAnother() {
    EntityStore<Item> store = byScore();
    save(a, store, "a", "x", 1);
    save(a, store, "a", "x", 1);
    save(b, store, "b", "x", 3);
    EntityStore<Item> added = store(s -> s.index("byScore", "score").index("byKind", "kind"));
    Throwable byKind = failure(() -> b.read(tr -> IndexScan.of(added, "byKind").from("x", true).entities(tr).join()));
    assertInstanceOf(IndexNotReadyException.class, byKind, "byKind holds none of B's 3 items");
  }

  /**
   * A derived index (an aggregate COUNT) building in B counts a save only for rows its build has passed: a row after
   * its resume point is counted when the build reaches it. A store that saw the aggregate ready in A must not count
   * B's save too, else the build counts that row a second time.
   */
  @Test
  void aSaveInOneDatabaseCountsARowOnceWhileItsAggregateBuildsThoughTheStoreSawItReadyInAnother() {
    save(b, store(s -> s), "b", "x", 3);
    EntityStore<Item> store = store(s -> s.derived(new AggregateDefinition("perKind", AggregateDefinition.Function.COUNT, null,
        List.of("kind"))));
    save(a, store, "a", "x", 2);
    save(b, store, "c", "x", 1); // after the build's resume point (it has not started)
    store.maintenance(b).build("perKind");
    AggregateQueries<Item> totals = new AggregateQueries<>(store);
    assertAll(
        () -> assertEquals(2L, total(a, totals), "A's items"),
        () -> assertEquals(4L, total(b, totals), "B's items, each once"));
  }

  /** The COUNT of kind x, in a transaction of {@code db}. */
  private static long total(Database db, AggregateQueries<Item> totals) {
    return db.read(tr -> totals.total(tr, "perKind", List.of("x")).join());
  }

  /**
   * What the states cost a store used with one database stays what it was: its first query of a ready index reads the
   * marker (one key more than the scan itself), later ones read none; a second database pays the same once, and does
   * not make the first read it again; a wrapper of a database (limits, observation) is that database. A read view that
   * names no database reads it every time.
   */
  @Test
  void aReadyIndexsMarkerIsReadOncePerStoreAndDatabase() {
    EntityStore<Item> store = byScore();
    save(a, store, "a", "x", 5);
    save(b, store, "b", "x", 5);
    Database wrapped = new ForwardingDatabase(a) {};
    long scan = 10; // five entries and their five rows
    assertAll(
        () -> assertEquals(scan + 1, keysRead(a, a, tr -> scan(store).entities(tr).join()), "A's first query reads the marker"),
        () -> assertEquals(scan, keysRead(a, a, tr -> scan(store).entities(tr).join()), "A's second query reads none"),
        () -> assertEquals(scan + 1, keysRead(b, b, tr -> scan(store).entities(tr).join()), "B's first query reads the marker"),
        () -> assertEquals(scan, keysRead(b, b, tr -> scan(store).entities(tr).join()), "B's second query reads none"),
        () -> assertEquals(scan, keysRead(a, a, tr -> scan(store).entities(tr).join()), "A's third query reads none"),
        () -> assertEquals(scan, keysRead(a, wrapped, tr -> scan(store).entities(tr).join()), "nor one through a wrapper of A"),
        () -> assertEquals(scan + 1, keysRead(a, a, tr -> scan(store).entities(tr.snapshot()).join()), "a snapshot view reads it"),
        () -> assertEquals(scan + 1, keysRead(a, a, tr -> scan(store).entities(tr.snapshot()).join()), "and again"));
  }

  /**
   * The store's first write to each database reads that database's markers (one range read) and writes them; its
   * second reads them again (the first may not have committed them) and sees them in place; later writes read them no
   * more, whichever database the store wrote to in between.
   */
  @Test
  void markersAreReadByTheFirstTwoWritesOfEachDatabaseOnly() {
    EntityStore<Item> store = byScore();
    long firstInA = readsSaving(a, store, "a0");
    long secondInA = readsSaving(a, store, "a1");
    long firstInB = readsSaving(b, store, "b0");
    long secondInB = readsSaving(b, store, "b1");
    long thirdInA = readsSaving(a, store, "a2");
    long thirdInB = readsSaving(b, store, "b2");
    assertAll(
        () -> assertEquals(List.of(2L, 2L, 1L), List.of(firstInA, secondInA, thirdInA), "A: its row and markers, then its row"),
        () -> assertEquals(List.of(2L, 2L, 1L), List.of(firstInB, secondInB, thirdInB), "B: the same"),
        () -> assertFalse(markers(b, store).isEmpty(), "B's markers are recorded"));
  }

  /** The keys {@code engine} read while {@code query} ran in a read transaction of {@code db} (the engine or a wrapper of it). */
  private static long keysRead(Database engine, Database db, Function<ReadTransaction, ?> query) {
    EngineStats before = EmbeddedFdb.stats(engine);
    db.read(query::apply);
    return EmbeddedFdb.stats(engine).since(before).keysRead();
  }

  /** The reads that reached storage while saving one new item. */
  private static long readsSaving(Database db, EntityStore<Item> store, String id) {
    EngineStats before = EmbeddedFdb.stats(db);
    db.run(tr -> store.save(tr, new Item(id, "x", 1)).join());
    return EmbeddedFdb.stats(db).since(before).readRoundTrips();
  }
}
