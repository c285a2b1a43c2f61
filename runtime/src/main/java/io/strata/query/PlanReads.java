package io.strata.query;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.Scored;
import io.strata.index.vector.VectorQueries;
import io.strata.metamodel.Restrictable;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Op;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import io.strata.row.Paging;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Runs query-model {@link Plan}s, the planner's output for run-time queries, on the read core: an
 * {@link Plan.IndexRead} is one {@link IndexScan}, built as a declared method builds it ({@link BoundScans}: both read
 * the same keys), an {@link Plan.AllRows} is {@link FilteredRows}, a {@link Plan.Union} is {@link QueryResults#unionOf}, a
 * {@link Plan.ById} loads its rows, a {@link Plan.SpatialRead} is {@link SpatialQueries} and a {@link Plan.VectorRead}
 * is {@link VectorQueries} ({@link #nearest}). Residual conditions
 * are checked by the one {@link ConditionEvaluator} with the dialect's {@link ValueOrder}. Results come in the
 * query's order, ties in key order of the index read (by id, descending when the order's last item is); where the
 * plan's reads do not hold that order, the results are sorted after reading ({@link MemoryOrder}: the first of them
 * kept while reading, pages resuming after the last one's order values and id). Thread-safe.
 *
 * @param <E> the entity
 */
public final class PlanReads<E> {
  private final EntityStore<E> store;
  private final Map<String, Restrictable<E, ?>> attributes = new LinkedHashMap<>();
  private final Semantics semantics;
  private final ConditionEvaluator<E> evaluator;
  private final SpatialQueries<E> spatial;
  private final Restrictable<E, ?> id;
  private final MemoryOrder<E> sorting;
  private final BoundScans<E> scans;
  private final Function<String, ValueKind> kinds;

  /**
   * @param store the entity's store
   * @param attributes the entity's metamodel attributes, one per stored property (the generated {@code _E})
   * @param semantics the dialect asking
   * @param order how the dialect compares values: {@link ValueOrder#KEYS} for Strata (on key elements), Java's
   *     value order for Jakarta Data (on property values)
   * @param kinds each property's kind (null: not known), so that a number of another type than its numeric property
   *     (a Jakarta Data JDQL whole number, a bound {@code Long}) takes that type in keys ({@link BoundScans#typed})
   */
  public PlanReads(EntityStore<E> store, List<? extends Restrictable<E, ?>> attributes, Semantics semantics, ValueOrder order,
      Function<String, ValueKind> kinds) {
    this.store = store;
    attributes.forEach(a -> this.attributes.put(a.name(), a));
    this.semantics = semantics;
    this.kinds = kinds;
    this.evaluator = new ConditionEvaluator<>(name -> compared(attribute(name)), (name, value) -> queryValue(name, value), order);
    this.spatial = new SpatialQueries<>(store);
    this.id = attribute(store.layout().codec().fieldNames().get(store.layout().codec().idIndex()));
    this.scans = new BoundScans<>(store, this::attribute, kinds, evaluator, semantics);
    this.sorting = new MemoryOrder<>(store.layout().codec(), semantics, order, name -> compared(attribute(name)));
  }

  /**
   * The results of {@code plan} in {@code sort}'s order (empty: the plan's own), at most {@code limit}. An order the
   * plan's keys do not hold is sorted in memory ({@link MemoryOrder}): over an index read, every row or a union of
   * them, read batch after batch in {@code tr}, only the first {@code limit} in the order kept while reading.
   */
  public CompletableFuture<List<E>> list(ReadTransaction tr, Plan plan, List<SortKey> sort, int limit, Map<String, Object> params) {
    Comparator<E> comparator = sorting.comparator(sort);
    if (plan instanceof Plan.Union union && !sort.isEmpty() && limit < Integer.MAX_VALUE
        && union.branches().stream().allMatch(b -> readInOrder(b, sort))) {
      // every branch's keys hold the order: the first limit of the union are among the first limit of each branch
      // in that order (its first limit in key order and the ties there, BoundScans.firstAfter)
      List<CompletableFuture<List<E>>> branches = union.branches().stream()
          .map(b -> scans.firstAfter(tr, (Plan.IndexRead) b, sort, null, null, sorting.ties(sort), limit, params)).toList();
      return QueryResults.unionOf(branches, this::idKey, comparator, limit);
    }
    if (sortsInMemory(plan, sort) && readsEachBatch(plan)) {
      MemoryOrder.Top<E> top = new MemoryOrder.Top<>(comparator, limit);
      return each(tr, plan, params, top).thenApply(v -> top.items());
    }
    if (plan instanceof Plan.IndexRead read) {
      if (scans.matchesNothing(read, params)) {
        return CompletableFuture.completedFuture(List.of());
      }
      return scans.scan(read, params).limit(limit).entities(tr);
    }
    if (plan instanceof Plan.AllRows all) {
      return CandidateReads.first(tr, store, evaluator.predicate(all.residual(), params), Candidates.allRows(), limit);
    }
    if (plan instanceof Plan.ById byId) {
      Object ids = ConditionEvaluator.raw(byId.id().operands().get(0), params);
      List<Object> elements = (ids instanceof Collection<?> many ? List.copyOf(many) : java.util.Collections.singletonList(ids))
          .stream().filter(java.util.Objects::nonNull).map(v -> BoundScans.element(id, BoundScans.typed(kinds.apply(id.name()), v)))
          .toList();
      Predicate<E> test = evaluator.predicate(byId.residual(), params);
      return CandidateReads.all(tr, store, test, Candidates.ids(elements)).thenApply(items -> MemoryOrder.sorted(items, comparator, limit));
    }
    if (plan instanceof Plan.Union union) {
      List<CompletableFuture<List<E>>> branches = union.branches().stream()
          .map(branch -> list(tr, branch, List.of(), Integer.MAX_VALUE, params)).toList();
      return QueryResults.unionOf(branches, this::idKey, comparator, limit);
    }
    if (plan instanceof Plan.SpatialRead read) {
      Predicate<E> test = evaluator.predicate(read.residual(), params);
      return spatial(tr, read.criterion(), params)
          .thenApply(items -> MemoryOrder.sorted(items.stream().filter(test).toList(), comparator, limit));
    }
    throw new IllegalArgumentException("a run-time query does not read aggregates: " + plan);
  }

  /**
   * Whether {@code sort} is applied to {@code plan}'s results after reading them: an order its keys do not hold (an
   * index read in another order, or any order over every row, a union, ids or a spatial read).
   */
  static boolean sortsInMemory(Plan plan, List<SortKey> sort) {
    return !sort.isEmpty() && !(plan instanceof Plan.IndexRead read && read.order().equals(sort));
  }

  /** Whether {@code plan}'s results come in {@code sort}'s order as its keys are read (one batch after another). */
  private static boolean readInOrder(Plan plan, List<SortKey> sort) {
    return plan instanceof Plan.IndexRead read ? sort.isEmpty() || read.order().equals(sort)
        : plan instanceof Plan.AllRows && sort.isEmpty();
  }

  /** Whether {@link #each} reads {@code plan} batch by batch ({@link #batch}): an index read, every row, a union of them. */
  private static boolean readsEachBatch(Plan plan) {
    return plan instanceof Plan.IndexRead || plan instanceof Plan.AllRows
        || plan instanceof Plan.Union union && union.branches().stream().allMatch(b -> b instanceof Plan.IndexRead || b instanceof Plan.AllRows);
  }

  /** What {@link #each}'s batches' continuations are bound to: they never leave the read. */
  private static final byte[] EACH = "PlanReads.each".getBytes(java.nio.charset.StandardCharsets.UTF_8);

  /**
   * Hands every result of {@code plan} to {@code sink} in {@code tr}, in the order its keys are read: batch after batch
   * ({@link #batch}, {@link FilteredRows#BATCH} each) where {@link #readsEachBatch}, so nothing but what {@code sink}
   * keeps stays in memory; otherwise (ids, a spatial read) all at once.
   */
  private CompletableFuture<Void> each(ReadTransaction tr, Plan plan, Map<String, Object> params, Consumer<E> sink) {
    if (!readsEachBatch(plan)) {
      return list(tr, plan, List.of(), Integer.MAX_VALUE, params).thenAccept(items -> items.forEach(sink));
    }
    return eachAfter(tr, plan, params, sink, null);
  }

  private CompletableFuture<Void> eachAfter(ReadTransaction tr, Plan plan, Map<String, Object> params, Consumer<E> sink,
      Continuation after) {
    return batch(tr, plan, FilteredRows.BATCH, after, params, EACH).thenCompose(page -> {
      page.items().forEach(sink);
      return page.next().isPresent() ? eachAfter(tr, plan, params, sink, page.next().get())
          : CompletableFuture.<Void>completedFuture(null);
    });
  }

  /** The first results of a query and how many there are: an offset page and its total, read together. */
  record Counted<E>(List<E> first, long total) {}

  /**
   * The first {@code keep} results of {@code plan} in {@code sort}'s order and how many it has, in {@code tr} (one
   * snapshot): where the keys count them ({@link #countsOnKeys}) the results' read and the count side by side;
   * otherwise, since counting reads every result anyway, one pass over them keeping the first {@code keep}.
   */
  CompletableFuture<Counted<E>> listCounted(ReadTransaction tr, Plan plan, List<SortKey> sort, int keep, Map<String, Object> params) {
    if (countsOnKeys(plan)) {
      return list(tr, plan, sort, keep, params).thenCombine(count(tr, plan, params), Counted::new);
    }
    MemoryOrder.Top<E> top = new MemoryOrder.Top<>(readInOrder(plan, sort) ? null : sorting.comparator(sort), keep);
    return each(tr, plan, params, top).thenApply(v -> new Counted<>(top.items(), top.offered()));
  }

  /** How many entities {@code plan} matches: from the index entries alone where no condition needs the rows. */
  public CompletableFuture<Long> count(ReadTransaction tr, Plan plan, Map<String, Object> params) {
    if (plan instanceof Plan.IndexRead read && !scans.matchesNothing(read, params)) {
      return scans.scan(read, params).count(tr);
    }
    if (plan instanceof Plan.AllRows all && all.residual().isEmpty()) {
      return store.count(tr);
    }
    Candidates.Keys<E> keys = unionKeys(plan, params);
    if (keys != null) {
      return keys.count(store, tr);
    }
    return list(tr, plan, List.of(), Integer.MAX_VALUE, params).thenApply(items -> (long) items.size());
  }

  /**
   * Whether {@link #count} answers {@code plan} from the index keys or the entity's counter without reading the
   * results: an index read no residual condition narrows, a read of every row with no condition, a union of such index
   * reads.
   */
  boolean countsOnKeys(Plan plan) {
    return plan instanceof Plan.IndexRead read ? read.residual().isEmpty()
        : plan instanceof Plan.Union union ? union.branches().stream().allMatch(b -> b instanceof Plan.IndexRead read && read.residual().isEmpty())
        : plan instanceof Plan.AllRows all && all.residual().isEmpty();
  }

  /**
   * The keys of a union whose branches' indexes apply all their conditions ({@link Candidates#unionKeys}: each entity
   * once), as a declared Jakarta Data count or exists of the same {@code Or} reads them; null for any other plan, or
   * when a branch's scan checks rows (Jakarta Data's floating-point zeros). A branch a null value matches nothing is
   * left out.
   */
  private Candidates.Keys<E> unionKeys(Plan plan, Map<String, Object> params) {
    if (!(plan instanceof Plan.Union union) || !countsOnKeys(plan)) {
      return null;
    }
    List<Candidates.Keys<E>> branches = new ArrayList<>();
    for (Plan branch : union.branches()) {
      Plan.IndexRead read = (Plan.IndexRead) branch;
      if (scans.checksZeros(read, params)) {
        return null;
      }
      if (!scans.matchesNothing(read, params)) {
        branches.add(Candidates.indexKeys(ignored -> scans.scan(read, params)));
      }
    }
    return Candidates.unionKeys(branches);
  }

  /** Whether {@code plan} matches any entity: one key per range where no condition needs the rows. */
  public CompletableFuture<Boolean> exists(ReadTransaction tr, Plan plan, Map<String, Object> params) {
    if (plan instanceof Plan.IndexRead read && !scans.matchesNothing(read, params)) {
      return scans.scan(read, params).exists(tr);
    }
    Candidates.Keys<E> keys = unionKeys(plan, params);
    if (keys != null) {
      return keys.exists(store, tr);
    }
    return list(tr, plan, List.of(), 1, params).thenApply(items -> !items.isEmpty());
  }

  /**
   * At most {@code size} results after {@code after} (null: the first page), bound to {@code query} (the query's
   * shape and values, {@link QueryResults#query}). An index read in the query's order, an unordered scan of
   * every row and an unordered union of them ({@link UnionPages}) resume at the key after the last one read, in any
   * transaction ({@link #pagesByKey}); other plans (id lookups, spatial reads, orders sorted in memory) read their
   * results again, keep the {@code size} after the last one's order values and id ({@link MemoryOrder#after}) while
   * reading, and end the page at the last one's ({@link MemoryOrder#position}); a union in an order every branch's keys
   * hold reads only each branch's first {@code size + 1} after that position ({@link BoundScans#firstAfter}). Either
   * way a page resumes strictly after the previous page's last result in the order, so writes between pages never
   * repeat or skip an entity that was not written.
   */
  public CompletableFuture<Page<E>> page(ReadTransaction tr, Plan plan, List<SortKey> sort, int size, Continuation after,
      Map<String, Object> params, byte[] query) {
    Paging.checkLimit(size);
    if (plan instanceof Plan.IndexRead read && (sort.isEmpty() || read.order().equals(sort))
        && !scans.matchesNothing(read, params)) {
      return scans.scan(read, params).boundTo(query).page(tr, size, after);
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
    Comparator<E> comparator = sorting.comparator(sort);
    byte[] position = after == null ? null : after.resumeKeyFor(query);
    if (plan instanceof Plan.Union union && !sort.isEmpty() && union.branches().stream().allMatch(b -> readInOrder(b, sort))) {
      // every branch's keys hold the order: the page is among the first size + 1 of each branch after the position
      // (each branch its own test of what follows it, since the branches are read concurrently)
      List<CompletableFuture<List<E>>> branches = union.branches().stream().map(b -> scans.firstAfter(tr, (Plan.IndexRead) b,
          sort, position, position == null ? null : sorting.after(position, sort, comparator), sorting.ties(sort),
          Paging.withOneMore(size), params)).toList();
      return QueryResults.unionOf(branches, this::idKey, comparator, Paging.withOneMore(size))
          .thenApply(rest -> pageOf(rest, size, sort, query));
    }
    // read again (an order sorted in memory, ids, a spatial read): the results after the position kept while reading
    Predicate<E> later = position == null ? null : sorting.after(position, sort, comparator);
    MemoryOrder.Top<E> top = new MemoryOrder.Top<>(comparator, Paging.withOneMore(size));
    return each(tr, plan, params, e -> {
      if (later == null || later.test(e)) {
        top.accept(e);
      }
    }).thenApply(v -> pageOf(top.items(), size, sort, query));
  }

  /** A page of the first {@code size} of {@code rest} (one more tells that a next page exists), resuming after its last. */
  private Page<E> pageOf(List<E> rest, int size, List<SortKey> sort, byte[] query) {
    if (rest.size() <= size) {
      return Page.last(rest);
    }
    return new Page<>(List.copyOf(rest.subList(0, size)), Optional.of(Continuation.of(query, sorting.position(rest.get(size - 1), sort))));
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
          && !scans.checksZeros(read, params);
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
      return scans.matchesNothing(read, params)
          ? CompletableFuture.completedFuture(Page.last(List.of()))
          : scans.scan(read, params).boundTo(query).batch(tr, size, after);
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

  private CompletableFuture<List<E>> spatial(ReadTransaction tr, Compare criterion, Map<String, Object> params) {
    Object first = ConditionEvaluator.raw(criterion.operands().get(0), params);
    if (criterion.op() == Op.WITHIN) {
      return spatial.within(tr, criterion.field(), (BoundingBox) first);
    }
    double radius = ((Number) ConditionEvaluator.raw(criterion.operands().get(1), params)).doubleValue();
    return spatial.near(tr, criterion.field(), (GeoPoint) first, radius);
  }

  private Tuple idKey(E entity) {
    return Tuple.from(store.layout().codec().toElements(entity)[store.layout().codec().idIndex()]);
  }

  /** The value conditions compare: the key element for Strata, the Java value for Jakarta Data. */
  @SuppressWarnings("unchecked")
  private Function<E, Object> compared(Restrictable<E, ?> attribute) {
    Restrictable<E, Object> a = (Restrictable<E, Object>) attribute;
    return semantics == Semantics.STRATA ? e -> a.element(a.value(e)) : e -> a.column(a.value(e));
  }

  private Object queryValue(String name, Object value) {
    return semantics == Semantics.STRATA && value != null
        ? BoundScans.element(attribute(name), BoundScans.typed(kinds.apply(name), value)) : attribute(name).column(value);
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
      group.add(BoundScans.element(attribute(c.field()), BoundScans.typed(kinds.apply(c.field()), value)));
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

  /** {@code plan} in words and keys, then {@code sort} where it is sorted in memory: what {@code Finder.explain()} returns. */
  public String explain(Plan plan, List<SortKey> sort) {
    return Explain.plan(store.layout().entityName(), plan, sort);
  }
}
