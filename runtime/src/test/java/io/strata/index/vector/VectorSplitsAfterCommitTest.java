package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.ForwardingDatabase;
import io.strata.embedded.CapturedLog;
import io.strata.embedded.EmbeddedFdb;
import io.strata.index.AfterCommit;
import io.strata.index.vector.VectorContract.Doc;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A write that commits its own transaction ({@link AfterCommit#run} given a database, as a generated repository's
 * {@code save}/{@code saveAll} without a caller's transaction) splits the partitions it took over their maximum after
 * its commit and before it returns; in a caller's transaction the splits stay with the next insert into the partition.
 * Counted on the embedded engine: partitions over the maximum, transactions, verification problems.
 */
class VectorSplitsAfterCommitTest {
  private static final int MAX = Partitions.maxSize(VectorContract.DIMENSIONS);
  private Database db;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void aLoadThatCommitsItsOwnTransactionsLeavesNoPartitionOverItsMaximum() {
    List<Doc> docs = VectorContract.clustered(new Random(71), 2_000, 12);
    EntityStore<Doc> owned = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    EntityStore<Doc> callers = VectorContract.store(Metric.EUCLIDEAN, List.of(), false);
    for (int from = 0; from < docs.size(); from += 500) {
      List<Doc> batch = docs.subList(from, from + 500);
      AfterCommit.run(db, tr -> owned.saveAll(tr, batch).join());
      Map<Long, Long> sizes = sizes(owned);
      assertEquals(sizes, codes(owned), "every size counts its partition's codes");
      assertEquals(Map.of(), overMaximum(sizes), "no partition over " + MAX + " when the save returns, after " + (from + 500));
      db.run(tr -> callers.saveAll(tr, batch).join());
    }
    assertEquals(List.of(), owned.verifyIndexes(db, 500).problems());
    assertEquals(2_000L, sizes(owned).values().stream().mapToLong(Long::longValue).sum());
    Map<Long, Long> deferred = overMaximum(sizes(callers));
    assertFalse(deferred.isEmpty(), "the same load in callers' transactions leaves partitions over the maximum: " + deferred);
    assertEquals(List.of(), callers.verifyIndexes(db, 500).problems());
  }

  @Test
  void aPartitionMoreThanOneSplitCanReadIsSplitAgainUntilWithinItsMaximum() {
    int many = VectorIndex.SPLIT_READ * MAX + 3 * MAX; // one split reads 8 x the maximum of its codes; the rest stay
    List<Doc> docs = VectorContract.clustered(new Random(77), many, 16);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    AfterCommit.run(db, tr -> store.saveAll(tr, docs).join()); // every vector in the group's first partition
    Map<Long, Long> sizes = sizes(store);
    assertEquals(Map.of(), overMaximum(sizes), "split again while a split left codes it could not read: " + sizes);
    assertEquals((long) many, sizes.values().stream().mapToLong(Long::longValue).sum());
    assertEquals(sizes, codes(store));
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
  }

  @Test
  void aPartitionASplitCreatedAfterTheBatchsReadVersionIsSplitTooThoughTheBatchSawItWithinTheMaximum() {
    for (boolean own : new boolean[] {true, false}) {
      List<Doc> docs = VectorContract.clustered(new Random(78), 3 * MAX + 450, 3);
      EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), own);
      db.run(tr -> store.saveAll(tr, docs.subList(0, 3 * MAX)).join()); // one partition over its maximum, not split yet
      assertEquals(Map.of(0L, 3L * MAX), sizes(store));
      // the batch's first insert asks the split, which splits the committed partition into parts the batch did not see
      // committed: it places the rest by them, each looking to it as holding only its own (about 90: no ask), and moves
      // its first vector to one of them; the others are neither asked nor moved into
      List<Doc> batch = docs.subList(3 * MAX, 3 * MAX + 450);
      if (own) {
        store.run(db, tr -> store.saveAll(tr, batch).join());
        assertEquals(Map.of(), overMaximum(sizes(store)), "the sizes read after the commit found the parts over: " + sizes(store));
      } else {
        db.run(tr -> store.saveAll(tr, batch).join());
        assertFalse(overMaximum(sizes(store)).isEmpty(), "in a caller's transaction the parts stay over: " + sizes(store));
      }
      assertEquals(sizes(store), codes(store));
      assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
    }
  }

  @Test
  void twoSavesThatEachSawThePartitionWithinItsMaximumButTogetherTookItOverLeaveItWithinWhenBothReturn() {
    List<Doc> docs = VectorContract.clustered(new Random(79), MAX + 1, 1);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    db.run(tr -> store.saveAll(tr, docs.subList(0, MAX - 1)).join()); // one partition, one vector below its maximum
    // both saves place their vector and read the size (MAX - 1, then MAX with their own) before either commits
    CompletableFuture<Void> commit = new CompletableFuture<>();
    List<CompletableFuture<Void>> placed = List.of(new CompletableFuture<>(), new CompletableFuture<>());
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Doc d = docs.get(MAX - 1 + i);
      CompletableFuture<Void> mine = placed.get(i);
      saves.add(AfterCommit.runAsync(db, tr -> store.save(tr, d).thenCompose(v -> {
        mine.complete(null);
        return commit;
      })));
    }
    CompletableFuture.allOf(placed.toArray(CompletableFuture[]::new)).join();
    commit.complete(null);
    saves.forEach(CompletableFuture::join);
    Map<Long, Long> sizes = sizes(store);
    assertEquals((long) MAX + 1, sizes.values().stream().mapToLong(Long::longValue).sum(), "both saves committed: " + sizes);
    assertEquals(Map.of(), overMaximum(sizes), "neither asked a split, but a save that saw its partition fewer than "
        + MAX / 16 + " below the maximum reads its size again after its commit and splits it: " + sizes);
    assertEquals(sizes, codes(store));
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
  }

  @Test
  void aSaveInACallersTransactionStillLeavesItsSplitToTheNextInsert() {
    List<Doc> docs = VectorContract.clustered(new Random(72), MAX + 20, 2);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    db.run(tr -> AfterCommit.run(tr, t -> store.saveAll(t, docs.subList(0, MAX + 10)).join()));
    assertEquals(Map.of(0L, (long) MAX + 10), sizes(store), "one partition over the maximum: its split waits for the next insert");
    AfterCommit.run(db, tr -> store.save(tr, docs.get(MAX + 10)).join()); // the next insert, committing its own transaction
    assertTrue(sizes(store).size() >= 2, "the next insert split it: " + sizes(store));
    assertEquals(Map.of(), overMaximum(sizes(store)));
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
  }

  @Test
  void whenTheSaveReturnsItsSplitsAreDoneAndTheIndexNoLongerChanges() {
    List<Doc> docs = VectorContract.clustered(new Random(73), 3 * MAX, 3);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    AfterCommit.runAsync(db, tr -> store.saveAll(tr, docs)).join();
    List<KeyValue> first = index(store);
    List<KeyValue> second = index(store);
    assertEquals(first.size(), second.size());
    for (int i = 0; i < first.size(); i++) {
      assertTrue(Arrays.equals(first.get(i).getKey(), second.get(i).getKey()) && Arrays.equals(first.get(i).getValue(), second.get(i).getValue()),
          "the index changed between two reads after the save returned, at entry " + i);
    }
    assertEquals(Map.of(), overMaximum(sizes(store)), "the asynchronous save completes once its splits are done");
  }

  @Test
  void theSplitsAfterTheCommitRunThroughTheSavesObservedDatabaseEachItsOwnTransaction() {
    List<String> transactions = new ArrayList<>();
    Database observed = VectorContract.observed(db, transactions);
    List<Doc> docs = VectorContract.clustered(new Random(74), MAX + 10, 2);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    AfterCommit.run(observed, tr -> store.saveAll(tr, docs).join());
    assertEquals(List.of("run", "read", "run", "read", "run"), transactions,
        "the split asked in the batch (nothing committed to split yet), the batch's read of the centroids, the batch, then"
            + " after its commit the read of the sizes of the partitions it put vectors into and the split, each observed as its own");
    assertTrue(sizes(store).size() >= 2, "split after the commit: " + sizes(store));
    assertEquals(Map.of(), overMaximum(sizes(store)));
  }

  @Test
  void aSplitThatFailsAfterTheCommitLosesNothingOfTheSaveAndTheNextInsertSplitsThePartition() {
    aSplitFailingAfterTheCommitIsLoggedAndAskedAgainByTheNextInsert(false);
  }

  @Test
  void aSplitWhoseTransactionThrowsAtOnceAfterTheCommitIsTreatedAsAFailedOne() {
    aSplitFailingAfterTheCommitIsLoggedAndAskedAgainByTheNextInsert(true);
  }

  /** A split after the commit fails: by a failed future, or by {@code runAsync} throwing at once ({@code thrown}). */
  private void aSplitFailingAfterTheCommitIsLoggedAndAskedAgainByTheNextInsert(boolean thrown) {
    FailingSplits failing = new FailingSplits(db, thrown);
    List<Doc> docs = VectorContract.clustered(new Random(76), MAX + 20, 2);
    EntityStore<Doc> store = VectorContract.store(Metric.EUCLIDEAN, List.of(), true);
    failing.failAfterCommit = true;
    try (CapturedLog log = new CapturedLog(Splits.class.getName())) {
      AfterCommit.run(failing, tr -> store.saveAll(tr, docs.subList(0, MAX + 10)).join()); // returns: the save committed
      assertEquals(1, log.records().size(), "one warning: " + log.messages());
      LogRecord warning = log.records().get(0);
      assertEquals(Level.WARNING, warning.getLevel());
      assertTrue(warning.getMessage().contains("the split of partition 0 of group () failed after the save that took it over its"
          + " maximum committed"), warning.getMessage());
      assertTrue(causes(warning.getThrown()).contains("injected: the split's transaction fails"), "the warning carries the failure: "
          + causes(warning.getThrown()));
    }
    assertEquals(1, failing.failed, "the split after the commit was tried once and failed (not retried: not retryable)");
    assertEquals(0, VectorContract.indexOf(store).splitsRunning(),
        "the failed split is no longer held as running, else the next insert into the partition would wait for it, not ask again");
    long rows = db.read(tr -> store.count(tr).join());
    assertEquals((long) MAX + 10, rows, "every row of the save is stored");
    assertEquals(Map.of(0L, (long) MAX + 10), sizes(store), "the partition stays over its maximum, as committed");
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems(), "and the index is whole");
    failing.failAfterCommit = false;
    AfterCommit.run(failing, tr -> store.save(tr, docs.get(MAX + 10)).join());
    assertEquals(Map.of(), overMaximum(sizes(store)), "the next insert into it asked its split again: " + sizes(store));
    assertEquals(List.of(), store.verifyIndexes(db, 500).problems());
  }

  /** The messages of {@code e} and its causes, outermost first. */
  private static List<String> causes(Throwable e) {
    List<String> out = new ArrayList<>();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.add(t.getMessage());
    }
    return out;
  }

  /**
   * A database whose asynchronous transactions fail, once a blocking one has committed, while {@link #failAfterCommit}:
   * by a failed future, or by throwing at once ({@code thrown}).
   */
  private static final class FailingSplits extends ForwardingDatabase {
    private final boolean thrown;
    volatile boolean failAfterCommit;
    volatile boolean committed;
    int failed;

    FailingSplits(Database db, boolean thrown) {
      super(db);
      this.thrown = thrown;
    }

    @Override
    public <T> T run(Function<? super Transaction, T> retryable, Executor e) {
      committed = false;
      T result = super.run(retryable, e);
      committed = true;
      return result;
    }

    @Override
    public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable, Executor e) {
      if (failAfterCommit && committed) {
        failed++;
        IllegalStateException failure = new IllegalStateException("injected: the split's transaction fails");
        if (thrown) {
          throw failure;
        }
        return CompletableFuture.failedFuture(failure);
      }
      return super.runAsync(retryable, e);
    }
  }

  private static Subspace indexSpace(EntityStore<Doc> store) {
    return store.layout().entity().get(Tuple.from("N", "vector"));
  }

  private List<KeyValue> index(EntityStore<Doc> store) {
    return db.read(tr -> tr.getRange(indexSpace(store).range()).asList().join());
  }

  /** Each partition's stored size, by partition (ungrouped index). */
  private Map<Long, Long> sizes(EntityStore<Doc> store) {
    Subspace index = indexSpace(store);
    Map<Long, Long> out = new TreeMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(index.range(Tuple.from(Partitions.SIZE))).asList().join())) {
      long size = Partitions.little(kv.getValue());
      if (size != 0) {
        out.put(index.unpack(kv.getKey()).getLong(1), size);
      }
    }
    return out;
  }

  /** How many codes each partition holds, by partition. */
  private Map<Long, Long> codes(EntityStore<Doc> store) {
    Subspace index = indexSpace(store);
    Map<Long, Long> out = new TreeMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(index.range(Tuple.from(Partitions.CODE))).asList().join())) {
      out.merge(index.unpack(kv.getKey()).getLong(1), 1L, Long::sum);
    }
    return out;
  }

  private static Map<Long, Long> overMaximum(Map<Long, Long> sizes) {
    Map<Long, Long> out = new TreeMap<>();
    sizes.forEach((p, n) -> {
      if (n > MAX) {
        out.put(p, n);
      }
    });
    return out;
  }

  /**
   * Which writes keep {@link AfterCommit}'s bookkeeping: the own-transaction writes of an entity whose index asks work
   * after its commit (an {@code @Embedding}'s), through {@link EntityStore#run} and Jakarta Data's
   * {@link io.strata.query.CandidateReads#write}; an entity with no such index commits with none (no registration in
   * the map every write of the process shares), and a caller's transaction never has one.
   */
  @Test
  void onlyAnEntityWhoseIndexAsksWorkAfterItsCommitRegistersItsOwnWrites() {
    EntityStore<Doc> vectors = VectorContract.store(Metric.COSINE, List.of(), true);
    EntityStore<Doc> plain = EntityStore.builder(new VectorContract.DocCodec(), new Subspace(Tuple.from("plain")))
        .ids(Elements::toLong).build();
    List<Boolean> registered = new ArrayList<>();
    vectors.run(db, tr -> registered.add(AfterCommit.of(tr) != null));
    plain.run(db, tr -> registered.add(AfterCommit.of(tr) != null));
    vectors.runAsync(db, tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null))).join();
    plain.runAsync(db, tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null))).join();
    new io.strata.query.CandidateReads<>(db, vectors, e -> e).write(tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null)));
    new io.strata.query.CandidateReads<>(db, plain, e -> e).write(tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null)));
    db.run(tr -> vectors.run(tr, inner -> registered.add(AfterCommit.of(inner) != null)));
    assertEquals(List.of(true, false, true, false, true, false, false), registered,
        "vectors, plain: run, runAsync, a Jakarta write; then a caller's transaction");
  }
}
