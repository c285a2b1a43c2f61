package io.strata.jakarta.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.data.Limit;
import jakarta.data.Sort;
import jakarta.data.exceptions.MappingException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Pages, cursors and limits against a brute-force oracle: the test's own comparator of {@link Item}s, written
 * field by field, and the sorted list sliced by hand.
 */
class ResultPagesTest {
  enum Kind { ZETA, ALPHA, MID } // declaration order differs from name order

  record Item(long id, Integer n, String s, Kind kind) {}

  private static final Attributes<Item> ITEMS = Attributes.<Item>of("Item").attribute("id", Item::id, true)
      .attribute("n", Item::n, false).attribute("s", Item::s, false).attribute("kind", Item::kind, false).build();

  /** The oracle: one property's order, nulls first, enums by declaration, ignoreCase by upper case. */
  private static Comparator<Item> oracle(Sort<Item> sort) {
    Comparator<Item> c = switch (sort.property()) {
      case "id" -> Comparator.comparingLong(Item::id);
      case "n" -> Comparator.comparing(Item::n, Comparator.nullsFirst(Comparator.naturalOrder()));
      case "s" -> Comparator.comparing(i -> i.s() == null ? null : sort.ignoreCase() ? i.s().toUpperCase(Locale.ROOT) : i.s(),
          Comparator.nullsFirst(Comparator.naturalOrder()));
      case "kind" -> Comparator.comparing(i -> i.kind().ordinal());
      default -> throw new AssertionError(sort);
    };
    return sort.isAscending() ? c : c.reversed();
  }

  private static List<Item> oracleSorted(List<Item> items, List<Sort<Item>> order) {
    Comparator<Item> c = (a, b) -> 0;
    for (Sort<Item> sort : order) {
      c = c.thenComparing(oracle(sort));
    }
    List<Item> sorted = new ArrayList<>(items);
    // ties by the id, in the direction of the last sort (ascending when there is none): an index's keys read that way
    boolean descending = !order.isEmpty() && order.get(order.size() - 1).isDescending();
    Comparator<Item> byId = Comparator.comparingLong(Item::id);
    sorted.sort(c.thenComparing(descending ? byId.reversed() : byId));
    return sorted;
  }

  @Provide
  Arbitrary<List<Item>> items() {
    Arbitrary<Item> item = Combinators.combine(Arbitraries.integers().between(-3, 3).injectNull(0.2),
        Arbitraries.of("a", "B", "b", "c", "A").injectNull(0.2), Arbitraries.of(Kind.class))
        .as((n, s, kind) -> new Item(0, n, s, kind));
    return item.list().ofMaxSize(40).map(list -> {
      List<Item> out = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        Item it = list.get(i);
        out.add(new Item(i * 7L % 41, it.n(), it.s(), it.kind())); // distinct ids, not in list order
      }
      return out;
    });
  }

  @Provide
  Arbitrary<List<Sort<Item>>> orders() {
    Arbitrary<Sort<Item>> sort = Combinators.combine(Arbitraries.of("n", "s", "kind"), Arbitraries.of(true, false),
        Arbitraries.of(true, false)).as((p, asc, ignoreCase) -> new Sort<>(p, asc, ignoreCase && p.equals("s")));
    return sort.list().ofMaxSize(2);
  }

  /** Fails when a walk takes more pages than there are results (a page that does not advance would loop forever). */
  private static void assertAdvances(int pages, int results) {
    assertTrue(pages <= results + 1, "a walk of " + results + " results took " + pages + " pages");
  }

  /** A cursor's keys must identify one result: the order ends with the id, ascending or descending. */
  private static List<Sort<Item>> unique(List<Sort<Item>> order, boolean idAscending) {
    List<Sort<Item>> out = new ArrayList<>(order);
    out.add(idAscending ? Sort.asc("id") : Sort.desc("id"));
    return out;
  }

  @Property
  void offsetPagesCoverTheSortedResultsOnceWithTheirTotals(@ForAll("items") List<Item> items, @ForAll("orders") List<Sort<Item>> order,
      @ForAll @IntRange(min = 1, max = 7) int size, @ForAll boolean totals) {
    List<Item> expected = oracleSorted(items, order);
    List<Item> seen = new ArrayList<>();
    PageRequest request = PageRequest.ofPage(1, size, totals);
    for (long n = 1; ; n++) {
      assertAdvances((int) n, items.size());
      Page<Item> page = ResultPages.page(ITEMS, order, items, request);
      assertEquals(n, page.pageRequest().page());
      assertEquals(n > 1, page.hasPrevious());
      assertEquals(totals, page.hasTotals());
      if (totals) {
        assertEquals(items.size(), page.totalElements());
        assertEquals((items.size() + size - 1) / size, page.totalPages());
      }
      seen.addAll(page.content());
      assertEquals(seen.size() < expected.size(), page.hasNext());
      if (!page.hasNext()) {
        break;
      }
      request = page.nextPageRequest();
    }
    assertEquals(expected, seen);
  }

  @Property
  void cursoredPagesWalkForwardAndBackOverTheSortedResults(@ForAll("items") List<Item> items, @ForAll("orders") List<Sort<Item>> given,
      @ForAll boolean idAscending, @ForAll @IntRange(min = 1, max = 7) int size) {
    List<Sort<Item>> order = unique(given, idAscending);
    List<Item> expected = oracleSorted(items, order);
    List<Item> forward = new ArrayList<>();
    CursoredPage<Item> page = ResultPages.cursoredPage(ITEMS, order, items, PageRequest.ofSize(size));
    CursoredPage<Item> last = page;
    for (int pages = 1; ; pages++) {
      assertAdvances(pages, items.size());
      forward.addAll(page.content());
      last = page.hasContent() ? page : last;
      if (!page.hasNext()) {
        break;
      }
      page = ResultPages.cursoredPage(ITEMS, order, items, page.nextPageRequest());
    }
    assertEquals(expected, forward);
    List<Item> backward = new ArrayList<>(last.content());
    page = last;
    for (int pages = 1; page.hasPrevious(); pages++) {
      assertAdvances(pages, items.size());
      page = ResultPages.cursoredPage(ITEMS, order, items, page.previousPageRequest());
      assertTrue(page.hasContent(), "a previous page that exists has results");
      backward.addAll(0, page.content());
    }
    assertEquals(expected, backward);
  }

  @Property
  void cursoredPagesNeverSkipOrRepeatAResultThatStaysWhileOthersComeAndGo(@ForAll("items") List<Item> items,
      @ForAll("orders") List<Sort<Item>> given, @ForAll @IntRange(min = 1, max = 5) int size,
      @ForAll @Size(max = 20) List<@IntRange(min = 0, max = 99) Integer> changes) {
    List<Sort<Item>> order = unique(given, true);
    List<Item> current = new ArrayList<>(items);
    Set<Item> stayed = new HashSet<>(items);
    List<Item> seen = new ArrayList<>();
    CursoredPage<Item> page = ResultPages.cursoredPage(ITEMS, order, current, PageRequest.ofSize(size));
    int change = 0;
    for (int pages = 1; ; pages++) {
      assertAdvances(pages, items.size() + changes.size());
      seen.addAll(page.content());
      if (!page.hasNext()) {
        break;
      }
      if (change < changes.size()) { // between two requests, one result is deleted or one is saved
        int c = changes.get(change++);
        if (c % 2 == 0 && !current.isEmpty()) {
          Item gone = current.remove(c % current.size());
          stayed.remove(gone);
        } else {
          current.add(new Item(1_000 + change, c % 7 - 3, c % 3 == 0 ? null : "b", Kind.values()[c % 3]));
        }
      }
      page = ResultPages.cursoredPage(ITEMS, order, current, page.nextPageRequest());
    }
    assertEquals(seen.size(), new LinkedHashSet<>(seen).size(), "no result repeats");
    assertTrue(seen.containsAll(stayed), "every result that stayed is on a page");
  }

  @Property
  void aLimitIsARangeOfTheSortedResultsCountedFromOne(@ForAll("items") List<Item> items, @ForAll @IntRange(min = 1, max = 50) int from,
      @ForAll @IntRange(min = 0, max = 10) int length) {
    List<Item> sorted = oracleSorted(items, List.of());
    int start = Math.min(from - 1, sorted.size());
    assertEquals(sorted.subList(start, Math.min(start + length + 1, sorted.size())),
        ResultPages.limit(sorted, Limit.range(from, from + length)));
  }

  @Test
  void aPagePastTheEndIsEmptyButKnowsItsTotals() {
    List<Item> items = List.of(new Item(1, 1, "a", Kind.MID), new Item(2, 2, "b", Kind.MID));
    Page<Item> page = ResultPages.page(ITEMS, List.of(), items, PageRequest.ofPage(5, 2, true));
    assertFalse(page.hasContent());
    assertFalse(page.hasNext());
    assertEquals(2, page.totalElements());
    assertEquals(1, page.totalPages());
  }

  @Test
  void aPageWhoseOffsetIsPastLongMaxValueIsEmptyNotPageOne() {
    List<Item> items = List.of(new Item(1, 1, "a", Kind.MID), new Item(2, 2, "b", Kind.MID));
    // (page - 1) * size = 2^64, which wrapped round to 0
    PageRequest far = PageRequest.ofPage((1L << 62) + 1, 4, true);
    Page<Item> page = ResultPages.page(ITEMS, List.of(Sort.asc("id")), items, far);
    assertEquals(List.of(), page.content());
    assertFalse(page.hasNext());
    assertEquals(2, page.totalElements());
    assertEquals(List.of(), ResultPages.cursoredPage(ITEMS, List.of(Sort.asc("id")), items, far).content());
    assertEquals(Long.MAX_VALUE, ResultPages.skipped(PageRequest.ofPage(Long.MAX_VALUE, Integer.MAX_VALUE, false)));
  }

  @Test
  void enumsSortInDeclarationOrderNotByName() {
    List<Item> items = List.of(new Item(1, 1, "a", Kind.MID), new Item(2, 2, "b", Kind.ALPHA), new Item(3, 3, "c", Kind.ZETA));
    assertEquals(List.of(3L, 2L, 1L), ResultPages.page(ITEMS, List.of(Sort.asc("kind")), items, PageRequest.ofSize(5))
        .content().stream().map(Item::id).toList());
  }

  @Test
  void aCursorMayGiveANumberInAnotherBoxedType() {
    List<Item> items = List.of(new Item(1, 1, "a", Kind.MID), new Item(2, 2, "b", Kind.MID), new Item(3, 3, "c", Kind.MID));
    CursoredPage<Item> page = ResultPages.cursoredPage(ITEMS, List.of(Sort.asc("id")), items,
        PageRequest.afterCursor(PageRequest.Cursor.forKey(1), 2, 10, false)); // an Integer for the long id
    assertEquals(List.of(2L, 3L), page.content().stream().map(Item::id).toList());
  }

  @Test
  void anUnknownPropertyIsAMappingExceptionNamingTheProperties() {
    MappingException e = assertThrows(MappingException.class,
        () -> ResultPages.page(ITEMS, List.of(Sort.asc("weight")), List.of(), PageRequest.ofSize(1)));
    assertEquals("Item has no persistent property 'weight'; its properties are id, n, s, kind", e.getMessage());
  }

  @Test
  void aCursorWithTheWrongNumberOfValuesIsRejectedSayingWhatItHolds() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultPages.cursoredPage(ITEMS,
        List.of(Sort.asc("n"), Sort.asc("id")), List.of(), PageRequest.afterCursor(PageRequest.Cursor.forKey(1), 2, 10, false)));
    assertTrue(e.getMessage().startsWith("the cursor [1] has 1 values, but the query sorts by 2 "), e.getMessage());
  }

  @Test
  void aCursorRequestForAPageSaysToReturnACursoredPage() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultPages.page(ITEMS, List.of(), List.of(),
        PageRequest.afterCursor(PageRequest.Cursor.forKey(1L), 2, 10, false)));
    assertTrue(e.getMessage().contains("needs a repository method that returns CursoredPage"), e.getMessage());
  }
}
