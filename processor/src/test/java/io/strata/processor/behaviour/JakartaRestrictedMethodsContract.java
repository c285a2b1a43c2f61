package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.Finder;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.embedded.BackendContract;
import io.strata.jakarta.data.FinderOrders;
import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.RestrictedGadgets;
import io.strata.processor.fixtures.jakarta.RestrictedGadgetsImpl;
import io.strata.processor.fixtures.jakarta._Gadget;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.NonUniqueResultException;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A Jakarta Data method taking a {@code Restriction<Gadget>} ({@link RestrictedGadgets}) answers, and reads the keys of,
 * the same query written as {@code where(Restrict.all(<the method's conditions>, restriction))} with the method's order,
 * limit or page, in each result shape; single results fail with Jakarta's exceptions, and a combined query no index
 * narrows reads every row (this dialect's rule for unserved queries) instead of being refused.
 */
public abstract class JakartaRestrictedMethodsContract extends BackendContract {
  private static final String[] COLORS = {"red", "green", "blue"};
  private static final Restriction<Gadget> BIG = _Gadget.size.greaterThan(8);
  private static final Order<Gadget> BY_SIZE = Order.by(Sort.desc("size"), Sort.asc("id"));

  private final KeyCounter counter = new KeyCounter();
  private RestrictedGadgets restricted;
  private RestrictedGadgetsImpl queryable;
  private final List<Gadget> saved = new ArrayList<>();

  @BeforeEach
  void saveGadgets() {
    Database counted = counter.wrap(db);
    queryable = new RestrictedGadgetsImpl(counted);
    restricted = queryable;
    Gadget.Kind[] kinds = Gadget.Kind.values();
    for (int i = 0; i < 120; i++) {
      saved.add(new Gadget(i + 1, "g-" + i, COLORS[i % 3], (i * 7) % 17, i % 5 == 0 ? null : i / 10.0, kinds[(i / 3) % 3],
          i % 4 == 0, i / 4.0, i / 8f, BigDecimal.valueOf(i, 1)));
    }
    queryable.saveAll(saved);
    counter.reset();
  }

  private static Object comparable(Object answer) {
    Object a = answer instanceof Stream<?> s ? s.toList()
        : answer instanceof Gadget[] array ? Arrays.asList(array)
        : answer instanceof Page<?> p ? List.of(p.content(), p.totalElements(), p.hasNext())
        : answer;
    return String.valueOf(a);
  }

  /** Asserts that {@code declared} and {@code written} give equal results, reading the same index entries and rows. */
  private void sameAnswerAndKeys(Supplier<?> declared, Supplier<?> written) {
    List<Object> answers = new ArrayList<>();
    List<Long> keys = new ArrayList<>();
    for (Supplier<?> read : List.of(declared, written)) {
      counter.reset();
      answers.add(comparable(read.get()));
      keys.add(counter.keys("I"));
      keys.add(counter.keys("R"));
    }
    assertEquals(answers.get(1), answers.get(0));
    assertEquals(keys.subList(2, 4), keys.subList(0, 2), "index entries and rows read");
  }

  /** The restriction as a run-time query; it may read every row, as a Jakarta method's combined query may. */
  private Finder<Gadget> where(Restriction<Gadget> r) {
    return queryable.where(r).allowScan();
  }

  @Test
  void everyResultShapeReadsWhatTheSameWhereReads() {
    sameAnswerAndKeys(() -> restricted.findByColor("red", BIG, BY_SIZE),
        () -> where(Restrict.all(_Gadget.color.equalTo("red"), BIG)).orderBy(FinderOrders.of(BY_SIZE)).list());
    sameAnswerAndKeys(() -> restricted.streamOfColor("blue", BIG, Sort.asc("id")),
        () -> where(Restrict.all(_Gadget.color.equalTo("blue"), BIG)).orderBy(FinderOrders.of(Sort.desc("size"), Sort.asc("id")))
            .stream());
    sameAnswerAndKeys(() -> restricted.ofKind(Gadget.Kind.TOY, BIG, BY_SIZE, Limit.of(4)),
        () -> where(Restrict.all(_Gadget.kind.equalTo(Gadget.Kind.TOY), BIG)).orderBy(FinderOrders.of(BY_SIZE)).limit(4).list()
            .toArray(Gadget[]::new));
    sameAnswerAndKeys(() -> restricted.findByName("g-7", BIG), () -> where(Restrict.all(_Gadget.name.equalTo("g-7"), BIG)).first());
    sameAnswerAndKeys(() -> restricted.named("g-7", Restrict.unrestricted()), () -> where(_Gadget.name.equalTo("g-7")).first().get());
    sameAnswerAndKeys(() -> restricted.countByColorOrKind("red", Gadget.Kind.PART, BIG),
        () -> where(Restrict.all(Restrict.any(_Gadget.color.equalTo("red"), _Gadget.kind.equalTo(Gadget.Kind.PART)), BIG)).count());
    sameAnswerAndKeys(() -> restricted.existsByColorAndSizeGreaterThan("green", 3, _Gadget.size.lessThan(5)),
        () -> where(Restrict.all(_Gadget.color.equalTo("green"), _Gadget.size.greaterThan(3), _Gadget.size.lessThan(5))).exists());
  }

  @Test
  void aLimitReadsTheSameResultsAsTheWhereQuerySliced() {
    List<Gadget> all = where(Restrict.all(_Gadget.kind.equalTo(Gadget.Kind.TOOL), BIG)).orderBy(FinderOrders.of(BY_SIZE)).list();
    assertEquals(String.valueOf(all.subList(2, 5)),
        String.valueOf(Arrays.asList(restricted.ofKind(Gadget.Kind.TOOL, BIG, BY_SIZE, Limit.range(3, 5)))));
  }

  @Test
  void offsetPagesCoverEveryMatchOnceWithTotals() {
    List<Gadget> all = where(Restrict.all(_Gadget.color.equalTo("red"), BIG)).orderBy(FinderOrders.of(BY_SIZE)).list();
    List<Gadget> seen = new ArrayList<>();
    Page<Gadget> page = restricted.pageOfColor("red", BIG, PageRequest.ofSize(3), BY_SIZE);
    seen.addAll(page.content());
    while (page.hasNext()) {
      assertEquals(all.size(), page.totalElements());
      page = restricted.pageOfColor("red", BIG, page.nextPageRequest(), BY_SIZE);
      seen.addAll(page.content());
    }
    assertEquals(String.valueOf(all), String.valueOf(seen));
    assertEquals(String.valueOf(all.subList(3, 6)),
        String.valueOf(restricted.search(Restrict.all(_Gadget.color.equalTo("red"), BIG), BY_SIZE, PageRequest.ofPage(2, 3, true))));
    assertThrows(IllegalArgumentException.class, () -> restricted.pageOfColor("red", BIG,
        PageRequest.afterCursor(PageRequest.Cursor.forKey(1L), 1, 3, false), BY_SIZE));
  }

  /**
   * An order no index holds, which Jakarta Data reads rather than refuses, is sorted in memory: each shape returns what
   * sorting the brute-force matches gives (absent values first, ties by id in the last sort's direction).
   */
  @Test
  void anOrderNoIndexHoldsIsSortedInMemoryAsBruteForceSortsIt() {
    Comparator<Gadget> byWeight = Comparator.comparing((Gadget g) -> g.weight, Comparator.nullsFirst(Comparator.naturalOrder()));
    List<Gadget> red = saved.stream().filter(g -> g.color.equals("red") && g.size > 8).toList();
    assertEquals(ids(red.stream().sorted(byWeight.thenComparing((Gadget g) -> g.name, Comparator.reverseOrder())).toList()),
        ids(restricted.findByColor("red", BIG, Order.by(Sort.asc("weight"), Sort.desc("name")))));
    assertEquals(ids(red.stream().sorted(Comparator.comparing((Gadget g) -> g.active).thenComparingLong(g -> g.id).reversed()).toList()),
        ids(restricted.findByColor("red", BIG, Order.by(Sort.desc("active")))));
    List<Gadget> toys = saved.stream().filter(g -> g.kind == Gadget.Kind.TOY && g.size > 8)
        .sorted(byWeight.thenComparingLong(g -> g.id).reversed()).toList();
    assertEquals(ids(toys.subList(1, 4)),
        ids(Arrays.asList(restricted.ofKind(Gadget.Kind.TOY, BIG, Order.by(Sort.desc("weight")), Limit.range(2, 4)))));
    List<Gadget> paged = new ArrayList<>();
    Page<Gadget> page = restricted.pageOfColor("red", BIG, PageRequest.ofSize(4), Order.by(Sort.asc("weight")));
    paged.addAll(page.content());
    while (page.hasNext()) {
      assertEquals(red.size(), page.totalElements());
      page = restricted.pageOfColor("red", BIG, page.nextPageRequest(), Order.by(Sort.asc("weight")));
      paged.addAll(page.content());
    }
    assertEquals(ids(red.stream().sorted(byWeight.thenComparingLong(g -> g.id)).toList()), ids(paged));
  }

  private static List<Long> ids(List<Gadget> gadgets) {
    return gadgets.stream().map(g -> g.id).toList();
  }

  @Test
  void singleResultsFailWithJakartasExceptions() {
    assertThrows(EmptyResultException.class, () -> restricted.named("g-7", _Gadget.size.lessThan(-1)));
    assertEquals(Optional.empty(), restricted.findByName("nobody", Restrict.unrestricted()));
    assertThrows(NonUniqueResultException.class, () -> restricted.oneOfColor("red", BIG));
    sameAnswerAndKeys(() -> restricted.oneOfColor("red", _Gadget.name.equalTo("g-3")),
        () -> where(Restrict.all(_Gadget.color.equalTo("red"), _Gadget.name.equalTo("g-3"))).first());
  }

  @Test
  void aCombinedQueryNoIndexNarrowsReadsEveryRowAsJakartasUnservedMethodsDo() {
    List<Gadget> active = restricted.findByActiveTrue(_Gadget.weight.isNull());
    assertEquals(saved.stream().filter(g -> g.active && g.weight == null).map(g -> g.id).sorted().toList(),
        active.stream().map(g -> g.id).sorted().toList());
    assertFalse(active.isEmpty());
    sameAnswerAndKeys(() -> restricted.findByActiveTrue(Restrict.unrestricted()),
        () -> where(_Gadget.active.equalTo(true)).list());
  }

  @Test
  void aNullValueMatchesNothingInJakartasDialect() {
    assertEquals(0, restricted.countByColorOrKind(null, null, Restrict.unrestricted()));
    assertTrue(restricted.findByColor(null, BIG, BY_SIZE).isEmpty());
  }

  @Test
  void aNullRestrictionIsRefusedNamingTheParameter() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> restricted.findByColor("red", null, BY_SIZE));
    assertEquals("findByColor: parameter 'where' is null; pass Restrict.unrestricted() for the method's own query alone",
        e.getMessage());
  }
}
