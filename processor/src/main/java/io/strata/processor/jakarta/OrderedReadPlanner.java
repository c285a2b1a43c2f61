package io.strata.processor.jakarta;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.ValueType;
import io.strata.processor.planning.EntityInfos;
import io.strata.processor.planning.QueryPlanner;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.plan.Plan;
import io.strata.query.plan.Planner;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The index reads whose keys hold a Jakarta Data query's order, for {@link JakartaPlanner}: the one read in a static
 * order ({@link #inStaticOrder}), or every index that could hold an order chosen at run time ({@link #runTimeOrders}),
 * each with the {@code IndexOrder} code a generated method reads it through. The orders an index holds come from the one
 * planner ({@link Planner#orderedReads}, {@link Planner#orderedKeys}) in {@link Semantics#JAKARTA}.
 */
final class OrderedReadPlanner {
  static final ClassName INDEX_ORDER = ClassName.get("io.strata.query", "IndexOrder");
  private static final ClassName VALUE_KIND = ClassName.get("io.strata.query.model", "ValueKind");

  private final EntityModel entity;

  OrderedReadPlanner(EntityModel entity) {
    this.entity = entity;
  }

  /**
   * Whether {@code c} is an {@code In} on a decimal, read as a range over every scale of each value
   * ({@code IndexScan.inEveryScale}): its keys hold the scale before the later fields, so it ends an index read and no
   * index order or cursor position follows it.
   */
  static boolean everyScale(BoundCriterion c) {
    return c.operator() == Operator.IN && c.field().queryType().kind() == ValueType.Kind.BIG_DECIMAL;
  }

  /**
   * An index read in an order.
   *
   * @param plan the read, its equalities a prefix of the index's fields
   * @param read the one planner's index read {@code plan} is of
   * @param keys the properties its keys hold after that prefix, in key order (the id last for a plain index)
   * @param order the {@code IndexOrder} code
   */
  record Ordered(QueryPlan plan, Plan.IndexRead read, List<FieldModel> keys, CodeBlock order) {
    /** How many conditions the read applies. */
    int narrowing() {
      return plan.equalities().size() + plan.range().size();
    }
  }

  /**
   * The index read of {@code criteria} in the static order {@code sorts} ({@link JakartaPlanner#planInOrder}), or null.
   * For a {@code branch} of an {@code Or} read in that order ({@link JakartaPlanner#inOrderUnion}), also a read whose
   * equalities fix every sorted property, when its keys hold only the id after them: its candidates all tie on the
   * order, and read by id in the direction of the last sort they come as the union merges them
   * ({@code IndexOrder.match}).
   */
  Ordered inStaticOrder(List<BoundCriterion> criteria, List<OrderItem> sorts, List<Boolean> sortsIgnoreCase, boolean branch) {
    if (criteria.stream().anyMatch(OrderedReadPlanner::everyScale)) {
      return null;
    }
    List<FieldModel> fixedByEqualities = fixed(criteria);
    List<OrderItem> order = new ArrayList<>();
    List<Boolean> ignoreCase = new ArrayList<>();
    for (int i = 0; i < sorts.size(); i++) {
      if (!fixedByEqualities.contains(sorts.get(i).field())) {
        order.add(sorts.get(i));
        ignoreCase.add(sortsIgnoreCase.get(i));
      }
    }
    if (order.isEmpty() ? !branch || sorts.isEmpty() : !keysCanHold(order, ignoreCase)) {
      return null;
    }
    QueryPlanner planner = new QueryPlanner(entity);
    QuerySpec spec = planner.spec(criteria, order, null, true, Semantics.JAKARTA);
    if (!(Planner.plan(spec) instanceof Plan.IndexRead read) || read.orderedFrom() < 0) {
      return null;
    }
    List<FieldModel> keys = keys(spec, read);
    if (!startsWith(keys, order) || order.isEmpty() && !keys.equals(List.of(entity.id()))) {
      return null;
    }
    QueryPlan plan = planner.queryPlan(read, criteria);
    return new Ordered(plan, read, keys, indexOrder(plan, keys, criteria));
  }

  /**
   * For each index, the read that fixes a prefix of its fields by equality and serves {@code criteria} applying at least
   * {@code narrowing} of them, when its keys after that prefix begin with the static order {@code fixed} (sorts on
   * properties the equalities fix aside): the indexes that could hold an order chosen at run time. None for a read by id.
   */
  List<Ordered> runTimeOrders(List<BoundCriterion> criteria, List<OrderItem> fixed, int narrowing) {
    List<Ordered> orders = new ArrayList<>();
    if (narrowing == Integer.MAX_VALUE || criteria.stream().anyMatch(OrderedReadPlanner::everyScale)) {
      return orders;
    }
    List<FieldModel> fixedByEqualities = fixed(criteria);
    List<OrderItem> staticOrder = fixed.stream().filter(o -> !fixedByEqualities.contains(o.field())).toList();
    QueryPlanner planner = new QueryPlanner(entity);
    QuerySpec spec = planner.spec(criteria, List.of(), null, true, Semantics.JAKARTA);
    for (Plan.IndexRead read : Planner.orderedReads(spec)) {
      List<FieldModel> keys = keys(spec, read);
      if (read.equalities().size() + read.range().size() >= narrowing && startsWith(keys, staticOrder)) {
        QueryPlan plan = planner.queryPlan(read, criteria);
        orders.add(new Ordered(plan, read, keys, indexOrder(plan, keys, criteria)));
      }
    }
    return orders;
  }

  /** Whether index keys could hold {@code order}: one direction, not {@code ignoreCase}, on properties whose keys sort as their values. */
  static boolean keysCanHold(List<OrderItem> order, List<Boolean> ignoreCase) {
    return order.stream().map(OrderItem::descending).distinct().count() <= 1 && !ignoreCase.contains(true)
        && order.stream().allMatch(o -> Semantics.JAKARTA.keyOrdered(EntityInfos.kind(o.field())));
  }

  /** Whether {@code keys} begin with the properties {@code order} sorts by. */
  private static boolean startsWith(List<FieldModel> keys, List<OrderItem> order) {
    return keys.size() >= order.size() && keys.subList(0, order.size()).equals(order.stream().map(OrderItem::field).toList());
  }

  /**
   * The properties {@code read}'s index keys hold in Jakarta Data's value order from where its order starts
   * ({@link Planner#orderedKeys}).
   */
  private List<FieldModel> keys(QuerySpec spec, Plan.IndexRead read) {
    IndexModel index = EntityInfos.index(entity, read.index().name());
    return Planner.orderedKeys(spec.entity(), read.index(), read.orderedFrom(), Semantics.JAKARTA).stream()
        .map(name -> index.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElse(entity.id())).toList();
  }

  /** The properties an equality among {@code criteria} fixes to one value ({@code =}, {@code True}, {@code False}). */
  private static List<FieldModel> fixed(List<BoundCriterion> criteria) {
    return fixing(criteria).stream().map(BoundCriterion::field).toList();
  }

  /** The equalities among {@code criteria}: {@code =}, {@code True}, {@code False}. */
  private static List<BoundCriterion> fixing(List<BoundCriterion> criteria) {
    return criteria.stream().filter(c -> EnumSet.of(Operator.EQUALS, Operator.TRUE, Operator.FALSE).contains(c.operator())).toList();
  }

  /**
   * The {@code IndexOrder} of {@code plan}'s index read forwards, whose keys hold {@code keys} after its equality prefix,
   * told which properties the equalities among {@code criteria} fix and to which value (sorts on them change no order;
   * a cursor's value for them is compared with the query's).
   */
  private CodeBlock indexOrder(QueryPlan plan, List<FieldModel> keys, List<BoundCriterion> criteria) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.<$T>of($L)", INDEX_ORDER, entity.type(), JakartaPlanner.scan(entity, JakartaPlanner.narrowing(plan, false, plan.keyOrder())));
    Set<String> fixed = new HashSet<>();
    for (BoundCriterion c : fixing(criteria)) {
      if (fixed.add(c.field().name())) {
        b.add(".fixed($S, $L)", c.field().name(), switch (c.operator()) {
          case TRUE -> CodeBlock.of("true");
          case FALSE -> CodeBlock.of("false");
          default -> CodeBlock.of("$N", c.params().get(0));
        });
      }
    }
    for (FieldModel f : keys) {
      b.add(".key($S, $T.$L)", f.name(), VALUE_KIND, EntityInfos.kind(f).name());
    }
    return b.build();
  }
}
