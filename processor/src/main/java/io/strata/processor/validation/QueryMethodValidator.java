package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.strata.annotations.AllowFiltering;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.QueryMethodModel.Context;
import io.strata.processor.model.QueryMethodModel.Param;
import io.strata.processor.model.ResultShape;
import io.strata.processor.model.RestrictedMethod;
import io.strata.query.model.Condition;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.ValueType;
import io.strata.processor.planning.QueryPlanner;
import io.strata.query.model.Window;
import io.strata.query.plan.Planner;
import io.strata.query.names.MethodName.Action;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/**
 * Validates and plans one abstract method of a {@code @Repository} interface: parses its name
 * ({@link StrataMethodName}), checks its parameters and return type against the entity, and plans its whole condition,
 * {@code Or} branches included, in one call ({@link QueryPlanner}). Throws {@link QueryError} with the first problem found. The return type is read
 * by {@link QueryReturns}, the parameters bound by {@link QueryParameters}, the names looked up in {@link QueryProperties}.
 */
final class QueryMethodValidator {
  private static final ClassName TX_CONTEXT = ClassName.get("com.apple.foundationdb", "TransactionContext");
  private static final ClassName READ_CONTEXT = ClassName.get("com.apple.foundationdb", "ReadTransactionContext");
  private final EntityModel entity;
  private final ExecutableElement method;
  private final String name;
  private final QueryProperties properties;
  private final QueryReturns returns;

  QueryMethodValidator(EntityModel entity, ExecutableElement method) {
    this.entity = entity;
    this.method = method;
    this.name = method.getSimpleName().toString();
    this.properties = QueryProperties.of(entity, name);
    this.returns = new QueryReturns(properties, method);
  }

  /** What the name, parameters and return type of a method state, before planning. */
  private record Declared(QueryMethod parsed, boolean nearest, FieldModel projected, List<OrderItem> order, List<Param> params,
      Context context, QueryReturns.Returned returned, boolean paged, List<List<BoundCriterion>> branches) {}

  QueryMethodModel model() throws QueryError {
    Declared d = declared(method.getParameters());
    QueryMethod parsed = d.parsed();
    boolean nearest = d.nearest();
    FieldModel projected = d.projected();
    List<OrderItem> order = d.order();
    List<Param> params = d.params();
    Context context = d.context();
    QueryReturns.Returned returned = d.returned();
    boolean paged = d.paged();
    List<List<BoundCriterion>> branches = d.branches();

    QueryPlanner planner = new QueryPlanner(entity);
    QueryPlan aggregate = planner.aggregate(parsed, projected, branches);
    if (aggregate != null) {
      return new QueryMethodModel(name, parsed, params, context, returned.shape(), returned.async(), TypeName.get(method.getReturnType()),
          returned.element(), List.of(), false, List.of(), List.of(aggregate), false);
    }
    Set<String> needed = needed(parsed, returned);
    boolean filtering = method.getAnnotation(AllowFiltering.class) != null;
    if (branches.size() > Planner.MAX_BRANCHES && !filtering) {
      // the planner reads a wider Or by its top-level conditions only, which a method's Or has none of
      throw new QueryError(Messages.QUERY_OR_TOO_WIDE, name, branches.size(), Planner.MAX_BRANCHES);
    }
    // the limit is k for a Near; a union in an order with a limit reads each branch in the merge's order where it can
    Window window = parsed.limit() > 0 ? new Window(parsed.limit(), false, Window.Paging.NONE) : Window.ALL;
    List<QueryPlan> plans = planner.plan(name, branches, order, needed, filtering, window);
    boolean pagedOrStreamed = returned.shape() == ResultShape.PAGE || returned.shape() == ResultShape.STREAM;
    for (QueryPlan plan : plans) {
      if (plan.spatial() != null && pagedOrStreamed
          && (plan.spatialCriterion().operator() == Operator.NEAR || !plan.filtered().isEmpty())) {
        throw returns.returnError(TypeName.get(method.getReturnType()), "Near or filtered spatial", "a List (only Within alone pages)");
      }
      if (plan.byId() && pagedOrStreamed) {
        throw returns.returnError(TypeName.get(method.getReturnType()), "by-id", "a List, Optional or single result (the ids bound it)");
      }
      for (BoundCriterion c : plan.filtered()) {
        if (c.field().read() == null) {
          throw new QueryError(Messages.QUERY_NO_INDEX, name, "the document path " + c.field().name(), "by" + c.field().name(),
              "\"" + c.field().name() + "\"", entity.type().simpleName());
        }
      }
    }
    return new QueryMethodModel(name, parsed, params, context, returned.shape(), returned.async(), TypeName.get(method.getReturnType()),
        returned.element(), returned.projection(), returned.record(), order, plans, paged);
  }

  /**
   * The method as one taking {@code restriction}, its {@code Restriction<E>} parameter: its own part validated as
   * {@link #model()} validates a method, and not planned (it is planned at run time with the caller's restriction).
   */
  RestrictedMethod restricted(VariableElement restriction) throws QueryError {
    Declared d = declared(method.getParameters().stream().filter(p -> !p.equals(restriction)).toList());
    boolean spatial = d.parsed().alternatives().stream().flatMap(List::stream)
        .anyMatch(c -> c.operator().kind() == Operator.Kind.SPATIAL);
    String refused = d.context() != Context.NONE ? "a transaction context parameter"
        : d.returned().async() ? "a CompletableFuture result"
        : d.nearest() ? "a Near search of an @Embedding"
        : spatial ? "Within or Near on a @Spatial field"
        : d.projected() != null || d.parsed().distinct() || !d.returned().projection().isEmpty() ? "a projection or aggregate"
        : d.returned().shape() == ResultShape.DELETE_LONG || d.returned().shape() == ResultShape.DELETE_VOID ? "a delete"
        : null;
    if (refused != null) {
      throw new QueryError(Messages.QUERY_RESTRICTION_KIND, name, refused);
    }
    Condition where = QueryPlanner.condition(d.branches());
    List<String> values = d.branches().stream().flatMap(List::stream).flatMap(c -> c.params().stream()).toList();
    int limit = d.returned().shape().atMostOne() ? (d.parsed().limit() == 1 ? 1 : 2) : d.parsed().limit();
    List<Param> params = method.getParameters().stream()
        .map(p -> new Param(p.getSimpleName().toString(), TypeName.get(p.asType()))).toList();
    return new RestrictedMethod(name, params, restriction.getSimpleName().toString(), values, where, d.order(), limit,
        method.getAnnotation(AllowFiltering.class) != null, d.returned().shape(), TypeName.get(method.getReturnType()));
  }

  /** Reads the name, {@code declared} (the parameters bound to its conditions) and the return type of the method. */
  private Declared declared(List<? extends VariableElement> declared) throws QueryError {
    Set<String> vectors = new LinkedHashSet<>();
    properties.byName().forEach((property, f) -> {
      if (f.type().kind() == ValueType.Kind.VECTOR) {
        vectors.add(property);
      }
    });
    QueryMethod parsed = StrataMethodName.parse(name, properties.byName().keySet(), vectors);
    boolean nearest = parsed.alternatives().stream().flatMap(List::stream).anyMatch(c -> c.operator() == Operator.NEAREST);
    FieldModel projected = parsed.projection() == null ? null : properties.get(parsed.projection());
    List<OrderItem> order = new ArrayList<>();
    for (QueryMethod.Order o : parsed.orderBy()) {
      order.add(new OrderItem(properties.get(o.property()), o.descending()));
    }
    if (order.stream().map(OrderItem::descending).distinct().count() > 1) {
      throw new QueryError(Messages.QUERY_MIXED_DIRECTIONS, name,
          String.join(", ", parsed.orderBy().stream().map(o -> o.property() + (o.descending() ? " Desc" : " Asc")).toList()));
    }

    Context context = context(parsed.subject(), declared);
    int first = context == Context.NONE ? 0 : 1;
    List<Param> params = new ArrayList<>();
    declared.forEach(p -> params.add(new Param(p.getSimpleName().toString(), TypeName.get(p.asType()))));

    if (nearest && parsed.alternatives().size() > 1) {
      // a vector search is one conjunct of the whole query, never an Or branch's (said before the result type is read)
      throw new QueryError(Messages.QUERY_NEAREST_FORM, name, "a Near under an Or");
    }
    QueryReturns.Returned returned = returns.returned(parsed, projected, nearest);
    boolean paged = returned.shape() == ResultShape.PAGE;
    if (paged && parsed.limit() > 0) {
      throw new QueryError(Messages.QUERY_LIMIT_AND_PAGE, name);
    }
    if ((returned.shape() == ResultShape.PAGE || returned.shape() == ResultShape.STREAM) && parsed.alternatives().size() > 1) {
      throw new QueryError(Messages.QUERY_OR_PAGED, name);
    }
    // a Near method may end with an int: how many candidates the search explores
    int conditions = parsed.alternatives().stream().flatMap(List::stream).mapToInt(c -> c.operator().arity()).sum();
    boolean option = nearest && declared.size() == first + conditions + 1
        && declared.get(declared.size() - 1).asType().getKind() == TypeKind.INT;
    List<List<BoundCriterion>> branches = new QueryParameters(properties).bind(parsed, option ? declared.subList(0, declared.size() - 1) : declared, first, paged);
    return new Declared(parsed, nearest, projected, order, params, context, returned, paged, branches);
  }

  private Context context(Action subject, List<? extends VariableElement> declared) throws QueryError {
    if (declared.isEmpty()) {
      return Context.NONE;
    }
    VariableElement p = declared.get(0);
    TypeName t = TypeName.get(p.asType());
    boolean write = subject == Action.DELETE;
    if (t.equals(TX_CONTEXT)) {
      return Context.WRITE;
    }
    if (t.equals(READ_CONTEXT)) {
      if (write) {
        throw new QueryError(Messages.QUERY_CONTEXT, name, p.getSimpleName(), t, "delete", "TransactionContext");
      }
      return Context.READ;
    }
    return Context.NONE;
  }

  /** The fields the result needs (null: whole entities). */
  private Set<String> needed(QueryMethod parsed, QueryReturns.Returned returned) {
    return switch (returned.shape()) {
      case COUNT_INT, COUNT_LONG, EXISTS -> Set.of();
      case DELETE_LONG, DELETE_VOID -> Set.of(entity.id().name());
      default -> returned.projection().isEmpty() ? null
          : new LinkedHashSet<>(returned.projection().stream().map(FieldModel::name).toList());
    };
  }
}
