package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.IndexFormatException;
import io.strata.embedded.EmbeddedFdb;
import io.strata.index.vector.VectorContract.Doc;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every index state records the format of its kind's key layout; an index stored in another format is refused by
 * queries, saves and the verifier, naming entity, index, both formats and the rebuild, and a build starts it over.
 */
class IndexFormatTest {
  private final Database db = EmbeddedFdb.open();
  private static final Subspace ROOT = new Subspace(Tuple.from("formats"));

  @AfterEach
  void close() {
    db.close();
  }

  /** A fresh instance, as a newly started application opens it. */
  private static EntityStore<Doc> store() {
    return EntityStore.builder(new VectorContract.DocCodec(), ROOT).index("byCategory", "category")
        .derived(new VectorDefinition("vector", "vector", VectorContract.DIMENSIONS, Metric.EUCLIDEAN, List.of()))
        .ids(Elements::toLong).build();
  }

  private static float[] vector(int i) {
    float[] v = new float[VectorContract.DIMENSIONS];
    v[i % v.length] = 1 + i;
    return v;
  }

  private byte[] marker(EntityStore<Doc> store, String kind, String name) {
    return db.read(tr -> tr.get(store.layout().indexStates().pack(Tuple.from(kind, name))).join());
  }

  private void setMarker(EntityStore<Doc> store, String kind, String name, Tuple value) {
    db.run(tr -> {
      tr.set(store.layout().indexStates().pack(Tuple.from(kind, name)), value.pack());
      return null;
    });
  }

  private static IndexFormatException refused(Executable call) {
    Throwable t = assertThrows(Throwable.class, call);
    while (!(t instanceof IndexFormatException) && t.getCause() != null) {
      t = t.getCause();
    }
    assertTrue(t instanceof IndexFormatException, "refused with IndexFormatException: " + t);
    return (IndexFormatException) t;
  }

  private void saveTen(EntityStore<Doc> store) {
    db.run(tr -> {
      for (int i = 1; i <= 10; i++) {
        store.save(tr, new Doc(i, "c" + i % 2, vector(i))).join();
      }
      return null;
    });
  }

  @Test
  void everyIndexStateRecordsItsKindsFormat() {
    EntityStore<Doc> store = store();
    saveTen(store);
    assertEquals(Tuple.from("ready", 0L, (long) VectorIndex.FORMAT), Tuple.fromBytes(marker(store, "N", "vector")));
    assertEquals(Tuple.from("ready", 0L, 1L), Tuple.fromBytes(marker(store, "I", "byCategory")));
  }

  @Test
  void aVectorIndexRecordedWithoutAFormatWasWrittenInAnOlderLayoutAndIsRefusedUntilRebuilt() {
    saveTen(store());
    EntityStore<Doc> old = store();
    setMarker(old, "N", "vector", Tuple.from("ready", 10L)); // as every version before formats wrote it
    Subspace index = old.layout().entity().get(Tuple.from("N", "vector"));
    db.run(tr -> {
      tr.set(index.pack(Tuple.from(99L)), new byte[] {1}); // a stray entry of the old exact layout (E,"N",name,id)
      return null;
    });
    EntityStore<Doc> store = store();
    IndexFormatException query = refused(() -> db.read(tr -> new VectorQueries<>(store).nearest(tr, "vector", List.of(), vector(3), 3).join()));
    assertEquals("index Doc.vector is stored in format 1 of the @Embedding layout, but this version reads and writes format 2;"
        + " rebuild it: `strata build-index Doc vector` or repository.maintenance().build(\"vector\") (it clears the old"
        + " entries and indexes every row again); until then its queries and saves of Doc are refused, and nothing was"
        + " written", query.getMessage());
    assertEquals(List.of("Doc", "vector", 1, 2), List.of(query.entity(), query.index(), query.stored(), query.expected()));
    refused(() -> db.run(tr -> store.save(tr, new Doc(11, "c0", vector(11))).join()));
    assertEquals(10L, (long) db.read(tr -> store.count(tr).join()), "the refused save wrote nothing");
    assertTrue(store.verifyIndexes(db, 100).problems().contains(query.getMessage()), "the verifier reports it");
    assertFalse(store.maintenance(db).state("vector").ready(), "shown as needing a build");

    assertTrue(store.maintenance(db).build("vector").ready());
    assertEquals(List.of(), store.verifyIndexes(db, 100).problems(), "rebuilt: the old layout's entries are gone");
    assertEquals(3L, db.read(tr -> new VectorQueries<>(store).nearest(tr, "vector", List.of(), vector(3), 1).join()).get(0).entity().id());
    db.run(tr -> store.save(tr, new Doc(11, "c0", vector(11))).join());
  }

  @Test
  void aSecondaryIndexRecordedWithoutAFormatIsTheCurrentFormatAndOneWithAnotherIsRefused() {
    saveTen(store());
    setMarker(store(), "I", "byCategory", Tuple.from("ready", 10L));
    EntityStore<Doc> unnumbered = store();
    db.run(tr -> unnumbered.save(tr, new Doc(11, "c0", vector(11))).join());
    assertEquals(List.of(), unnumbered.verifyIndexes(db, 100).problems());

    setMarker(unnumbered, "I", "byCategory", Tuple.from("ready", 11L, 7L));
    EntityStore<Doc> newer = store();
    IndexFormatException e = refused(() -> db.run(tr -> newer.save(tr, new Doc(12, "c0", vector(12))).join()));
    assertTrue(e.getMessage().startsWith("index Doc.byCategory is stored in format 7 of the @Index layout, but this version"
        + " reads and writes format 1; rebuild it: `strata build-index Doc byCategory`"), e.getMessage());
    assertTrue(newer.maintenance(db).build("byCategory").ready());
    db.run(tr -> newer.save(tr, new Doc(12, "c0", vector(12))).join());
    assertEquals(List.of(), newer.verifyIndexes(db, 100).problems());
  }
}
