package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.IndexReport;
import io.strata.Scored;
import io.strata.embedded.BackendContract;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@code @Embedding} indexes on any backend: nearest-neighbour results equal a brute-force oracle
 * written apart from the index (every metric, grouped and ungrouped, with a residual condition), in both row
 * layouts; updates and deletes move entries; a vector of the wrong length writes nothing; the verifier finds the
 * index consistent.
 */
public abstract class VectorContract extends BackendContract {
  static final int DIMENSIONS = 8;

  /** A test entity: a category (the group) and a vector that may be absent. */
  public record Doc(long id, String category, float[] vector) {}

  /** What the processor would generate as {@code DocCodec}. */
  static final class DocCodec extends EntityCodec<Doc> {
    DocCodec() {
      super("Doc", List.of("id", "category", "vector"), 0);
    }

    @Override
    public Object[] toElements(Doc d) {
      return new Object[] {d.id(), d.category(), Vectors.element(d.vector())};
    }

    @Override
    public Doc fromElements(Object[] e) {
      return new Doc(Elements.toLong(e[0]), e[1] == null ? null : Elements.toStr(e[1]), e[2] == null ? null : Vectors.floats(e[2]));
    }
  }

  private static EntityStore<Doc> store(Metric metric, List<String> groupBy, boolean packed) {
    var builder = EntityStore.builder(new DocCodec(), new Subspace(Tuple.from("v", metric.name(), groupBy.size(), packed)))
        .derived(new VectorDefinition("vector", "vector", DIMENSIONS, metric, groupBy)).ids(Elements::toLong);
    return (packed ? builder.packed() : builder).build();
  }

  private static List<Doc> docs(Random rnd, int n) {
    List<Doc> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      float[] v = new float[DIMENSIONS];
      for (int j = 0; j < DIMENSIONS; j++) {
        v[j] = (float) rnd.nextGaussian();
      }
      out.add(new Doc(i, "c" + rnd.nextInt(3), rnd.nextInt(10) == 0 ? null : v));
    }
    return out;
  }

  /** The oracle: distances computed here, not by {@link Metric}. */
  private static double distance(Metric metric, float[] a, float[] b) {
    double dot = 0;
    double aa = 0;
    double bb = 0;
    double diff = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      aa += (double) a[i] * a[i];
      bb += (double) b[i] * b[i];
      diff += ((double) a[i] - b[i]) * ((double) a[i] - b[i]);
    }
    return switch (metric) {
      case COSINE -> 1 - dot / Math.sqrt(aa * bb);
      case EUCLIDEAN -> Math.sqrt(diff);
      case DOT_PRODUCT -> -dot;
    };
  }

  private static List<Long> exact(List<Doc> docs, Metric metric, float[] q, int k, Predicate<Doc> in) {
    return docs.stream().filter(d -> d.vector() != null && in.test(d))
        .sorted(Comparator.comparingDouble((Doc d) -> distance(metric, q, d.vector())).thenComparingLong(Doc::id))
        .limit(k).map(Doc::id).toList();
  }

  private static float[] query(Random rnd) {
    float[] q = new float[DIMENSIONS];
    for (int j = 0; j < DIMENSIONS; j++) {
      q[j] = (float) rnd.nextGaussian();
    }
    return q;
  }

  @Test
  void nearestEqualsBruteForceForEveryMetricInBothLayouts() {
    Random rnd = new Random(35);
    List<Doc> docs = docs(rnd, 60);
    for (Metric metric : Metric.values()) {
      for (boolean packed : new boolean[] {true, false}) {
        EntityStore<Doc> store = store(metric, List.of(), packed);
        db.run(tr -> store.saveAll(tr, docs).join());
        VectorQueries<Doc> queries = new VectorQueries<>(store);
        for (int t = 0; t < 5; t++) {
          float[] q = query(rnd);
          List<Scored<Doc>> found = db.read(tr -> queries.nearest(tr, "vector", List.of(), q, 7).join());
          assertEquals(exact(docs, metric, q, 7, d -> true), found.stream().map(s -> s.entity().id()).toList(), metric + " packed=" + packed);
          found.forEach(s -> assertEquals(distance(metric, q, s.entity().vector()), s.distance(), 1e-6));
        }
      }
    }
  }

  @Test
  void aGroupedQuerySearchesOnlyItsGroupAndTheResidualConditionWidensUntilKPass() {
    Random rnd = new Random(36);
    List<Doc> docs = docs(rnd, 90);
    for (boolean packed : new boolean[] {true, false}) {
      EntityStore<Doc> store = store(Metric.EUCLIDEAN, List.of("category"), packed);
      db.run(tr -> store.saveAll(tr, docs).join());
      VectorQueries<Doc> queries = new VectorQueries<>(store);
      float[] q = query(rnd);
      Predicate<Doc> odd = d -> d.id() % 2 == 1;
      List<Scored<Doc>> found = db.read(tr -> queries.nearest(tr, "vector", List.of("c1"), q, 5, 5, odd).join());
      assertEquals(exact(docs, Metric.EUCLIDEAN, q, 5, d -> d.category().equals("c1") && odd.test(d)),
          found.stream().map(s -> s.entity().id()).toList());
    }
  }

  @Test
  void updatesAndDeletesMoveEntriesAndTheVerifierFindsTheIndexConsistent() {
    Random rnd = new Random(37);
    List<Doc> docs = new ArrayList<>(docs(rnd, 40));
    for (boolean packed : new boolean[] {true, false}) {
      EntityStore<Doc> store = store(Metric.COSINE, List.of("category"), packed);
      db.run(tr -> store.saveAll(tr, docs).join());
      List<Doc> now = new ArrayList<>(docs);
      for (int i = 0; i < 10; i++) {
        Doc moved = new Doc(docs.get(i).id(), "c" + ((i + 1) % 3), query(rnd));
        now.set(i, moved);
        db.run(tr -> store.save(tr, moved).join());
      }
      for (int i = 10; i < 20; i++) {
        long id = docs.get(i).id();
        db.run(tr -> store.delete(tr, id).join());
      }
      List<Doc> left = new ArrayList<>(now.subList(0, 10));
      left.addAll(now.subList(20, now.size()));
      VectorQueries<Doc> queries = new VectorQueries<>(store);
      float[] q = query(rnd);
      for (String c : List.of("c0", "c1", "c2")) {
        List<Scored<Doc>> found = db.read(tr -> queries.nearest(tr, "vector", List.of(c), q, 50).join());
        assertEquals(exact(left, Metric.COSINE, q, 50, d -> d.category().equals(c)), found.stream().map(s -> s.entity().id()).toList());
      }
      IndexReport report = store.verifyIndexes(db, 7);
      assertEquals(List.of(), report.problems());
      assertEquals(2 * left.stream().filter(d -> d.vector() != null).count() + 3 * 3, report.entriesChecked(),
          "a code and a full vector per vector, a token, a centroid and a size per group's one partition");
    }
  }

  @Test
  void aVectorOfAnotherLengthIsRefusedOnSaveNamingEntityFieldAndBothSizesAndWritesNothing() {
    EntityStore<Doc> store = store(Metric.COSINE, List.of(), true);
    db.run(tr -> store.save(tr, new Doc(1, "c0", new float[DIMENSIONS])).join());
    rejected(IllegalArgumentException.class,
        () -> {
          try {
            db.run(tr -> store.saveAll(tr, List.of(new Doc(2, "c0", new float[DIMENSIONS]), new Doc(3, "c0", new float[3]))).join());
          } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause();
          }
        },
        "Doc", "'vector'", "has 3 dimensions", "declares " + DIMENSIONS);
    assertTrue(store.verifyIndexes(db, 10).problems().isEmpty());
  }

  @Test
  void entriesLieUnderTheirOwnKindApartFromTheChangeFeedsKeys() {
    EntityStore<Doc> store = store(Metric.COSINE, List.of("category"), true);
    float[] v = query(new Random(38));
    db.run(tr -> store.save(tr, new Doc(4, "c2", v)).join());
    Subspace index = store.layout().entity().get(Tuple.from("N", "vector", "c2"));
    byte[] full = db.read(tr -> tr.get(index.pack(Tuple.from("v", 4L))).join());
    assertTrue(java.util.Arrays.equals(Partitions.located(0, Vectors.element(v)), full), "(E, \"N\", name, group, \"v\", id) holds partition 0 and the vector");
    byte[] code = db.read(tr -> tr.get(index.pack(Tuple.from("p", 0L, 4L))).join());
    assertTrue(java.util.Arrays.equals(Partitions.code(v), code), "(E, \"N\", name, group, \"p\", 0, id) holds its code");
    assertEquals(List.of(), db.read(tr -> tr.getRange(store.layout().entity().range(Tuple.from("V"))).asList().join()),
        "nothing under (E, \"V\"), the @Versioned feed's keys");
  }

  @Test
  void anIndexAddedToExistingRowsIsBuiltOnlineThenAnswersExactly() {
    Random rnd = new Random(39);
    List<Doc> docs = docs(rnd, 30);
    Subspace root = new Subspace(Tuple.from("built"));
    EntityStore<Doc> before = EntityStore.builder(new DocCodec(), root).ids(Elements::toLong).build();
    db.run(tr -> before.saveAll(tr, docs).join());
    EntityStore<Doc> store = EntityStore.builder(new DocCodec(), root)
        .derived(new VectorDefinition("vector", "vector", DIMENSIONS, Metric.EUCLIDEAN, List.of())).ids(Elements::toLong).build();
    VectorQueries<Doc> queries = new VectorQueries<>(store);
    float[] q = query(rnd);
    var notReady = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.CompletionException.class,
        () -> db.read(tr -> queries.nearest(tr, "vector", List.of(), q, 3).join()));
    assertTrue(notReady.getCause() instanceof io.strata.IndexNotReadyException, "not ready before the build: " + notReady.getCause());
    store.maintenance(db).build("vector");
    List<Scored<Doc>> found = db.read(tr -> queries.nearest(tr, "vector", List.of(), q, 3).join());
    assertEquals(exact(docs, Metric.EUCLIDEAN, q, 3, d -> true), found.stream().map(s -> s.entity().id()).toList());
    assertEquals(List.of(), store.verifyIndexes(db, 10).problems());
  }
}
