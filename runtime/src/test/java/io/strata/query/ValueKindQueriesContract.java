package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.OrderBy;
import io.strata.Page;
import io.strata.QueryNotServedException;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.embedded.BackendContract;
import io.strata.metamodel.RangeRestrictable;
import io.strata.metamodel.Restrictable;
import io.strata.metamodel.TextRestrictable;
import io.strata.query.AllKinds.Field;
import io.strata.query.AllKinds.Kind;
import io.strata.query.AllKinds.Thing;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Run-time queries over every indexable value kind against brute force, in one dialect (a subclass names it): random
 * entities holding each kind's edge values (or none) in an indexed and a plain property, random restriction trees
 * (every operator of the metamodel's vocabulary on each kind that has it, and/or/not, absent values), random orders
 * (either direction, indexed or plain properties, ties) and limits read the same entities, in the same order, counted,
 * tested for existence and paged, as filtering and sorting every entity in memory with {@link AllKinds}' orders,
 * which are written apart from the evaluator; in both row layouts. Random but replayable: a failure names its seed,
 * {@code -Dstrata.kinds.seed=<seed>} replays it ({@code -Dstrata.kinds.tries=<n>} runs more tries).
 */
public abstract class ValueKindQueriesContract extends BackendContract {
  /** Tries per test: 12, or {@code -Dstrata.kinds.tries=<n>} for a longer soak. */
  private static final int TRIES = Integer.getInteger("strata.kinds.tries", 12);
  private static final int QUERIES = 12;

  private final Semantics semantics;
  private final ValueOrder valueOrder;

  /**
   * @param semantics the dialect whose semantics the queries follow
   * @param valueOrder the dialect's value order, as its repositories give it to the read core
   */
  protected ValueKindQueriesContract(Semantics semantics, ValueOrder valueOrder) {
    this.semantics = semantics;
    this.valueOrder = valueOrder;
  }

  private Semantics semantics() {
    return semantics;
  }

  private ValueOrder valueOrder() {
    return valueOrder;
  }

  /**
   * A restriction and, written apart from the evaluator, its truth on an entity (null: unknown).
   *
   * @param fixed the properties every match holds one value of, by an equality the whole restriction requires (once
   *     negations are pushed to the comparisons): an order on them alone is ignored (QUERIES.md, "ordering on a field
   *     fixed by equality is allowed and ignored"), so its ties come by id ascending
   * @param fixedWhenNegated what {@code fixed} is of the restriction's negation
   */
  record Case(Restriction<Thing> restriction, Function<Thing, Boolean> oracle, String text, Set<String> fixed,
      Set<String> fixedWhenNegated) {
    Case(Restriction<Thing> restriction, Function<Thing, Boolean> oracle, String text) {
      this(restriction, oracle, text, Set.of(), Set.of());
    }
  }

  /** One try: its random entities, and the queries over them in each row layout. */
  record Try(List<Thing> things, List<EntityStore<Thing>> stores, List<RuntimeQueries<Thing>> queries, List<PlanReads<Thing>> reads,
      Random rnd) {}

  private final long seed = Long.getLong("strata.kinds.seed", new Random().nextLong());

  private void forEachTry(Consumer<Try> body) {
    Random random = new Random(seed);
    for (int t = 0; t < TRIES; t++) {
      Random rnd = new Random(random.nextLong());
      List<Thing> things = things(rnd, rnd.nextInt(25));
      List<EntityStore<Thing>> stores = new ArrayList<>();
      List<RuntimeQueries<Thing>> queries = new ArrayList<>();
      List<PlanReads<Thing>> reads = new ArrayList<>();
      for (boolean packed : new boolean[] {true, false}) {
        EntityStore<Thing> store = AllKinds.store(new Subspace(Tuple.from("k", t, packed)), packed);
        db.run(tr -> store.saveAll(tr, things).join());
        stores.add(store);
        queries.add(new RuntimeQueries<>(db, store, AllKinds.INFO, AllKinds.ATTRIBUTES, semantics(), valueOrder()));
        reads.add(new PlanReads<>(store, AllKinds.ATTRIBUTES, semantics(), valueOrder(), name -> null));
      }
      try {
        body.accept(new Try(things, stores, queries, reads, rnd));
      } catch (AssertionError e) {
        throw new AssertionError(semantics() + ", seed " + seed + " (replay with -Dstrata.kinds.seed=" + seed + "), try " + t
            + ": " + e.getMessage() + "\nover " + things, null);
      }
    }
  }

  /** {@code n} entities with ids 1 to n, each property a random edge value of its kind or, one time in five, none. */
  static List<Thing> things(Random rnd, int n) {
    List<Thing> out = new ArrayList<>();
    for (int id = 1; id <= n; id++) {
      out.add(thing(rnd, id));
    }
    return out;
  }

  static Thing thing(Random rnd, long id) {
    List<Object> values = new ArrayList<>();
    for (Field f : AllKinds.FIELDS) {
      List<Object> pool = f.kind().values();
      values.add(rnd.nextInt(5) == 0 ? null : pool.get(rnd.nextInt(pool.size())));
    }
    return new Thing(id, values);
  }

  /** A random and/or/not tree of leaves, {@code depth} deep at most. */
  static Case restriction(Random rnd, Semantics semantics, int depth) {
    int pick = depth == 0 ? 0 : rnd.nextInt(6);
    if (pick <= 2) {
      return leaf(rnd, semantics);
    }
    Case a = restriction(rnd, semantics, depth - 1);
    if (pick == 5) {
      return new Case(Restrict.not(a.restriction()), p -> {
        Boolean r = a.oracle().apply(p);
        return r == null ? null : !r;
      }, "not " + a.text(), a.fixedWhenNegated(), a.fixed());
    }
    Case b = restriction(rnd, semantics, depth - 1);
    return pick == 3
        ? new Case(Restrict.all(a.restriction(), b.restriction()), p -> and(a.oracle().apply(p), b.oracle().apply(p)),
            "(" + a.text() + " and " + b.text() + ")", union(a.fixed(), b.fixed()), Set.of())
        : new Case(Restrict.any(a.restriction(), b.restriction()), p -> or(a.oracle().apply(p), b.oracle().apply(p)),
            "(" + a.text() + " or " + b.text() + ")", Set.of(), union(a.fixedWhenNegated(), b.fixedWhenNegated()));
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> out = new java.util.HashSet<>(a);
    out.addAll(b);
    return Set.copyOf(out);
  }

  private static final List<String> PARTS = List.of("", "a", "b", "B", "\ud83d\ude00", "%");
  private static final List<String> PATTERNS = List.of("a%", "_", "%b", "a_", "_b%", "%\ud83d\ude00%", "a\ud83d\ude00_", "%", "b%", "");

  /** One comparison of a random property with random values of its kind, by the attribute's own methods. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Case leaf(Random rnd, Semantics semantics) {
    Field f = AllKinds.FIELDS.get(rnd.nextInt(AllKinds.FIELDS.size()));
    Kind k = f.kind();
    Comparator<Object> order = k.order(semantics);
    Restrictable a = AllKinds.ATTRIBUTES.get(f.position() + 1);
    List<String> ops = new ArrayList<>(List.of("isNull", "notNull", "equalTo", "notEqualTo", "in"));
    if (k.ordered()) {
      ops.addAll(List.of("lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "between"));
    }
    if (k.kind() == ValueKind.STRING) {
      ops.addAll(List.of("startsWith", "endsWith", "contains", "like"));
    }
    String op = ops.get(rnd.nextInt(ops.size()));
    Object v = k.queried().get(rnd.nextInt(k.queried().size()));
    Object w = k.queried().get(rnd.nextInt(k.queried().size()));
    List<Object> vs = new ArrayList<>();
    for (int i = rnd.nextInt(4); i > 0; i--) {
      vs.add(k.queried().get(rnd.nextInt(k.queried().size())));
    }
    String text = op.equals("like") ? PATTERNS.get(rnd.nextInt(PATTERNS.size())) : PARTS.get(rnd.nextInt(PARTS.size()));
    String words = f.name() + " " + op + " " + switch (op) {
      case "isNull", "notNull" -> "";
      case "between" -> show(v) + " and " + show(w);
      case "in" -> vs.stream().map(ValueKindQueriesContract::show).toList().toString();
      case "startsWith", "endsWith", "contains", "like" -> "'" + text + "'";
      default -> show(v);
    };
    Function<Thing, Boolean> oracle = switch (op) {
      case "isNull" -> t -> t.value(f) == null;
      case "notNull" -> t -> t.value(f) != null;
      case "equalTo" -> known(f, x -> k.equal(semantics, x, v));
      case "notEqualTo" -> known(f, x -> !k.equal(semantics, x, v));
      case "in" -> known(f, x -> vs.stream().anyMatch(y -> k.equal(semantics, x, y)));
      case "lessThan" -> known(f, x -> order.compare(x, v) < 0);
      case "lessThanEqual" -> known(f, x -> order.compare(x, v) <= 0);
      case "greaterThan" -> known(f, x -> order.compare(x, v) > 0);
      case "greaterThanEqual" -> known(f, x -> order.compare(x, v) >= 0);
      case "between" -> known(f, x -> order.compare(x, v) >= 0 && order.compare(x, w) <= 0);
      case "startsWith" -> known(f, x -> ((String) x).startsWith(text));
      case "endsWith" -> known(f, x -> ((String) x).endsWith(text));
      case "contains" -> known(f, x -> ((String) x).contains(text));
      default -> known(f, x -> like(((String) x).codePoints().toArray(), 0, text.codePoints().toArray(), 0));
    };
    Restriction<Thing> restriction = switch (op) {
      case "isNull" -> a.isNull();
      case "notNull" -> a.notNull();
      case "equalTo" -> a.equalTo(v);
      case "notEqualTo" -> a.notEqualTo(v);
      case "in" -> a.in(vs);
      case "lessThan" -> ((RangeRestrictable) a).lessThan((Comparable) v);
      case "lessThanEqual" -> ((RangeRestrictable) a).lessThanEqual((Comparable) v);
      case "greaterThan" -> ((RangeRestrictable) a).greaterThan((Comparable) v);
      case "greaterThanEqual" -> ((RangeRestrictable) a).greaterThanEqual((Comparable) v);
      case "between" -> ((RangeRestrictable) a).between((Comparable) v, (Comparable) w);
      case "startsWith" -> ((TextRestrictable<Thing>) a).startsWith(text);
      case "endsWith" -> ((TextRestrictable<Thing>) a).endsWith(text);
      case "contains" -> ((TextRestrictable<Thing>) a).contains(text);
      default -> ((TextRestrictable<Thing>) a).like(text);
    };
    return new Case(restriction, oracle, words, op.equals("equalTo") ? Set.of(f.name()) : Set.of(),
        op.equals("notEqualTo") ? Set.of(f.name()) : Set.of());
  }

  private static String show(Object v) {
    return v instanceof byte[] b ? java.util.Arrays.toString(b) : String.valueOf(v);
  }

  /**
   * Whether the code points {@code text[i..]} match the pattern {@code pattern[j..]}: {@code %} any run of characters,
   * {@code _} exactly one (one code point), any other character itself.
   */
  private static boolean like(int[] text, int i, int[] pattern, int j) {
    if (j == pattern.length) {
      return i == text.length;
    }
    if (pattern[j] == '%') {
      for (int skip = i; skip <= text.length; skip++) {
        if (like(text, skip, pattern, j + 1)) {
          return true;
        }
      }
      return false;
    }
    return i < text.length && (pattern[j] == '_' || pattern[j] == text[i]) && like(text, i + 1, pattern, j + 1);
  }

  private static Function<Thing, Boolean> known(Field f, java.util.function.Predicate<Object> test) {
    return t -> t.value(f) == null ? null : test.test(t.value(f));
  }

  static Boolean and(Boolean a, Boolean b) {
    return Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE : a == null || b == null ? null : Boolean.TRUE;
  }

  static Boolean or(Boolean a, Boolean b) {
    return Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b) ? Boolean.TRUE : a == null || b == null ? null : Boolean.FALSE;
  }

  /** A random order: none, or one or two properties, each either way (the planner refuses those no index holds). */
  static List<SortKey> order(Random rnd, Semantics semantics) {
    List<SortKey> out = new ArrayList<>();
    int n = List.of(0, 1, 1, 2).get(rnd.nextInt(4));
    while (out.size() < n) {
      Field f = AllKinds.FIELDS.get(rnd.nextInt(AllKinds.FIELDS.size()));
      out.add(new SortKey(f.name(), rnd.nextBoolean(), false));
    }
    return out;
  }

  private static final Comparator<Thing> BY_ID = Comparator.comparingLong(Thing::id);

  /** Whether the dialect has an order on every property of {@code order}: Jakarta Data has none on byte arrays. */
  static boolean sortable(List<SortKey> order, Semantics semantics) {
    return semantics == Semantics.STRATA || order.stream().allMatch(k -> field(k.field()).kind().ordered());
  }

  /**
   * {@code order} over entities, as the dialect documents it: absent values first (last when descending), values in
   * the kind's order, then ids in the direction of the last item (ascending for no order).
   */
  static Comparator<Thing> comparator(List<SortKey> order, Semantics semantics) {
    return comparator(order, semantics, Set.of());
  }

  /** {@link #comparator(List, Semantics)} of a query whose restriction fixes {@code fixed}: an order on those alone is ignored. */
  static Comparator<Thing> comparator(List<SortKey> order, Semantics semantics, Set<String> fixed) {
    if (!order.isEmpty() && order.stream().allMatch(k -> fixed.contains(k.field()))) {
      return BY_ID;
    }
    Comparator<Thing> out = (a, b) -> 0;
    for (SortKey key : order) {
      Field f = field(key.field());
      Comparator<Thing> one = Comparator.comparing(t -> t.value(f), Comparator.nullsFirst(f.kind().sort(semantics)));
      out = out.thenComparing(key.descending() ? one.reversed() : one);
    }
    return out.thenComparing(!order.isEmpty() && order.get(order.size() - 1).descending() ? BY_ID.reversed() : BY_ID);
  }

  static Field field(String name) {
    return AllKinds.FIELDS.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
  }

  static List<OrderBy<Thing>> orderBy(List<SortKey> order) {
    return order.stream().map(OrderBy<Thing>::new).toList();
  }

  /** The ids of {@code things}, in order: what a failure shows (the entities are listed once, after it). */
  static List<Long> ids(List<Thing> things) {
    return things.stream().map(Thing::id).toList();
  }

  /** Every entity the condition is true of, in {@code order}. */
  static List<Thing> expected(List<Thing> things, Case c, Comparator<Thing> order) {
    return things.stream().filter(t -> Boolean.TRUE.equals(c.oracle().apply(t))).sorted(order).toList();
  }

  /** Every page of {@code size} of {@code finder}, each read in its own transaction. */
  static List<Thing> pages(Finder<Thing> finder, int size) {
    return allPages(after -> finder.page(size, after));
  }

  /** The items of every page {@code page} gives, from the first ({@code null}) to the one without a next. */
  static <E> List<E> allPages(Function<Continuation, Page<E>> page) {
    List<E> out = new ArrayList<>();
    Continuation after = null;
    do {
      Page<E> read = page.apply(after);
      out.addAll(read.items());
      after = read.next().orElse(null);
    } while (after != null);
    return out;
  }

  /** The evaluator alone (every row read and checked) selects what brute force does, on every kind. */
  @Test
  void everyRowCheckedByTheEvaluatorIsTheBruteForceFilter() {
    forEachTry(t -> {
      for (int q = 0; q < QUERIES; q++) {
        Case c = restriction(t.rnd(), semantics(), 3);
        Plan plan = new Plan.AllRows(List.of(c.restriction().condition()));
        List<Thing> wanted = expected(t.things(), c, BY_ID);
        for (PlanReads<Thing> reads : t.reads()) {
          assertEquals(ids(wanted), ids(db.read(tr -> reads.list(tr, plan, List.of(), Integer.MAX_VALUE, Map.of()).join())), c.text());
        }
      }
    });
  }

  /**
   * Through the planner: a finder of a random restriction with a random order and limit reads what brute force
   * selects, in the asked order (ties by id in the direction of the last order item), and counts, tests and pages
   * the same; without {@code allowScan()} it either does so or is refused.
   */
  @Test
  void aPlannedFinderOverEveryValueKindIsTheBruteForceFilter() {
    forEachTry(t -> {
      for (int q = 0; q < QUERIES; q++) {
        Case c = restriction(t.rnd(), semantics(), 3);
        List<SortKey> order = order(t.rnd(), semantics());
        int limit = t.rnd().nextBoolean() ? 0 : 1 + t.rnd().nextInt(5);
        boolean scan = t.rnd().nextInt(4) != 0;
        int pageSize = 1 + t.rnd().nextInt(4);
        List<Thing> all = expected(t.things(), c, comparator(order, semantics(), c.fixed()));
        List<Thing> wanted = limit > 0 ? all.subList(0, Math.min(limit, all.size())) : all;
        String query = c.text() + " order by " + order + (limit > 0 ? " limit " + limit : "") + (scan ? " allowScan" : "");
        for (RuntimeQueries<Thing> queries : t.queries()) {
          Finder<Thing> unlimited = queries.where(c.restriction()).orderBy(orderBy(order));
          unlimited = scan ? unlimited.allowScan() : unlimited;
          Finder<Thing> finder = limit > 0 ? unlimited.limit(limit) : unlimited;
          List<Thing> found;
          try {
            found = finder.list();
          } catch (QueryNotServedException e) {
            assertEquals(false, scan && sortable(order, semantics()),
                "with allowScan() a query is served, an order no index holds sorted in memory: " + e.getMessage());
            continue;
          }
          if (order.isEmpty()) {
            assertEquals(wanted.size(), found.size(), query);
            assertEquals(true, all.containsAll(found), "every result matches: " + query + " found " + found);
          } else {
            assertEquals(ids(wanted), ids(found), query);
          }
          assertEquals(wanted.size(), finder.count(), query + ": count");
          assertEquals(!all.isEmpty(), finder.exists(), query + ": exists");
          List<Thing> paged = pages(unlimited, pageSize);
          assertEquals(ids(all), ids(order.isEmpty() ? paged.stream().sorted(BY_ID).toList() : paged), query + ": pages of " + pageSize);
        }
      }
    });
  }

  /**
   * Every kind sorts in the dialect's documented order, either way: through its index (restricted to entities
   * with a value, which the index holds) and, where the planner sorts what it read, in memory.
   */
  @Test
  void everyKindSortsInTheDialectsOrderEitherWay() {
    forEachTry(t -> {
      for (Field f : AllKinds.FIELDS) {
        for (boolean descending : new boolean[] {false, true}) {
          List<SortKey> order = List.of(new SortKey(f.name(), descending, false));
          Restrictable<Thing, ?> a = AllKinds.ATTRIBUTES.get(f.position() + 1);
          Case present = new Case(a.notNull(), e -> e.value(f) != null, f.name() + " notNull");
          List<Thing> wanted = expected(t.things(), present, comparator(order, semantics()));
          for (RuntimeQueries<Thing> queries : t.queries()) {
            try {
              assertEquals(ids(wanted), ids(queries.where(present.restriction()).allowScan().orderBy(orderBy(order)).list()),
                  present.text() + " ordered by " + order);
            } catch (QueryNotServedException e) {
              assertEquals(false, sortable(order, semantics()), "an order is sorted by its index or in memory: " + e.getMessage());
            }
          }
        }
      }
    });
  }

  /**
   * Pages under concurrent writes (the guarantee docs/queries.md states for {@code Finder.page}): between pages,
   * another transaction inserts, deletes and updates entities, matching or not; every entity that matched and was not
   * written while paging appears exactly once, only a written one may appear twice, every result matched when its page
   * was read, and an ordered query's results come in order across pages (each page after the last one's end).
   * The writes are drawn from the try's seed, so an interleaving replays exactly.
   */
  @Test
  void pagesUnderConcurrentWritesHoldEveryUnchangedMatchOnceInOrder() {
    forEachTry(t -> {
      for (int layout = 0; layout < t.stores().size(); layout++) {
        EntityStore<Thing> store = t.stores().get(layout);
        RuntimeQueries<Thing> queries = t.queries().get(layout);
        Map<Long, Thing> now = new java.util.TreeMap<>();
        t.things().forEach(e -> now.put(e.id(), e));
        for (int q = 0; q < QUERIES / 3; q++) {
          List<SortKey> order = new ArrayList<>();
          Case c = paged(t.rnd(), semantics(), order);
          int size = 1 + t.rnd().nextInt(3);
          Comparator<Thing> comparator = comparator(order, semantics(), c.fixed());
          Finder<Thing> finder = queries.where(c.restriction()).orderBy(orderBy(order)).allowScan();
          String query = c.text() + " order by " + order + ", pages of " + size;
          List<Long> matchedBefore = ids(expected(List.copyOf(now.values()), c, BY_ID));
          java.util.Set<Long> written = new java.util.HashSet<>();
          List<Thing> read = new ArrayList<>();
          Continuation after = null;
          int pages = 0;
          try {
            do {
              Page<Thing> page = finder.page(size, after);
              for (Thing e : page.items()) {
                assertEquals(now.get(e.id()), e, query + ": a result is the entity as stored when its page was read");
                assertEquals(true, c.oracle().apply(e), query + ": a result matches: " + e);
              }
              read.addAll(page.items());
              after = page.next().orElse(null);
              if (pages++ < 8) {
                write(store, t.rnd(), now, written);
              }
            } while (after != null && pages < 400);
          } catch (QueryNotServedException e) {
            continue;
          }
          assertEquals(null, after, query + ": the pages end");
          List<Long> ids = ids(read);
          for (Long id : ids) {
            if (!written.contains(id)) {
              assertEquals(1, java.util.Collections.frequency(ids, id), query + ": an entity nobody wrote appears once: " + id + " in " + ids);
            }
          }
          List<Long> matchedAfter = ids(expected(List.copyOf(now.values()), c, BY_ID));
          for (Long id : matchedBefore) {
            if (!written.contains(id) && matchedAfter.contains(id)) {
              assertEquals(true, ids.contains(id), query + ": an unchanged match appears: " + id + " missing from " + ids);
            }
          }
          if (!order.isEmpty()) {
            for (int i = 1; i < read.size(); i++) {
              assertEquals(true, comparator.compare(read.get(i - 1), read.get(i)) < 0,
                  query + ": results in order across pages, " + read.get(i - 1) + " before " + read.get(i) + " in " + ids);
            }
          }
        }
      }
    });
  }

  /**
   * A query for paging, of a shape the planner serves: a random restriction (mostly read as every row), unordered or
   * in the order of a random property (sorted in memory); one ordered by an indexed property it requires a value of
   * (read in index order); a union of {@code in} lists on two indexed properties; or ids. {@code order} receives the
   * order.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Case paged(Random rnd, Semantics semantics, List<SortKey> order) {
    Case random = restriction(rnd, semantics, 2);
    List<Field> indexed = AllKinds.FIELDS.stream().filter(Field::indexed).toList();
    Field f = indexed.get(rnd.nextInt(indexed.size()));
    Restrictable a = AllKinds.ATTRIBUTES.get(f.position() + 1);
    switch (rnd.nextInt(5)) {
      case 0:
        return random;
      case 4:
        // an order the read's keys do not hold, sorted in memory: pages resume after the last one's values and id
        List<Field> ordered = AllKinds.FIELDS.stream().filter(g -> g.kind().ordered()).toList();
        Field any = ordered.get(rnd.nextInt(ordered.size()));
        order.add(new SortKey(any.name(), rnd.nextBoolean(), false));
        return random;
      case 1:
        if (semantics.keyOrdered(f.kind().kind())) {
          order.add(new SortKey(f.name(), rnd.nextBoolean(), false));
        }
        // an And keeps what the random restriction fixes (notNull fixes nothing): an order on it alone is ignored
        return new Case(Restrict.all(random.restriction(), a.notNull()), e -> and(random.oracle().apply(e), e.value(f) != null),
            "(" + random.text() + " and " + f.name() + " notNull)", random.fixed(), Set.of());
      case 2:
        Field g = indexed.get(rnd.nextInt(indexed.size()));
        Restrictable b = AllKinds.ATTRIBUTES.get(g.position() + 1);
        List<Object> x = some(rnd, f.kind());
        List<Object> y = some(rnd, g.kind());
        Function<Thing, Boolean> inX = known(f, v -> x.stream().anyMatch(w -> f.kind().equal(semantics, v, w)));
        Function<Thing, Boolean> inY = known(g, v -> y.stream().anyMatch(w -> g.kind().equal(semantics, v, w)));
        return new Case(Restrict.any(a.in(x), b.in(y)), e -> or(inX.apply(e), inY.apply(e)),
            "(" + f.name() + " in " + x + " or " + g.name() + " in " + y + ")");
      default:
        List<Long> ids = rnd.longs(1 + rnd.nextInt(8), 1, 40).boxed().toList();
        return new Case(AllKinds.ID.in(ids), e -> ids.contains(e.id()), "id in " + ids);
    }
  }

  /** Half of a kind's queried values, at least one. */
  private static List<Object> some(Random rnd, Kind k) {
    List<Object> out = new ArrayList<>(k.queried());
    java.util.Collections.shuffle(out, rnd);
    return List.copyOf(out.subList(0, Math.max(1, out.size() / 2)));
  }

  /** Up to three writes in one transaction: an insert of a new id, a delete or an update of an existing one. */
  private void write(EntityStore<Thing> store, Random rnd, Map<Long, Thing> now, java.util.Set<Long> written) {
    List<Thing> saves = new ArrayList<>();
    List<Long> deletes = new ArrayList<>();
    for (int i = rnd.nextInt(4); i > 0; i--) {
      List<Long> existing = new ArrayList<>(now.keySet());
      existing.removeAll(deletes);
      saves.forEach(e -> existing.remove(e.id()));
      int kind = existing.isEmpty() ? 0 : rnd.nextInt(3);
      long id = kind == 0 ? 1 + rnd.nextInt(40) : existing.get(rnd.nextInt(existing.size()));
      if (kind == 1) {
        deletes.add(id);
      } else if (!now.containsKey(id) || kind == 2) {
        saves.add(thing(rnd, id));
      }
    }
    db.run(tr -> {
      saves.forEach(e -> store.save(tr, e).join());
      deletes.forEach(id -> store.delete(tr, id).join());
      return null;
    });
    saves.forEach(e -> {
      now.put(e.id(), e);
      written.add(e.id());
    });
    deletes.forEach(id -> {
      now.remove(id);
      written.add(id);
    });
  }
}
