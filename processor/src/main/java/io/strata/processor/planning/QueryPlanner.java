package io.strata.processor.planning;

import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.SpatialModel;
import io.strata.processor.validation.Messages;
import io.strata.processor.validation.QueryError;
import io.strata.query.names.MethodName.Action;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plans one conjunction of criteria onto the entity's indexes (QUERIES.md, "Planning"). An index
 * {@code (f1 ... fk, id)} serves it when equality criteria cover a prefix {@code f1 ... fj}, range criteria
 * are all on {@code f(j+1)}, and the {@code OrderBy} names the following index fields in one direction
 * (fields fixed by equality skipped; an {@code In} field may lead when its alternatives are merged in key
 * order). Among serving indexes the longest equality prefix wins, then one that reads no rows, then the
 * first declared. Spatial criteria are served by their field's Z-order index alone. Equality or {@code In} on the id
 * reads those rows directly (the other criteria are checked on them). With {@code @AllowFiltering},
 * criteria no index serves are checked on each row read; when no index narrows the read at all, every row is read.
 *
 * <p>{@code count}, {@code sum}, {@code min} and {@code max} methods whose criteria are exactly equalities on the
 * group fields of a matching {@code @Aggregate} (in any order) read its group key instead
 * ({@link #aggregate}): one or two keys whatever the group's size.
 */
public final class QueryPlanner {
  private final EntityModel entity;

  public QueryPlanner(EntityModel entity) {
    this.entity = entity;
  }

  /**
   * @param method the method name, for messages
   * @param and the criteria
   * @param order the {@code OrderBy} items (one direction: mixed ones are rejected before)
   * @param needed the fields the result needs, or null for whole entities
   * @param allowFiltering whether criteria an index does not serve may be checked in memory
   */
  public QueryPlan plan(String method, List<BoundCriterion> and, List<OrderItem> order, Set<String> needed,
      boolean allowFiltering) throws QueryError {
    List<BoundCriterion> spatial = and.stream().filter(c -> c.operator().kind() == Operator.Kind.SPATIAL).toList();
    if (!spatial.isEmpty()) {
      return spatialPlan(method, and, order, spatial, allowFiltering);
    }
    for (BoundCriterion c : and) {
      if (c.field().id() && (c.operator() == Operator.EQUALS || c.operator() == Operator.IN) && order.isEmpty()) {
        List<BoundCriterion> rest = new ArrayList<>(and);
        rest.remove(c);
        return new QueryPlan(null, null, List.of(c), List.of(), null, false, false, false, true, rest);
      }
    }
    List<IndexModel> complete = entity.indexes().stream().filter(i -> complete(i, and)).toList();
    QueryPlan plan = select(complete, and, order, needed, allowFiltering);
    if (plan == null && complete.size() < entity.indexes().size()) {
      QueryPlan partial = select(entity.indexes(), and, order, needed, allowFiltering);
      if (partial != null && partial.index() != null) {
        List<String> nullable = nullable(partial.index(), and);
        throw new QueryError(Messages.QUERY_INDEX_LEAVES_OUT_NULLS, method, partial.index().name(), String.join(", ", nullable),
            entity.type().simpleName(), nullable.get(0));
      }
    }
    if (plan != null) {
      return plan;
    }
    boolean criteriaServed = entity.indexes().stream().anyMatch(i -> evaluate(i, and, order, needed).leftover().isEmpty());
    List<FieldModel> suggested = suggestedFields(and, order);
    String fields = String.join(", ", suggested.stream().map(f -> "\"" + f.name() + "\"").toList());
    String name = "by" + String.join("", suggested.stream().map(f -> capitalized(f.name().replace(".", ""))).toList());
    if (criteriaServed || and.isEmpty()) {
      throw new QueryError(Messages.QUERY_ORDER_NOT_SERVED, method, orderText(order), name, fields, entity.type().simpleName());
    }
    throw new QueryError(Messages.QUERY_NO_INDEX, method, describe(and, order), name, fields, entity.type().simpleName());
  }

  /** The best plan over {@code indexes} (with {@code allowFiltering}, all rows when no index helps), or null. */
  private QueryPlan select(List<IndexModel> indexes, List<BoundCriterion> and, List<OrderItem> order, Set<String> needed,
      boolean allowFiltering) {
    Candidate best = null;
    for (IndexModel index : indexes) {
      Candidate c = evaluate(index, and, order, needed);
      if (c.leftover().isEmpty() && c.orderServed() && (best == null || c.better(best))) {
        best = c;
      }
    }
    if (best != null) {
      return best.plan();
    }
    if (allowFiltering) {
      for (IndexModel index : indexes) {
        Candidate c = evaluate(index, and, order, null);
        if (c.orderServed() && (best == null || c.better(best))) {
          best = c;
        }
      }
      boolean helps = best != null && (best.prefix() > 0 || !best.plan().range().isEmpty() || !order.isEmpty());
      if (helps) {
        return best.plan();
      }
      if (order.isEmpty()) {
        return new QueryPlan(null, null, List.of(), List.of(), null, false, false, false, true, and);
      }
    }
    return null;
  }

  /**
   * Whether {@code index} holds an entry for every entity that can match {@code and}. An entity has entries
   * only when all its indexed values are non-null (nulls are not indexed), so each indexed field must be
   * one that is never null (a primitive, the id) or one a criterion constrains: no criterion matches a null
   * ({@code IsNull} is not supported), so an entity with a null there is no answer anyway.
   */
  private boolean complete(IndexModel index, List<BoundCriterion> and) {
    return nullable(index, and).isEmpty();
  }

  /** The fields of {@code index} that may be null in an entity matching {@code and} (see {@link #complete}). */
  private List<String> nullable(IndexModel index, List<BoundCriterion> and) {
    Set<String> constrained = new LinkedHashSet<>();
    and.forEach(c -> constrained.add(c.field().name()));
    return index.fields().stream()
        .filter(f -> !f.neverNull() && !f.name().equals(entity.id().name()) && !constrained.contains(f.name()))
        .map(FieldModel::name)
        .toList();
  }

  /**
   * Plans a {@code count}, {@code sum}, {@code min} or {@code max} method onto an {@code @Aggregate}: one whose
   * function is the subject's, whose field is the aggregated property (for COUNT: none, or a primitive field,
   * which no entity lacks) and whose group fields are exactly the method's equality criteria, in any order.
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
    String unsupported = branches.size() > 1 ? "the Or" : !parsed.orderBy().isEmpty() ? "the OrderBy"
        : parsed.limit() > 0 ? "the First/Top" : parsed.distinct() ? "Distinct" : null;
    Map<String, BoundCriterion> byField = new LinkedHashMap<>();
    for (BoundCriterion c : unsupported == null ? branches.get(0) : List.<BoundCriterion>of()) {
      boolean equality = c.operator() == Operator.EQUALS || c.operator() == Operator.TRUE || c.operator() == Operator.FALSE;
      if (!equality || byField.put(c.field().name(), c) != null) {
        unsupported = (equality ? "the second criterion" : "the " + c.operator().word() + " criterion") + " on "
            + c.field().name();
        break;
      }
    }
    boolean count = subject == Action.COUNT && parsed.projection() == null;
    if (!count && !subject.aggregateOnly()) {
      return null;
    }
    if (unsupported != null) {
      if (count) {
        return null;
      }
      throw new QueryError(Messages.QUERY_AGGREGATE_FORM, parsed.name(), subject.name().toLowerCase(), unsupported);
    }
    for (AggregateModel a : entity.aggregates()) {
      boolean sameField = count ? a.field() == null || a.field().type().isPrimitive()
          : a.field() != null && a.field().name().equals(field.name());
      if (!a.function().equals(subject.name()) || !sameField || a.groupBy().size() != byField.size()) {
        continue;
      }
      List<BoundCriterion> groups = new ArrayList<>();
      a.groupBy().stream().map(g -> byField.get(g.name())).filter(java.util.Objects::nonNull).forEach(groups::add);
      if (groups.size() == byField.size()) {
        return QueryPlan.ofAggregate(a, groups);
      }
    }
    if (count) {
      return null;
    }
    List<String> groups = new ArrayList<>(byField.keySet());
    String name = subject.name().toLowerCase() + capitalized(field.name()) + "By"
        + String.join("And", groups.stream().map(QueryPlanner::capitalized).toList());
    throw new QueryError(Messages.QUERY_NO_AGGREGATE, parsed.name(), subject.name(), field.name(), String.join(", ", groups), name,
        subject.name(), field.name(), String.join(", ", groups.stream().map(g -> "\"" + g + "\"").toList()),
        entity.type().simpleName(), name);
  }

  private QueryPlan spatialPlan(String method, List<BoundCriterion> and, List<OrderItem> order, List<BoundCriterion> spatial,
      boolean allowFiltering) throws QueryError {
    BoundCriterion s = spatial.get(0);
    List<BoundCriterion> rest = new ArrayList<>(and);
    rest.remove(s);
    if (spatial.size() > 1 || (!rest.isEmpty() && !allowFiltering)) {
      throw new QueryError(Messages.QUERY_SPATIAL_ALONE, method, s.field().name());
    }
    if (!order.isEmpty()) {
      throw new QueryError(Messages.QUERY_SPATIAL_ORDER, method, s.field().name());
    }
    SpatialModel model = entity.spatial().stream().filter(m -> m.field().name().equals(s.field().name())).findFirst().orElseThrow();
    return new QueryPlan(null, model, List.of(), List.of(), s, false, false, false, true, rest);
  }

  /** How well one index serves the conjunction. */
  private record Candidate(QueryPlan plan, List<BoundCriterion> leftover, boolean orderServed, int prefix, int position) {
    boolean better(Candidate other) {
      if (prefix != other.prefix) {
        return prefix > other.prefix;
      }
      if (plan.rowsRead() != other.plan.rowsRead()) {
        return !plan.rowsRead();
      }
      return position < other.position;
    }
  }

  private Candidate evaluate(IndexModel index, List<BoundCriterion> and, List<OrderItem> order, Set<String> needed) {
    List<FieldModel> fields = index.fields();
    Map<String, BoundCriterion> equal = new LinkedHashMap<>();
    List<BoundCriterion> leftover = new ArrayList<>();
    for (BoundCriterion c : and) {
      if (c.operator().kind() == Operator.Kind.EQUALITY && !equal.containsKey(c.field().name())) {
        equal.put(c.field().name(), c);
      } else {
        leftover.add(c);
      }
    }
    List<BoundCriterion> equalities = new ArrayList<>();
    int j = 0;
    while (j < fields.size() && equal.containsKey(fields.get(j).name())) {
      equalities.add(equal.remove(fields.get(j).name()));
      j++;
    }
    List<BoundCriterion> range = new ArrayList<>();
    if (j < fields.size()) {
      String next = fields.get(j).name();
      List<BoundCriterion> onNext = leftover.stream()
          .filter(c -> c.operator().kind() == Operator.Kind.RANGE && c.field().name().equals(next)).toList();
      long lower = onNext.stream().filter(c -> c.operator().lower()).count();
      long upper = onNext.stream().filter(c -> c.operator().upper()).count();
      if (!onNext.isEmpty() && lower <= 1 && upper <= 1) {
        range.addAll(onNext);
        leftover.removeAll(onNext);
      }
    }
    leftover.addAll(0, equal.values());

    Set<String> fixed = new LinkedHashSet<>();
    List<FieldModel> inFields = new ArrayList<>();
    for (BoundCriterion c : equalities) {
      if (c.operator() == Operator.IN) {
        inFields.add(c.field());
      } else {
        fixed.add(c.field().name());
      }
    }
    List<String> wanted = order.stream().map(o -> o.field().name()).filter(n -> !fixed.contains(n)).toList();
    List<String> after = new ArrayList<>(fields.subList(j, fields.size()).stream().map(FieldModel::name).toList());
    if (!index.unique()) {
      after.add(entity.id().name());
    }
    List<String> inKeyOrder = new ArrayList<>(inFields.stream().map(FieldModel::name).toList());
    inKeyOrder.addAll(after);
    boolean suffixOrder = startsWith(after, wanted);
    boolean keyOrder = !suffixOrder && !inFields.isEmpty() && startsWith(inKeyOrder, wanted);
    boolean reverse = order.stream().anyMatch(OrderItem::descending);

    Set<String> indexed = new LinkedHashSet<>(fields.stream().map(FieldModel::name).toList());
    indexed.add(entity.id().name());
    boolean fromKeys = needed != null && leftover.isEmpty() && indexed.containsAll(needed);
    boolean rowsRead = !fromKeys && !(index.covering() && !index.unique());
    QueryPlan plan = new QueryPlan(index, null, equalities, range, null, reverse && !wanted.isEmpty(), keyOrder, fromKeys,
        rowsRead, leftover);
    return new Candidate(plan, leftover, suffixOrder || keyOrder, j, entity.indexes().indexOf(index));
  }

  private static boolean startsWith(List<String> sequence, List<String> prefix) {
    return prefix.size() <= sequence.size() && sequence.subList(0, prefix.size()).equals(prefix);
  }

  private static List<FieldModel> suggestedFields(List<BoundCriterion> and, List<OrderItem> order) {
    Map<String, FieldModel> out = new LinkedHashMap<>();
    and.stream().filter(c -> c.operator().kind() == Operator.Kind.EQUALITY).forEach(c -> out.putIfAbsent(c.field().name(), c.field()));
    and.stream().filter(c -> c.operator().kind() == Operator.Kind.RANGE).forEach(c -> out.putIfAbsent(c.field().name(), c.field()));
    order.forEach(o -> out.putIfAbsent(o.field().name(), o.field()));
    return new ArrayList<>(out.values());
  }

  private static String describe(List<BoundCriterion> and, List<OrderItem> order) {
    List<String> equal = new ArrayList<>(new LinkedHashSet<>(and.stream()
        .filter(c -> c.operator().kind() == Operator.Kind.EQUALITY).map(c -> c.field().name()).toList()));
    List<String> range = new ArrayList<>(new LinkedHashSet<>(and.stream()
        .filter(c -> c.operator().kind() == Operator.Kind.RANGE).map(c -> c.field().name()).toList()));
    StringBuilder b = new StringBuilder();
    if (!equal.isEmpty()) {
      b.append("equality on ").append(String.join(", ", equal));
    }
    if (!range.isEmpty()) {
      b.append(b.length() == 0 ? "" : " then ").append("a range on ").append(String.join(", ", range));
    }
    if (!order.isEmpty()) {
      b.append(" ordered by ").append(orderText(order));
    }
    return b.toString();
  }

  private static String orderText(List<OrderItem> order) {
    return String.join(", ", order.stream().map(o -> o.field().name() + (o.descending() ? " desc" : "")).toList());
  }

  private static String capitalized(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
