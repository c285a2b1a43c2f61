package io.strata.query;

import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.OrderBy;
import io.strata.Page;
import io.strata.Property;
import io.strata.Scored;
import io.strata.index.vector.VectorQueries;
import io.strata.observation.RepositoryCalls;
import io.strata.query.model.Condition;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Window;
import io.strata.query.plan.Plan;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A {@link Finder} with a nearest-neighbour order ({@link Finder#nearest}): the restriction of the finder it was made
 * from, joined with a nearest-neighbour comparison of the vector, planned by the planner into a
 * {@link Plan.VectorRead} (the group its equalities name, the rest residual) and read by {@link PlanReads#nearest}, one
 * vector search in one transaction per terminal. Immutable.
 *
 * @param <E> the entity
 */
final class NearestFinder<E> implements Finder<E> {
  /** The parameter the query vector is bound to: not a JDQL name (it holds spaces), so no query's own. */
  static final String QUERY = "the query vector";

  private final RuntimeFinder<E> base;
  private final String vector;
  private final float[] query;
  private final int candidates;

  private NearestFinder(RuntimeFinder<E> base, String vector, float[] query, int candidates) {
    this.base = base;
    this.vector = vector;
    this.query = query;
    this.candidates = candidates;
  }

  /** {@code base} searched for the entities whose {@code vector} is nearest {@code query}. */
  static <E> NearestFinder<E> of(RuntimeFinder<E> base, Property<E, float[]> vector, float[] query) {
    Objects.requireNonNull(vector, "nearest(null, ...): give the @Embedding attribute of the metamodel, e.g. _Doc.vector");
    if (query == null) {
      throw new IllegalArgumentException("nearest(" + vector.name() + ", null): give the query vector, a float[] of the "
          + "index's dimensions");
    }
    if (!base.order().isEmpty()) {
      throw new IllegalArgumentException("nearest(" + vector.name() + ", ...) on a finder ordered by "
          + base.order().stream().map(k -> k.field() + (k.descending() ? " desc" : " asc")).toList()
          + ": the results of a nearest search are nearest first; drop the order (a JDQL query's ORDER BY too)");
    }
    return new NearestFinder<>(base, vector.name(), query.clone(), 0);
  }

  @SafeVarargs
  @Override
  public final Finder<E> orderBy(OrderBy<E>... order) {
    throw new IllegalArgumentException("orderBy(...) on a nearest(" + vector + ", ...) finder: its results are nearest "
        + "first; drop the order, or drop nearest(...) for an ordered query");
  }

  @Override
  public Finder<E> limit(int n) {
    return new NearestFinder<>((RuntimeFinder<E>) base.limit(n), vector, query, candidates);
  }

  @Override
  public Finder<E> allowScan() {
    return new NearestFinder<>((RuntimeFinder<E>) base.allowScan(), vector, query, candidates);
  }

  @Override
  public Finder<E> bind(String name, Object value) {
    return new NearestFinder<>((RuntimeFinder<E>) base.bind(name, value), vector, query, candidates);
  }

  @Override
  public Finder<E> bind(int position, Object value) {
    return new NearestFinder<>((RuntimeFinder<E>) base.bind(position, value), vector, query, candidates);
  }

  /** {@inheritDoc} It replaces this finder's nearest. */
  @Override
  public Finder<E> nearest(Property<E, float[]> vector, float[] query) {
    NearestFinder<E> other = of(base, vector, query);
    return new NearestFinder<>(base, other.vector, other.query, candidates);
  }

  @Override
  public Finder<E> candidates(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("candidates(" + n + "): the candidates a search rescores must be positive");
    }
    return new NearestFinder<>(base, vector, query, n);
  }

  @Override
  public List<E> list() {
    return search("list", k("list()")).stream().map(Scored::entity).toList();
  }

  @Override
  public List<Scored<E>> listScored() {
    return search("listScored", k("listScored()"));
  }

  /** {@inheritDoc} The results are read as {@link #list} reads them, in one transaction (there are at most the limit). */
  @Override
  public Stream<E> stream() {
    return list().stream();
  }

  @Override
  public Optional<E> first() {
    return search("first", 1).stream().findFirst().map(Scored::entity);
  }

  @Override
  public long count() {
    throw new IllegalStateException("count() of a nearest(" + vector + ", ...) finder: its results are the limit nearest, "
        + "not every match; call list().size(), or count the restriction's matches with a finder without nearest(...)");
  }

  @Override
  public boolean exists() {
    throw new IllegalStateException("exists() of a nearest(" + vector + ", ...) finder: call first().isPresent(), or ask "
        + "a finder without nearest(...)");
  }

  @Override
  public Page<E> page(int size, Continuation after) {
    throw new IllegalStateException("page(...) of a nearest(" + vector + ", ...) finder: a nearest search is not read in "
        + "pages; ask for more with a larger limit(k)");
  }

  /** {@inheritDoc} Worded as the javadoc of a declared {@code Near} method of the same search. */
  @Override
  public String explain() {
    Plan.VectorRead read = plan();
    int k = base.limitGiven();
    Plan.VectorRead worded = k > 0 ? new Plan.VectorRead(read.vector(), read.nearest(), read.group(), k, read.residual()) : read;
    // the search rescores at least k (VectorQueries.nearest): say what it does, not only what was asked
    int rescored = Math.max(k, candidates > 0 ? candidates : VectorQueries.DEFAULT_CANDIDATES);
    return base.queries().reads().explain(worded) + ", rescoring " + rescored
        + (candidates == 0 && rescored == VectorQueries.DEFAULT_CANDIDATES ? " (the default)" : "") + " candidates exactly";
  }

  /** The limit a terminal searches for: there must be one. */
  private int k(String terminal) {
    int k = base.limitGiven();
    if (k == 0) {
      throw new IllegalStateException(terminal + " of a nearest(" + vector + ", ...) finder needs limit(k): how many of "
          + "the nearest entities to return (first() alone needs none)");
    }
    return k;
  }

  /** The search planned for this finder's condition and the nearest comparison, the limit given when it runs. */
  private Plan.VectorRead plan() {
    base.checkBound();
    Condition near = new Condition.Compare(vector, Op.NEAREST, new Operand.Param(QUERY));
    return (Plan.VectorRead) base.queries().plan(new Condition.And(List.of(base.where(), near)), List.of(),
        new Window(0, true, Window.Paging.NONE), base.scanAllowed());
  }

  private List<Scored<E>> search(String terminal, int k) {
    Plan.VectorRead read = plan();
    Map<String, Object> params = new HashMap<>(base.params());
    params.put(QUERY, query);
    RuntimeQueries<E> queries = base.queries();
    return Blocking.call(() -> RepositoryCalls.observe(queries.db(), queries.entityName(), "Finder." + terminal, "VectorRead",
        () -> queries.db().read(tr -> queries.reads().nearest(tr, read, k, candidates, params).join())));
  }
}
