package io.strata.query;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.InvalidContinuationException;
import io.strata.Page;
import io.strata.Scored;
import io.strata.index.vector.VectorQueries;
import io.strata.metamodel.Restrictable;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Op;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.Paging;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Runs query-model {@link Plan}s, the planner's output for run-time queries, on the read core: an
 * {@link Plan.IndexRead} is one {@link IndexScan}, built as a declared method builds it (so both read the same keys), an
 * {@link Plan.AllRows} is {@link FilteredRows}, a {@link Plan.Union} is {@link QueryResults#unionOf}, a
 * {@link Plan.ById} loads its rows, a {@link Plan.SpatialRead} is {@link SpatialQueries} and a {@link Plan.VectorRead}
 * is {@link VectorQueries} ({@link #nearest}). Residual conditions
 * are checked by the one {@link ConditionEvaluator} with the dialect's {@link ValueOrder}. Results come in the
 * query's order, ties in key order of the index read (by id, descending when the order's last item is); where the
 * plan's reads do not hold that order, the results are sorted after reading. Thread-safe.
 *
 * @param <E> the entity
 */
public final class PlanReads<E> {
  private final EntityStore<E> store;
  private final Map<String, Restrictable<E, ?>> attributes = new LinkedHashMap<>();
  private final Semantics semantics;
  private final ValueOrder order;
  private final ConditionEvaluator<E> evaluator;
  private final SpatialQueries<E> spatial;
  private final Restrictable<E, ?> id;

  /**
   * @param store the entity's store
   * @param attributes the entity's metamodel attributes, one per stored property (the generated {@code _E})
   * @param semantics the dialect asking
   * @param order how the dialect compares values: {@link ValueOrder#KEYS} for Strata (on key elements), Java's
   *     value order for Jakarta Data (on property values)
   */
  public PlanReads(EntityStore<E> store, List<? extends Restrictable<E, ?>> attributes, Semantics semantics, ValueOrder order) {
    this.store = store;
    attributes.forEach(a -> this.attributes.put(a.name(), a));
    this.semantics = semantics;
    this.order = order;
    this.evaluator = new ConditionEvaluator<>(name -> compared(attribute(name)), (name, value) -> queryValue(name, value), order);
    this.spatial = new SpatialQueries<>(store);
    List<String> names = store.layout().codec().fieldNames();
    this.id = attribute(names.get(store.layout().codec().idIndex()));
  }

  /** The results of {@code plan} in {@code sort}'s order (empty: the plan's own), at most {@code limit}. */
  public CompletableFuture<List<E>> list(ReadTransaction tr, Plan plan, List<SortKey> sort, int limit, Map<String, Object> params) {
    Comparator<E> comparator = comparator(sort);
    if (plan instanceof Plan.IndexRead read) {
      if (nullValue(read.equalities(), params) || nullValue(read.range(), params)) {
        return CompletableFuture.completedFuture(List.of());
      }
      IndexScan<E> scan = scan(read, params);
      boolean ordered = sort.isEmpty() || read.order().equals(sort);
      if (ordered) {
        return scan.limit(limit).entities(tr);
      }
      return scan.entities(tr).thenApply(items -> sorted(items, comparator, limit));
    }
    if (plan instanceof Plan.AllRows all) {
      Predicate<E> test = evaluator.predicate(all.residual(), params);
      return FilteredRows.all(tr, store, test, sort.isEmpty() ? limit : Integer.MAX_VALUE)
          .thenApply(items -> sort.isEmpty() ? items : sorted(items, comparator, limit));
    }
    if (plan instanceof Plan.ById byId) {
      Object ids = ConditionEvaluator.raw(byId.id().operands().get(0), params);
      List<Object> elements = (ids instanceof Collection<?> many ? List.copyOf(many) : java.util.Collections.singletonList(ids))
          .stream().filter(java.util.Objects::nonNull).map(v -> element(id, v)).distinct().toList();
      Predicate<E> test = evaluator.predicate(byId.residual(), params);
      return store.loadAll(tr, elements).thenApply(items -> sorted(items.stream().filter(test).toList(), comparator, limit));
    }
    if (plan instanceof Plan.Union union) {
      List<CompletableFuture<List<E>>> branches = union.branches().stream()
          .map(branch -> list(tr, branch, List.of(), Integer.MAX_VALUE, params)).toList();
      return QueryResults.unionOf(branches, this::idKey, comparator, limit);
    }
    if (plan instanceof Plan.SpatialRead read) {
      Predicate<E> test = evaluator.predicate(read.residual(), params);
      return spatial(tr, read.criterion(), params).thenApply(items -> sorted(items.stream().filter(test).toList(), comparator, limit));
    }
    throw new IllegalArgumentException("a run-time query does not read aggregates: " + plan);
  }

  /** How many entities {@code plan} matches: from the index entries alone where no condition needs the rows. */
  public CompletableFuture<Long> count(ReadTransaction tr, Plan plan, Map<String, Object> params) {
    if (plan instanceof Plan.IndexRead read && !nullValue(read.equalities(), params) && !nullValue(read.range(), params)) {
      return scan(read, params).count(tr);
    }
    if (plan instanceof Plan.AllRows all && all.residual().isEmpty()) {
      return store.count(tr);
    }
    return list(tr, plan, List.of(), Integer.MAX_VALUE, params).thenApply(items -> (long) items.size());
  }

  /**
   * Whether {@link #count} answers {@code plan} from the index keys or the entity's counter without reading the
   * results: an index read no residual condition narrows, a read of every row with no condition.
   */
  boolean countsOnKeys(Plan plan) {
    return plan instanceof Plan.IndexRead read ? read.residual().isEmpty()
        : plan instanceof Plan.AllRows all && all.residual().isEmpty();
  }

  /** Whether {@code plan} matches any entity: one key per range where no condition needs the rows. */
  public CompletableFuture<Boolean> exists(ReadTransaction tr, Plan plan, Map<String, Object> params) {
    if (plan instanceof Plan.IndexRead read && !nullValue(read.equalities(), params) && !nullValue(read.range(), params)) {
      return scan(read, params).exists(tr);
    }
    return list(tr, plan, List.of(), 1, params).thenApply(items -> !items.isEmpty());
  }

  /**
   * At most {@code size} results after {@code after} (null: the first page), bound to {@code query} (the query's
   * shape and values, {@link QueryResults#query}). An index read in the query's order, an unordered scan of
   * every row and an unordered union of them ({@link UnionPages}) resume at the key after the last one read, in any
   * transaction ({@link #pagesByKey}); other plans (id lookups, spatial reads, orders sorted after reading) read their results again and resume after the last one's order values and id.
   * Either way a page resumes strictly after the previous page's last result in the order, so writes between pages
   * never repeat or skip an entity that was not written.
   */
  public CompletableFuture<Page<E>> page(ReadTransaction tr, Plan plan, List<SortKey> sort, int size, Continuation after,
      Map<String, Object> params, byte[] query) {
    Paging.checkLimit(size);
    if (plan instanceof Plan.IndexRead read && (sort.isEmpty() || read.order().equals(sort))
        && !nullValue(read.equalities(), params) && !nullValue(read.range(), params)) {
      return scan(read, params).boundTo(query).page(tr, size, after);
    }
    if (plan instanceof Plan.AllRows all && sort.isEmpty()) {
      return FilteredRows.page(tr, store, evaluator.predicate(all.residual(), params), size, after, query);
    }
    if (plan instanceof Plan.Union union && pagesByKey(plan, sort)) {
      List<UnionPages.Branch<E>> branches = union.branches().stream()
          .<UnionPages.Branch<E>>map(branch -> (limit, from) -> page(tr, branch, List.of(), limit, from, params, query)).toList();
      List<Predicate<E>> conditions = union.branches().stream().map(branch -> evaluator.predicate(conditions(branch), params)).toList();
      return UnionPages.page(branches, conditions, size, after, query);
    }
    byte[] position = after == null ? null : after.resumeKeyFor(query);
    Comparator<E> comparator = comparator(sort);
    return list(tr, plan, sort, Integer.MAX_VALUE, params).thenApply(items -> {
      List<E> rest = position == null ? items : items.subList(firstAfter(items, position, sort, comparator), items.size());
      if (rest.size() <= size) {
        return Page.last(rest);
      }
      return new Page<>(rest.subList(0, size), Optional.of(Continuation.of(query, position(rest.get(size - 1), sort))));
    });
  }

  /**
   * Whether {@link #page} reads {@code plan}'s pages in {@code sort}'s order from a continuation, each page no more
   * than it needs: an index read in its own order, an unordered read of every row, an unordered union of such reads;
   * other plans (id lookups, spatial reads, orders sorted after reading) read all their results for each page.
   */
  private boolean pagesByKey(Plan plan, List<SortKey> sort) {
    if (plan instanceof Plan.IndexRead read) {
      return sort.isEmpty() || read.order().equals(sort);
    }
    if (plan instanceof Plan.Union union) {
      return sort.isEmpty() && union.branches().stream().allMatch(b -> pagesByKey(b, List.of()));
    }
    return plan instanceof Plan.AllRows && sort.isEmpty();
  }

  /**
   * Whether {@link #batch} reads {@code plan} in {@code sort}'s order with the keys one {@link #list} reads, spread over
   * transactions: an index read in its own order that no residual condition filters (read in exact batches), a read
   * of every row that keeps no order (its row batches), and, with no {@code limited} answer, an unordered union of
   * such reads. Filtered index reads and limited unions read as {@link #list} reads them, in one transaction, since a
   * batched read would read other keys than the declared method does.
   */
  boolean readsInBatches(Plan plan, List<SortKey> sort, Map<String, Object> params, boolean limited) {
    if (plan instanceof Plan.IndexRead read) {
      return (sort.isEmpty() || read.order().equals(sort)) && read.residual().isEmpty()
          && read.equalities().stream().noneMatch(c -> zeros(c, params)) && read.range().stream().noneMatch(c -> zeros(c, params));
    }
    if (plan instanceof Plan.Union union) {
      return !limited && sort.isEmpty() && union.branches().stream().allMatch(b -> readsInBatches(b, List.of(), params, false));
    }
    return plan instanceof Plan.AllRows && sort.isEmpty();
  }

  /**
   * One batch of {@code plan}'s results after {@code after} (null: the first), for a read its caller stops by itself
   * ({@code Finder.list}/{@code count}) and which {@link #readsInBatches} accepts: at most {@code size} entries of an
   * index read, not one more to tell the last; a batch of rows ({@link FilteredRows#BATCH}) of a read of every row,
   * those that match kept; a union's branches in turn ({@link UnionPages}). A batch may be empty with a continuation.
   */
  CompletableFuture<Page<E>> batch(ReadTransaction tr, Plan plan, int size, Continuation after, Map<String, Object> params,
      byte[] query) {
    if (plan instanceof Plan.IndexRead read) {
      return nullValue(read.equalities(), params) || nullValue(read.range(), params)
          ? CompletableFuture.completedFuture(Page.last(List.of()))
          : scan(read, params).boundTo(query).batch(tr, size, after);
    }
    if (plan instanceof Plan.AllRows all) {
      Predicate<E> test = evaluator.predicate(all.residual(), params);
      return FilteredRows.rows(tr, store, FilteredRows.BATCH, after)
          .thenApply(rows -> new Page<>(rows.items().stream().filter(test).toList(), rows.next()));
    }
    Plan.Union union = (Plan.Union) plan;
    List<UnionPages.Branch<E>> branches = union.branches().stream()
        .<UnionPages.Branch<E>>map(branch -> (limit, from) -> batch(tr, branch, limit, from, params, query)).toList();
    List<Predicate<E>> conditions = union.branches().stream().map(branch -> evaluator.predicate(conditions(branch), params)).toList();
    return UnionPages.page(branches, conditions, size, after, query);
  }

  /** Every condition a union branch's results meet: what a later branch tests to skip them. */
  private static List<Condition> conditions(Plan branch) {
    List<Condition> out = new ArrayList<>();
    if (branch instanceof Plan.IndexRead read) {
      out.addAll(read.equalities());
      out.addAll(read.range());
      out.addAll(read.residual());
    } else if (branch instanceof Plan.AllRows all) {
      out.addAll(all.residual());
    } else {
      throw new IllegalArgumentException("a paged union branch is an index read or a read of every row: " + branch);
    }
    return out;
  }

  /**
   * Where a page read again ended: the elements of its last result's order properties and id. Results read again
   * resume strictly after it in the order, so writes between pages neither repeat nor skip an unchanged entity.
   */
  private byte[] position(E last, List<SortKey> sort) {
    Object[] elements = store.layout().codec().toElements(last);
    List<Object> out = new ArrayList<>();
    for (SortKey key : sort) {
      out.add(elements[fieldIndex(key.field())]);
    }
    out.add(elements[store.layout().codec().idIndex()]);
    return Tuple.fromList(out).pack();
  }

  /**
   * The index of the first of {@code items} (in {@code comparator}'s order) after {@code position}: compared with an
   * entity holding the position's values (the other properties taken from a result, which the order does not read).
   */
  private int firstAfter(List<E> items, byte[] position, List<SortKey> sort, Comparator<E> comparator) {
    if (items.isEmpty()) {
      return 0;
    }
    E at;
    try {
      Tuple values = Tuple.fromBytes(position);
      if (values.size() != sort.size() + 1) {
        throw new IllegalArgumentException("holds " + values.size() + " values, not " + (sort.size() + 1));
      }
      Object[] elements = store.layout().codec().toElements(items.get(0));
      for (int i = 0; i < sort.size(); i++) {
        elements[fieldIndex(sort.get(i).field())] = values.get(i);
      }
      elements[store.layout().codec().idIndex()] = values.get(sort.size());
      at = store.layout().codec().fromElements(elements);
    } catch (RuntimeException e) {
      throw new InvalidContinuationException("continuation does not hold a position among this query's results ("
          + e.getMessage() + "); pass the token from Page.next() of this same query, unchanged, or null to start over");
    }
    int i = 0;
    while (i < items.size() && comparator.compare(items.get(i), at) <= 0) {
      i++;
    }
    return i;
  }

  /** The position of a stored property (one the planner has checked the order names) in the codec's elements. */
  private int fieldIndex(String field) {
    return store.layout().codec().fieldNames().indexOf(field);
  }

  private IndexScan<E> scan(Plan.IndexRead read, Map<String, Object> params) {
    IndexScan<E> scan = IndexScan.of(store, read.index().name());
    List<Condition> checked = new ArrayList<>(read.residual());
    for (Compare c : read.equalities()) {
      if (zeros(c, params)) {
        checked.add(c);
      }
      Restrictable<E, ?> a = attribute(c.field());
      switch (c.op()) {
        case EQUAL -> scan.equal(element(a, ConditionEvaluator.raw(c.operands().get(0), params)));
        case IN -> scan.in((Collection<?>) ConditionEvaluator.raw(c.operands().get(0), params), v -> element(a, v));
        case TRUE -> scan.equal(element(a, true));
        case FALSE -> scan.equal(element(a, false));
        default -> throw new IllegalArgumentException("not an index equality: " + c);
      }
    }
    for (Compare c : read.range()) {
      boolean zeros = zeros(c, params);
      if (zeros) {
        checked.add(c);
      }
      Restrictable<E, ?> a = attribute(c.field());
      Function<Integer, Object> value = i -> bound(a, ConditionEvaluator.raw(c.operands().get(i), params));
      switch (c.op()) {
        case GREATER_THAN -> scan.from(value.apply(0), zeros);
        case GREATER_THAN_EQUAL -> scan.from(value.apply(0), true);
        case LESS_THAN -> scan.to(value.apply(0), zeros);
        case LESS_THAN_EQUAL -> scan.to(value.apply(0), true);
        case BETWEEN -> scan.from(value.apply(0), true).to(value.apply(1), true);
        case STARTS_WITH -> scan.startingWith((String) ConditionEvaluator.raw(c.operands().get(0), params));
        // Jakarta Data's decimal equalities: a range over every scale of the value(s) (the planner puts them here)
        case EQUAL -> scan.from(value.apply(0), true).to(value.apply(0), true);
        case IN -> scan.inEveryScale(decimals(ConditionEvaluator.raw(c.operands().get(0), params)));
        default -> throw new IllegalArgumentException("not an index range: " + c);
      }
    }
    if (read.reverse()) {
      scan.reverse();
    }
    if (read.keyOrder()) {
      scan.inKeyOrder();
    }
    if (!checked.isEmpty()) {
      scan.filter(evaluator.predicate(checked, params));
    }
    return scan;
  }

  /**
   * Whether {@code c} compares a floating-point value in Jakarta Data's order, which puts {@code -0.0} below
   * {@code 0.0} while the index holds both as {@code 0.0}: its read takes both zeros (bounds inclusive) and each row
   * read is checked, as declared Jakarta Data methods do.
   */
  private boolean zeros(Compare c, Map<String, Object> params) {
    if (semantics != Semantics.JAKARTA) {
      return false;
    }
    return c.operands().stream().map(o -> ConditionEvaluator.raw(o, params))
        .flatMap(v -> v instanceof Collection<?> many ? many.stream() : java.util.stream.Stream.of(v))
        .anyMatch(v -> v instanceof Double || v instanceof Float);
  }

  @SuppressWarnings("unchecked")
  private static Collection<BigDecimal> decimals(Object values) {
    return (Collection<BigDecimal>) values;
  }

  private CompletableFuture<List<E>> spatial(ReadTransaction tr, Compare criterion, Map<String, Object> params) {
    Object first = ConditionEvaluator.raw(criterion.operands().get(0), params);
    if (criterion.op() == Op.WITHIN) {
      return spatial.within(tr, criterion.field(), (BoundingBox) first);
    }
    double radius = ((Number) ConditionEvaluator.raw(criterion.operands().get(1), params)).doubleValue();
    return spatial.near(tr, criterion.field(), (GeoPoint) first, radius);
  }

  /** Whether a comparison's value is null (a Jakarta Data query value that matches no entity). */
  private static boolean nullValue(List<Compare> comparisons, Map<String, Object> params) {
    return comparisons.stream().flatMap(c -> c.operands().stream()).anyMatch(o -> ConditionEvaluator.raw(o, params) == null);
  }

  private List<E> sorted(List<E> items, Comparator<E> comparator, int limit) {
    List<E> out = new ArrayList<>(items);
    out.sort(comparator);
    return out.size() > limit ? List.copyOf(out.subList(0, limit)) : out;
  }

  /** The query's order, then the id (descending when the order's last item is, as a reversed index read gives ties). */
  Comparator<E> comparator(List<SortKey> sort) {
    Comparator<E> out = (a, b) -> 0;
    for (SortKey key : sort) {
      Function<E, Object> read = compared(attribute(key.field()));
      Comparator<E> one = (a, b) -> nullsFirst(read.apply(a), read.apply(b), key.ignoreCase());
      out = out.thenComparing(key.descending() ? one.reversed() : one);
    }
    Function<E, Object> ids = compared(id);
    Comparator<E> byId = (a, b) -> order.compare(ids.apply(a), ids.apply(b), false);
    boolean idDescending = !sort.isEmpty() && sort.get(sort.size() - 1).descending();
    return out.thenComparing(idDescending ? byId.reversed() : byId);
  }

  private int nullsFirst(Object a, Object b, boolean ignoreCase) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    int c = order.compare(a, b, ignoreCase);
    // Strata sorts in key order, where a decimal's key holds its scale after its value (1.0 before 1.00), as an index
    // read in that order returns them; the dialect's comparison of values, for conditions, is by value alone
    return c == 0 && semantics == Semantics.STRATA && a instanceof Tuple x && b instanceof Tuple y ? x.compareTo(y) : c;
  }

  private Tuple idKey(E entity) {
    return Tuple.from(store.layout().codec().toElements(entity)[store.layout().codec().idIndex()]);
  }

  /** The value conditions compare: the key element for Strata, the Java value for Jakarta Data. */
  @SuppressWarnings("unchecked")
  private Function<E, Object> compared(Restrictable<E, ?> attribute) {
    Restrictable<E, Object> a = (Restrictable<E, Object>) attribute;
    return semantics == Semantics.STRATA ? e -> a.element(a.value(e)) : a::value;
  }

  private Object queryValue(String name, Object value) {
    return semantics == Semantics.STRATA && value != null ? element(attribute(name), value) : value;
  }

  /**
   * A range bound on {@code attribute}, as declared methods build it: the value's element, except a decimal's, whose
   * element keeps the scale: its bound sorts before every scale of the value, so ranges compare decimals by value.
   */
  private static <E> Object bound(Restrictable<E, ?> attribute, Object value) {
    return value instanceof BigDecimal d ? Elements.ofBigDecimalBound(d) : element(attribute, value);
  }

  @SuppressWarnings("unchecked")
  private static <E> Object element(Restrictable<E, ?> attribute, Object value) {
    return ((Restrictable<E, Object>) attribute).element(value);
  }

  /** The attribute named {@code name}. */
  Restrictable<E, ?> attribute(String name) {
    Restrictable<E, ?> a = attributes.get(name);
    if (a == null) {
      throw new IllegalArgumentException(store.layout().entityName() + " has no stored property '" + name
          + "'; its properties are " + attributes.keySet());
    }
    return a;
  }

  /**
   * The {@code k} entities a vector search ({@link Plan.VectorRead}) finds, nearest first with their distances: one
   * {@link VectorQueries#nearest} search, as the declared {@code Near} methods make it (so both read the same keys), of
   * the group its equalities name, {@code read}'s residual conditions checked on the candidates by the one
   * {@link ConditionEvaluator}. {@code candidates} 0 is {@link VectorQueries#DEFAULT_CANDIDATES}. A group value that is
   * null (a Jakarta Data query value) names no group: no results.
   */
  CompletableFuture<List<Scored<E>>> nearest(ReadTransaction tr, Plan.VectorRead read, int k, int candidates,
      Map<String, Object> params) {
    List<Object> group = new ArrayList<>();
    for (Compare c : read.group()) {
      Object value = switch (c.op()) {
        case TRUE -> true;
        case FALSE -> false;
        default -> ConditionEvaluator.raw(c.operands().get(0), params);
      };
      if (value == null) {
        return CompletableFuture.completedFuture(List.of());
      }
      group.add(element(attribute(c.field()), value));
    }
    float[] query = (float[]) ConditionEvaluator.raw(read.nearest().operands().get(0), params);
    Predicate<E> residual = evaluator.predicate(read.residual(), params);
    return new VectorQueries<>(store).nearest(tr, read.vector().field(), group, query, k,
        candidates > 0 ? candidates : VectorQueries.DEFAULT_CANDIDATES, residual);
  }

  /** {@code plan} in words and keys: what {@code Finder.explain()} returns. */
  public String explain(Plan plan) {
    return Explain.plan(store.layout().entityName(), plan);
  }
}
