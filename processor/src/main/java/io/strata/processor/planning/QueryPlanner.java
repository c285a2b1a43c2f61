package io.strata.processor.planning;

import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.validation.Messages;
import io.strata.processor.validation.QueryError;
import io.strata.query.model.Aggregation;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.Window;
import io.strata.query.plan.Plan;
import io.strata.query.plan.Planned;
import io.strata.query.plan.Planner;
import io.strata.query.plan.Unserved;
import io.strata.query.names.MethodName.Action;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plans one conjunction of criteria onto the entity's indexes (QUERIES.md, "Planning") with the one planner of
 * {@code strata-query-model} ({@link Planner}), mapping its plan back to a {@link QueryPlan} and its unserved reason to
 * the compile error's text. The rules, as {@link Planner} applies them: an index
 * {@code (f1 ... fk, id)} serves it when equality criteria cover a prefix {@code f1 ... fj}, range criteria
 * are all on {@code f(j+1)}, and the {@code OrderBy} names the following index fields in one direction
 * (fields fixed by equality skipped; an {@code In} field may lead when its alternatives are merged in key
 * order). Among serving indexes the longest equality prefix wins, then one that reads no rows, then the
 * first declared; an index that leaves out entities the criteria match (a null indexed value) is not read. Spatial
 * criteria are served by their field's Z-order index alone. Equality or {@code In} on the id
 * reads those rows directly (the other criteria are checked on them). With {@code @AllowFiltering},
 * criteria no index serves are checked on each row read; when no index narrows the read at all, every row is read.
 *
 * <p>{@code count}, {@code sum}, {@code min} and {@code max} methods whose criteria are exactly equalities on the
 * group fields of a matching {@code @Aggregate} (in any order) read its group key instead
 * ({@link #aggregate}): one or two keys whatever the group's size.
 */
public final class QueryPlanner {
  private final EntityModel entity;
  private EntityInfo info;

  public QueryPlanner(EntityModel entity) {
    this.entity = entity;
  }

  /**
   * Plans a method's whole condition, its {@code Or} branches included, in one call of the one planner
   * ({@link Planner}) and maps its answer back: one {@link QueryPlan} per branch of a {@link Plan.Union} (each of its
   * branch's criteria), one for a query that is one conjunction, or, for the planner's {@link Plan.AllRows} of an
   * {@code Or} (some branch no index narrows, {@code @AllowFiltering}, no order), one every-row plan per branch, which
   * the writer reads as one read of every row checking any branch's criteria
   * ({@link io.strata.processor.model.QueryMethodModel#everyRowOnce}).
   * An {@link Unserved} answer is the {@link QueryError} its reason stands for, in the words of the branch at fault.
   *
   * @param method the method name, for messages
   * @param branches the criteria, one conjunction per {@code Or} branch
   * @param order the {@code OrderBy} items (one direction: mixed ones are rejected before)
   * @param needed the fields the result needs, or null for whole entities (a union reads whole entities)
   * @param allowFiltering whether criteria an index does not serve may be checked in memory
   * @param window the results the query returns at most: a {@code Near} criterion is a search of its
   *     {@code @Embedding}'s vector index for that many
   */
  public List<QueryPlan> plan(String method, List<List<BoundCriterion>> branches, List<OrderItem> order, Set<String> needed,
      boolean allowFiltering, Window window) throws QueryError {
    Planned planned = Planner.plan(spec(branches, order, branches.size() > 1 ? null : needed, allowFiltering, Semantics.STRATA,
        window));
    if (planned instanceof Unserved u) {
      throw error(method, u, order);
    }
    if (planned instanceof Plan.Union union) {
      List<QueryPlan> plans = new ArrayList<>();
      for (int i = 0; i < branches.size(); i++) {
        plans.add(queryPlan(union.branches().get(i), branches.get(i)));
      }
      return plans;
    }
    if (planned instanceof Plan.AllRows && branches.size() > 1) {
      return branches.stream().map(b -> queryPlan(new Plan.AllRows(b.stream().<Condition>map(EntityInfos::compare).toList()), b))
          .toList();
    }
    if (planned instanceof Plan plan && branches.size() == 1 && !(planned instanceof Plan.AggregateRead)) {
      return List.of(queryPlan(plan, branches.get(0)));
    }
    throw new IllegalStateException(branches.size() + " conjunction(s) planned as " + planned);
  }

  /**
   * {@code planned}, a plan of the conjunction {@code and} (no union, no aggregate), as a {@link QueryPlan} of
   * {@code and}'s criteria. A decimal's {@code IN} the planner reads over every scale in an index read's range
   * ({@link Semantics#JAKARTA}) is that read's last equality here, as {@code IndexScan.inEveryScale} reads it.
   */
  public QueryPlan queryPlan(Plan planned, List<BoundCriterion> and) {
    Map<Compare, BoundCriterion> criteria = new LinkedHashMap<>();
    and.forEach(c -> criteria.putIfAbsent(EntityInfos.compare(c), c));
    if (planned instanceof Plan.ById b) {
      return new QueryPlan(null, null, List.of(criteria.get(b.id())), List.of(), null, false, false, false, true,
          criteria(criteria, b.residual()));
    }
    if (planned instanceof Plan.IndexRead r) {
      List<BoundCriterion> equalities = new ArrayList<>(criteria(criteria, r.equalities()));
      List<BoundCriterion> range = criteria(criteria, r.range());
      if (range.size() == 1 && range.get(0).operator() == Operator.IN) {
        equalities.add(range.get(0));
        range = List.of();
      }
      return new QueryPlan(EntityInfos.index(entity, r.index().name()), null, equalities, range, null, r.reverse(), r.keyOrder(),
          r.fromKeys(), r.rowsRead(), criteria(criteria, r.residual()));
    }
    if (planned instanceof Plan.SpatialRead s) {
      return new QueryPlan(null, EntityInfos.spatial(entity, s.spatial().field()), List.of(), List.of(), criteria.get(s.criterion()),
          false, false, false, true, criteria(criteria, s.residual()));
    }
    if (planned instanceof Plan.VectorRead v) {
      QueryPlan.NearestSearch search = new QueryPlan.NearestSearch(entity.embedding(v.vector().field()), criteria.get(v.nearest()),
          v.k());
      return QueryPlan.ofNearest(search, criteria(criteria, v.group()), criteria(criteria, v.residual()));
    }
    if (planned instanceof Plan.AllRows a) {
      return new QueryPlan(null, null, List.of(), List.of(), null, false, false, false, true, criteria(criteria, a.residual()));
    }
    throw new IllegalStateException("a conjunction planned as " + planned);
  }

  /**
   * The conjunction {@code and} in {@code order} as the one query model's spec (parameters as in {@link #plan}), in
   * {@code semantics}: {@link Semantics#JAKARTA} for a Jakarta Data query's criteria.
   */
  public QuerySpec spec(List<BoundCriterion> and, List<OrderItem> order, Set<String> needed, boolean allowFiltering,
      Semantics semantics) {
    return spec(List.of(and), order, needed, allowFiltering, semantics, Window.ALL);
  }

  /**
   * The {@code Or} of the conjunctions {@code branches} in {@code order} as the one query model's spec (parameters as in
   * {@link #plan}), its condition the tree {@link #where} builds.
   */
  public QuerySpec spec(List<List<BoundCriterion>> branches, List<OrderItem> order, Set<String> needed, boolean allowFiltering,
      Semantics semantics, Window window) {
    List<FieldModel> mentioned = new ArrayList<>();
    branches.forEach(and -> and.forEach(c -> mentioned.add(c.field())));
    order.forEach(o -> mentioned.add(o.field()));
    Condition where = condition(branches);
    return new QuerySpec(info(mentioned), where, order.stream().map(o -> new SortKey(o.field().name(), o.descending(), false)).toList(),
        window, needed, allowFiltering, semantics);
  }

  /**
   * The condition tree both processors hand the planner for a method's {@code Or} of conjunctions, shaped as
   * {@code MethodName.condition} shapes a parsed name's: a conjunction of one comparison is that comparison, an
   * {@code Or} of one conjunction is that conjunction.
   */
  public static Condition where(List<List<Condition>> branches) {
    List<Condition> or = branches.stream().map(and -> and.size() == 1 ? and.get(0) : new Condition.And(and)).toList();
    return or.size() == 1 ? or.get(0) : new Condition.Or(or);
  }

  /** The tree ({@link #where}) of a method's {@code Or} of conjunctions of criteria. */
  public static Condition condition(List<List<BoundCriterion>> branches) {
    return where(branches.stream().map(and -> and.stream().<Condition>map(EntityInfos::compare).toList()).toList());
  }

  /** The one planner's answer for the conjunction {@code and} (parameters as in {@link #plan}). */
  public Planned planned(List<BoundCriterion> and, List<OrderItem> order, Set<String> needed, boolean allowFiltering) {
    return Planner.plan(spec(and, order, needed, allowFiltering, Semantics.STRATA));
  }

  /**
   * Why no index serves {@code u}'s query, in the words of Strata's compile errors without the method's name: the index
   * that would serve it, or why the index that exists cannot (it has no entry for entities with a null in a field the
   * query does not constrain).
   */
  public String whyUnserved(Unserved u) {
    return switch (u.reason()) {
      case INDEX_LEAVES_OUT_NULLS -> Messages.INDEX_LEAVES_OUT_NULLS.format(u.index(), String.join(", ", u.fields()),
          entity.type().simpleName(), u.fields().get(0));
      case NO_INDEX -> "@Index(name = \"" + indexName(u) + "\", fields = {" + quoted(u) + "}) on "
          + entity.type().simpleName() + " would serve it";
      default -> "no index serves its conditions";
    };
  }

  private static String indexName(Unserved u) {
    return "by" + String.join("", u.fields().stream().map(f -> capitalized(f.replace(".", ""))).toList());
  }

  private static String quoted(Unserved u) {
    return String.join(", ", u.fields().stream().map(f -> "\"" + f + "\"").toList());
  }

  /** The entity in the model's words, with the nested fields {@code mentioned} (built once when none is new). */
  private EntityInfo info(List<FieldModel> mentioned) {
    if (info == null) {
      info = EntityInfos.of(entity, List.of());
    }
    boolean known = mentioned.stream().allMatch(f -> info.field(f.name()).isPresent());
    return known ? info : EntityInfos.of(entity, mentioned);
  }

  private static List<BoundCriterion> criteria(Map<Compare, BoundCriterion> criteria, List<? extends Condition> conditions) {
    return conditions.stream().map(c -> criteria.get((Compare) c)).toList();
  }

  /** The compile error an unserved conjunction is (texts of QUERIES.md); {@code order} only for a message of a bug. */
  public QueryError error(String method, Unserved u, List<OrderItem> order) {
    String entityName = entity.type().simpleName();
    return switch (u.reason()) {
      case INDEX_LEAVES_OUT_NULLS -> new QueryError(Messages.QUERY_INDEX_LEAVES_OUT_NULLS, method, whyUnserved(u));
      case ORDER_NOT_SERVED -> new QueryError(Messages.QUERY_ORDER_NOT_SERVED, method, u.detail(), indexName(u), quoted(u), entityName);
      case NO_INDEX -> new QueryError(Messages.QUERY_NO_INDEX, method, u.detail(), indexName(u), quoted(u), entityName);
      case SPATIAL_ALONE -> new QueryError(Messages.QUERY_SPATIAL_ALONE, method, u.fields().get(0));
      case SPATIAL_ORDER -> new QueryError(Messages.QUERY_SPATIAL_ORDER, method, u.fields().get(0));
      case NEAREST_NO_INDEX -> new QueryError(Messages.QUERY_NEAREST_NOT_EMBEDDING, method, u.fields().get(0), u.fields().get(0));
      case NEAREST_WITHOUT_LIMIT -> new QueryError(Messages.QUERY_NEAREST_WITHOUT_LIMIT, method, u.fields().get(0));
      case NEAREST_ORDER -> new QueryError(Messages.QUERY_NEAREST_ORDER, method, u.detail());
      case NEAREST_GROUP -> new QueryError(Messages.QUERY_NEAREST_GROUP, method, u.detail(), String.join(", ", u.fields()));
      case NEAREST_FORM -> new QueryError(Messages.QUERY_NEAREST_FORM, method, u.detail());
      default -> throw new IllegalStateException(u + " for a conjunction of " + order);
    };
  }

  /**
   * Plans a {@code count}, {@code sum}, {@code min} or {@code max} method onto an {@code @Aggregate} with the one
   * planner ({@link Planner}, whose rules these are): one whose function is the subject's, whose field is the
   * aggregated property (for COUNT: none, or a primitive field, which no entity lacks) and whose group fields are
   * exactly the method's equality criteria, in any order.
   *
   * @param parsed the parsed method
   * @param field the aggregated property of {@code sum}/{@code min}/{@code max}; null for {@code count}
   * @param branches the bound criteria, one list per {@code Or} branch
   * @return the plan, or null for a {@code count} (or any other subject) no aggregate answers: it is planned
   *     onto the indexes instead
   * @throws QueryError a {@code sum}/{@code min}/{@code max} in another form, or that no aggregate answers
   */
  public QueryPlan aggregate(QueryMethod parsed, FieldModel field, List<List<BoundCriterion>> branches) throws QueryError {
    Action subject = parsed.subject();
    boolean count = subject == Action.COUNT && parsed.projection() == null;
    if (!count && !subject.aggregateOnly()) {
      return null;
    }
    Map<Compare, BoundCriterion> criteria = new LinkedHashMap<>();
    List<FieldModel> mentioned = new ArrayList<>();
    for (List<BoundCriterion> branch : branches) {
      branch.forEach(c -> {
        criteria.putIfAbsent(EntityInfos.compare(c), c);
        mentioned.add(c.field());
      });
    }
    QuerySpec spec = new QuerySpec(info(mentioned),
        condition(branches),
        parsed.orderBy().stream().map(o -> new SortKey(o.property(), o.descending(), false)).toList(),
        new Window(parsed.limit(), false, Window.Paging.NONE), null, false, Semantics.STRATA,
        new Aggregation(subject.name(), count ? null : field.name(), parsed.distinct()));
    Planned planned = Planner.plan(spec);
    if (planned instanceof Plan.AggregateRead a) {
      AggregateModel model = entity.aggregates().stream().filter(m -> m.name().equals(a.aggregate().name())).findFirst().orElseThrow();
      return QueryPlan.ofAggregate(model, criteria(criteria, a.groups()));
    }
    if (count || !(planned instanceof Unserved u)) {
      return null;
    }
    if (u.reason() == Unserved.Reason.AGGREGATE_FORM) {
      throw new QueryError(Messages.QUERY_AGGREGATE_FORM, parsed.name(), subject.name().toLowerCase(), u.detail());
    }
    List<String> groups = u.fields();
    String name = subject.name().toLowerCase() + capitalized(field.name()) + "By"
        + String.join("And", groups.stream().map(QueryPlanner::capitalized).toList());
    throw new QueryError(Messages.QUERY_NO_AGGREGATE, parsed.name(), subject.name(), field.name(), String.join(", ", groups), name,
        subject.name(), field.name(), String.join(", ", groups.stream().map(g -> "\"" + g + "\"").toList()),
        entity.type().simpleName(), name);
  }

  private static String capitalized(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
