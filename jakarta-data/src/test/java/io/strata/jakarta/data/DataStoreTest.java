package io.strata.jakarta.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.query.CandidateReads;
import io.strata.query.Candidates;
import io.strata.query.FilteredRows;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import io.strata.query.IndexOrder;
import jakarta.data.Sort;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The lifecycle and bulk operations generated Jakarta Data repositories call, on the embedded engine. */
class DataStoreTest {
  /** A mutable entity, as JDQL UPDATE needs: id and a count. */
  static final class Counter {
    String id;
    int count;

    Counter(String id, int count) {
      this.id = id;
      this.count = count;
    }
  }

  /** What the processor would generate for {@link Counter}. */
  static final class CounterCodec extends EntityCodec<Counter> {
    CounterCodec() {
      super("Counter", List.of("id", "count"), 0);
    }

    @Override
    public Object[] toElements(Counter e) {
      return new Object[] {e.id, (long) e.count};
    }

    @Override
    public Counter fromElements(Object[] el) {
      return new Counter(Elements.toStr(el[0]), el[1] == null ? 0 : Elements.toInt(el[1]));
    }
  }

  private StrataDb sdb;
  private DataStore<Counter> data;

  @BeforeEach
  void open() {
    sdb = Strata.connect("strata:mem:");
    Database db = sdb.database();
    EntityStore<Counter> store = EntityStore.builder(new CounterCodec(), new Subspace()).index("byCount", "count").packed()
        .ids(Elements::toStr).build();
    data = new DataStore<>(db, store, Attributes.<Counter>of("Counter").attribute("id", c -> c.id, true)
        .attribute("count", c -> c.count, false).build());
  }

  @AfterEach
  void close() {
    sdb.close();
  }

  /** Saves {@code n} counters {@code k00000}, {@code k00001}, ... with the counts {@code count} gives; returns them. */
  private List<Counter> saveCounters(int n, java.util.function.IntUnaryOperator count) {
    List<Counter> all = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new Counter(String.format("k%05d", i), count.applyAsInt(i)));
    }
    data.saveAll(all);
    return all;
  }

  private List<String> ids() {
    return data.reads().matching(c -> true, Candidates.allRows()).stream().map(c -> c.id).toList();
  }

  @Test
  void anInOverEveryScaleOfADecimalMustEndItsScan() {
    EntityStore<Counter> store = EntityStore.builder(new CounterCodec(), new Subspace()).index("byCount", "count").packed()
        .ids(Elements::toStr).build();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> io.strata.query.IndexScan.of(store, "byCount")
        .inEveryScale(List.of(java.math.BigDecimal.ONE)).from(1L, true));
    assertTrue(e.getMessage().endsWith(": an In over every scale of 'count' must be the scan's last condition, with no other"
        + " condition after it"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> io.strata.query.IndexScan.of(store, "byCount")
        .inEveryScale(List.of(java.math.BigDecimal.ONE)).after(com.apple.foundationdb.tuple.Tuple.from(1L)));
    IllegalArgumentException nullValue = assertThrows(IllegalArgumentException.class, () -> io.strata.query.IndexScan.of(store,
        "byCount").inEveryScale(java.util.Arrays.asList(java.math.BigDecimal.ONE, null)));
    assertTrue(nullValue.getMessage().contains("count"), nullValue.getMessage());
  }

  @Test
  void insertOfAnExistingIdIsEntityExistsAndWritesNothingOfTheBatch() {
    data.insert(new Counter("a", 1));
    assertThrows(EntityExistsException.class, () -> data.insertAll(List.of(new Counter("b", 2), new Counter("a", 3))));
    assertEquals(List.of("a"), ids());
    assertEquals(1, data.findById("a").orElseThrow().count);
  }

  @Test
  void updateOrDeleteOfAMissingEntityIsAnOptimisticLockingFailureAndChangesNothing() {
    data.save(new Counter("a", 1));
    assertThrows(OptimisticLockingFailureException.class, () -> data.updateAll(List.of(new Counter("a", 5), new Counter("z", 1))));
    assertEquals(1, data.findById("a").orElseThrow().count);
    assertThrows(OptimisticLockingFailureException.class, () -> data.deleteAll(List.of(new Counter("a", 1), new Counter("z", 1))));
    assertTrue(data.existsById("a"));
    data.deleteById("z"); // the specification's deleteById is silent
    data.delete(new Counter("a", 0));
    assertFalse(data.existsById("a"));
    assertEquals(0, data.countAll());
  }

  @Test
  void bulkUpdateAndDeleteTouchExactlyTheMatchingRowsAcrossBatches() {
    int n = CandidateReads.BATCH * 2 + 7; // more than one read batch
    saveCounters(n, i -> i);
    long odd = data.update(c -> c.count % 2 == 1, Candidates.allRows(), c -> {
      c.count = -c.count;
      return c;
    });
    assertEquals(n / 2, odd);
    assertEquals(n / 2, data.reads().matching(c -> c.count < 0, Candidates.allRows()).size());
    assertEquals(n - n / 2, data.delete(c -> c.count >= 0, Candidates.allRows()));
    assertEquals(n / 2, data.countAll());
    List<Counter> sorted = data.sorted(c -> true, Candidates.allRows(), List.of(Sort.asc("count")));
    assertEquals(-(n - 1 - (n % 2 == 0 ? 0 : 1)), sorted.get(0).count);
  }

  @Test
  void anUpdateMayNotChangeTheId() {
    data.save(new Counter("a", 1));
    assertThrows(jakarta.data.exceptions.DataException.class, () -> data.update(c -> true, Candidates.allRows(), c -> new Counter("b", 1)));
    assertEquals(List.of("a"), ids());
  }

  @Test
  void indexCandidatesNarrowTheReadAndThePredicateStillDecides() {
    int n = CandidateReads.BATCH * 2 + 7;
    List<Counter> all = saveCounters(n, i -> i % 10);
    Integer three = 3;
    Candidates<Counter> countIsThree = Candidates.index(
        store -> io.strata.query.IndexScan.of(store, "byCount").equal(3L), three);
    List<Counter> found = data.reads().matching(c -> true, countIsThree);
    assertEquals(all.stream().filter(c -> c.count == 3).map(c -> c.id).toList(), found.stream().map(c -> c.id).toList());
    // the predicate holds every condition: candidates only narrow the read
    assertEquals(List.of("k00003"), data.reads().matching(c -> c.id.equals("k00003"), countIsThree).stream().map(c -> c.id).toList());
    // the index range spans more than one batch: every candidate is read once
    Candidates<Counter> atLeastOne = Candidates.index(
        store -> io.strata.query.IndexScan.of(store, "byCount").from(1L, true), 1);
    assertEquals(all.stream().filter(c -> c.count >= 1).count(), data.reads().matching(c -> true, atLeastOne).size());
    assertEquals(all.stream().filter(c -> c.count == 3).count(), data.delete(c -> c.count == 3, countIsThree));
    assertEquals(0, data.reads().matching(c -> c.count == 3, Candidates.allRows()).size());
  }

  @Test
  void aNullQueryValueHasNoCandidates() {
    data.save(new Counter("a", 0));
    Candidates<Counter> none = Candidates.index(
        store -> { throw new AssertionError("a null value must not reach the index scan"); }, (Object) null);
    assertEquals(List.of(), data.reads().matching(c -> true, none));
  }

  @Test
  void idCandidatesReadEachStoredIdOnce() {
    data.saveAll(List.of(new Counter("a", 1), new Counter("b", 2), new Counter("c", 3)));
    List<String> ids = java.util.Arrays.asList("c", "a", "c", null, "zz");
    assertEquals(List.of("c", "a"), data.reads().matching(c -> true, Candidates.ids(ids)).stream().map(c -> c.id).toList());
    assertEquals(List.of("a"), data.reads().matching(c -> c.count < 2, Candidates.ids(ids)).stream().map(c -> c.id).toList());
  }

  /** {@code candidates}, counting the candidates it hands out. */
  private static Candidates<Counter> counted(Candidates<Counter> candidates, int[] read) {
    return new Candidates<>() {
      @Override
      public java.util.concurrent.CompletableFuture<io.strata.Page<Counter>> read(io.strata.repository.EntityStore<Counter> store,
          com.apple.foundationdb.ReadTransaction tr, int limit, io.strata.Continuation after) {
        return candidates.read(store, tr, limit, after).thenApply(page -> {
          read[0] += page.items().size();
          return page;
        });
      }

      @Override
      public long firstBatch(long expected) {
        return candidates.firstBatch(expected);
      }
    };
  }

  /** The index {@code byCount} from count 0 on, whose keys hold {@code (count, id)}. */
  private static final IndexOrder<Counter> BY_COUNT = IndexOrder.<Counter>of(store -> io.strata.query.IndexScan.of(store, "byCount")
      .from(0L, true), 0).key("count", ValueKind.LONG).key("id", ValueKind.STRING);

  /** {@code where}, counting the candidates it is asked about: those a query consumes of the rows it reads. */
  private static java.util.function.Predicate<Counter> counting(java.util.function.Predicate<Counter> where, int[] read) {
    return c -> {
      read[0]++;
      return where.test(c);
    };
  }

  @Test
  void firstInIndexOrderStopsAfterTheLimitAndItsTiesAndAnswersAsAFullSort() {
    int n = CandidateReads.BATCH * 3;
    saveCounters(n, i -> (i * 7919) % (n / 4)); // every count four times: ties, in no particular id order
    for (boolean descending : List.of(false, true)) {
      List<Sort<? super Counter>> order = List.of(descending ? Sort.desc("count") : Sort.asc("count"));
      for (int limit : List.of(1, 5, 50, 999)) {
        int[] read = {0};
        List<Counter> first = ResultPages.limit(data.first(counting(c -> c.count % 3 != 0, read), Candidates.allRows(), List.of(BY_COUNT),
            order, limit), jakarta.data.Limit.of(limit));
        List<Counter> full = ResultPages.limit(data.sorted(c -> c.count % 3 != 0, Candidates.allRows(), order), jakarta.data.Limit.of(limit));
        assertEquals(full.stream().map(c -> c.id).toList(), first.stream().map(c -> c.id).toList(), "limit " + limit);
        // two thirds match: about one and a half times the limit, with the ties of the last (four per count) and one more
        assertTrue(read[0] <= limit * 3 / 2 + 8, "reads stop soon after " + limit + " results: read " + read[0]);
      }
    }
  }

  @Test
  void anyAndSomeStopReadingOnceTheyKnowTheAnswer() {
    int n = CandidateReads.BATCH * 2 + 7;
    saveCounters(n, i -> i);
    int[] read = {0};
    assertTrue(data.reads().any(c -> c.count == 3, counted(Candidates.allRows(), read)));
    assertEquals(FilteredRows.BATCH, read[0], "the first batch of every row held the match");
    read[0] = 0;
    assertFalse(data.reads().any(c -> c.count < 0, counted(Candidates.allRows(), read)));
    assertEquals(n, read[0], "no match: every row read");
    read[0] = 0;
    assertEquals(List.of("k00004", "k00005"), data.reads().some(c -> c.count > 3, counted(Candidates.allRows(), read), 2).stream()
        .map(c -> c.id).toList());
    assertEquals(FilteredRows.BATCH, read[0]);
    assertEquals(List.of("k02006"), data.reads().some(c -> c.count == n - 1, Candidates.allRows(), 2).stream().map(c -> c.id).toList());
  }

  @Test
  void anUpdateChangesEachEntityOnceEvenWhenItMovesAheadInTheIndexItIsReadFrom() {
    int n = CandidateReads.BATCH * 2 + 7; // three write batches
    saveCounters(n, i -> i);
    Candidates<Counter> fromZero = Candidates.index(store -> io.strata.query.IndexScan.of(store, "byCount").from(0L, true), 0);
    // each change moves the entity past every count not yet read: a scan that followed the writes would meet it again
    assertEquals(n, data.update(c -> c.count >= 0, fromZero, c -> {
      c.count += n;
      return c;
    }));
    List<Integer> counts = data.sorted(c -> true, Candidates.allRows(), List.of(Sort.asc("id"))).stream().map(c -> c.count).toList();
    for (int i = 0; i < n; i++) {
      assertEquals(i + n, counts.get(i), "k" + i + " changed exactly once");
    }
  }

  @Test
  void aDatabaseThatDoesNotAnswerInTimeIsADataConnectionExceptionAndOtherFoundationDbErrorsADataException() {
    try (Database slow = io.strata.embedded.EmbeddedFdb.builder().latency(java.time.Duration.ofMillis(200)).open()) {
      slow.options().setTransactionTimeout(20);
      DataStore<Counter> far = new DataStore<>(slow, EntityStore.builder(new CounterCodec(), new Subspace()).packed()
          .ids(Elements::toStr).build(), Attributes.<Counter>of("Counter").attribute("id", c -> c.id, true)
          .attribute("count", c -> c.count, false).build());
      jakarta.data.exceptions.DataConnectionException e = assertThrows(jakarta.data.exceptions.DataConnectionException.class,
          () -> far.findById("a"));
      assertEquals(1031, ((com.apple.foundationdb.FDBException) e.getCause()).getCode());
    }
    RuntimeException tooLarge = DataStore.translate(new com.apple.foundationdb.FDBException("Transaction exceeds byte limit", 2101));
    assertTrue(tooLarge instanceof jakarta.data.exceptions.DataException
        && !(tooLarge instanceof jakarta.data.exceptions.DataConnectionException), tooLarge.toString());
    assertTrue(DataStore.translate(new com.apple.foundationdb.FDBException("Process is behind", 1037))
        instanceof jakarta.data.exceptions.DataConnectionException);
    assertFalse(DataStore.translate(new com.apple.foundationdb.FDBException("Transaction not committed", 1020))
        instanceof jakarta.data.exceptions.DataConnectionException);
  }

  @Test
  void countsOnIndexKeysReadNoRowAndAgreeWithTheRows() {
    int n = CandidateReads.BATCH * 2 + 7;
    List<Counter> all = saveCounters(n, i -> i % 10);
    java.util.function.Function<EntityStore<Counter>, io.strata.query.IndexScan<Counter>> atLeastThree =
        store -> io.strata.query.IndexScan.of(store, "byCount").from(3L, true);
    int[] rowsRead = {0};
    Candidates<Counter> rows = counted(Candidates.index(atLeastThree, 3), rowsRead);
    long expected = all.stream().filter(c -> c.count >= 3).count();
    assertEquals(expected, data.reads().count(c -> c.count >= 3, rows, Candidates.indexKeys(atLeastThree, 3)));
    assertEquals(0, rowsRead[0], "keys only");
    assertEquals(expected, data.reads().count(c -> c.count >= 3, rows, null), "the rows, when there are no keys to count");
    assertTrue(data.reads().any(c -> c.count >= 3, rows, Candidates.indexKeys(atLeastThree, 3)));
    assertFalse(data.reads().any(c -> true, rows, Candidates.indexKeys(store -> io.strata.query.IndexScan.of(store, "byCount").from(10L, true), 10)));
    assertEquals(0, data.reads().count(c -> true, rows, Candidates.indexKeys(store -> {
      throw new AssertionError("a null value must not reach the index scan");
    }, (Object) null)));
    assertEquals(null, Candidates.indexKeys(atLeastThree, java.util.Arrays.asList(1, null)), "an In holding null counts rows");
  }

  @Test
  void aStreamReadsOneBatchAtATimeAsItIsConsumed() {
    int n = CandidateReads.BATCH * 3;
    saveCounters(n, i -> i % 10);
    int[] read = {0};
    try (java.util.stream.Stream<Counter> odd = data.reads().stream(c -> c.count % 2 == 1, counted(Candidates.allRows(), read))) {
      assertEquals(0, read[0], "nothing is read before the stream is consumed");
      assertEquals(List.of("k00001", "k00003", "k00005"), odd.limit(3).map(c -> c.id).toList());
    }
    assertEquals(FilteredRows.BATCH, read[0], "three results: one batch of every row");
    assertEquals(data.reads().matching(c -> c.count % 2 == 1, Candidates.allRows()).stream().map(c -> c.id).toList(),
        data.reads().stream(c -> c.count % 2 == 1, Candidates.allRows()).map(c -> c.id).toList(), "every batch, in order");
    assertEquals(List.of(), data.reads().stream(c -> false, Candidates.allRows()).toList());
  }

  @Test
  void anOffsetPageInIndexOrderReadsUpToItsEndAndCountsTotalsOnKeys() {
    int n = CandidateReads.BATCH * 3;
    saveCounters(n, i -> i % 500);
    java.util.function.Function<EntityStore<Counter>, io.strata.query.IndexScan<Counter>> fromZero =
        store -> io.strata.query.IndexScan.of(store, "byCount").from(0L, true);
    List<Sort<? super Counter>> order = List.of(Sort.asc("count"));
    for (jakarta.data.page.PageRequest request : List.of(jakarta.data.page.PageRequest.ofPage(3, 10, true),
        jakarta.data.page.PageRequest.ofPage(2, 7, false), jakarta.data.page.PageRequest.ofPage(1000, 10, true))) {
      int[] read = {0};
      jakarta.data.page.Page<Counter> page = data.page(counting(c -> true, read), Candidates.index(fromZero, 0),
          Candidates.indexKeys(fromZero, 0), List.of(BY_COUNT), order, request);
      jakarta.data.page.Page<Counter> full = ResultPages.page(data.attributes(), order, data.reads().matching(c -> true, Candidates.allRows()), request);
      assertEquals(full.content().stream().map(c -> c.id).toList(), page.content().stream().map(c -> c.id).toList(), request.toString());
      assertEquals(full.hasNext(), page.hasNext(), request.toString());
      assertEquals(full.hasTotals(), page.hasTotals());
      if (full.hasTotals()) {
        assertEquals(full.totalElements(), page.totalElements());
      }
      // up to one past the page's end and the ties there (six counters per count), and one more
      assertTrue(request.page() == 1000 || read[0] <= request.page() * request.size() + 8, "read " + read[0] + " for " + request);
    }
  }

  @Test
  void anOffsetPageInIndexOrderWhoseOffsetIsPastLongMaxValueIsEmpty() {
    saveCounters(10, i -> i);
    java.util.function.Function<EntityStore<Counter>, io.strata.query.IndexScan<Counter>> fromZero =
        store -> io.strata.query.IndexScan.of(store, "byCount").from(0L, true);
    List<Sort<? super Counter>> order = List.of(Sort.asc("count"));
    // (page - 1) * size = 2^64, which wrapped round to 0: page 1
    jakarta.data.page.PageRequest far = jakarta.data.page.PageRequest.ofPage((1L << 62) + 1, 4, true);
    jakarta.data.page.Page<Counter> page = data.page(c -> true, Candidates.index(fromZero, 0), Candidates.indexKeys(fromZero, 0),
        List.of(BY_COUNT), order, far);
    assertEquals(List.of(), page.content());
    assertFalse(page.hasNext());
    assertEquals(10, page.totalElements());
    jakarta.data.page.CursoredPage<Counter> cursored = data.cursoredPage(c -> true, Candidates.index(fromZero, 0),
        Candidates.indexKeys(fromZero, 0), List.of(BY_COUNT), order, far);
    assertEquals(List.of(), cursored.content());
  }

  @Test
  void aCursoredPageInNoOrderPagesByIdAscendingWithCursorsHoldingTheId() {
    saveCounters(10, i -> i % 3);
    List<String> walked = new ArrayList<>();
    jakarta.data.page.PageRequest request = jakarta.data.page.PageRequest.ofSize(4);
    for (int pages = 0; request != null; pages++) {
      assertTrue(pages < 4, "three pages of 4, 4 and 2");
      jakarta.data.page.CursoredPage<Counter> page = data.cursoredPage(c -> c.count != 1, Candidates.allRows(), null, List.of(),
          List.of(), request);
      page.content().forEach(c -> walked.add(c.id));
      if (page.hasContent()) {
        assertEquals(List.of(page.content().get(0).id), page.cursor(0).elements(), "the cursor holds the id");
      }
      request = page.hasNext() ? page.nextPageRequest() : null;
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      if (i % 3 != 1) {
        expected.add(String.format("k%05d", i));
      }
    }
    assertEquals(expected, walked);
  }

  /** A wide entity: a color, a long unindexed note and an indexed tag. */
  static final class Wide {
    String id;
    String color;
    String note;
    String tag;

    Wide(String id, String color, String note, String tag) {
      this.id = id;
      this.color = color;
      this.note = note;
      this.tag = tag;
    }
  }

  static final class WideCodec extends EntityCodec<Wide> {
    WideCodec() {
      super("Wide", List.of("id", "color", "note", "tag"), 0);
    }

    @Override
    public Object[] toElements(Wide e) {
      return new Object[] {e.id, e.color, e.note, e.tag};
    }

    @Override
    public Wide fromElements(Object[] el) {
      return new Wide(Elements.toStr(el[0]), Elements.toStr(el[1]), Elements.toStr(el[2]), Elements.toStr(el[3]));
    }
  }

  /** {@code n} wide entities, every other one red, each with {@code note} and {@code tag} plus its number, saved 50 a transaction. */
  private DataStore<Wide> wide(int n, String note, String tag) {
    EntityStore<Wide> store = EntityStore.builder(new WideCodec(), new Subspace(Tuple.from("wide").pack())).index("byTag", "tag")
        .packed().ids(Elements::toStr).build();
    DataStore<Wide> wide = new DataStore<>(sdb.database(), store, Attributes.<Wide>of("Wide").attribute("id", w -> w.id, true)
        .attribute("color", w -> w.color, false).attribute("note", w -> w.note, false).attribute("tag", w -> w.tag, false).build());
    List<Wide> all = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new Wide(String.format("w%05d", i), i % 2 == 0 ? "red" : "blue", note + i, tag + i));
      if (all.size() == 50) {
        wide.saveAll(all);
        all.clear();
      }
    }
    wide.saveAll(all);
    return wide;
  }

  @Test
  void anUpdateOfManyWideRowsCommitsInBatchesWithinTheTransactionSizeLimit() {
    int n = 3_000;
    DataStore<Wide> wide = wide(n, "", "t");
    String note = "n".repeat(20_000);
    // 1,500 red rows of 20 KB each: 30 MB in batches of 1,000 rows went over the 10 MB limit (error 2101)
    assertEquals(n / 2, wide.update(w -> w.color.equals("red"), Candidates.allRows(), w -> {
      w.note = note;
      return w;
    }));
    List<Wide> all = wide.reads().matching(w -> true, Candidates.allRows());
    assertEquals(n / 2, all.stream().filter(w -> w.note.equals(note)).count());
    assertTrue(all.stream().allMatch(w -> w.note.equals(note) == w.color.equals("red")));
  }

  @Test
  void aDeleteOfManyRowsWithWideIndexEntriesCommitsInBatchesWithinTheTransactionSizeLimit() {
    int n = 2_400;
    // each index entry's key holds a 9 KB tag, which clearing it writes: 1,000 of them went over the 10 MB limit
    DataStore<Wide> wide = wide(n, "", "t".repeat(9_000));
    assertEquals(n / 2, wide.delete(w -> w.color.equals("red"), Candidates.allRows()));
    List<Wide> left = wide.reads().matching(w -> true, Candidates.allRows());
    assertEquals(n / 2, left.size());
    assertTrue(left.stream().allMatch(w -> w.color.equals("blue")));
  }
}
