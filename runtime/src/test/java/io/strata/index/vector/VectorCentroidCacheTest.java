package io.strata.index.vector;

import static io.strata.index.vector.VectorContract.at;
import static io.strata.index.vector.VectorContract.docsAt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.async.AsyncIterator;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.index.vector.VectorContract.Doc;
import io.strata.repository.EntityStore;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A store caches each group's centroids with their token ({@link Partitions}); a transaction whose read version is
 * older than the cached centroids (another transaction read them after a split it cannot see) places and reads by
 * the centroids of its own version, and leaves the cache holding the newer ones. Driven on the embedded engine with
 * vectors on one axis, so that where each split falls is known: clusters A at -4, B at 0 and R at 6.
 */
class VectorCentroidCacheTest {
  private static final Tuple G = Tuple.from();
  private Database db;
  private EntityStore<Doc> store;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
    store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
  }

  @AfterEach
  void close() {
    db.close();
  }

  private Subspace index() {
    return store.layout().entity().get(Tuple.from("N", "vector"));
  }

  /** The committed centroids, by partition: their position on the axis. */
  private Map<Long, Float> centroids() {
    return VectorContract.centroidsOnAxis(db, store);
  }

  private long partitionAt(float x) {
    return centroids().entrySet().stream().filter(e -> e.getValue() == x).findFirst().orElseThrow().getKey();
  }

  private byte[] committedToken() {
    return db.read(tr -> tr.get(VectorContract.indexOf(store).partitions().token(G)).join());
  }

  /**
   * Two partitions, {A, B} (centroid -2) and {R} (centroid 6), then the transaction returned takes its read version,
   * then another transaction splits {A, B} into A (keeping its id) and B (a new partition: B holds the smallest id),
   * and a search caches the split's centroids in the store.
   */
  private Transaction twoPartitionsThenASplitAfter() {
    List<Doc> first = new ArrayList<>(docsAt(1, 50, 0));
    first.addAll(docsAt(51, 50, -4));
    first.addAll(docsAt(101, 40, 6));
    store.run(db, tr -> store.saveAll(tr, first).join()); // 140 in partition 0, split after the commit: {B, A} and {R}
    assertEquals(List.of(-2f, 6f), centroids().values().stream().sorted().toList(), "the first split: " + centroids());
    List<Doc> more = new ArrayList<>(docsAt(141, 30, 0));
    more.addAll(docsAt(171, 30, -4));
    db.run(tr -> store.saveAll(tr, more).join()); // {A, B} now holds 160, not split (a caller's transaction)
    Transaction reading = db.createTransaction();
    reading.getReadVersion().join();
    store.run(db, tr -> store.save(tr, new Doc(201, "c0", at(-4))).join()); // finds {A, B} over its maximum: splits it
    assertEquals(List.of(-4f, 0f, 6f), centroids().values().stream().sorted().toList(), "the second split: " + centroids());
    db.read(tr -> new VectorQueries<>(store).nearest(tr, "vector", List.of(), at(0), 1).join());
    assertArrayEquals(committedToken(), VectorContract.cached(db, VectorContract.indexOf(store).partitions()).token(), "the search cached the split");
    return reading;
  }

  /**
   * A single save in a transaction older than the second split places by the two partitions of its version, not by
   * the split's B, which its store cached meanwhile: at 2.5 it goes to R (3.5 away; {A, B}'s centroid is 4.5), whose
   * centroid it holds and nothing changed, so it commits. Placed by B (2.5 away), it held B's centroid, written after
   * its read version, and was refused with a conflict though nothing it could see had changed.
   */
  @Test
  void aSaveOlderThanTheCachedCentroidsPlacesByTheCentroidsOfItsReadVersionAndCommits() {
    try (Transaction old = twoPartitionsThenASplitAfter()) {
      store.save(old, new Doc(202, "c0", at(2.5f))).join();
      old.commit().join();
    }
    byte[] located = db.read(tr -> tr.get(index().pack(Tuple.from(Partitions.VECTOR, 202L))).join());
    assertEquals(partitionAt(6), Partitions.partition(located), "in R, the nearest partition at its read version");
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
  }

  /**
   * The store read the centroids of the first split before the second (the caller's save of 60 more), so it keeps them
   * as the generation before the newest: the older transaction reads its token and nothing more.
   */
  @Test
  void aTransactionOlderThanTheCachedCentroidsLeavesTheCacheWithTheNewerOnes() {
    Partitions ps = VectorContract.indexOf(store).partitions();
    try (Transaction old = twoPartitionsThenASplitAfter()) {
      EngineStats before = EmbeddedFdb.stats(db);
      Partitions.Centroids seen = ps.centroids(old, G).join();
      assertEquals(1, EmbeddedFdb.stats(db).since(before).keysRead(), "the token; its centroids are the generation cached before");
      assertEquals(2, seen.ids().length, "the two partitions of its read version");
      assertFalse(Arrays.equals(committedToken(), seen.token()), "under the token of its read version");
    }
    Partitions.Centroids cached = VectorContract.cached(db, ps);
    assertArrayEquals(committedToken(), cached.token(), "the cache keeps the newer token");
    assertEquals(3, cached.ids().length, "with the split's centroids");
  }

  /**
   * In a store with nothing cached (another than the one that searched), the centroids a reader older than the split
   * reads (every centroid, at its version) arrive after a newer reader cached the split's: the cache keeps the newer.
   */
  @Test
  void centroidsReadAtAnOlderVersionThatArriveLastDoNotReplaceNewerCachedOnes() {
    Transaction old = twoPartitionsThenASplitAfter();
    EntityStore<Doc> fresh = VectorContract.store(Metric.EUCLIDEAN, List.of(), true); // the same index, nothing cached
    Partitions late = VectorContract.indexOf(fresh).partitions();
    try (old) {
      CompletableFuture<Void> asked = new CompletableFuture<>();
      CompletableFuture<Void> answer = new CompletableFuture<>();
      CompletableFuture<Partitions.Centroids> older = late.centroids(held(old, asked, answer), G);
      asked.join(); // it found nothing cached and reads every centroid at its version
      db.read(tr -> late.centroids(tr, G).join()); // a newer reader caches the split's
      answer.complete(null);
      assertEquals(2, older.join().ids().length, "the older reader gets the two partitions of its version");
    }
    assertArrayEquals(committedToken(), VectorContract.cached(db, late).token(), "the cache keeps the newer token");
    assertEquals(3, VectorContract.cached(db, late).ids().length, "with the split's centroids");
  }

  /**
   * {@code tr} (and its snapshot view) whose range reads ({@code asList}) are made at once but answer only once {@code answer}
   * completes; {@code asked} completes at the first. A transaction stays one (its database's centroids are cached).
   */
  private static ReadTransaction held(ReadTransaction tr, CompletableFuture<Void> asked, CompletableFuture<Void> answer) {
    Class<?> kind = tr instanceof Transaction ? Transaction.class : ReadTransaction.class;
    return (ReadTransaction) Proxy.newProxyInstance(ReadTransaction.class.getClassLoader(), new Class<?>[] {kind},
        (proxy, method, args) -> {
          Object out;
          try {
            out = method.invoke(tr, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          if (method.getName().equals("snapshot")) {
            return held((ReadTransaction) out, asked, answer);
          }
          if (out instanceof AsyncIterable<?> range) {
            asked.complete(null);
            return heldRange(range, answer);
          }
          return out;
        });
  }

  private static <T> AsyncIterable<T> heldRange(AsyncIterable<T> range, CompletableFuture<Void> answer) {
    return new AsyncIterable<>() {
      @Override
      public AsyncIterator<T> iterator() {
        return range.iterator();
      }

      @Override
      public CompletableFuture<List<T>> asList() {
        return range.asList().thenCombine(answer, (list, v) -> list);
      }
    };
  }

  /** {@code n} centroids of {@code dimensions} floats, under a token that orders by {@code stamp}. */
  private static Partitions.Centroids centroids(int stamp, int n, int dimensions) {
    byte[] token = new byte[10];
    token[9] = (byte) stamp;
    long[] ids = new long[n];
    float[][] vectors = new float[n][dimensions];
    for (int i = 0; i < n; i++) {
      ids[i] = i;
    }
    return new Partitions.Centroids(token, ids, vectors);
  }

  @Test
  void overItsBudgetTheCacheDropsTheGroupsLeastRecentlyUsedAndKeepsTheOneJustRead() {
    long group = 10 * (8 * Float.BYTES + Long.BYTES); // 10 centroids of 8 floats, with their ids: 400 bytes
    CentroidCache cache = new CentroidCache(3 * group);
    Tuple a = Tuple.from("a");
    Tuple b = Tuple.from("b");
    Tuple c = Tuple.from("c");
    Tuple d = Tuple.from("d");
    cache.keep(a, centroids(1, 10, 8));
    cache.keep(b, centroids(1, 10, 8));
    cache.keep(c, centroids(1, 10, 8));
    assertNotNull(cache.newest(b), "three groups fit the budget");
    assertNotNull(cache.newest(a)); // a is now the most recently used, then b, then c the least
    cache.keep(d, centroids(1, 10, 8));
    assertNull(cache.newest(c), "over the budget, the least recently used group is dropped");
    assertNull(cache.newest(b), "and the next, until the cache holds three quarters of its budget");
    assertNotNull(cache.newest(a), "a group used since stays");
    assertNotNull(cache.newest(d), "the group just read stays");
    cache.keep(d, centroids(2, 10, 8)); // d holds two generations now, 800 bytes: with a's 400, the whole budget
    assertNotNull(cache.newest(a), "at the budget nothing is dropped");
    cache.keep(a, centroids(2, 10, 8)); // and a two: 1,600 bytes
    assertNull(cache.newest(d), "a generation before counts too: d, now the least recently used, is dropped");
    assertArrayEquals(centroids(2, 10, 8).token(), cache.newest(a).token());
    CentroidCache small = new CentroidCache(group / 2);
    small.keep(a, centroids(1, 10, 8));
    assertNotNull(small.newest(a), "a group larger than the whole budget is still kept while it is the one just read");
  }
}
