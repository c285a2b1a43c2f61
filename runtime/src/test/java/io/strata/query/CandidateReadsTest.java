package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.embedded.EmbeddedFdb;
import io.strata.query.QueryReadsTest.Scored;
import io.strata.query.QueryReadsTest.ScoredCodec;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
}
