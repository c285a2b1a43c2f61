package io.strata.query;

import com.apple.foundationdb.Database;
import io.strata.Finder;
import io.strata.QueryNotServedException;
import io.strata.Restriction;
import io.strata.metamodel.Restrictable;
import io.strata.query.jdql.EnumConstants;
import io.strata.query.jdql.JdqlSelect;
import io.strata.query.model.Condition;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import io.strata.query.model.VectorConditions;
import io.strata.query.model.Window;
import io.strata.query.plan.Plan;
import io.strata.query.plan.Planned;
import io.strata.query.plan.Planner;
import io.strata.query.plan.Unserved;
import io.strata.query.model.QuerySpec;
import io.strata.repository.EntityStore;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The run-time queries of one repository: {@code where(restriction)} and {@code jdql(text)} build a
 * {@link Finder}, planned by the planner onto the entity's indexes and read by {@link PlanReads}. Plans are cached
 * per query shape: the condition tree with every value replaced by a parameter, the order, the window and whether
 * a scan is allowed, so a query asked again with other values is not planned again. With a scan allowed, a query
 * whose order no index holds is planned as if unordered and its results sorted in memory ({@link MemoryOrder}); that
 * plan is cached under the ordered shape. The cache holds the {@link #CACHED_SHAPES} most recently used shapes.
 * Thread-safe.
 *
 * @param <E> the entity
 */
public final class RuntimeQueries<E> {
  /** How many query shapes' plans each repository keeps. */
  public static final int CACHED_SHAPES = 256;

  /** Why a query with an order may be unserved where the same query without it is read and then sorted in memory. */
  private static final Set<Unserved.Reason> ORDER_REFUSALS = EnumSet.of(Unserved.Reason.NO_INDEX, Unserved.Reason.ORDER_NOT_SERVED,
      Unserved.Reason.INDEX_LEAVES_OUT_NULLS, Unserved.Reason.SPATIAL_ORDER);

  private final Database db;
  private final EntityStore<E> store;
  private final EntityInfo entity;
  private final String entityName;
  private final Semantics semantics;
  private final PlanReads<E> reads;
  private final Function<QuerySpec, Planned> planner;
  private final Map<QuerySpec, Planned> plans = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<QuerySpec, Planned> eldest) {
      return size() > CACHED_SHAPES;
    }
  };
  private long planned;
  /** JDQL's enum constants, looked up in the application's classes (those of its generated codec), or given. */
  private final EnumConstants enums;
  /** Whether bound values are checked against their properties' kinds: a generated repository's attributes' Java types. */
  private final boolean checksBound;

  /**
   * @param db the database each finder's terminal reads in (a transaction per call, or per page)
   * @param store the entity's store
   * @param entity what the entity offers queries (its indexes)
   * @param attributes its metamodel attributes (the generated {@code _E})
   * @param semantics the repository's dialect
   * @param order the dialect's value order ({@link ValueOrder#KEYS} for Strata)
   * @param planner the planner ({@link Planner#plan}; tests give others)
   */
  public RuntimeQueries(Database db, EntityStore<E> store, EntityInfo entity, List<? extends Restrictable<E, ?>> attributes,
      Semantics semantics, ValueOrder order, Function<QuerySpec, Planned> planner) {
    this(db, store, entity, attributes, semantics, order, planner,
        EnumConstants.of(store.layout().codec().getClass().getClassLoader()), true);
  }

  /**
   * Run-time queries over entities with no classes of their own (the {@code strata} tool's rows, read from a schema):
   * JDQL's enum constants are found by {@code enums} instead of in the application's classes, and a bound value is
   * left to {@code attributes} to convert (the tool's take text for a date or a decimal), not checked against its
   * property's kind as a generated repository's is ({@link BoundValues}).
   *
   * @see #RuntimeQueries(Database, EntityStore, EntityInfo, List, Semantics, ValueOrder, Function)
   */
  public RuntimeQueries(Database db, EntityStore<E> store, EntityInfo entity, List<? extends Restrictable<E, ?>> attributes,
      Semantics semantics, ValueOrder order, Function<QuerySpec, Planned> planner, EnumConstants enums) {
    this(db, store, entity, attributes, semantics, order, planner, enums, false);
  }

  private RuntimeQueries(Database db, EntityStore<E> store, EntityInfo entity, List<? extends Restrictable<E, ?>> attributes,
      Semantics semantics, ValueOrder order, Function<QuerySpec, Planned> planner, EnumConstants enums, boolean checksBound) {
    this.checksBound = checksBound;
    this.db = Objects.requireNonNull(db, "db");
    this.store = store;
    this.entity = entity;
    this.entityName = store.layout().entityName();
    this.semantics = semantics;
    this.reads = new PlanReads<>(store, attributes, semantics, order, name -> entity.field(name).map(FieldInfo::kind).orElse(null));
    this.planner = planner;
    this.enums = Objects.requireNonNull(enums, "enums");
  }

  /**
   * The run-time queries of a generated repository, planned by the query model's {@link Planner}.
   *
   * @see #RuntimeQueries(Database, EntityStore, EntityInfo, List, Semantics, ValueOrder, Function)
   */
  public RuntimeQueries(Database db, EntityStore<E> store, EntityInfo entity, List<? extends Restrictable<E, ?>> attributes,
      Semantics semantics, ValueOrder order) {
    this(db, store, entity, attributes, semantics, order, Planner::plan);
  }

  /** A finder of the entities {@code restriction} accepts. */
  public Finder<E> where(Restriction<E> restriction) {
    Objects.requireNonNull(restriction, "where(null): give a restriction, or Restrict.unrestricted() with allowScan() for every entity");
    Shapes.Parameterized shape = Shapes.parameterize(restriction.condition());
    return new RuntimeFinder<>(this, shape.condition(), shape.values(), List.of(), 0, false, false);
  }

  /**
   * A finder of a declared method's query {@code declared} and-ed with the caller's {@code restriction}, planned as
   * {@link #where} is (its own order and limit; a scan allowed only where the method is {@code @AllowFiltering}).
   * {@code Restrict.unrestricted()} leaves the method's own query.
   *
   * @param parameter the name of the method's {@code Restriction} parameter, as a null one is reported
   * @param values the values of {@code declared.parameters()}, in that order
   * @throws NullPointerException naming {@code parameter} when {@code restriction} is null
   * @throws IllegalArgumentException naming the parameter when a value is null in Strata's dialect (a comparison with
   *     null matches no entity there; Jakarta Data's null matches nothing)
   */
  public Finder<E> declared(DeclaredQuery declared, String parameter, Restriction<E> restriction, Object... values) {
    Objects.requireNonNull(restriction, () -> declared.method() + ": parameter '" + parameter + "' is null; pass "
        + "Restrict.unrestricted() for the method's own query alone");
    if (values.length != declared.parameters().size()) {
      throw new IllegalArgumentException(declared.method() + ": " + values.length + " value(s) for the parameters "
          + declared.parameters());
    }
    Map<String, Object> params = new java.util.HashMap<>();
    for (int i = 0; i < values.length; i++) {
      String name = declared.parameters().get(i);
      if (values[i] == null && semantics == Semantics.STRATA) {
        throw new IllegalArgumentException(declared.method() + ": parameter '" + name + "' is null; a comparison with null"
            + " matches no entity, so pass a value");
      }
      params.put(name, values[i]);
    }
    Condition where = declared.where();
    if (!restriction.condition().equals(Condition.ALWAYS)) {
      Shapes.Parameterized shape = Shapes.parameterize(restriction.condition());
      params.putAll(shape.values());
      where = where.equals(Condition.ALWAYS) ? shape.condition() : new Condition.And(List.of(where, shape.condition()));
    }
    return new RuntimeFinder<>(this, where, params, declared.order(), declared.limit(), declared.allowScan(), false);
  }

  /**
   * A finder of a JDQL query over the entity, {@code [WHERE ...] [ORDER BY ...]} (a leading {@code SELECT THIS} and
   * {@code FROM} the entity are allowed); its parameters, {@code :name} or {@code ?1}, are bound with the finder's
   * {@code bind}. An enum constant is written with its qualified class ({@code com.example.Size.LARGE}). A condition
   * no index can serve (arithmetic, functions other than {@code UPPER}/{@code LOWER} of a property, two properties or
   * none compared, {@code LOCAL DATE}) is checked on each entity read, so it needs an index for the rest of the query or
   * {@code allowScan()}.
   *
   * @throws io.strata.query.jdql.JdqlException naming the position of what does not parse, of a name that is no
   *     property, or of a literal its property cannot hold
   */
  public Finder<E> jdql(String query) {
    Objects.requireNonNull(query, "jdql(null): give a query, e.g. \"WHERE country = :c ORDER BY population DESC\"");
    JdqlSelect select = JdqlSelect.of(query, entity, enums, semantics);
    Shapes.Parameterized shape = Shapes.parameterize(select.where());
    return new RuntimeFinder<>(this, shape.condition(), shape.values(), select.order(), 0, false, true);
  }

  /**
   * Refuses a value bound to one of a JDQL finder's parameters ({@code where}'s, bound in {@code params}) that the
   * property it is compared with cannot hold ({@link BoundValues}), before anything is read; a generated repository's.
   */
  void checkBound(Condition where, Map<String, Object> params) {
    if (checksBound) {
      BoundValues.check(where, params, name -> entity.field(name).map(FieldInfo::kind).orElse(null),
          (name, value) -> reads.attribute(name).column(value));
    }
  }

  Database db() {
    return db;
  }

  EntityStore<E> store() {
    return store;
  }

  /** The entity's name, as its observations are tagged. */
  String entityName() {
    return entityName;
  }

  PlanReads<E> reads() {
    return reads;
  }

  Semantics semantics() {
    return semantics;
  }

  /** The plan of a query of this shape: from the cache, or planned now and cached. */
  Plan plan(Condition where, List<SortKey> order, Window window, boolean allowScan) {
    QuerySpec spec = new QuerySpec(entity, where, order, window, null, allowScan, semantics);
    Planned found;
    synchronized (plans) {
      found = plans.get(spec);
    }
    if (found == null) {
      VectorConditions.check(entity, where, order);
      found = planner.apply(spec);
      if (allowScan && sortable(order) && found instanceof Unserved unserved && ORDER_REFUSALS.contains(unserved.reason())) {
        // an order no index holds, with a scan allowed: read as the unordered query is, sorted in memory (PlanReads)
        Planned unordered = planner.apply(new QuerySpec(entity, where, List.of(), window, null, true, semantics));
        found = unordered instanceof Plan ? unordered : found;
      }
      synchronized (plans) {
        plans.put(spec, found);
        planned++;
      }
    }
    if (found instanceof Unserved unserved) {
      throw new QueryNotServedException(entity.name(), Explain.condition(where), unserved, allowScan);
    }
    return (Plan) found;
  }

  /**
   * Whether {@code order} can be sorted in memory in this dialect: an order on stored scalar properties, none of them a
   * byte array in Jakarta Data's (which has no order on them; Strata's orders them by unsigned bytes, as keys do).
   */
  private boolean sortable(List<SortKey> order) {
    return !order.isEmpty() && order.stream().allMatch(k -> entity.field(k.field())
        .map(f -> f.kind().isScalar() && !(semantics == Semantics.JAKARTA && f.kind() == ValueKind.BYTES)).orElse(false));
  }

  /** How many query shapes were planned (not found in the cache) so far: what the cache saves is counted, not timed. */
  public long shapesPlanned() {
    synchronized (plans) {
      return planned;
    }
  }
}
