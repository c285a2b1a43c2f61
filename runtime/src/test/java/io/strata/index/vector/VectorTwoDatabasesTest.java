package io.strata.index.vector;

import static io.strata.index.vector.VectorContract.at;
import static io.strata.index.vector.VectorContract.docsAt;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.ForwardingDatabase;
import io.strata.Scored;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.index.vector.VectorContract.Doc;
import io.strata.repository.EntityStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One store used with two databases (a repository given another database, two embedded databases in one process): the
 * centroids it caches from one are never used for a transaction of the other, whose tokens (versionstamps of its own
 * commits, on the same clock) say nothing about the first's. Driven on the embedded engine with vectors on one axis,
 * so that where each split falls is known.
 */
class VectorTwoDatabasesTest {
  private static final Tuple G = Tuple.from();
  private Database a;
  private Database b;
  private EntityStore<Doc> store;

  @BeforeEach
  void open() {
    a = EmbeddedFdb.open();
    b = EmbeddedFdb.open();
    store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
  }

  @AfterEach
  void close() {
    a.close();
    b.close();
  }

  /** The centroids committed in {@code db}, by partition: their position on the axis. */
  private Map<Long, Float> centroids(Database db) {
    return VectorContract.centroidsOnAxis(db, store);
  }

  /** The partition {@code id}'s full vector names in {@code db}. */
  private long partitionOf(Database db, long id) {
    Partitions ps = VectorContract.indexOf(store).partitions();
    return Partitions.partition(db.read(tr -> tr.get(ps.vector(G, id)).join()));
  }

  /**
   * B gets two partitions, then A (later, so with greater tokens) two of its own, which a search of A caches; then a
   * split in B, committed after A's token, takes B to three partitions without starting its log over. A transaction
   * of B that reads that split's token must not take A's cached centroids as an older generation of B's and bring them
   * up to date with B's log: that view holds A's partitions in place of B's, and places B's vectors into partitions B
   * does not have, where no search of B looks.
   */
  @Test
  void aTransactionOfOneDatabaseNeverPlacesByTheCentroidsTheStoreCachedFromAnother() {
    List<Doc> inB = new ArrayList<>(docsAt(1, 50, -4));
    inB.addAll(docsAt(51, 50, 0));
    inB.addAll(docsAt(101, 40, 6));
    store.run(b, tr -> store.saveAll(tr, inB).join()); // split after the commit: {-4, 0} and {6}
    assertEquals(List.of(-2f, 6f), centroids(b).values().stream().sorted().toList(), "B's first split: " + centroids(b));
    List<Doc> inA = new ArrayList<>(docsAt(1, 70, 100));
    inA.addAll(docsAt(71, 70, 50));
    store.run(a, tr -> store.saveAll(tr, inA).join()); // split after the commit: {100} and {50}
    assertEquals(List.of(50f, 100f), centroids(a).values().stream().sorted().toList(), "A's split: " + centroids(a));
    a.read(tr -> new VectorQueries<>(store).nearest(tr, "vector", List.of(), at(100), 1).join()); // caches A's centroids
    List<Doc> more = new ArrayList<>(docsAt(141, 30, -4));
    more.addAll(docsAt(171, 30, 0));
    store.run(b, tr -> store.saveAll(tr, more).join()); // {-4, 0} holds 160: split after the commit, no new start
    Map<Long, Float> inBNow = centroids(b);
    assertEquals(List.of(-4f, 0f, 6f), inBNow.values().stream().sorted().toList(), "B's second split: " + inBNow);

    store.run(b, tr -> store.save(tr, new Doc(201, "c0", at(100))).join());
    long placed = partitionOf(b, 201);
    EntityStore<Doc> other = VectorContract.store(Metric.EUCLIDEAN, List.of(), true); // B alone, nothing cached
    List<Scored<Doc>> nearest = b.read(tr -> new VectorQueries<>(other).nearest(tr, "vector", List.of(), at(100), 1).join());
    Partitions.Centroids seen = b.read(tr -> VectorContract.indexOf(store).partitions().centroids(tr, G).join());
    Map<Long, Float> seenByB = new TreeMap<>();
    for (int i = 0; i < seen.ids().length; i++) {
      seenByB.put(seen.ids()[i], seen.vectors()[i][0]);
    }
    assertAll(
        () -> assertEquals(inBNow, seenByB, "a transaction of B sees B's centroids"),
        () -> assertTrue(inBNow.containsKey(placed), "B's vector 201 lies in partition " + placed + ", which B has: " + inBNow),
        () -> assertEquals(201L, nearest.get(0).entity().id(), "another store's search of B finds it"));
  }

  /** Centroids by partition: their position on the axis. */
  private static Map<Long, Float> positions(Map<Long, float[]> centroids) {
    Map<Long, Float> out = new TreeMap<>();
    centroids.forEach((p, c) -> out.put(p, c[0]));
    return out;
  }

  /**
   * A split of partition 0 runs in A (held until released) when B's insert asks the split of its own partition 0: B's
   * split runs in B, and B gets the centroids it set, not those of A's split (which its transaction would adopt, moving
   * its vectors into partitions B does not have), while B's partition stays unsplit.
   */
  @Test
  void aSplitAskedInOneDatabaseIsNotAnsweredBySplitOfTheSamePartitionRunningInAnother() {
    List<Doc> inA = new ArrayList<>(docsAt(1, 65, 100));
    inA.addAll(docsAt(66, 65, 50));
    a.run(tr -> store.saveAll(tr, inA).join()); // a caller's transaction: partition 0 holds 130, not split
    List<Doc> inB = new ArrayList<>(docsAt(1, 65, -4));
    inB.addAll(docsAt(66, 65, 0));
    b.run(tr -> store.saveAll(tr, inB).join());
    assertEquals(1, centroids(a).size(), "one partition in A");
    assertEquals(1, centroids(b).size(), "one partition in B");
    CompletableFuture<Void> release = new CompletableFuture<>();
    Database heldA = new ForwardingDatabase(a) {
      @Override
      public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable, Executor e) {
        return release.thenCompose(v -> super.runAsync(retryable, e));
      }
    };
    Splits splits = new Splits(VectorContract.indexOf(store).partitions(), Metric.EUCLIDEAN, "Doc's vector index");
    CompletableFuture<Splits.Outcome> splitInA = splits.apart(heldA, G, 0);
    CompletableFuture<Splits.Outcome> splitInB = splits.apart(b, G, 0);
    release.complete(null);
    Map<Long, Float> setInA = positions(splitInA.join().parts());
    Map<Long, Float> setInB = positions(splitInB.join().parts());
    assertAll(
        () -> assertEquals(List.of(50f, 100f), setInA.values().stream().sorted().toList(), "A's split"),
        () -> assertEquals(centroids(a), setInA, "A's split set A's centroids"),
        () -> assertEquals(centroids(b), setInB, "what B's split answers is what B holds"),
        () -> assertEquals(List.of(-4f, 0f), centroids(b).values().stream().sorted().toList(), "B's partition split"));
  }

  /**
   * A read view that names no database (a transaction's snapshot view handed on alone) cannot say whose centroids it
   * may use: it reads every centroid each time and leaves nothing cached, while the transaction itself, naming its
   * database, reads the log after the cached token once and then the token alone.
   */
  @Test
  void aReadViewThatNamesNoDatabaseReadsEveryCentroidAndCachesNone() {
    List<Doc> inB = new ArrayList<>(docsAt(1, 70, -4));
    inB.addAll(docsAt(71, 70, 4));
    store.run(b, tr -> store.saveAll(tr, inB).join()); // its split caches the one partition before it
    assertEquals(2, centroids(b).size(), "B's split: " + centroids(b));
    Partitions ps = VectorContract.indexOf(store).partitions();
    List<Long> keysRead = new ArrayList<>();
    for (boolean view : new boolean[] {true, true, false, false}) {
      EngineStats before = EmbeddedFdb.stats(b);
      int seen = b.read(tr -> ps.centroids(view ? tr.snapshot() : tr, G).join()).ids().length;
      keysRead.add(EmbeddedFdb.stats(b).since(before).keysRead());
      assertEquals(2, seen, "both partitions");
    }
    assertEquals(List.of(3L, 3L, 4L, 1L), keysRead,
        "a view: the token and both centroids, twice; the transaction: the token and the log's reset and two centroids, then the token");
  }
}
