package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static io.strata.processor.behaviour.RandomGadgets.COLORS;
import static io.strata.processor.behaviour.RandomGadgets.WORDS;

import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.Gadgets;
import io.strata.processor.fixtures.jakarta.GadgetsImpl;
import io.strata.processor.fixtures.jakarta._Gadget;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Jakarta Data queries on Strata against brute force: random gadgets, random parameters and random orders, for method
 * names, {@code @Find}, JDQL and sorts chosen at run time, whether an index serves the method ({@code Gadgets}' javadoc
 * says which) or every row is read. Each answer must equal the test's own filter and comparator over the saved
 * gadgets, element for element and in order. A number compares as Jakarta Data orders numbers here ({@code Values.compare},
 * docs/jakarta-data.md, "JDQL number literals"): as {@code Double.compare} does, so a NaN weight, score or rating
 * is above every number (a match of {@code weight > w}) where Java's {@code >} on a NaN is false. The seed is printed;
 * replay a failure with {@code -Dstrata.jakarta.seed}.
 */
public abstract class JakartaQueriesContract extends BackendContract {
  private static final long SEED = Long.getLong("strata.jakarta.seed", new SecureRandom().nextLong());
  private static final int GADGETS = 150;
  private static final int ROUNDS = 25;
  private static final Map<String, Comparator<Gadget>> KEYS = new LinkedHashMap<>();

  static {
    System.out.println("jakarta queries seed " + SEED + " (replay with -Dstrata.jakarta.seed=" + SEED + ")");
    KEYS.put("id", Comparator.comparingLong(g -> g.id));
    KEYS.put("name", Comparator.comparing(g -> g.name));
    KEYS.put("color", Comparator.comparing(g -> g.color));
    KEYS.put("size", Comparator.comparingInt(g -> g.size));
    KEYS.put("kind", Comparator.comparing(g -> g.kind));
    KEYS.put("active", Comparator.comparing(g -> g.active));
  }

  private Random random;
  private List<Gadget> saved;
  private Gadgets gadgets;

  @BeforeEach
  void saveGadgets() {
    random = new Random(SEED);
    saved = new ArrayList<>();
    for (int i = 0; i < GADGETS; i++) {
      saved.add(RandomGadgets.gadget(random, 2 * i + 1));
    }
    gadgets = new GadgetsImpl(db);
    gadgets.saveAll(saved);
  }

  /**
   * A Jakarta Data repository's run-time queries ({@code where}, {@code jdql}: every generated implementation is an
   * {@code io.strata.Queryable}) answer as the brute force does, with Jakarta's semantics: a null weight matches no
   * comparison, and a query no index narrows (a range on weight, a null test) is refused unless it allows a scan.
   */
  @Test
  void runTimeQueriesOfAJakartaRepositoryAnswerAsTheBruteForceDoes() {
    GadgetsImpl queryable = new GadgetsImpl(db);
    Comparator<Gadget> byId = Comparator.comparingLong(g -> g.id);
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      int min = random.nextInt(21);
      int max = min + random.nextInt(21 - min);
      assertEquals(expected(g -> g.color.equals(color) && g.size >= min && g.size <= max, byId),
          queryable.where(io.strata.Restrict.all(_Gadget.color.equalTo(color), _Gadget.size.between(min, max))).list().stream()
              .sorted(byId).map(Gadget::toString).toList(), color + " " + min + ".." + max);
      assertEquals(expected(g -> g.color.equals(color) && g.size < max, byId).size(),
          (int) queryable.jdql("WHERE color = :c AND size < :s").bind("c", color).bind("s", max).count());
      double weight = random.nextInt(100) / 10.0;
      assertEquals(expected(g -> g.color.equals(color) && g.weight != null && g.weight < weight, byId).size(),
          (int) queryable.where(io.strata.Restrict.all(_Gadget.color.equalTo(color), _Gadget.weight.lessThan(weight))).allowScan()
              .count());
    }
    assertThrows(io.strata.QueryNotServedException.class, () -> queryable.where(_Gadget.weight.isNull()).list());
    assertEquals(expected(g -> g.weight == null, byId).size(), (int) queryable.where(_Gadget.weight.isNull()).allowScan().count());
  }

  /**
   * A value bound to a JDQL parameter must be one its property holds (any number for a numeric property, compared by
   * value, as Jakarta Data compares numbers): another, or a collection where one value is compared, is refused when the
   * finder is read, naming the parameter, the property, its kind and the value's type, before any key is read (not a
   * {@code ClassCastException} from the read, nor a read of keys of another type that silently finds nothing).
   */
  @Test
  void aBoundValueItsPropertyCannotHoldIsRefusedNamingTheParameterThePropertyAndBothTypes() {
    GadgetsImpl queryable = new GadgetsImpl(db);
    assertEquals("bind(\"c\", 5): parameter c is compared with color, which holds STRING values, and 5 is an Integer; "
        + "bind a String", refused(() -> queryable.jdql("WHERE color = :c").bind("c", 5).list()));
    assertEquals("bind(\"s\", \"0.5\"): parameter s is compared with score, which holds DOUBLE values, and \"0.5\" is a "
        + "String; bind a number", refused(() -> queryable.jdql("WHERE score > :s").bind("s", "0.5").count()));
    assertEquals("bind(1, \"TOOL\"): parameter ?1 is compared with kind, which holds ENUM values, and \"TOOL\" is a String; "
        + "bind a constant of its enum", refused(() -> queryable.jdql("WHERE kind = ?1").bind(1, "TOOL").allowScan().exists()));
    assertEquals("bind(\"hi\", \"9\"): parameter hi is compared with size, which holds INT values, and \"9\" is a String; "
        + "bind a number", refused(() -> queryable.jdql("WHERE color = 'red' AND size BETWEEN :lo AND :hi").bind("lo", 1)
            .bind("hi", "9").first()));
    assertEquals("bind(\"n\", 7): parameter n is compared with name, which holds STRING values, and 7 is an Integer; "
        + "bind a String", refused(() -> queryable.jdql("WHERE name LIKE :n").bind("n", 7).allowScan().stream().count()));
    assertEquals("bind(\"s\", [1, 2]): parameter s is compared with size, which holds INT values, and [1, 2] is a "
        + "collection, where one value is compared; bind a number, or write size IN (:a, :b) with a parameter per value",
        refused(() -> queryable.jdql("WHERE color = 'red' AND size IN (:s, 3)").bind("s", List.of(1, 2)).list()));
    assertEquals("bind(\"s\", 9.5): parameter s is compared with size, which holds INT values, and 9.5 is a Double that "
        + "INT does not hold exactly; bind a whole number in the range of its type",
        refused(() -> queryable.jdql("WHERE color = 'red' AND size < :s").bind("s", 9.5).count()));
    assertEquals(queryable.jdql("WHERE color = 'red' AND size < :s").bind("s", 9).count(),
        queryable.jdql("WHERE color = 'red' AND size < :s").bind("s", new BigDecimal("9.0")).count(),
        "any number binds to a numeric property, compared by value");
    assertEquals(queryable.jdql("WHERE price > :p").bind("p", BigDecimal.ONE).count(),
        queryable.jdql("WHERE price > :p").bind("p", 1).count(), "a whole number binds to a decimal property");
  }

  private static String refused(org.junit.jupiter.api.function.Executable read) {
    return assertThrows(IllegalArgumentException.class, read).getMessage();
  }

  private <T> T pick(List<T> from) {
    return RandomGadgets.pick(random, from);
  }

  /** One to three random sorts on distinct properties, ending with the id so that the order is total. */
  private List<Sort<Gadget>> randomSorts() {
    List<String> keys = new ArrayList<>(List.of("name", "color", "size", "kind", "active"));
    Collections.shuffle(keys, random);
    List<Sort<Gadget>> sorts = new ArrayList<>();
    for (int i = 0, n = random.nextInt(3); i < n; i++) {
      sorts.add(random.nextBoolean() ? Sort.asc(keys.get(i)) : Sort.desc(keys.get(i)));
    }
    sorts.add(random.nextBoolean() ? Sort.asc("id") : Sort.desc("id"));
    return sorts;
  }

  private static Order<Gadget> order(List<Sort<Gadget>> sorts) {
    return Order.by(new ArrayList<Sort<? super Gadget>>(sorts));
  }

  private static Comparator<Gadget> comparator(List<Sort<Gadget>> sorts) {
    Comparator<Gadget> c = (a, b) -> 0;
    for (Sort<Gadget> s : sorts) {
      Comparator<Gadget> key = KEYS.get(s.property());
      c = c.thenComparing(s.isAscending() ? key : key.reversed());
    }
    return c;
  }

  /** {@code sorts}, then the id in the direction of the last sort: the order of Jakarta results that tie (ascending without sorts). */
  private static Comparator<Gadget> thenId(List<Sort<Gadget>> sorts) {
    boolean descending = !sorts.isEmpty() && sorts.get(sorts.size() - 1).isDescending();
    return comparator(sorts).thenComparing(descending ? KEYS.get("id").reversed() : KEYS.get("id"));
  }

  private List<String> expected(Predicate<Gadget> where, Comparator<Gadget> order) {
    return saved.stream().filter(where).sorted(order).map(Gadget::toString).toList();
  }

  private static List<String> strings(List<Gadget> found) {
    return found.stream().map(Gadget::toString).toList();
  }

  private static String seed(String what) {
    return what + " (seed " + SEED + ")";
  }

  @Test
  void methodNamesAnIndexServesAnswerAsBruteForce() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      int min = random.nextInt(21);
      int max = min + random.nextInt(8);
      List<Sort<Gadget>> sorts = randomSorts();
      Order<Gadget> order = order(sorts);
      assertEquals(expected(g -> g.color.equals(color) && g.size >= min && g.size <= max, comparator(sorts)),
          strings(gadgets.findByColorAndSizeBetween(color, min, max, order)), seed("color and size between"));

      List<String> colors = COLORS.stream().filter(c -> random.nextInt(3) == 0).toList();
      assertEquals(expected(g -> colors.contains(g.color), comparator(sorts)),
          strings(gadgets.findByColorIn(colors, sorts.toArray(Sort<?>[]::new))), seed("color in " + colors));

      String name = pick(saved).name;
      String prefix = name.substring(0, 1 + random.nextInt(3));
      assertEquals(expected(g -> g.name.startsWith(prefix), comparator(sorts)),
          strings(gadgets.findByNameStartsWith(prefix, order)), seed("name starts with " + prefix));

      List<Long> ids = new ArrayList<>();
      for (int i = 0, n = random.nextInt(6); i < n; i++) {
        ids.add((long) random.nextInt(2 * GADGETS + 2)); // odd ids are stored, even ones are not; some repeat
      }
      assertEquals(expected(g -> ids.contains(g.id), comparator(sorts)), strings(gadgets.findByIdIn(ids, order)),
          seed("id in " + ids));

      assertEquals(saved.stream().filter(g -> g.color.equals(color) && g.size > min).count(),
          gadgets.countByColorAndSizeGreaterThan(color, min), seed("count"));
      assertTrue(gadgets.existsByName(name), seed("exists " + name));
      assertFalse(gadgets.existsByName(name + "x"), seed("exists " + name + "x"));
      assertEquals(expected(g -> g.color.equals(color), KEYS.get("size").reversed().thenComparing(KEYS.get("id"))).stream()
          .limit(3).toList(), strings(Arrays.asList(gadgets.findFirst3ByColorOrderBySizeDescIdAsc(color))), seed("first 3"));
    }
  }

  @Test
  void limitsInAnOrderAnIndexServesAnswerAsAFullSortWould() {
    for (int round = 0; round < ROUNDS; round++) {
      String prefix = pick(saved).name.substring(0, 1 + random.nextInt(2));
      assertEquals(expected(g -> g.name.startsWith(prefix), KEYS.get("name").thenComparing(KEYS.get("id"))).stream().limit(5).toList(),
          strings(gadgets.findFirst5ByNameStartsWithOrderByNameAsc(prefix)), seed("First5 " + prefix));
      String color = pick(COLORS);
      int start = 1 + random.nextInt(8);
      int count = 1 + random.nextInt(8);
      Limit limit = random.nextBoolean() ? Limit.of(count) : Limit.range(start, start + count - 1);
      // ties on size are in id order, as every Jakarta Data result here (the index holds them the other way round)
      assertEquals(expected(g -> g.color.equals(color), KEYS.get("size").reversed().thenComparing(KEYS.get("id").reversed())).stream()
          .skip(limit.startAt() - 1).limit(limit.maxResults()).toList(), strings(gadgets.largest(color, limit)), seed("largest " + limit));
      assertEquals(expected(g -> g.color.equals(color), KEYS.get("size").thenComparing(KEYS.get("id"))).stream().limit(4).toList(),
          strings(gadgets.findFirst4ByColorOrderByColorAscSizeAsc(color)), seed("First4 by a fixed color, then size"));
      Comparator<Gadget> largestFirst = KEYS.get("size").reversed().thenComparing(KEYS.get("id").reversed());
      int page = 1 + random.nextInt(4);
      assertEquals(expected(g -> g.color.equals(color), largestFirst).stream().skip((page - 1) * 3L).limit(3).toList(),
          strings(gadgets.largestOfColor(color, PageRequest.ofPage(page, 3, false)).content()), seed("offset page " + page
          + " by a fixed color, then size descending"));
      walk(expected(g -> g.color.equals(color), largestFirst), 1 + random.nextInt(4), r -> gadgets.largestOfColor(color, r),
          "cursored pages by a fixed color, then size descending");
      // a cursor that holds another color (or the same): read from its position in byColorSize's keys all the same
      Gadget at = new Gadget(2L * random.nextInt(GADGETS) + 1, "", pick(COLORS), random.nextInt(21), null, Gadget.Kind.TOOL,
          false, 0, 0, null);
      Comparator<Gadget> byColorLargest = KEYS.get("color").thenComparing(largestFirst);
      PageRequest.Cursor cursor = PageRequest.Cursor.forKey(at.color, at.size, at.id);
      String place = "the cursor (" + at.color + ", " + at.size + ", " + at.id + ")";
      List<String> after = expected(g -> g.color.equals(color) && byColorLargest.compare(g, at) > 0, byColorLargest);
      List<String> before = expected(g -> g.color.equals(color) && byColorLargest.compare(g, at) < 0, byColorLargest);
      CursoredPage<Gadget> afterCursor = gadgets.largestOfColor(color, PageRequest.afterCursor(cursor, 1, 3, true));
      assertEquals(after.stream().limit(3).toList(), strings(afterCursor.content()), seed("after " + place + " in " + color));
      // the page before a page holds what sorts before its first result: the cursor's own gadget too, when stored
      boolean atCursor = saved.stream().anyMatch(g -> g.color.equals(color) && byColorLargest.compare(g, at) == 0);
      assertEquals(!afterCursor.content().isEmpty() && (atCursor || !before.isEmpty()), afterCursor.hasPrevious(),
          seed("results before " + place));
      assertEquals(saved.stream().filter(g -> g.color.equals(color)).count(), afterCursor.totalElements(),
          seed("total after " + place));
      CursoredPage<Gadget> beforeCursor = gadgets.largestOfColor(color, PageRequest.beforeCursor(cursor, 1, 3, true));
      assertEquals(before.subList(Math.max(0, before.size() - 3), before.size()), strings(beforeCursor.content()),
          seed("before " + place + " in " + color));
      assertEquals(!beforeCursor.content().isEmpty() && (atCursor || !after.isEmpty()), beforeCursor.hasNext(),
          seed("results after " + place));
      int min = random.nextInt(21);
      assertEquals(expected(g -> g.color.equals(color) && g.size >= min, KEYS.get("size").thenComparing(KEYS.get("id"))).stream()
          .skip(limit.startAt() - 1).limit(limit.maxResults()).toList(), strings(gadgets.smallestFrom(color, min, limit)),
          seed("smallest from " + min + ", " + limit));
    }
  }

  @Test
  void orBranchesReadFromTheirIndexesAnswerAsBruteForceWithEachMatchOnce() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      String prefix = pick(saved).name.substring(0, 1 + random.nextInt(2));
      List<Sort<Gadget>> sorts = randomSorts();
      // overlapping branches: a gadget of the color whose name has the prefix matches both, and comes once
      assertEquals(expected(g -> g.color.equals(color) || g.name.startsWith(prefix), comparator(sorts)),
          strings(gadgets.findByColorOrNameStartsWith(color, prefix, order(sorts))), seed(color + " or " + prefix));
      Gadget one = pick(saved);
      assertEquals(saved.stream().filter(g -> g.id == one.id || g.color.equals(color)).count(), gadgets.countByIdOrColor(one.id, color),
          seed("id or color"));
      int size = random.nextInt(21);
      String name = pick(saved).name;
      assertEquals(expected(g -> (g.color.equals(color) && g.size < size) || g.name.equals(name), KEYS.get("id")),
          strings(gadgets.smallOfColorOrNamed(color, size, name).stream().sorted(KEYS.get("id")).toList()), seed("JDQL OR"));
      double weight = random.nextInt(100) / 10.0;
      Gadget.Kind kind = pick(Arrays.asList(Gadget.Kind.values()));
      assertEquals(expected(g -> (g.color.equals(color) && g.weight != null && Double.compare(g.weight, weight) > 0) || g.kind == kind,
          KEYS.get("id")), strings(gadgets.heavyOfColorOrKind(color, weight, kind).stream().sorted(KEYS.get("id")).toList()),
          seed("JDQL OR, a branch with a row check"));
    }
  }

  @Test
  void orBranchesReadInAnIndexOrderAndMergedAnswerAsBruteForceWithEachMatchOnce() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      Gadget.Kind kind = pick(Arrays.asList(Gadget.Kind.values()));
      // a gadget of the color and the kind matches both branches, and comes once
      Predicate<Gadget> either = g -> g.color.equals(color) || g.kind == kind;
      String what = color + " or " + kind;
      assertEquals(expected(either, KEYS.get("size").reversed().thenComparing(KEYS.get("id").reversed())).stream().limit(6).toList(),
          strings(gadgets.findFirst6ByColorOrKindOrderBySizeDesc(color, kind)), seed("First6 of " + what));
      int pageSize = 1 + random.nextInt(5);
      walk(expected(either, KEYS.get("size").thenComparing(KEYS.get("id"))), pageSize,
          r -> gadgets.findByColorOrKindOrderBySizeAscIdAsc(color, kind, r), "cursored pages of " + what);

      List<Sort<Gadget>> sorts = indexOrMixedSorts();
      Comparator<Gadget> total = thenId(sorts);
      List<String> paged = new ArrayList<>();
      PageRequest request = PageRequest.ofPage(1, pageSize, random.nextBoolean());
      for (Page<Gadget> p = gadgets.colorOrKind(color, kind, request, order(sorts)); ; p = gadgets.colorOrKind(color, kind, request, order(sorts))) {
        paged.addAll(strings(p.content()));
        if (request.requestTotal()) {
          assertEquals(expected(either, total).size(), p.totalElements(), seed("totals of " + what + " by " + sorts));
        }
        if (!p.hasNext()) {
          break;
        }
        request = p.nextPageRequest();
      }
      assertEquals(expected(either, total), paged, seed("offset pages of " + what + " by " + sorts));

      Sort<Gadget> sort = sorts.get(0);
      try (java.util.stream.Stream<Gadget> stream = gadgets.findByColorOrKind(color, kind, sort)) {
        List<Gadget> found = stream.toList();
        Comparator<Gadget> byThenId = thenId(List.of(sort));
        assertEquals(expected(either, byThenId), strings(found.stream().sorted(byThenId).toList()), seed("stream of " + what));
        for (int i = 1; i < found.size(); i++) {
          assertTrue(comparator(List.of(sort)).compare(found.get(i - 1), found.get(i)) <= 0, seed("the stream is sorted by " + sort));
        }
      }

      int min = random.nextInt(21);
      int count = 1 + random.nextInt(8);
      assertEquals(expected(g -> (g.color.equals(color) && g.size >= min) || g.kind == kind,
          KEYS.get("size").reversed().thenComparing(KEYS.get("id").reversed())).stream().limit(count).toList(),
          strings(gadgets.largeOfColorOrKind(color, min, kind, Limit.of(count))), seed("JDQL OR with a range, limit " + count));
    }
  }

  @Test
  void methodNamesNoIndexServesAnswerAsBruteForce() {
    for (int round = 0; round < ROUNDS; round++) {
      int size = random.nextInt(21);
      double weight = random.nextInt(100) / 10.0;
      List<Sort<Gadget>> sorts = randomSorts();
      Order<Gadget> order = order(sorts);
      assertEquals(expected(g -> g.size > size || (g.weight != null && g.weight < weight), comparator(sorts)),
          strings(gadgets.findBySizeGreaterThanOrWeightLessThan(size, weight, order)), seed("or"));

      String name = pick(saved).name;
      int from = random.nextInt(name.length());
      String part = name.substring(from, Math.min(name.length(), from + 1 + random.nextInt(3)));
      String cased = random.nextBoolean() ? part.toUpperCase() : part.toLowerCase();
      assertEquals(expected(g -> g.name.toUpperCase().contains(cased.toUpperCase()), comparator(sorts)),
          strings(gadgets.findByNameIgnoreCaseContains(cased, order)), seed("ignore case contains " + cased));

      assertEquals(expected(g -> g.weight == null, comparator(sorts)), strings(gadgets.findByWeightNull(order)), seed("null"));

      Gadget.Kind kind = pick(Arrays.asList(Gadget.Kind.values()));
      assertEquals(expected(g -> g.kind != kind && g.active, comparator(sorts)),
          strings(gadgets.findByKindNotAndActiveTrue(kind, order)), seed("not " + kind + " and active"));

      String color = pick(COLORS);
      Sort<Gadget> sort = sorts.get(0);
      Comparator<Gadget> byThenId = thenId(List.of(sort));
      List<Gadget> stream = gadgets.findByColorNot(color, sort).toList();
      // one sort may leave ties, which the spec leaves in any order: the same gadgets, each pair in the sort's order
      assertEquals(expected(g -> !g.color.equals(color), byThenId), strings(stream.stream().sorted(byThenId).toList()),
          seed("stream"));
      for (int i = 1; i < stream.size(); i++) {
        assertTrue(comparator(List.of(sort)).compare(stream.get(i - 1), stream.get(i)) <= 0, seed("the stream is sorted by " + sort));
      }
    }
  }

  @Test
  void streamsWithoutAnOrderHoldTheMatchesInSomeOrder() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      Comparator<Gadget> byId = KEYS.get("id");
      List<Gadget> found = gadgets.findByColor(color).toList();
      assertEquals(expected(g -> g.color.equals(color), byId), strings(found.stream().sorted(byId).toList()), seed("stream of " + color));
      double weight = random.nextInt(100) / 10.0;
      int count = 1 + random.nextInt(10);
      List<Gadget> some = gadgets.findByWeightGreaterThan(weight, Limit.of(count)).toList();
      List<String> heavier = expected(g -> g.weight != null && Double.compare(g.weight, weight) > 0, byId);
      assertEquals(Math.min(count, heavier.size()), some.size(), seed("Limit.of(" + count + ")"));
      assertTrue(heavier.containsAll(strings(some)), seed("only matches"));
    }
  }

  @Test
  void findMethodsAnswerAsBruteForceAndPageWithoutSkippingOrRepeating() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      List<Sort<Gadget>> sorts = randomSorts();
      assertEquals(expected(g -> g.color.equals(color), comparator(sorts)),
          strings(gadgets.withColor(color, sorts.toArray(Sort<?>[]::new))), seed("@Find with sorts"));

      int size = random.nextInt(21);
      int pageSize = 1 + random.nextInt(4);
      List<String> all = expected(g -> g.size == size, comparator(sorts));
      List<String> paged = new ArrayList<>();
      PageRequest request = PageRequest.ofSize(pageSize);
      for (int n = 1; ; n++) {
        Page<Gadget> page = gadgets.ofSize(size, request, order(sorts));
        assertEquals(all.size(), page.totalElements(), seed("totals"));
        assertEquals((all.size() + pageSize - 1) / pageSize, page.totalPages(), seed("total pages"));
        paged.addAll(strings(page.content()));
        if (!page.hasNext()) {
          break;
        }
        request = page.nextPageRequest();
        assertEquals(n + 1, request.page());
      }
      assertEquals(all, paged, seed("offset pages of size " + pageSize));

      List<String> inColor = expected(g -> g.color.equals(color), KEYS.get("size").thenComparing(KEYS.get("id").reversed()));
      List<String> forward = new ArrayList<>();
      CursoredPage<Gadget> page = gadgets.inColor(color, PageRequest.ofSize(pageSize));
      forward.addAll(strings(page.content()));
      while (page.hasNext()) {
        page = gadgets.inColor(color, page.nextPageRequest());
        forward.addAll(strings(page.content()));
      }
      assertEquals(inColor, forward, seed("cursored pages forward"));
      List<String> backward = new ArrayList<>(strings(page.content()));
      while (page.hasPrevious()) {
        page = gadgets.inColor(color, page.previousPageRequest());
        backward.addAll(0, strings(page.content()));
      }
      assertEquals(inColor, backward, seed("cursored pages backward"));

      // an offset page of an order an index serves: read in index order up to the page's end, totals on keys
      List<String> ofColor = expected(g -> g.color.equals(color), KEYS.get("size").thenComparing(KEYS.get("id")));
      boolean totals = random.nextBoolean();
      List<String> walked = new ArrayList<>();
      PageRequest next = PageRequest.ofPage(1, pageSize, totals);
      for (Page<Gadget> p = gadgets.pageOfColor(color, next); ; p = gadgets.pageOfColor(color, next)) {
        walked.addAll(strings(p.content()));
        assertEquals(totals, p.hasTotals());
        if (totals) {
          assertEquals(ofColor.size(), p.totalElements(), seed("totals on keys"));
        }
        if (!p.hasNext()) {
          break;
        }
        next = p.nextPageRequest();
      }
      assertEquals(ofColor, walked, seed("pages in index order, totals " + totals));

      Gadget one = pick(saved);
      assertEquals(one.toString(), gadgets.named(one.name).map(Gadget::toString).orElse(null), seed("@Find Optional"));
      assertTrue(gadgets.named(one.name + "x").isEmpty(), seed("@Find Optional, none"));

      Gadget.Kind kind = pick(Arrays.asList(Gadget.Kind.values()));
      int start = 1 + random.nextInt(10);
      int count = 1 + random.nextInt(10);
      assertEquals(expected(g -> g.kind == kind, comparator(sorts)).stream().skip(start - 1).limit(count).toList(),
          strings(gadgets.ofKind(kind, Limit.range(start, start + count - 1), order(sorts))), seed("Limit.range"));
    }
  }

  /** An order of {@code byColorSize}'s keys after the color (size, then the id, one direction), or a random one. */
  private List<Sort<Gadget>> indexOrMixedSorts() {
    return switch (random.nextInt(4)) {
      case 0 -> List.of(Sort.asc("size"), Sort.asc("id"));
      case 1 -> List.of(Sort.desc("size"), Sort.desc("id"));
      case 2 -> List.of(Sort.desc("size"));
      default -> randomSorts();
    };
  }

  /** Walks {@code pages} forward from the first page, then back from the last, and checks both against {@code expected}. */
  private void walk(List<String> expected, int pageSize, java.util.function.Function<PageRequest, CursoredPage<Gadget>> pages,
      String what) {
    List<String> forward = new ArrayList<>();
    CursoredPage<Gadget> page = pages.apply(PageRequest.ofSize(pageSize));
    forward.addAll(strings(page.content()));
    while (page.hasNext()) {
      page = pages.apply(page.nextPageRequest());
      forward.addAll(strings(page.content()));
      assertEquals(expected.size(), page.totalElements(), seed(what + " total after a cursor"));
    }
    assertEquals(expected, forward, seed(what + " forward"));
    List<String> backward = new ArrayList<>(strings(page.content()));
    while (page.hasPrevious()) {
      page = pages.apply(page.previousPageRequest());
      backward.addAll(0, strings(page.content()));
      assertEquals(expected.size(), page.totalElements(), seed(what + " total before a cursor"));
    }
    assertEquals(expected, backward, seed(what + " backward"));
  }

  @Test
  void pagesLimitsAndStreamsInAnIndexOrderAnswerAsBruteForce() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      int pageSize = 1 + random.nextInt(4);
      Predicate<Gadget> ofColor = g -> g.color.equals(color);
      walk(expected(ofColor, KEYS.get("size").thenComparing(KEYS.get("id"))), pageSize, r -> gadgets.bySizeInColor(color, r),
          "size, id of " + color);
      walk(expected(ofColor, KEYS.get("size").thenComparing(KEYS.get("id")).reversed()), pageSize,
          r -> gadgets.largestInColor(color, r), "size desc, id desc of " + color);
      List<Sort<Gadget>> sorts = indexOrMixedSorts();
      if (sorts.get(sorts.size() - 1).property().equals("id")) { // a cursor of a partial order skips the ties at its page's end
        walk(expected(ofColor, comparator(sorts)), pageSize, r -> gadgets.pagesInColor(color, r, order(sorts)), sorts + " of " + color);
      }

      Comparator<Gadget> total = thenId(sorts);
      int count = 1 + random.nextInt(8);
      assertEquals(expected(ofColor, total).stream().limit(count).toList(), strings(gadgets.firstInColor(color, Limit.of(count),
          order(sorts))), seed("first " + count + " by " + sorts));
      List<String> paged = new ArrayList<>();
      PageRequest request = PageRequest.ofSize(pageSize);
      for (Page<Gadget> p = gadgets.pageInColor(color, request, sorts.toArray(Sort<?>[]::new)); ;
          p = gadgets.pageInColor(color, request, sorts.toArray(Sort<?>[]::new))) {
        paged.addAll(strings(p.content()));
        assertEquals(expected(ofColor, total).size(), p.totalElements(), seed("totals by " + sorts));
        if (!p.hasNext()) {
          break;
        }
        request = p.nextPageRequest();
      }
      assertEquals(expected(ofColor, total), paged, seed("offset pages by " + sorts));

      int min = random.nextInt(21);
      Sort<Gadget> sort = sorts.get(0);
      assertEquals(expected(g -> ofColor.test(g) && g.size >= min, thenId(List.of(sort))),
          strings(gadgets.findByColorAndSizeGreaterThanEqual(color, min, sort).toList()), seed("stream by " + sort));
      try (java.util.stream.Stream<Gadget> largest = gadgets.findByColorOrderBySizeDesc(color)) {
        assertEquals(expected(ofColor, KEYS.get("size").reversed().thenComparing(KEYS.get("id").reversed())).stream().limit(count).toList(),
            strings(largest.limit(count).toList()), seed("stream in static order"));
      }
    }
  }

  @Test
  void anInOnThePropertyAnOrderBeginsWithIsReadInIndexOrderAsBruteForce() {
    for (int round = 0; round < ROUNDS; round++) {
      List<String> colors = COLORS.stream().filter(c -> random.nextInt(3) > 0).toList();
      Predicate<Gadget> inColors = g -> colors.contains(g.color);
      Comparator<Gadget> colorSizeId = KEYS.get("color").thenComparing(KEYS.get("size")).thenComparing(KEYS.get("id"));
      assertEquals(expected(inColors, KEYS.get("color").reversed().thenComparing(KEYS.get("size").reversed())
          .thenComparing(KEYS.get("id").reversed())).stream().limit(5).toList(), strings(gadgets.findFirst5ByColorInOrderByColorDescSizeDesc(colors)),
          seed("First5 of " + colors));
      int pageSize = 1 + random.nextInt(5);
      walk(expected(inColors, colorSizeId), pageSize, r -> gadgets.findByColorInOrderByColorAscSizeAscIdAsc(colors, r),
          "cursored pages of " + colors);
      Gadget.Kind kind = pick(Arrays.asList(Gadget.Kind.values()));
      List<Integer> sizes = List.of(random.nextInt(21), random.nextInt(21), random.nextInt(21));
      walk(expected(g -> g.kind == kind && sizes.contains(g.size), KEYS.get("size").thenComparing(KEYS.get("id")).reversed()),
          pageSize, r -> gadgets.findByKindAndSizeInOrderBySizeDescIdDesc(kind, sizes, r), "cursored pages of " + kind
          + " and sizes " + sizes + " (byKindSize: an equality, then the In)");

      int min = random.nextInt(21);
      List<Sort<Gadget>> sorts = switch (random.nextInt(4)) {
        case 0 -> List.of(Sort.asc("color"), Sort.asc("size"), Sort.asc("id"));
        case 1 -> List.of(Sort.desc("color"), Sort.desc("size"));
        case 2 -> List.of(Sort.asc("color"));
        default -> randomSorts();
      };
      Comparator<Gadget> total = thenId(sorts);
      Predicate<Gadget> from = g -> inColors.test(g) && g.size >= min;
      List<String> paged = new ArrayList<>();
      PageRequest request = PageRequest.ofPage(1, pageSize, true);
      for (Page<Gadget> p = gadgets.findByColorInAndSizeGreaterThanEqual(colors, min, request, order(sorts)); ;
          p = gadgets.findByColorInAndSizeGreaterThanEqual(colors, min, request, order(sorts))) {
        paged.addAll(strings(p.content()));
        assertEquals(expected(from, total).size(), p.totalElements(), seed("totals of " + colors + " from " + min));
        if (!p.hasNext()) {
          break;
        }
        request = p.nextPageRequest();
      }
      assertEquals(expected(from, total), paged, seed("offset pages of " + colors + " from " + min + " by " + sorts));
    }
  }

  @Test
  void pagesInAnIndexOrderWithAConditionLeftToThePredicateAnswerAsBruteForceWithTheirTotals() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      int pageSize = 1 + random.nextInt(4);
      Predicate<Gadget> activeOfColor = g -> g.color.equals(color) && g.active;
      List<String> largest = expected(activeOfColor, KEYS.get("size").reversed().thenComparing(KEYS.get("id").reversed()));
      boolean totals = random.nextBoolean();
      List<String> paged = new ArrayList<>();
      PageRequest request = PageRequest.ofPage(1, pageSize, totals);
      for (Page<Gadget> p = gadgets.findByColorAndActiveTrueOrderBySizeDesc(color, request); ;
          p = gadgets.findByColorAndActiveTrueOrderBySizeDesc(color, request)) {
        paged.addAll(strings(p.content()));
        assertEquals(totals, p.hasTotals(), seed("totals asked for"));
        if (totals) {
          assertEquals(largest.size(), p.totalElements(), seed("totals of active " + color + " read on"));
          assertEquals((largest.size() + pageSize - 1) / pageSize, p.totalPages(), seed("total pages"));
        }
        if (!p.hasNext()) {
          break;
        }
        request = p.nextPageRequest();
      }
      assertEquals(largest, paged, seed("offset pages of active " + color + ", size descending"));
      walk(expected(activeOfColor, KEYS.get("size").thenComparing(KEYS.get("id")).reversed()), pageSize,
          r -> gadgets.findByColorAndActiveTrueOrderBySizeDescIdDesc(color, r), "cursored pages of active " + color);
    }
  }

  @Test
  void jdqlQueriesAnswerAsBruteForce() {
    for (int round = 0; round < ROUNDS; round++) {
      String color = pick(COLORS);
      int min = random.nextInt(21);
      assertEquals(expected(g -> g.color.equals(color) && g.size >= min, KEYS.get("size").reversed().thenComparing(KEYS.get("id"))),
          strings(gadgets.colorFrom(color, min)), seed("JDQL AND, ORDER BY"));

      int max = min + random.nextInt(5);
      String pattern = pick(List.of(pick(WORDS).substring(0, 1) + "%", "%-" + random.nextInt(10) + "_", "_" + pick(WORDS).charAt(1) + "%",
          "%" + random.nextInt(10)));
      Pattern like = Pattern.compile(Pattern.quote(pattern).replace("%", "\\E.*\\Q").replace("_", "\\E.\\Q"), Pattern.DOTALL);
      List<Sort<Gadget>> sorts = randomSorts();
      assertEquals(expected(g -> (g.size >= min && g.size <= max) || like.matcher(g.name).matches(), comparator(sorts)),
          strings(gadgets.sizedOrLike(min, max, pattern, order(sorts))), seed("JDQL OR, LIKE " + pattern));

      assertEquals(expected(g -> g.color.equals("red") && g.size >= min, KEYS.get("id")),
          strings(gadgets.redFrom(min).stream().sorted(KEYS.get("id")).toList()), seed("JDQL string literal, planned"));
      assertEquals(saved.stream().filter(g -> g.color.equals("blue")).count(), gadgets.blues(), seed("COUNT(THIS) of a literal"));
      assertEquals(saved.stream().filter(g -> g.color.equals(color)).map(g -> g.name).sorted().toList(), gadgets.namesIn(color),
          seed("JDQL SELECT name"));
      assertEquals(saved.stream().filter(g -> g.weight == null || g.size > min).count(), gadgets.countLightOrLarge(min),
          seed("JDQL COUNT(THIS)"));
      double heaviest = random.nextInt(100) / 10.0;
      assertEquals(saved.stream().filter(g -> g.weight != null && Double.compare(g.weight, heaviest) <= 0).count(),
          gadgets.countNotHeavierThan(heaviest), seed("JDQL NOT of a comparison is false on a null weight"));
      long notOfColorAndHeavier = saved.stream()
          .filter(g -> !g.color.equals(color) || g.weight != null && Double.compare(g.weight, heaviest) <= 0).count();
      assertEquals(notOfColorAndHeavier, gadgets.countNotOfColorAndHeavier(color, heaviest),
          seed("JDQL NOT of a conjunction is unknown where a null weight leaves the conjunction unknown"));
      assertEquals(notOfColorAndHeavier, new GadgetsImpl(db).jdql("WHERE NOT (color = :c AND weight > :w)").bind("c", color)
          .bind("w", heaviest).allowScan().count(), seed("a run-time JDQL NOT of a conjunction, the same"));

      int length = 6 + random.nextInt(5);
      Sort<Gadget> sort = random.nextBoolean() ? Sort.asc("id") : Sort.desc("id");
      assertEquals(expected(g -> g.name.length() > length && g.active, comparator(List.of(sort))),
          strings(gadgets.longActiveNames(length, sort)), seed("JDQL LENGTH, TRUE"));
    }
  }

  /**
   * The expected predicates follow {@code Values.compare}: a literal of the property's own class compares as
   * {@code Double.compare}/{@code Float.compare} ({@code -0.0} below {@code 0.0}), any other number by value
   * ({@code -0.0} equal to {@code 0}), a NaN above every number either way. Scores are tenths, ratings quarters,
   * {@code 0.1F} or the float below it, both sometimes {@code -0.0} or {@code 0.0}, now and then an infinity or NaN;
   * prices are nullable decimals of scale 1 or 2 ({@code 1.5} and {@code 1.50}), often {@code 0.1} or {@code 0.10}.
   */
  @Test
  void jdqlDecimalLiteralsAnswerAsBruteForce() {
    BigDecimal oneAndAHalf = new BigDecimal("1.5");
    BigDecimal four = BigDecimal.valueOf(4);
    BigDecimal tenth = new BigDecimal("0.1");
    BigDecimal twoAndAHalf = new BigDecimal("2.5");
    Comparator<Gadget> byId = KEYS.get("id");
    assertEquals(expected(g -> Double.compare(g.score, 0.3) > 0 && Double.compare(g.score, 7.25) <= 0, byId),
        strings(gadgets.scoredAbove().stream().sorted(byId).toList()), seed("double literals on a double"));
    assertEquals(expected(g -> Double.compare(g.score, 0.1) == 0, byId), strings(gadgets.scoredATenth()), seed("score = 0.1"));
    assertEquals(expected(g -> g.score < -1, byId), strings(gadgets.scoredBelowMinusOne().stream().sorted(byId).toList()),
        seed("an integer literal on a double"));
    assertEquals(expected(g -> g.rating >= 1.5 && g.rating <= 3.25, byId),
        strings(gadgets.ratedBetween().stream().sorted(byId).toList()), seed("double literals a float holds"));
    assertEquals(expected(g -> Float.compare(g.rating, 0.5F) > 0, byId),
        strings(gadgets.ratedAboveHalf().stream().sorted(byId).toList()), seed("a float literal on a float"));
    assertEquals(expected(g -> g.price != null && g.price.compareTo(oneAndAHalf) > 0 && g.price.compareTo(four) <= 0, byId),
        strings(gadgets.pricedAbove().stream().sorted(byId).toList()), seed("decimal ranges of every scale"));
    assertEquals(expected(g -> g.price != null && g.price.compareTo(tenth) >= 0 && g.price.compareTo(twoAndAHalf) <= 0, byId),
        strings(gadgets.pricedBetween().stream().sorted(byId).toList()), seed("decimal between"));
    assertEquals(expected(g -> g.price != null && g.price.compareTo(tenth) == 0, byId),
        strings(gadgets.pricedATenth().stream().sorted(byId).toList()), seed("price = 0.1 takes 0.10"));
    BigDecimal stored = saved.stream().map(g -> g.price).filter(java.util.Objects::nonNull).findFirst().orElse(four);
    for (BigDecimal price : List.of(tenth, new BigDecimal("0.10"), new BigDecimal("1.50"), stored, BigDecimal.valueOf(-25, 1))) {
      assertEquals(expected(g -> g.price != null && g.price.compareTo(price) == 0, byId),
          strings(gadgets.findByPrice(price).stream().sorted(byId).toList()), seed("price = " + price + ", every scale"));
      assertEquals(saved.stream().filter(g -> g.price != null && g.price.compareTo(price) == 0).count(), gadgets.countByPrice(price),
          seed("count price = " + price + ", on keys"));
    }
    for (int round = 0; round < ROUNDS; round++) {
      List<BigDecimal> prices = new ArrayList<>();
      for (int i = random.nextInt(5); i > 0; i--) {
        BigDecimal price = random.nextInt(3) == 0 ? BigDecimal.valueOf(random.nextInt(80) - 30, 1) : pick(saved).price;
        // the value at another scale too (1.5 as 1.50 or 1.500): every scale of it matches
        prices.add(price == null ? tenth : random.nextBoolean() ? price : price.setScale(price.scale() + 1 + random.nextInt(2)));
      }
      Predicate<Gadget> in = g -> g.price != null && prices.stream().anyMatch(p -> p.compareTo(g.price) == 0);
      assertEquals(expected(in, byId), strings(gadgets.findByPriceIn(prices).stream().sorted(byId).toList()),
          seed("price in " + prices + ", every scale"));
      assertEquals(saved.stream().filter(in).count(), gadgets.countByPriceIn(prices), seed("count price in " + prices + ", on keys"));
      // by the In's own property (an order an index holds for other Ins) or a random one
      boolean byPrice = random.nextBoolean();
      boolean descending = random.nextBoolean();
      List<Sort<Gadget>> sorts = byPrice ? List.of(descending ? Sort.desc("price") : Sort.asc("price"), Sort.asc("id")) : randomSorts();
      Comparator<Gadget> priceFirst = Comparator.comparing(g -> g.price);
      Comparator<Gadget> order = byPrice ? (descending ? priceFirst.reversed() : priceFirst).thenComparing(byId) : comparator(sorts);
      Limit limit = Limit.of(1 + random.nextInt(6));
      assertEquals(expected(in, order).stream().limit(limit.maxResults()).toList(),
          strings(gadgets.findByPriceIn(prices, limit, order(sorts))), seed("price in " + prices + ", " + limit + " by " + sorts));
    }
    assertEquals(expected(g -> g.rating > 0.1 || Float.isNaN(g.rating), byId), strings(gadgets.ratedAboveATenth().stream().sorted(byId).toList()),
        seed("0.1 on a float takes 0.1F (0.100000001...), and a NaN"));
    assertEquals(expected(g -> g.rating < 0.1, byId), strings(gadgets.ratedBelowATenth().stream().sorted(byId).toList()),
        seed("< 0.1 on a float takes the float below 0.1, not 0.1F"));
    assertEquals(List.of(), strings(gadgets.ratedATenth()), seed("no float equals 0.1"));
    assertTrue(saved.stream().anyMatch(g -> g.rating == 0.1F) && saved.stream().anyMatch(g -> g.rating == Math.nextDown(0.1F)),
        seed("both floats next to 0.1 are stored"));
    assertEquals(expected(g -> g.rating >= 0.1 && g.rating <= 2.3, byId),
        strings(gadgets.ratedFromATenthTo().stream().sorted(byId).toList()), seed("between 0.1 and 2.3 on a float"));
    assertEquals(expected(g -> g.score >= 0 || Double.isNaN(g.score), byId), strings(gadgets.scoredFromZero().stream().sorted(byId).toList()),
        seed("0 on a double takes -0.0, and a NaN: above every number"));
    assertEquals(expected(g -> Double.compare(g.score, 0.0) < 0, byId),
        strings(gadgets.scoredBelowZero().stream().sorted(byId).toList()), seed("score < 0.0 takes -0.0: the bound read inclusively"));
  }

  /**
   * Decimals compared with the integral {@code size} (0 to 20), read from {@code byColorSize} with each bound rounded to
   * the integers the comparison accepts: the counts are taken on keys, so a bound rounded the wrong way (a size the
   * predicate rejects read all the same) shows as a wrong count.
   */
  @Test
  void jdqlDecimalsComparedWithAnIntegralPropertyAnswerAsBruteForce() {
    Comparator<Gadget> byId = KEYS.get("id");
    // the sizes next to each bound, in every color, whatever the random ones are
    List<Gadget> edges = new ArrayList<>();
    for (String color : COLORS) {
      for (int size : new int[] {0, 2, 3, 7, 17, 18}) {
        Gadget g = RandomGadgets.gadget(random, 2 * (GADGETS + edges.size()) + 1);
        g.color = color;
        g.size = size;
        edges.add(g);
      }
    }
    gadgets.saveAll(edges);
    saved.addAll(edges);
    for (String color : COLORS) {
      Predicate<Gadget> ofColor = g -> g.color.equals(color);
      assertEquals(expected(ofColor.and(g -> g.size > 2.5), byId), strings(gadgets.sizedAboveTwoAndAHalf(color).stream().sorted(byId).toList()),
          seed(color + ", size > 2.5"));
      assertEquals(expected(ofColor.and(g -> g.size >= 2.5), byId), strings(gadgets.sizedFromTwoAndAHalf(color).stream().sorted(byId).toList()),
          seed(color + ", size >= 2.5"));
      assertEquals(expected(ofColor.and(g -> g.size < 17.5), byId),
          strings(gadgets.sizedBelowSeventeenAndAHalf(color).stream().sorted(byId).toList()), seed(color + ", 17.5 > size"));
      assertEquals(expected(ofColor.and(g -> g.size <= 17.5), byId),
          strings(gadgets.sizedUpToSeventeenAndAHalf(color).stream().sorted(byId).toList()), seed(color + ", size <= 17.5"));
      assertEquals(expected(ofColor.and(g -> g.size > -0.5), byId), strings(gadgets.sizedAboveMinusAHalf(color).stream().sorted(byId).toList()),
          seed(color + ", size > -0.5 takes 0"));
      assertEquals(List.of(), strings(gadgets.sizedBelowMinusAHalf(color)), seed(color + ", size < -0.5"));
      assertEquals(List.of(), strings(gadgets.sizedSevenAndAHalf(color)), seed(color + ", no size is 7.5"));
      assertEquals(expected(ofColor.and(g -> g.size == 7), byId), strings(gadgets.sizedSeven(color).stream().sorted(byId).toList()),
          seed(color + ", size = 7.0"));
      assertEquals(saved.stream().filter(ofColor.and(g -> g.size >= 3)).count(), gadgets.countSizedFromTwoAndAHalf(color),
          seed(color + ", count size >= 2.5 on keys"));
      assertEquals(saved.stream().filter(ofColor.and(g -> g.size <= 17)).count(), gadgets.countSizedUpToSeventeenAndAHalf(color),
          seed(color + ", count size <= 17.5 on keys"));
      assertEquals(saved.stream().filter(ofColor.and(g -> g.size <= 17)).count(), gadgets.countSizedBetween(color),
          seed(color + ", count size between -0.5 and 17.5F on keys"));
      assertEquals(0, gadgets.countSizedSevenAndAHalf(color), seed(color + ", count size = 7.5 on keys"));
    }
  }

  /**
   * Exclusive bounds on floating-point properties, planned onto their indexes: keys hold -0.0 as 0.0 while the order
   * Jakarta Data compares by puts -0.0 below 0.0, so {@code < 0.0} must still find a stored -0.0 and {@code > -0.0} a
   * stored 0.0, and counts cannot be taken on keys alone (the data holds both zeros).
   */
  @Test
  void exclusiveFloatingPointBoundsKeepBothZeros() {
    Comparator<Gadget> byId = KEYS.get("id");
    for (double p : new double[] {0.0, -0.0, 0.5, -1, random.nextDouble() * 10 - 5}) {
      assertEquals(expected(g -> Double.compare(g.score, p) < 0, byId), strings(gadgets.findByScoreLessThan(p).stream().sorted(byId).toList()),
          seed("score < " + p));
      assertEquals(expected(g -> Double.compare(g.score, p) > 0, byId), strings(gadgets.findByScoreGreaterThan(p).stream().sorted(byId).toList()),
          seed("score > " + p));
      float f = (float) p;
      assertEquals(expected(g -> Float.compare(g.rating, f) < 0, byId), strings(gadgets.findByRatingLessThan(f).stream().sorted(byId).toList()),
          seed("rating < " + f));
      assertEquals(saved.stream().filter(g -> Double.compare(g.score, p) < 0).count(), gadgets.countByScoreLessThan(p), seed("count score < " + p));
      assertEquals(saved.stream().filter(g -> Double.compare(g.score, p) == 0).count(), gadgets.countByScore(p), seed("count score = " + p));
    }
  }

  @Test
  void jdqlUpdatesAndDeletesChangeExactlyTheMatchingRowsAndTheirIndexEntries() {
    for (int round = 0; round < 5; round++) {
      String color = pick(COLORS);
      long grown = saved.stream().filter(g -> g.color.equals(color)).count();
      assertEquals(grown, gadgets.grow(color), seed("UPDATE count"));
      saved.stream().filter(g -> g.color.equals(color)).forEach(g -> g.size++);

      // a SET of NULL, an enum constant, a negated function, and text built from a property, a function and a parameter
      Gadget reset = saved.get(random.nextInt(saved.size()));
      String suffix = "-" + round;
      assertEquals(1, gadgets.reset(reset.id, suffix), seed("UPDATE of one id"));
      reset.weight = null;
      reset.kind = Gadget.Kind.TOY;
      reset.score = -Math.abs(reset.score);
      reset.name = reset.name.substring(0, Math.min(2, reset.name.length())) + suffix;

      int size = random.nextInt(22);
      Predicate<Gadget> smallPart = g -> g.size < size && g.kind == Gadget.Kind.PART;
      assertEquals(saved.stream().filter(smallPart).count(), gadgets.removeSmallParts(size), seed("DELETE count"));
      saved.removeIf(smallPart);

      int smaller = random.nextInt(4);
      assertEquals(saved.stream().filter(g -> g.size < smaller).count(), gadgets.deleteBySizeLessThan(smaller), seed("deleteBy"));
      saved.removeIf(g -> g.size < smaller);

      Comparator<Gadget> byId = KEYS.get("id");
      assertEquals(expected(g -> true, byId), strings(gadgets.findAll().sorted(byId).toList()), seed("every row"));
      int min = random.nextInt(22);
      assertEquals(expected(g -> g.color.equals(color) && g.size >= min && g.size <= min + 3, byId),
          strings(gadgets.findByColorAndSizeBetween(color, min, min + 3, Order.by(Sort.asc("id")))),
          seed("the index byColorSize holds the updated sizes"));
    }
  }

  /**
   * An integer {@code SET} whose result leaves its property's type (the specification leaves overflow to the provider)
   * is refused with an {@code ArithmeticException} naming the value rather than wrapped round as Java's {@code +}
   * would: the batch that met it writes nothing, so the rows keep their values.
   */
  @Test
  void anUpdateWhoseIntegerResultOverflowsIsRefusedAndChangesNothing() {
    gadgets.saveAll(List.of(new Gadget(10_001, "most", "mauve", Integer.MAX_VALUE, null, Gadget.Kind.TOOL, true, 0, 0, null),
        new Gadget(10_003, "small", "mauve", 5, null, Gadget.Kind.TOOL, true, 0, 0, null)));
    assertEquals("2147483648 does not fit an int", assertThrows(ArithmeticException.class, () -> gadgets.grow("mauve")).getMessage());
    String refused = assertThrows(io.strata.QueryNotServedException.class,
        () -> new GadgetsImpl(db).jdql("WHERE color = 'mauve' AND size / :d > 1").bind("d", 0).list()).getMessage();
    assertTrue(refused.contains("index byColorSize narrows it, and no index can serve the rest"), refused);
    // a run-time query computes as the generated code does: a division by zero is refused, not an unknown comparison
    String divided = assertThrows(ArithmeticException.class,
        () -> new GadgetsImpl(db).jdql("WHERE color = 'mauve' AND size / :d > 1").bind("d", 0).allowScan().list()).getMessage();
    assertTrue(divided.matches("(5|2147483647) / 0 divides by zero"), divided);
    assertEquals(List.of(Integer.MAX_VALUE, 5), gadgets.findByColor("mauve").sorted(KEYS.get("id")).map(g -> g.size).toList(),
        "both rows unchanged");
  }

  @Test
  void cursoredPagesNeitherSkipNorRepeatWhileOthersWrite() {
    for (int round = 0; round < 12; round++) {
      String color = pick(COLORS);
      Set<Long> untouched = saved.stream().filter(g -> g.color.equals(color)).map(g -> g.id).collect(Collectors.toSet());
      List<Long> seen = new ArrayList<>();
      Set<Long> changed = new HashSet<>();
      // the in-memory cursor (size, id desc), and cursors that are positions in byColorSize's keys
      List<java.util.function.Function<PageRequest, CursoredPage<Gadget>>> methods = List.of(r -> gadgets.inColor(color, r),
          r -> gadgets.bySizeInColor(color, r), r -> gadgets.largestInColor(color, r),
          r -> gadgets.pagesInColor(color, r, Order.by(Sort.desc("size"), Sort.desc("id"))));
      java.util.function.Function<PageRequest, CursoredPage<Gadget>> pages = methods.get(round % methods.size());
      CursoredPage<Gadget> page = pages.apply(PageRequest.ofSize(1 + random.nextInt(4)));
      long nextId = 100_000L * (round + 1);
      while (true) {
        page.content().forEach(g -> seen.add(g.id));
        // between two requests: new gadgets of the color, and deletes and resizes of others
        for (int i = 0; i < 2; i++) {
          Gadget added = RandomGadgets.gadget(random, nextId++);
          added.color = color;
          gadgets.save(added);
          saved.add(added);
          Gadget other = pick(saved);
          untouched.remove(other.id);
          changed.add(other.id);
          if (random.nextBoolean()) {
            gadgets.deleteById(other.id);
            saved.remove(other);
          } else {
            other.size = random.nextInt(21);
            gadgets.save(other);
          }
        }
        if (!page.hasNext()) {
          break;
        }
        page = pages.apply(page.nextPageRequest());
      }
      // a gadget resized after it was returned may be met again further on (its sort key moved past the cursor)
      Set<Long> once = new HashSet<>();
      List<Long> twice = seen.stream().filter(id -> !once.add(id)).toList();
      assertTrue(changed.containsAll(twice), seed("only a changed gadget is returned twice: " + twice + " of " + seen));
      assertTrue(seen.containsAll(untouched), seed("every gadget of the color left alone is returned"));
    }
  }

  @Test
  void aPageWhoseOffsetIsPastLongMaxValueIsEmptyOnEveryPagedPath() {
    // (page - 1) * size = 2^64 wrapped round to 0, and each of these returned the first page
    PageRequest far = PageRequest.ofPage((1L << 62) + 1, 4, true);
    String color = saved.get(0).color;
    Page<Gadget> all = gadgets.findAll(far, Order.by(Sort.asc("id")));
    assertEquals(List.of(), all.content(), "findAll(PageRequest, Order), paged in memory");
    assertEquals(saved.size(), all.totalElements());
    assertEquals(List.of(), gadgets.pageOfColor(color, far).content(), "a Page read in index order");
    assertEquals(List.of(), gadgets.bySizeInColor(color, far).content(), "a CursoredPage read in index order");
    assertEquals(List.of(), gadgets.inColor(color, far).content(), "a CursoredPage paged in memory");
    assertEquals(List.of(), gadgets.sizedFrom(0, far).content(), "a JDQL query");
  }
}
