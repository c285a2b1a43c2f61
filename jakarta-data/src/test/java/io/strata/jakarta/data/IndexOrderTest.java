package io.strata.jakarta.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.jakarta.data.DataStoreTest.Counter;
import io.strata.jakarta.data.DataStoreTest.CounterCodec;
import io.strata.query.Candidates;
import io.strata.query.IndexScan;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.query.IndexOrder;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Cursored pages, limits and streams read in the order of an index's keys ({@link IndexOrder}), against the same
 * requests paged in memory over every candidate ({@link ResultPages#cursoredPage}): page by page, forwards and backwards,
 * with ties on the indexed value, the cursor's own entity deleted, cursors no key holds, and empty pages.
 */
class IndexOrderTest {
  /** Orders of cursored pages (a cursor holds one value per sort: there is none without a sort). */
  private static final List<List<Sort<? super Counter>>> ORDERS = List.of(List.of(Sort.asc("count")), List.of(Sort.desc("count")),
      List.of(Sort.asc("count"), Sort.asc("id")), List.of(Sort.desc("count"), Sort.desc("id")));
  private static final Predicate<Counter> NOT_FIVES = c -> c.count % 5 != 0;

  private StrataDb sdb;
  private EntityStore<Counter> store;
  private DataStore<Counter> data;
  private final IndexOrder<Counter> byCount = IndexOrder.<Counter>of(store -> IndexScan.of(store, "byCount").from(0L, true), 0)
      .key("count", ValueKind.LONG).key("id", ValueKind.STRING);

  @BeforeEach
  void open() {
    sdb = Strata.connect("strata:mem:");
    store = EntityStore.builder(new CounterCodec(), new Subspace()).index("byCount", "count").packed()
        .ids(Elements::toStr).build();
    data = new DataStore<>(sdb.database(), store, Attributes.<Counter>of("Counter").attribute("id", c -> c.id, true)
        .attribute("count", c -> c.count, false).build());
  }

  @AfterEach
  void close() {
    sdb.close();
  }

  private void save(Random random, int n) {
    List<Counter> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new Counter(String.format("k%03d", random.nextInt(1000)), random.nextInt(12))); // many ties on count
    }
    data.saveAll(all);
  }

  /** How many candidates the last {@link #inIndexOrder} page consumed. */
  private int consumed;
  /** The index order the pages below read, the query's condition, and how many indexes the order reads at once. */
  private IndexOrder<Counter> index = byCount;
  private Predicate<Counter> where = NOT_FIVES;
  private int branches = 1;

  /** {@link #where}, counting the rows it is asked about in {@link #consumed}. */
  private boolean counted(Counter c) {
    consumed++;
    return where.test(c);
  }

  private CursoredPage<Counter> inIndexOrder(List<Sort<? super Counter>> order, PageRequest request) {
    consumed = 0;
    return data.cursoredPage(this::counted, Candidates.allRows(), null, List.of(index), order, request);
  }

  private CursoredPage<Counter> inMemory(List<Sort<? super Counter>> order, PageRequest request) {
    return ResultPages.cursoredPage(data.attributes(), order, data.reads().matching(where, Candidates.allRows()), request);
  }

  private static List<String> ids(CursoredPage<Counter> page) {
    return page.content().stream().map(c -> c.id).toList();
  }

  /** The index page answers {@code request} as the in-memory page does; returns it. */
  private CursoredPage<Counter> samePage(List<Sort<? super Counter>> order, PageRequest request) {
    CursoredPage<Counter> index = inIndexOrder(order, request);
    CursoredPage<Counter> memory = inMemory(order, request);
    String what = order + " " + request;
    assertEquals(ids(memory), ids(index), what);
    boolean fraction = request.cursor().map(c -> c.get(0) instanceof Double d && d % 1 != 0).orElse(false);
    int read = consumed;
    if (request.mode() != PageRequest.Mode.OFFSET && !fraction) {
      // one past the page and the ties there (about ten counters per count, and a count of fives that all fail), not all
      // 120; as much from each index of a union
      assertTrue(read <= branches * (request.size() + 1 + 40), "read " + read + " for " + what);
    }
    // whether results lie on the cursor's other side is read when asked: up to the first match there
    assertEquals(memory.hasPrevious(), index.hasPrevious(), what);
    assertEquals(memory.hasNext(), index.hasNext(), what);
    if (request.mode() != PageRequest.Mode.OFFSET && !fraction) {
      assertTrue(consumed - read <= branches * 16, "read " + (consumed - read) + " to find the other side for " + what);
    }
    if (request.requestTotal()) {
      assertEquals(memory.totalElements(), index.totalElements(), what);
    }
    for (int i = 0; i < index.numberOfElements(); i++) {
      assertEquals(memory.cursor(i).elements(), index.cursor(i).elements(), what);
    }
    return index;
  }

  @Test
  void cursoredPagesInIndexOrderAnswerAsInMemoryForwardsAndBackwards() {
    save(new Random(11), 120);
    walkForwardsAndBackwards();
  }

  /** Walks cursored pages of every order and a few sizes forwards, then back from each, with {@link #samePage}. */
  private void walkForwardsAndBackwards() {
    for (List<Sort<? super Counter>> order : ORDERS) {
      for (int size = 1; size <= 7; size += 3) {
        CursoredPage<Counter> page = samePage(order, PageRequest.ofSize(size).withoutTotal());
        List<CursoredPage<Counter>> forward = new ArrayList<>(List.of(page));
        while (page.hasNext()) {
          page = samePage(order, page.nextPageRequest());
          forward.add(page);
        }
        for (CursoredPage<Counter> p : forward) {
          if (p.hasPrevious()) {
            samePage(order, p.previousPageRequest());
          }
        }
      }
    }
  }

  @Test
  void anOffsetRequestOfACursoredPageReadsUpToItsEndAndCountsTotalsOnKeys() {
    save(new Random(3), 80);
    Candidates.Keys<Counter> keys = Candidates.indexKeys(s -> IndexScan.of(s, "byCount").from(0L, true), 0);
    for (List<Sort<? super Counter>> order : ORDERS) {
      for (long n = 1; n <= 40; n += 13) {
        PageRequest request = PageRequest.ofPage(n, 4, true);
        CursoredPage<Counter> index = data.cursoredPage(c -> true, Candidates.allRows(), keys, List.of(byCount), order, request);
        CursoredPage<Counter> memory = ResultPages.cursoredPage(data.attributes(), order, data.reads().matching(c -> true, Candidates.allRows()), request);
        assertEquals(ids(memory), ids(index), order + " page " + n);
        assertEquals(memory.hasNext(), index.hasNext());
        assertEquals(memory.hasPrevious(), index.hasPrevious());
        assertEquals(memory.totalElements(), index.totalElements());
      }
    }
  }

  @Test
  void offsetPagesWhoseTotalsNeedRowsReadThePageAloneUntilTheTotalIsAskedThenEachRowOnce() {
    save(new Random(21), 120);
    offsetPagesWithTotals(data.reads().matching(c -> true, Candidates.allRows()).size());
  }

  /**
   * Offset pages of every order against the same requests in memory: each reads about its size (per index read) until
   * its total is asked, then {@code reads} rows in all, when the total is asked.
   */
  private void offsetPagesWithTotals(int reads) {
    for (List<Sort<? super Counter>> order : ORDERS) {
      for (long n = 1; n <= 31; n += 6) {
        for (boolean totals : new boolean[] {true, false}) {
          PageRequest request = PageRequest.ofPage(n, 4, totals);
          String what = order + " " + request;
          consumed = 0;
          jakarta.data.page.Page<Counter> paged = data.page(this::counted, Candidates.allRows(), null, List.of(index), order,
              request);
          jakarta.data.page.Page<Counter> memory = ResultPages.page(data.attributes(), order, data.reads().matching(where, Candidates.allRows()), request);
          assertEquals(memory.content().stream().map(c -> c.id).toList(), paged.content().stream().map(c -> c.id).toList(), what);
          assertEquals(memory.hasNext(), paged.hasNext(), what);
          // up to one past the page's end and the ties there (about ten counters per count), whether totals were asked or not
          assertTrue(consumed <= branches * (n * 4 + 1 + 40), "read " + consumed + " before the total for " + what);
          assertEquals(totals, paged.hasTotals(), what);
          if (totals) {
            assertEquals(memory.totalElements(), paged.totalElements(), what);
            assertEquals(memory.totalPages(), paged.totalPages(), what);
            assertEquals(reads, consumed, "the total reads on from the page, each row once: " + what);
          }
        }
      }
    }
  }

  @Test
  void cursoredPagesWhoseTotalsNeedRowsCountBothSidesOfTheCursorReadingEachRowOnce() {
    save(new Random(23), 120);
    cursoredPagesWithTotals(data.reads().matching(c -> true, Candidates.allRows()).size());
  }

  /**
   * Cursored pages of every order, after and before the cursors of a walk, against the same requests in memory: each
   * reads about its size (per index read) until its total is asked, then {@code reads} rows in all.
   */
  private void cursoredPagesWithTotals(int reads) {
    for (List<Sort<? super Counter>> order : ORDERS) {
      PageRequest request = PageRequest.ofSize(6);
      List<PageRequest> requests = new ArrayList<>();
      for (CursoredPage<Counter> page = data.cursoredPage(where, Candidates.allRows(), null, List.of(index), order, request);
          page.hasNext(); page = data.cursoredPage(where, Candidates.allRows(), null, List.of(index), order, page.nextPageRequest())) {
        requests.add(page.nextPageRequest());
        if (page.hasPrevious()) {
          requests.add(page.previousPageRequest());
        }
      }
      for (PageRequest r : requests) {
        String what = order + " " + r;
        consumed = 0;
        CursoredPage<Counter> paged = inIndexOrder(order, r);
        assertTrue(consumed <= branches * (r.size() + 1 + 40), "read " + consumed + " before the total for " + what);
        CursoredPage<Counter> memory = inMemory(order, r);
        assertEquals(ids(memory), ids(paged), what);
        assertEquals(memory.totalElements(), paged.totalElements(), what);
        assertEquals(memory.totalPages(), paged.totalPages(), what);
        assertEquals(reads, consumed, "the page's side read on, the cursor's other side read from it, each row once: " + what);
      }
    }
  }

  /** {@code byCount} from {@code low} to {@code high}, both included. */
  private static IndexOrder<Counter> countsBetween(long low, long high) {
    return IndexOrder.<Counter>of(s -> IndexScan.of(s, "byCount").from(low, true).to(high, true), low, high)
        .key("count", ValueKind.LONG).key("id", ValueKind.STRING);
  }

  private static final Predicate<Counter> LOW = c -> c.count <= 4;
  private static final Predicate<Counter> MIDDLE = c -> c.count >= 3 && c.count <= 8;

  /** Counts up to 4 or from 3 to 8 (3 and 4 match both), each branch read from its own range of byCount. */
  private void readLowOrMiddleAsAUnion() {
    index = IndexOrder.union(List.of(List.of(countsBetween(0, 4)), List.of(countsBetween(3, 8))), List.of(LOW, MIDDLE));
    where = LOW.or(MIDDLE);
    branches = 2;
  }

  /** Rows a union reads when it reads every candidate: each branch's range, so a row of both ranges twice. */
  private int unionReads() {
    return data.reads().matching(LOW, Candidates.allRows()).size() + data.reads().matching(MIDDLE, Candidates.allRows()).size();
  }

  @Test
  void anOrReadInIndexOrderMergesItsBranchesEachMatchOnceAndStopsEarly() {
    save(new Random(29), 160);
    readLowOrMiddleAsAUnion();
    List<List<Sort<? super Counter>>> orders = new ArrayList<>(ORDERS);
    orders.add(List.of()); // the id alone: no index holds it, sorted in memory
    for (List<Sort<? super Counter>> order : orders) {
      List<String> all = data.sorted(where, Candidates.allRows(), order).stream().map(c -> c.id).toList();
      assertEquals(all, data.stream(where, Candidates.allRows(), List.of(index), order).map(c -> c.id).toList(), order.toString());
      consumed = 0;
      assertEquals(all.subList(0, 7), data.first(this::counted, Candidates.allRows(), List.of(index), order, 7).stream()
          .map(c -> c.id).toList(), order.toString());
      if (!order.isEmpty()) {
        assertTrue(consumed <= 2 * (7 + 1 + 40), "read " + consumed + " of " + unionReads() + " for the first 7 by " + order);
      }
    }
    walkForwardsAndBackwards();
  }

  @Test
  void anOrReadInIndexOrderCountsItsTotalsReadingEachBranchOnce() {
    save(new Random(31), 160);
    readLowOrMiddleAsAUnion();
    offsetPagesWithTotals(unionReads());
    cursoredPagesWithTotals(unionReads());
  }

  @Test
  void cursoredPagesOfAnOrderWithASortOnAFixedPropertyAnswerAsInMemoryFromPositionsInTheKeys() {
    save(new Random(37), 150);
    index = IndexOrder.<Counter>of(s -> IndexScan.of(s, "byCount").equal(3L), 3).fixed("count", 3).key("id", ValueKind.STRING);
    where = c -> c.count == 3;
    List<List<Sort<? super Counter>>> orders = List.of(List.of(Sort.asc("count"), Sort.asc("id")),
        List.of(Sort.desc("count"), Sort.desc("id")), List.of(Sort.asc("id"), Sort.desc("count")));
    for (List<Sort<? super Counter>> order : orders) {
      for (int size = 1; size <= 5; size += 4) {
        CursoredPage<Counter> page = samePage(order, PageRequest.ofSize(size));
        while (page.hasNext()) {
          page = samePage(order, page.nextPageRequest());
        }
        while (page.hasPrevious()) {
          page = samePage(order, page.previousPageRequest());
        }
      }
      // a cursor whose fixed value is not the query's: every result is on one side of it, among those that tie before it
      for (int count : new int[] {2, 3, 4}) {
        for (String id : new String[] {"k000", "k500", "k999"}) {
          PageRequest.Cursor cursor = order.get(0).property().equals("count") ? PageRequest.Cursor.forKey(count, id)
              : PageRequest.Cursor.forKey(id, count);
          samePage(order, PageRequest.afterCursor(cursor, 2, 3, true));
          samePage(order, PageRequest.beforeCursor(cursor, 2, 3, true));
        }
      }
    }
  }

  @Test
  void anInOnThePropertyAnOrderBeginsWithIsReadInWholeKeyOrderFromPositionsInTheWholeKey() {
    save(new Random(41), 150);
    List<Long> counts = List.of(7L, 1L, 3L, 10L);
    index = IndexOrder.<Counter>of(s -> IndexScan.of(s, "byCount").in(counts, v -> v).inKeyOrder(), counts)
        .key("count", ValueKind.LONG).key("id", ValueKind.STRING);
    where = c -> counts.contains((long) c.count) && NOT_FIVES.test(c);
    walkForwardsAndBackwards();
    cursoredPagesWithTotals(data.reads().matching(c -> counts.contains((long) c.count), Candidates.allRows()).size());
    offsetPagesWithTotals(data.reads().matching(c -> counts.contains((long) c.count), Candidates.allRows()).size());
    // a cursor on a value no alternative holds: the alternatives before it are read from none of their keys
    for (List<Sort<? super Counter>> order : ORDERS) {
      for (Object count : List.of(0, 2, 5, 8, 11)) {
        PageRequest.Cursor cursor = order.size() == 1 ? PageRequest.Cursor.forKey(count) : PageRequest.Cursor.forKey(count, "k500");
        samePage(order, PageRequest.afterCursor(cursor, 1, 4, true));
        samePage(order, PageRequest.beforeCursor(cursor, 1, 4, true));
      }
    }
  }

  @Test
  void aCursorWhoseEntityWasDeletedContinuesAfterItsValues() {
    save(new Random(5), 60);
    for (List<Sort<? super Counter>> order : ORDERS.subList(2, 4)) {
      CursoredPage<Counter> page = samePage(order, PageRequest.ofSize(5).withoutTotal());
      data.delete(page.content().get(4));
      CursoredPage<Counter> next = samePage(order, page.nextPageRequest());
      data.delete(next.content().get(0));
      samePage(order, next.previousPageRequest());
    }
  }

  @Test
  void cursorsOfNullsFractionsAndOtherNumberTypesAnswerAsInMemory() {
    save(new Random(9), 60);
    List<Sort<? super Counter>> order = ORDERS.get(0);
    for (Object value : java.util.Arrays.asList(null, 3L, (short) 3, 3.0, 2.5, -1, 99)) {
      for (PageRequest request : List.of(PageRequest.afterCursor(PageRequest.Cursor.forKey(value), 1, 4, false),
          PageRequest.beforeCursor(PageRequest.Cursor.forKey(value), 1, 4, false))) {
        samePage(order, request);
      }
    }
  }

  @Test
  void aPageAfterTheLastResultIsEmptyWithNeitherNextNorPrevious() {
    save(new Random(13), 30);
    List<Sort<? super Counter>> order = ORDERS.get(2);
    CursoredPage<Counter> empty = samePage(order, PageRequest.afterCursor(PageRequest.Cursor.forKey(99, "z"), 1, 3, false));
    assertFalse(empty.hasContent());
    assertFalse(empty.hasNext());
    assertFalse(empty.hasPrevious());
    assertFalse(samePage(order, PageRequest.beforeCursor(PageRequest.Cursor.forKey(-1, ""), 1, 3, false)).hasContent());
  }

  @Test
  void firstAndStreamsInIndexOrderAnswerAsAFullSort() {
    save(new Random(17), 200);
    List<List<Sort<? super Counter>>> orders = new ArrayList<>(ORDERS);
    orders.add(List.of()); // the id alone
    for (List<Sort<? super Counter>> order : orders) {
      List<String> all = data.sorted(NOT_FIVES, Candidates.allRows(), order).stream().map(c -> c.id).toList();
      assertEquals(all, data.stream(NOT_FIVES, Candidates.allRows(), List.of(byCount), order).map(c -> c.id).toList(), order.toString());
      assertEquals(all.subList(0, 7), data.first(NOT_FIVES, Candidates.allRows(), List.of(byCount), order, 7).stream()
          .map(c -> c.id).toList(), order.toString());
    }
  }

  @Test
  void anIndexScanResumesAfterAPositionInEachInAlternative() {
    data.saveAll(List.of(new Counter("a", 1), new Counter("b", 3), new Counter("c", 1), new Counter("d", 3), new Counter("e", 2)));
    java.util.function.Function<Boolean, List<String>> read = backwards -> sdb.database().read(tr -> {
      IndexScan<Counter> scan = IndexScan.of(store, "byCount").in(List.of(1L, 3L), v -> v).after(Tuple.from("b"));
      return (backwards ? scan.reverse() : scan).entities(tr).join().stream().map(c -> c.id).toList();
    });
    assertEquals(List.of("c", "d"), read.apply(false));
    assertEquals(List.of("a"), read.apply(true));
    java.util.function.Function<Boolean, List<String>> atOrAfter = backwards -> sdb.database().read(tr -> {
      IndexScan<Counter> scan = IndexScan.of(store, "byCount").in(List.of(1L, 3L), v -> v).atOrAfter(Tuple.from("b"));
      return (backwards ? scan.reverse() : scan).entities(tr).join().stream().map(c -> c.id).toList();
    });
    assertEquals(List.of("b", "c", "d"), atOrAfter.apply(false), "the key at the position is read too");
    assertEquals(List.of("b", "a"), atOrAfter.apply(true));
    assertEquals(List.of("e", "b", "d"), sdb.database().read(tr -> IndexScan.of(store, "byCount").atOrAfter(Tuple.from(2L))
        .entities(tr).join().stream().map(c -> c.id).toList()), "a position of values alone keeps every key holding them");
    assertEquals(List.of(), sdb.database().read(tr -> IndexScan.of(store, "byCount").in(List.<Long>of(), v -> v).from(1L, true)
        .entities(tr).join()), "an empty In, then a range on the field after it: nothing");
    assertEquals(List.of("e"), sdb.database().read(tr -> IndexScan.of(store, "byCount").after(Tuple.from(1L)).entities(tr)
        .join().stream().filter(c -> c.count < 3).map(c -> c.id).toList()), "a position of values alone skips every key holding them");
  }
}
