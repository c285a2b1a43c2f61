package io.strata.query;

import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.OrderBy;
import io.strata.Page;
import io.strata.Property;
import io.strata.Scored;
import io.strata.observation.RepositoryCalls;
import io.strata.query.model.Condition;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.Window;
import io.strata.query.plan.Plan;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** A {@link Finder} over {@link RuntimeQueries}: an immutable description of one query; each terminal plans and reads it. */
final class RuntimeFinder<E> implements Finder<E> {
  private final RuntimeQueries<E> queries;
  private final Condition where;
  private final Map<String, Object> params;
  private final List<SortKey> order;
  private final int limit;
  private final boolean allowScan;
  private final boolean bindable;

  RuntimeFinder(RuntimeQueries<E> queries, Condition where, Map<String, Object> params, List<SortKey> order, int limit,
      boolean allowScan, boolean bindable) {
    this.queries = queries;
    this.where = where;
    this.params = java.util.Collections.unmodifiableMap(new HashMap<>(params));
    // an order on properties the condition fixes by equality alone is ignored: its ties come by id, ascending
    this.order = Condition.fixedFields(where).containsAll(order.stream().map(SortKey::field).toList()) ? List.of()
        : List.copyOf(order);
    this.limit = limit;
    this.allowScan = allowScan;
    this.bindable = bindable;
  }

  /** {@inheritDoc} A JDQL query's own {@code ORDER BY} is replaced. */
  @SafeVarargs
  @Override
  public final Finder<E> orderBy(OrderBy<E>... items) {
    List<SortKey> keys = Arrays.stream(items).map(OrderBy::key).toList();
    return new RuntimeFinder<>(queries, where, params, keys, limit, allowScan, bindable);
  }

  @Override
  public Finder<E> limit(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("limit(" + n + "): a limit must be positive");
    }
    return new RuntimeFinder<>(queries, where, params, order, n, allowScan, bindable);
  }

  @Override
  public Finder<E> allowScan() {
    return new RuntimeFinder<>(queries, where, params, order, limit, true, bindable);
  }

  @Override
  public Finder<E> bind(String name, Object value) {
    if (!bindable) {
      throw new IllegalStateException("bind(\"" + name + "\", ...): a where(...) finder has its values in its restriction; "
          + "bind parameters of jdql(...) finders");
    }
    if (value == null && queries.semantics() == Semantics.STRATA) {
      throw new IllegalArgumentException("bind(\"" + name + "\", null): a comparison with null matches no entity; "
          + "write IS NULL in the query instead");
    }
    Map<String, Object> bound = new HashMap<>(params);
    bound.put(name, value);
    return new RuntimeFinder<>(queries, where, bound, order, limit, allowScan, bindable);
  }

  @Override
  public Finder<E> bind(int position, Object value) {
    return bind(Integer.toString(position), value);
  }

  /** The plan of this query in {@code window}, a JDQL finder's bound values checked first ({@link #checkBound}). */
  private Plan plan(Window window) {
    checkBound();
    return queries.plan(where, order, window, allowScan);
  }

  /** Refuses a JDQL finder's bound value its property cannot hold ({@link BoundValues}): each terminal asks first. */
  void checkBound() {
    if (bindable) {
      queries.checkBound(where, params);
    }
  }

  private Window window() {
    return limit > 0 ? new Window(0, true, Window.Paging.NONE) : Window.ALL;
  }

  private int max() {
    return limit > 0 ? limit : Integer.MAX_VALUE;
  }

  /**
   * {@inheritDoc} A plan {@link PlanReads#readsInBatches} accepts is read batch after batch, one transaction each, so an
   * answer larger than one transaction's limits is read whole, with the keys one read of it would read; other plans
   * (orders sorted after reading, filtered index reads, id lookups) read in one transaction.
   */
  @Override
  public List<E> list() {
    Plan plan = plan(window());
    return observed("list", plan, () -> queries.reads().readsInBatches(plan, order, params, limit > 0)
        ? batches(plan, Math.min(max(), CandidateReads.BATCH)).limit(max()).toList()
        : queries.db().read(tr -> queries.reads().list(tr, plan, order, max(), params).join()));
  }

  /**
   * {@inheritDoc} One call {@code Finder.stream} when the database is observed, open until the stream ends. A plan
   * {@link PlanReads#readsInBatches} accepts is read by the read core's loop, as a Strata stream method reads
   * ({@link #batches}); another in pages of {@link QueryResults#STREAM_BATCH}. An order sorted in memory
   * ({@link PlanReads#sortsInMemory}) is read once, in one transaction, the first {@link #limit} kept while reading:
   * each batch would otherwise read every result again.
   */
  @Override
  public Stream<E> stream() {
    Plan plan = pagePlan();
    return RepositoryCalls.observeStream(queries.db(), queries.entityName(), "Finder.stream", plan.getClass().getSimpleName(),
        () -> {
          if (PlanReads.sortsInMemory(plan, order)) {
            return queries.db().read(tr -> queries.reads().list(tr, plan, order, max(), params).join()).stream();
          }
          Stream<E> all = queries.reads().readsInBatches(plan, order, params, false) ? batches(plan, Math.min(max(), CandidateReads.BATCH))
              : pages(plan);
          return limit > 0 ? all.limit(limit) : all;
        });
  }

  /**
   * {@inheritDoc} Counted in one read where the index keys or the entity's counter answer it
   * ({@link PlanReads#countsOnKeys}); else on the results read batch after batch, one transaction each, where
   * {@link PlanReads#readsInBatches} accepts the plan, or in one transaction.
   */
  @Override
  public long count() {
    Plan plan = plan(Window.ALL);
    long n = observed("count", plan, () -> !queries.reads().countsOnKeys(plan) && queries.reads().readsInBatches(plan, List.of(), params, false)
        ? batches(plan, CandidateReads.BATCH).limit(max()).count()
        : queries.db().read(tr -> queries.reads().count(tr, plan, params).join()));
    return Math.min(n, max());
  }

  /**
   * The results of {@code plan}, read lazily by the read core's loop over candidates ({@link CandidateReads#stream}: the
   * plan's batches, {@link PlanReads#batch}, the first of {@code expected} results, then twice as many up to
   * {@value CandidateReads#BATCH}), each batch its own transaction, the batches at one read version ({@link SharedReadVersion}).
   */
  private Stream<E> batches(Plan plan, int expected) {
    byte[] query = query(List.of());
    return CandidateReads.stream(queries.db(), queries.store(), e -> true,
        (store, tr, size, after) -> queries.reads().batch(tr, plan, size, after, params, query), expected);
  }

  /** What this query's continuations in {@code sort}'s order are bound to: its condition, that order and its values. */
  private byte[] query(List<SortKey> sort) {
    return QueryResults.query(Explain.condition(where), sort, new java.util.TreeMap<>(params).toString());
  }

  @Override
  public boolean exists() {
    Plan plan = plan(Window.ALL);
    return observed("exists", plan, () -> queries.db().read(tr -> queries.reads().exists(tr, plan, params).join()));
  }

  @Override
  public Optional<E> first() {
    Plan plan = plan(new Window(1, false, Window.Paging.NONE));
    return observed("first", plan, () -> queries.db().read(tr -> queries.reads().list(tr, plan, order, 1, params).join()))
        .stream().findFirst();
  }

  @Override
  public Page<E> page(int size, Continuation after) {
    Plan plan = pagePlan();
    return observed("page", plan, () -> pageRead(plan, size, after));
  }

  private Plan pagePlan() {
    return plan(new Window(0, false, Window.Paging.CONTINUATION));
  }

  /**
   * The results from the {@code skip}-th (0 first) on, at most {@code size}, whether more follow, and how many match
   * in all (at most the limit): an offset page and its total from one read transaction, one snapshot
   * ({@link PlanReads#listCounted}: a pass over every result where counting reads them anyway).
   */
  OffsetPage<E> offsetPage(long skip, int size) {
    int keep = Math.toIntExact(skip + size + 1);
    Plan plan = plan(new Window(0, true, Window.Paging.OFFSET));
    PlanReads.Counted<E> read = observed("page", plan,
        () -> queries.db().read(tr -> queries.reads().listCounted(tr, plan, order, keep, params).join()));
    List<E> first = read.first();
    List<E> content = List.copyOf(first.subList((int) Math.min(skip, first.size()), (int) Math.min(skip + size, first.size())));
    return new OffsetPage<>(content, first.size() > skip + size, Math.min(read.total(), max()));
  }

  /** {@code plan}'s results in {@code order}, read lazily page by page ({@link QueryResults#STREAM_BATCH} each) at one read version. */
  private Stream<E> pages(Plan plan) {
    byte[] query = query(order);
    return QueryResults.stream(queries.db(), (tr, after) -> queries.reads().page(tr, plan, order, QueryResults.STREAM_BATCH, after, params, query));
  }

  /** One page of {@code plan}'s results, in one read transaction. */
  private Page<E> pageRead(Plan plan, int size, Continuation after) {
    byte[] query = query(order);
    return queries.db().read(tr -> queries.reads().page(tr, plan, order, size, after, params, query).join());
  }

  /** One terminal's read, observed as a repository call {@code Finder.<terminal>} when the database is observed. */
  private <T> T observed(String terminal, Plan plan, java.util.function.Supplier<T> read) {
    return Blocking.call(() -> RepositoryCalls.observe(queries.db(), queries.entityName(), "Finder." + terminal,
        plan.getClass().getSimpleName(), read));
  }

  @Override
  public String explain() {
    return queries.reads().explain(plan(window()), order);
  }

  /**
   * {@inheritDoc} The restriction (or JDQL condition), its values and what else is configured are kept: the
   * {@link NearestFinder} searches with them.
   */
  @Override
  public Finder<E> nearest(Property<E, float[]> vector, float[] query) {
    return NearestFinder.of(this, vector, query);
  }

  @Override
  public Finder<E> candidates(int n) {
    throw new IllegalStateException("candidates(" + n + ") tunes the search of a nearest(...) finder; "
        + "call nearest(vector, query) first, then candidates(n)");
  }

  @Override
  public List<Scored<E>> listScored() {
    throw new IllegalStateException("listScored() gives the distances of a nearest(...) finder's results; "
        + "call nearest(vector, query) first, or list() for entities without distances");
  }

  RuntimeQueries<E> queries() {
    return queries;
  }

  Condition where() {
    return where;
  }

  Map<String, Object> params() {
    return params;
  }

  List<SortKey> order() {
    return order;
  }

  /** The limit, 0 when none was given. */
  int limitGiven() {
    return limit;
  }

  boolean scanAllowed() {
    return allowScan;
  }
}
