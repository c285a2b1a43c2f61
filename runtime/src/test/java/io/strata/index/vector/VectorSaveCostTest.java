package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import io.strata.ForwardingDatabase;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.index.vector.VectorContract.Doc;
import io.strata.repository.EntityStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a save into an {@code @Embedding} index costs beside its own transaction, counted by the embedded engine
 * (transactions by their read versions), and what the index keeps of a transaction once it ends.
 */
class VectorSaveCostTest {
  private Database db;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.builder().latency(Duration.ofMillis(1)).open();
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void aSingleSaveThatAsksNoSplitTakesOneReadVersionAndOneCommit() {
    twentySingleSavesTakeOneReadVersionAndOneCommitEach(61, (store, body) -> db.run(body),
        "one read version per save, none for a read of the centroids apart");
  }

  @Test
  void aSingleSaveThatCommitsItsOwnTransactionAndAsksNoSplitStillTakesOneReadVersionAndOneCommit() {
    // as a generated repository's save(entity) runs it
    twentySingleSavesTakeOneReadVersionAndOneCommitEach(64, (store, body) -> store.run(db, body),
        "one read version per save, no transaction after its commit");
  }

  /**
   * 40 clustered vectors saved into one partition (under its maximum), then 20 more one save each, every transaction run
   * by {@code run}: each of the 20 costs one read version and one commit, and no save's placements are kept.
   */
  private void twentySingleSavesTakeOneReadVersionAndOneCommitEach(long seed,
      BiConsumer<EntityStore<Doc>, Function<Transaction, Void>> run, String readVersions) {
    List<Doc> docs = VectorContract.clustered(new Random(seed), 60, 2);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    run.accept(store, tr -> store.saveAll(tr, docs.subList(0, 40)).join()); // one partition, under its maximum
    EngineStats before = EmbeddedFdb.stats(db);
    for (Doc d : docs.subList(40, 60)) {
      run.accept(store, tr -> store.save(tr, d).join());
    }
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    assertEquals(20, cost.readVersionRoundTrips(), readVersions + ": " + cost);
    assertEquals(20, cost.commitRoundTrips(), "one commit per save: " + cost);
    assertEquals(0, VectorContract.indexOf(store).attemptsHeld(), "no save's placements kept");
  }

  @Test
  void aSingleSaveThatCommitsItsOwnTransactionIntoAPartitionNearItsMaximumReadsItsSizeOnceMoreAfterItsCommit() {
    int max = Partitions.maxSize(VectorContract.DIMENSIONS);
    List<Doc> docs = VectorContract.clustered(new Random(65), max, 1);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    db.run(tr -> store.saveAll(tr, docs.subList(0, max - 4)).join()); // one partition, 4 below its maximum
    EngineStats before = EmbeddedFdb.stats(db);
    db.run(tr -> store.save(tr, docs.get(max - 4)).join()); // in a caller's transaction: nothing after its commit
    EngineStats caller = EmbeddedFdb.stats(db).since(before);
    assertEquals(1, caller.readVersionRoundTrips(), "a save in a caller's transaction: " + caller);
    before = EmbeddedFdb.stats(db);
    store.run(db, tr -> store.save(tr, docs.get(max - 3)).join()); // sees the partition at max - 2, within the margin
    EngineStats own = EmbeddedFdb.stats(db).since(before);
    assertEquals(2, own.readVersionRoundTrips(), "the save, then the read of its partition's committed size: " + own);
    assertEquals(1, own.commitRoundTrips(), "nothing to split, nothing more committed: " + own);
    assertEquals(0, VectorContract.indexOf(store).attemptsHeld(), "no save's placements or near partitions kept");
  }

  @Test
  void aLargeSaveAllKeepsNoneOfItsVectorsOnceItCommits() {
    List<Doc> docs = VectorContract.clustered(new Random(62), 3_000, 12);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    db.run(tr -> store.saveAll(tr, docs.subList(0, 1_000)).join());
    db.run(tr -> store.saveAll(tr, docs.subList(1_000, docs.size())).join()); // asks for splits and places 2,000 vectors
    assertEquals(0, VectorContract.indexOf(store).attemptsHeld(), "neither the batches' placed vectors nor their split asks are held");
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
  }

  @Test
  void aBatchWhoseReadOfTheCommittedCentroidsThrowsAtOnceFailsWithThatErrorAndKeepsNothingOfItsAttempt() {
    aBatchFailingAfterItsAskedSplitMovedAVectorKeepsNothing(true);
  }

  @Test
  void aBatchWhoseReadOfTheCommittedCentroidsFailsFailsWithThatErrorAndKeepsNothingOfItsAttempt() {
    aBatchFailingAfterItsAskedSplitMovedAVectorKeepsNothing(false);
  }

  /**
   * A batch into a committed partition over its maximum: its first vector (a copy of the partition's first, so on the
   * side of the split that moves to a new partition) asks the split, which commits, and moves into the new part; then
   * the batch's read of the centroids as committed fails, by throwing at once ({@code thrown}) or by a failed future.
   */
  private void aBatchFailingAfterItsAskedSplitMovedAVectorKeepsNothing(boolean thrown) {
    RuntimeException injected = new IllegalStateException("injected: the batch's read of the centroids fails");
    Database failing = new ForwardingDatabase(db) {
      @Override
      public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable, Executor e) {
        if (thrown) {
          throw injected;
        }
        return CompletableFuture.failedFuture(injected);
      }
    };
    EntityStore<Doc> store = aBatchIntoAPartitionOverItsMaximumFailsWithAndKeepsNothing(failing, injected);
    assertEquals(2, centroids(store), "the split the batch asked committed");
  }

  @Test
  void aBatchWhoseAskedSplitFailsFailsWithThatErrorAndKeepsNothingOfItsAttempt() {
    RuntimeException injected = new IllegalStateException("injected: the split's transaction fails");
    Database failing = new ForwardingDatabase(db) {
      @Override
      public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable, Executor e) {
        return CompletableFuture.failedFuture(injected);
      }
    };
    EntityStore<Doc> store = aBatchIntoAPartitionOverItsMaximumFailsWithAndKeepsNothing(failing, injected);
    assertEquals(1, centroids(store), "nothing split");
  }

  /**
   * A batch in a transaction of {@code failing}, into a committed partition over its maximum (asking its split at its
   * first vector), fails with {@code injected} as the cause of its future's failure, and the index holds nothing of
   * the attempt: neither what it placed, asked or saw near the maximum, nor the partitions it moved vectors into.
   * Returns the store.
   */
  private EntityStore<Doc> aBatchIntoAPartitionOverItsMaximumFailsWithAndKeepsNothing(Database failing, RuntimeException injected) {
    int max = Partitions.maxSize(VectorContract.DIMENSIONS);
    List<Doc> docs = VectorContract.clustered(new Random(66), max + 30, 2);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    db.run(tr -> store.saveAll(tr, docs.subList(0, max + 10)).join()); // one partition over its maximum, not split yet
    List<Doc> batch = new ArrayList<>(List.of(new Doc(10_000, "c0", docs.get(0).vector())));
    batch.addAll(docs.subList(max + 10, docs.size()));
    try (Transaction tr = failing.createTransaction()) {
      CompletionException e = assertThrows(CompletionException.class, () -> store.saveAll(tr, batch).join());
      assertSame(injected, e.getCause(), "the batch's future fails with the error as its cause");
    }
    assertEquals(0, VectorContract.indexOf(store).attemptsHeld(), "nothing of the failed attempt is held");
    return store;
  }

  @Test
  void theSplitAndTheBatchsCentroidReadRunThroughTheCallersObservedDatabase() {
    List<String> transactions = new ArrayList<>();
    Database observed = VectorContract.observed(db, transactions);
    int max = Partitions.maxSize(VectorContract.DIMENSIONS);
    List<Doc> docs = VectorContract.clustered(new Random(63), max + 30, 2);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    observed.run(tr -> store.saveAll(tr, docs.subList(0, max + 10)).join()); // over the maximum, its split asked too early
    assertEquals(1, centroids(store));
    transactions.clear();
    observed.run(tr -> store.saveAll(tr, docs.subList(max + 10, docs.size())).join());
    assertTrue(centroids(store) >= 2, "the committed partition over its maximum was split");
    assertEquals(List.of("run", "read", "run"), transactions,
        "the split, then the batch's read of the centroids as committed, then the batch, each observed as its own");
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
  }

  private int centroids(EntityStore<Doc> store) {
    var index = store.layout().entity().get(com.apple.foundationdb.tuple.Tuple.from("N", "vector", Partitions.CENTROID));
    return db.read(tr -> tr.getRange(index.range()).asList().join()).size();
  }
}
