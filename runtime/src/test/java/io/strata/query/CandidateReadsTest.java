package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.query.QueryReadsTest.Scored;
import io.strata.query.QueryReadsTest.ScoredCodec;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read core's one candidates type and its reads, as both dialects' generated methods run them: every source
 * ({@link Candidates#index}, a built scan's {@link IndexScan#candidates()}, {@link Candidates#ids}, {@link Candidates#allRows},
 * {@link Candidates#union}) gives the candidates a read of every row filtered by the same predicate gives, in batches.
 */
class CandidateReadsTest {
  private static final int ROWS = CandidateReads.BATCH + FilteredRows.BATCH + 3; // more than one batch of each
  private Database db;
  private EntityStore<Scored> store;
  private CandidateReads<Scored> reads;
  private final List<Scored> all = new ArrayList<>();

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
    store = EntityStore.builder(new ScoredCodec(), new Subspace()).index("byScore", "score").packed().ids(Elements::toStr).build();
    reads = new CandidateReads<>(db, store, e -> e);
    for (int i = 0; i < ROWS; i++) {
      all.add(new Scored(String.format("s%04d", i), i % 7));
    }
    db.run(tr -> store.saveAll(tr, all).join());
  }

  @AfterEach
  void close() {
    db.close();
  }

  private List<Scored> expected(Predicate<Scored> where) {
    return all.stream().filter(where).toList();
  }

  @Test
  void aBuiltScanAndAScanBuiltPerReadGiveTheCandidatesAnIndexHolds() {
    Predicate<Scored> three = s -> s.score() == 3;
    List<Scored> perRead = reads.matching(three, Candidates.index(st -> IndexScan.of(st, "byScore").equal(3L), 3L));
    List<Scored> built = reads.matching(three, IndexScan.of(store, "byScore").equal(3L).candidates());
    assertEquals(expected(three), perRead);
    assertEquals(expected(three), built);
    assertEquals(expected(three).size(), reads.count(three, Candidates.allRows(),
        Candidates.indexKeys(st -> IndexScan.of(st, "byScore").equal(3L), 3L)));
  }

  @Test
  void aNullQueryValueHasNoCandidateAndANullInAnInReadsEveryRow() {
    assertEquals(List.of(), reads.matching(s -> true, Candidates.index(st -> IndexScan.of(st, "byScore"), (Object) null)));
    Predicate<Scored> one = s -> s.score() == 1;
    assertEquals(expected(one), reads.matching(one, Candidates.index(st -> IndexScan.of(st, "byScore"), Arrays.asList(1L, null))));
    assertEquals(null, Candidates.indexKeys(st -> IndexScan.of(st, "byScore"), Arrays.asList(1L, null)), "rows are counted");
  }

  @Test
  void everyRowAndAUnionGiveEachMatchOnceInBatches() {
    Predicate<Scored> lowOrEven = s -> s.score() < 2 || s.score() % 2 == 0;
    assertEquals(expected(lowOrEven), reads.matching(lowOrEven, Candidates.allRows()));
    Predicate<Scored> low = s -> s.score() < 2;
    Predicate<Scored> even = s -> s.score() % 2 == 0;
    Candidates<Scored> union = Candidates.union(List.of(
        Candidates.index(st -> IndexScan.of(st, "byScore").to(2L, false), 2L), Candidates.allRows()), List.of(low, even));
    List<Scored> read = reads.matching(lowOrEven, union);
    assertEquals(expected(lowOrEven).size(), read.size());
    assertEquals(expected(lowOrEven).stream().map(Scored::id).sorted().toList(), read.stream().map(Scored::id).sorted().toList());
    assertThrows(IllegalArgumentException.class, () -> Candidates.union(List.of(Candidates.<Scored>allRows()), List.of()));
  }

  @Test
  void aUnionBranchsCandidateThatOnlyALaterBranchMatchesComesOnce() {
    // branch 1 reads the index for scores below 4 and checks score < 2 on the rows; branch 2 reads scores from 3 on
    Predicate<Scored> low = s -> s.score() < 2;
    Predicate<Scored> odd = s -> s.score() % 2 == 1;
    Predicate<Scored> lowOrOdd = low.or(odd);
    Candidates<Scored> union = Candidates.union(List.of(Candidates.index(st -> IndexScan.of(st, "byScore").to(4L, false), 4L),
        Candidates.index(st -> IndexScan.of(st, "byScore").from(3L, true), 3L)), List.of(low, odd));
    List<String> read = reads.matching(lowOrOdd, union).stream().map(Scored::id).sorted().toList();
    assertEquals(expected(lowOrOdd).stream().map(Scored::id).sorted().toList(), read, "a score of 3 is branch 2's alone");
  }

  @Test
  void aFewMatchesAreReadInAFirstBatchOfThatManyUnlessEveryRowIsRead() {
    Candidates<Scored> byScore = Candidates.index(st -> IndexScan.of(st, "byScore").from(0L, true), 0L);
    assertEquals(3, byScore.firstBatch(3), "an index narrows the read: as many as are expected");
    assertEquals(FilteredRows.BATCH, Candidates.<Scored>allRows().firstBatch(3), "every row: a whole batch of rows");
    Predicate<Scored> any = s -> true;
    assertEquals(3, Candidates.union(List.of(byScore, byScore), List.of(any, any)).firstBatch(3));
    assertEquals(FilteredRows.BATCH, Candidates.union(List.of(byScore, Candidates.allRows()), List.of(any, any)).firstBatch(3),
        "a union with a branch of every row: that branch's batch");
    assertEquals(3, reads.some(s -> true, byScore, 3).size());
  }

  @Test
  void idsAreReadOnceEachAndAFewOrAnyStopEarly() {
    List<Scored> byIds = reads.matching(s -> true, Candidates.ids(Arrays.asList("s0002", null, "s0001", "s0002", "missing")));
    assertEquals(List.of("s0002", "s0001"), byIds.stream().map(Scored::id).toList());
    assertEquals(2, reads.some(s -> s.score() == 6, Candidates.allRows(), 2).size());
    assertTrue(reads.any(s -> s.score() == 6, Candidates.allRows()));
    assertFalse(reads.any(s -> s.score() == 9, Candidates.allRows(), null));
  }

  @Test
  void aFailureReachesTheCallerAsTheEdgeTranslatesIt() {
    IllegalStateException translated = new IllegalStateException("translated");
    CandidateReads<Scored> edge = new CandidateReads<>(db, store, e -> translated);
    Candidates<Scored> failing = (st, tr, limit, after) -> {
      throw new UnsupportedOperationException("boom");
    };
    assertSame(translated, assertThrows(IllegalStateException.class, () -> edge.matching(s -> true, failing)));
  }

  @Test
  void aChangeOfEveryMatchIsBatchedAndJudgesEachRowOnItsStoredState() {
    Predicate<Scored> five = s -> s.score() == 5;
    List<Scored> matches = reads.matching(five, Candidates.allRows());
    Scored moved = matches.get(0);
    db.run(tr -> store.save(tr, new Scored(moved.id(), 0)).join()); // no longer matches when the change runs
    long deleted = reads.changeInBatches(five, matches, Scored::id, (tr, s) -> store.delete(tr, s.id()));
    assertEquals(matches.size() - 1, deleted);
    assertEquals(List.of(), reads.matching(five, Candidates.allRows()));
    assertEquals(1, reads.matching(s -> s.id().equals(moved.id()), Candidates.allRows()).size());
  }

  @Test
  void aReadInACallersTransactionGivesTheMatchesTheBatchedReadGivesFromTheSameBatches() {
    Predicate<Scored> late = s -> s.id().compareTo("s1400") > 0; // past two batches of every row
    Candidates<Scored> byScore = Candidates.index(st -> IndexScan.of(st, "byScore").from(2L, true), 2L);
    Predicate<Scored> six = s -> s.score() == 6;
    for (long n : new long[] {1, 3, 40, ROWS}) {
      assertEquals(reads.some(late, Candidates.allRows(), n), db.read(tr -> CandidateReads.first(tr, store, late, Candidates.allRows(), n).join()),
          "every row, " + n);
      assertEquals(reads.some(six, byScore, n), db.read(tr -> CandidateReads.first(tr, store, six, byScore, n).join()), "index, " + n);
    }
    assertEquals(expected(late).subList(0, 3), db.read(tr -> CandidateReads.first(tr, store, late, Candidates.allRows(), 3).join()));
    assertEquals(expected(late), db.read(tr -> CandidateReads.all(tr, store, late, Candidates.allRows()).join()));
    assertEquals(expected(six), db.read(tr -> CandidateReads.all(tr, store, six, byScore).join()));
    assertEquals(List.of(), db.read(tr -> CandidateReads.first(tr, store, s -> true, Candidates.allRows(), 0).join()));
  }

  @Test
  void aReadInACallersTransactionReadsInThatTransactionAndSeesItsWrites() {
    Scored added = new Scored("s9999", 42);
    List<Scored> seen;
    try (Transaction tr = db.createTransaction()) {
      store.save(tr, added).join();
      seen = CandidateReads.first(tr, store, s -> true, IndexScan.of(store, "byScore").equal(42L).candidates(), 5).join();
    } // not committed
    assertEquals(List.of(added), seen, "the caller's uncommitted write is read: every batch is in its transaction");
    assertEquals(List.of(), reads.some(s -> s.score() == 42, Candidates.allRows(), 5), "nothing was committed");
  }

  @Test
  void aLimitOrEverythingOnAnIndexReadReadsTheKeysAndReadsOfTheScansOwnRead() {
    db.read(tr -> IndexScan.of(store, "byScore").equal(4L).limit(1).entities(tr).join()); // the index's state, read once
    for (int limit : new int[] {5, Integer.MAX_VALUE}) {
      EngineStats before = EmbeddedFdb.stats(db);
      List<Scored> scanned = db.read(tr -> IndexScan.of(store, "byScore").equal(4L).reverse().limit(limit).entities(tr).join());
      EngineStats scan = EmbeddedFdb.stats(db).since(before);
      before = EmbeddedFdb.stats(db);
      List<Scored> read = db.read(tr -> CandidateReads.first(tr, store, s -> true, IndexScan.of(store, "byScore").equal(4L).reverse()
          .candidates(), limit).join());
      EngineStats core = EmbeddedFdb.stats(db).since(before);
      List<Scored> fours = new ArrayList<>(expected(s -> s.score() == 4));
      java.util.Collections.reverse(fours);
      assertEquals(limit == 5 ? fours.subList(0, 5) : fours, read);
      assertEquals(scanned, read);
      assertEquals(scan.keysRead(), core.keysRead(), "the entries and their rows, limit " + limit);
      assertEquals(1, core.readRoundTrips(), "in one mapped range read, limit " + limit);
    }
  }

  @Test
  void aFilteredScansCandidatesAreTheFilteredEntitiesOfEachBatchOfEntries() {
    Predicate<Scored> odd = s -> s.score() % 2 == 1;
    List<Scored> batch = db.read(tr -> IndexScan.of(store, "byScore").from(3L, true).filter(odd).candidates().read(store, tr, 10, null)
        .join().items());
    // the first ten entries of scores >= 3 are all 3s (by id): every one kept
    assertEquals(expected(s -> s.score() == 3).subList(0, 10), batch);
    Page<Scored> evens = db.read(tr -> IndexScan.of(store, "byScore").equal(2L).filter(odd).candidates().read(store, tr, 10, null).join());
    assertEquals(List.of(), evens.items(), "ten entries read, none kept");
    assertTrue(evens.next().isPresent(), "a full batch of entries goes on, kept or not");
    List<Scored> inIndexOrder = expected(s -> s.score() >= 3 && s.score() % 2 == 1).stream()
        .sorted(java.util.Comparator.comparingLong(Scored::score).thenComparing(Scored::id)).toList();
    assertEquals(inIndexOrder, db.read(tr -> IndexScan.of(store, "byScore").from(3L, true).filter(odd).entities(tr).join()));
    assertEquals(inIndexOrder.subList(0, 300),
        db.read(tr -> IndexScan.of(store, "byScore").from(3L, true).filter(odd).limit(300).entities(tr).join()));
  }

  @Test
  void aReadOfManyBatchesThatCompleteAtOnceDoesNotDeepenTheStack() {
    int batches = 200_000;
    int[] read = {0};
    Continuation more = Continuation.of(new byte[] {1}, new byte[] {2});
    List<Integer> found = FirstMatches.<Integer>read((size, after) -> {
      int at = read[0]++; // one item a batch, whatever the size asked for, each batch already complete
      return CompletableFuture.completedFuture(new Page<>(List.of(at), at + 1 < batches ? Optional.of(more) : Optional.empty()));
    }, i -> i >= batches - 2, 1, 5).join();
    assertEquals(List.of(batches - 2, batches - 1), found, "every batch read, the last two matching");
    assertEquals(batches, read[0]);
  }

  @Test
  void theBatchesGrowFromTheFirstByDoublingUpToTheBatchSize() {
    List<Integer> sizes = new ArrayList<>();
    Continuation more = Continuation.of(new byte[] {1}, new byte[] {2});
    FirstMatches.<Integer>read((size, after) -> {
      sizes.add(size);
      return CompletableFuture.completedFuture(new Page<>(List.of(), sizes.size() < 9 ? Optional.of(more) : Optional.empty()));
    }, i -> true, 3, 10).join();
    assertEquals(List.of(3, 6, 12, 24, 48, 96, 192, 384, 768), sizes);
    sizes.clear();
    FirstMatches.<Integer>read((size, after) -> {
      sizes.add(size);
      return CompletableFuture.completedFuture(new Page<>(List.of(), sizes.size() < 3 ? Optional.of(more) : Optional.empty()));
    }, i -> true, Long.MAX_VALUE, Long.MAX_VALUE).join();
    assertEquals(List.of(Integer.MAX_VALUE, CandidateReads.BATCH, CandidateReads.BATCH), sizes, "everything first, then whole batches");
  }

  @Test
  void aFailingBatchFailsTheReadInACallersTransactionAndIsTranslatedInTheBatchedOne() {
    Candidates<Scored> failing = (st, tr, limit, after) -> CompletableFuture.failedFuture(new UnsupportedOperationException("boom"));
    CompletionException failed = assertThrows(CompletionException.class,
        () -> db.read(tr -> CandidateReads.first(tr, store, s -> true, failing, 2).join()));
    assertTrue(Blocking.unwrap(failed) instanceof UnsupportedOperationException, failed.toString());
    IllegalStateException translated = new IllegalStateException("translated");
    assertSame(translated, assertThrows(IllegalStateException.class,
        () -> new CandidateReads<>(db, store, e -> translated).some(s -> true, failing, 2)));
  }

  @Test
  void aReadOfEveryMatchInBatchesReturnsWhereOneTransactionIsTooOldOnEveryAttempt() {
    // a transaction reading its third batch has been open past FoundationDB's five seconds: transaction_too_old (1007)
    Map<ReadTransaction, Integer> batchesRead = java.util.Collections.synchronizedMap(new IdentityHashMap<>());
    Candidates<Scored> rows = Candidates.allRows();
    Candidates<Scored> slow = (st, tr, limit, after) -> batchesRead.merge(tr, 1, Integer::sum) > 2
        ? CompletableFuture.failedFuture(new FDBException("Transaction is too old to perform reads or be committed", 1007))
        : rows.read(st, tr, limit, after);
    assertEquals(all, CandidateReads.matching(db, store, s -> true, slow), "every row, in batches of their own transactions");
    FDBException tooOld = assertThrows(FDBException.class, () -> Blocking.call(() -> db.read(tr -> {
      tr.options().setRetryLimit(3); // without a limit fdb-java's loop, as FoundationDB's, retries 1007 for ever
      return CandidateReads.all(tr, store, s -> true, slow).join();
    })));
    assertEquals(1007, tooOld.getCode(), "every attempt in one transaction reads a third batch");
  }
}
