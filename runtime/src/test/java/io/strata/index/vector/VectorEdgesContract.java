package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Scored;
import io.strata.embedded.BackendContract;
import io.strata.index.vector.VectorContract.Doc;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * The edges of {@code @Embedding} indexes on any backend, each found by a hostile probe: components near the float
 * range, a vector saved with no group, a search through a transaction's snapshot view, ties, a k below 1, and a
 * group large enough that a split trims the centroid log past FoundationDB's 10 MB per transaction.
 */
public abstract class VectorEdgesContract extends BackendContract {
  private static final float[] HUGE = {3e38f, -3e38f, 3e38f, -3e38f, 3e38f, -3e38f, 3e38f, -3e38f};

  private static EntityStore<Doc> store(String name, Metric metric, int dimensions) {
    return EntityStore.builder(new VectorContract.DocCodec(), new Subspace(Tuple.from(name, metric.name())))
        .derived(new VectorDefinition("vector", "vector", dimensions, metric, List.of())).ids(Elements::toLong).build();
  }

  private static float[] vector(float... first) {
    float[] v = new float[VectorContract.DIMENSIONS];
    System.arraycopy(first, 0, v, 0, first.length);
    return v;
  }

  /** Runs {@code call}, throwing the cause of a {@code CompletionException} it throws. */
  private static void unwrapped(org.junit.jupiter.api.function.Executable call) throws Throwable {
    try {
      call.execute();
    } catch (CompletionException e) {
      throw e.getCause();
    }
  }

  @Test
  void theCodeOfAVectorWhoseComponentsSpanMoreThanTheFloatRangeDecodesToFiniteComponentsNearTheVector() {
    float[] decoded = Codes.decode(Codes.of(HUGE), HUGE.length);
    for (int i = 0; i < HUGE.length; i++) {
      assertTrue(Float.isFinite(decoded[i]), "component " + i + " decodes to " + decoded[i] + ", not a number near " + HUGE[i]);
      assertEquals(HUGE[i], decoded[i], Math.abs(HUGE[i]) * 0.01, "component " + i);
    }
  }

  @Test
  void aVectorWithComponentsNearTheFloatRangeIsItsOwnNearestNeighbourUnderEveryMetric() {
    for (Metric metric : Metric.values()) {
      Random rnd = new Random(2);
      EntityStore<Doc> store = store("huge", metric, VectorContract.DIMENSIONS);
      List<Doc> docs = new ArrayList<>();
      for (int i = 1; i <= 400; i++) {
        float[] v = new float[VectorContract.DIMENSIONS];
        for (int j = 0; j < v.length; j++) {
          v[j] = (float) rnd.nextGaussian();
        }
        docs.add(new Doc(i, "c", v));
      }
      docs.add(new Doc(999, "c", HUGE));
      store.run(db, tr -> store.saveAll(tr, docs).join());
      VectorQueries<Doc> queries = new VectorQueries<>(store);
      List<Scored<Doc>> found = db.read(tr -> queries.nearest(tr, "vector", List.of(), HUGE, 1).join());
      assertEquals(List.of(999L), found.stream().map(s -> s.entity().id()).toList(),
          metric + ": the saved vector equal to the query is the nearest; found " + found.stream()
              .map(s -> s.entity().id() + " at " + s.distance()).toList());
    }
  }

  @Test
  void aVectorOfAnotherLengthIsRefusedEvenWhenTheEntitysGroupValueIsNull() {
    EntityStore<Doc> store = VectorContract.store(Metric.COSINE, List.of("category"), true);
    db.run(tr -> store.save(tr, new Doc(1, "c0", new float[VectorContract.DIMENSIONS])).join());
    rejected(IllegalArgumentException.class, () -> unwrapped(() -> db.run(tr -> store.save(tr, new Doc(2, null, new float[3])).join())),
        "Doc", "'vector'", "has 3 dimensions", "declares " + VectorContract.DIMENSIONS);
  }

  @Test
  void aSearchThroughTheSnapshotOfTheTransactionThatStartedTheGroupFindsItsVector() {
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of("category"), true);
    VectorQueries<Doc> queries = new VectorQueries<>(store);
    float[] v = {1, 2, 3, 4, 5, 6, 7, 8};
    List<Long> found = db.run(tr -> {
      store.save(tr, new Doc(1, "c0", v)).join();
      return queries.nearest(tr.snapshot(), "vector", List.of("c0"), v, 3).join().stream().map(s -> s.entity().id()).toList();
    });
    assertEquals(List.of(1L), found, "the transaction's own vector, as a search through the transaction itself finds it");
    List<Scored<Doc>> direct = db.run(tr -> {
      store.save(tr, new Doc(2, "c1", v)).join();
      return queries.nearest(tr, "vector", List.of("c1"), v, 3).join();
    });
    assertEquals(List.of(2L), direct.stream().map(s -> s.entity().id()).toList());
  }

  @Test
  void entitiesAtTheSameDistanceComeInIdOrderWhenTheSearchFindsThemInDifferentRounds() {
    EntityStore<Doc> store = store("ties", Metric.DOT_PRODUCT, VectorContract.DIMENSIONS);
    // all three in one partition; against the query (1, 0, ...) the distances are exactly -1, -1 and -0.998; the code
    // of 1 rounds its first component down (2.1 / 255 steps), so it ranks after 3 before its exact rescore
    List<Doc> docs = List.of(new Doc(1, "c", vector(1f, 0f, 2.1f)), new Doc(2, "c", vector(1f)), new Doc(3, "c", vector(0.998f)));
    db.run(tr -> store.saveAll(tr, docs).join());
    List<Scored<Doc>> found = db.read(tr -> new VectorQueries<>(store).nearest(tr, "vector", List.of(), vector(1f), 2, 2,
        d -> d.id() != 3).join());
    assertEquals(List.of(-1.0, -1.0), found.stream().map(Scored::distance).toList(), "both at exactly -1");
    assertEquals(List.of(1L, 2L), found.stream().map(s -> s.entity().id()).toList(), "a tie comes in id order");
  }

  @Test
  void aSearchForZeroOrFewerNearestIsRefusedNamingTheIndexAndKNotAPageLimit() {
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    db.run(tr -> store.save(tr, new Doc(1, "c", new float[VectorContract.DIMENSIONS])).join());
    VectorQueries<Doc> queries = new VectorQueries<>(store);
    for (int k : new int[] {0, -1}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> unwrapped(() -> db.read(tr -> queries.nearest(tr, "vector", List.of(), new float[VectorContract.DIMENSIONS], k).join())));
      assertFalse(e.getMessage().contains("page limit"), "k is no page limit: " + e.getMessage());
      assertTrue(e.getMessage().startsWith("Doc vector index 'vector': a search for the " + k + " nearest")
          && e.getMessage().contains("ask for k of at least 1"), e.getMessage());
    }
  }

  @Test
  void aNullGroupListOrResidualIsRefusedSayingWhatToPass() {
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    VectorQueries<Doc> queries = new VectorQueries<>(store);
    float[] q = new float[VectorContract.DIMENSIONS];
    NullPointerException group = assertThrows(NullPointerException.class,
        () -> unwrapped(() -> db.read(tr -> queries.nearest(tr, "vector", null, q, 3, 10, d -> true))));
    assertTrue(group.getMessage().startsWith("group: pass List.of() for an ungrouped index"), group.getMessage());
    NullPointerException residual = assertThrows(NullPointerException.class,
        () -> unwrapped(() -> db.read(tr -> queries.nearest(tr, "vector", List.of(), q, 3, 10, null))));
    assertTrue(residual.getMessage().startsWith("residual: pass e -> true"), residual.getMessage());
  }

  /**
   * A split that takes a group's partition count past a power of two trims the centroid log. With 1,536-component
   * vectors (6 kB a centroid; {@code maxSize} 66) the split from 2,047 to 2,048 partitions once logged all 2,048
   * centroids again, 12.6 MB, over FoundationDB's 10 MB per transaction: it could never commit, and every later save
   * into a full partition of that group failed with it. The 2,047 partitions are set up by {@code Partitions.change},
   * as splits write them.
   */
  @Test
  void aSaveIntoAFullPartitionOfAGroupOf1536DimensionVectorsWith2047PartitionsCommitsAndSplitsIt() {
    int dimensions = 1536;
    EntityStore<Doc> store = store("trim", Metric.EUCLIDEAN, dimensions);
    Partitions ps = VectorContract.indexOf(store).partitions();
    int max = Partitions.maxSize(dimensions);
    Random rnd = new Random(12);
    Tuple g = Tuple.from();
    db.run(tr -> store.save(tr, new Doc(1, "c", around(rnd, dimensions, 100, 0.1))).join()); // partition 0
    EntityStore<Doc> stale = store("trim", Metric.EUCLIDEAN, dimensions); // caches the one centroid, then stays away
    Partitions stalePartitions = VectorContract.indexOf(stale).partitions();
    db.read(tr -> new VectorQueries<>(stale).nearest(tr, "vector", List.of(), around(rnd, dimensions, 100, 0.1), 1).join());
    assertEquals(1, VectorContract.cached(db, stalePartitions).ids().length);
    for (long next = 1; next < 2047; next += 100) {
      long from = next;
      long to = Math.min(2047, next + 100);
      db.run(tr -> {
        Partitions.Centroids cs = ps.centroids(tr, g).join();
        Map<Long, float[]> added = new HashMap<>();
        for (long p = from; p < to; p++) {
          added.put(p, around(rnd, dimensions, 0, 1));
        }
        ps.change(tr, g, cs, false, added);
        return null;
      });
    }
    assertEquals(2047, db.read(tr -> ps.centroids(tr, g).join()).ids().length);
    for (int i = 2; i <= max + 1; i++) { // partition 0 filled to its maximum and one over
      Doc d = new Doc(i, "c", around(rnd, dimensions, 100, 0.1));
      db.run(tr -> store.save(tr, d).join());
    }
    Doc over = new Doc(max + 2, "c", around(rnd, dimensions, 100, 0.1));
    assertDoesNotThrow(() -> store.run(db, tr -> store.save(tr, over).join()),
        "a save into the partition over its maximum commits; its split, which trims the log, fits in a transaction");
    assertEquals(List.of(), store.verifyIndexes(db, 100).problems());
    assertTrue(db.read(tr -> Partitions.little(tr.get(ps.size(g, 0)).join())) <= max, "partition 0 split");
    Partitions.Centroids now = db.read(tr -> ps.centroids(tr, g).join());
    assertEquals(2048, now.ids().length, "the split added one partition");
    db.read(tr -> new VectorQueries<>(stale).nearest(tr, "vector", List.of(), around(rnd, dimensions, 100, 0.1), 1).join());
    assertTrue(java.util.Arrays.equals(now.ids(), VectorContract.cached(db, stalePartitions).ids()),
        "a store that cached the group's first centroid before the trims sees every centroid after them");
  }

  private static float[] around(Random rnd, int dimensions, float centre, double spread) {
    float[] v = new float[dimensions];
    for (int j = 0; j < dimensions; j++) {
      v[j] = centre + (float) (rnd.nextGaussian() * spread);
    }
    return v;
  }
}
