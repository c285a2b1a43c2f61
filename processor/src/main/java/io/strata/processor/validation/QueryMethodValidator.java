package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import io.strata.annotations.AllowFiltering;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.QueryMethodModel.Context;
import io.strata.processor.model.QueryMethodModel.Param;
import io.strata.processor.model.ResultShape;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.ValueType;
import io.strata.processor.planning.QueryPlanner;
import io.strata.query.model.Window;
import io.strata.query.names.MethodName.Action;
import io.strata.query.names.Vocabulary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Validates and plans one abstract method of a {@code @Repository} interface: parses its name
 * ({@link StrataMethodName}), checks its parameters and return type against the entity, and plans each
 * {@code Or} branch ({@link QueryPlanner}). Throws {@link QueryError} with the first problem found.
 */
final class QueryMethodValidator {
  private static final ClassName TX_CONTEXT = ClassName.get("com.apple.foundationdb", "TransactionContext");
  private static final ClassName READ_CONTEXT = ClassName.get("com.apple.foundationdb", "ReadTransactionContext");
  private static final ClassName CONTINUATION = ClassName.get("io.strata", "Continuation");
  private static final ClassName BOUNDING_BOX = ClassName.get("io.strata", "BoundingBox");
  private static final ClassName GEO_POINT = ClassName.get("io.strata", "GeoPoint");
  private static final ClassName POINT = ClassName.get("io.strata", "Point");
  private static final TypeName FLOAT_ARRAY = com.palantir.javapoet.ArrayTypeName.of(TypeName.FLOAT);

  /** Every queryable property by the name a method uses for it ({@code population}, {@code addressCity}). */
  static Map<String, FieldModel> properties(EntityModel entity) {
    Map<String, FieldModel> out = new LinkedHashMap<>();
    for (FieldModel f : entity.fields()) {
      out.put(f.name(), f);
    }
    // a nested indexed field by its segments joined in camel case: address.city as addressCity
    entity.indexes().forEach(index -> index.fields().forEach(f -> out.putIfAbsent(Stream.of(f.name().split("\\."))
        .reduce((a, b) -> a + Character.toUpperCase(b.charAt(0)) + b.substring(1)).orElseThrow(), f)));
    return out;
  }

  private final EntityModel entity;
  private final ExecutableElement method;
  private final String name;
  private final Map<String, FieldModel> properties;

  QueryMethodValidator(EntityModel entity, ExecutableElement method) {
    this.entity = entity;
    this.method = method;
    this.name = method.getSimpleName().toString();
    this.properties = properties(entity);
  }

  private FieldModel property(String property) throws QueryError {
    FieldModel f = properties.get(property);
    if (f == null) {
      throw new QueryError(Messages.QUERY_UNKNOWN_PROPERTY, name, entity.type().simpleName(), property,
          EntityValidator.suggestion(property, properties.keySet()));
    }
    return f;
  }

  QueryMethodModel model() throws QueryError {
    Set<String> vectors = new LinkedHashSet<>();
    properties.forEach((property, f) -> {
      if (f.type().kind() == ValueType.Kind.VECTOR) {
        vectors.add(property);
      }
    });
    QueryMethod parsed = StrataMethodName.parse(name, properties.keySet(), vectors);
    boolean nearest = parsed.alternatives().stream().flatMap(List::stream).anyMatch(c -> c.operator() == Operator.NEAREST);
    FieldModel projected = parsed.projection() == null ? null : property(parsed.projection());
    List<OrderItem> order = new ArrayList<>();
    for (QueryMethod.Order o : parsed.orderBy()) {
      order.add(new OrderItem(property(o.property()), o.descending()));
    }
    if (order.stream().map(OrderItem::descending).distinct().count() > 1) {
      throw new QueryError(Messages.QUERY_MIXED_DIRECTIONS, name,
          String.join(", ", parsed.orderBy().stream().map(o -> o.property() + (o.descending() ? " Desc" : " Asc")).toList()));
    }

    List<? extends VariableElement> declared = method.getParameters();
    Context context = context(parsed.subject());
    int first = context == Context.NONE ? 0 : 1;
    List<Param> params = new ArrayList<>();
    declared.forEach(p -> params.add(new Param(p.getSimpleName().toString(), TypeName.get(p.asType()))));

    if (nearest && parsed.alternatives().size() > 1) {
      // each Or branch is planned alone: a Near in one would be a search of its own
      throw new QueryError(Messages.QUERY_NEAREST_FORM, name, "a Near under an Or");
    }
    Returned returned = returned(parsed, projected, nearest);
    boolean paged = returned.shape == ResultShape.PAGE;
    if (paged && parsed.limit() > 0) {
      throw new QueryError(Messages.QUERY_LIMIT_AND_PAGE, name);
    }
    if ((returned.shape == ResultShape.PAGE || returned.shape == ResultShape.STREAM) && parsed.alternatives().size() > 1) {
      throw new QueryError(Messages.QUERY_OR_PAGED, name);
    }
    // a Near method may end with an int: how many candidates the search explores
    int conditions = parsed.alternatives().stream().flatMap(List::stream).mapToInt(c -> c.operator().arity()).sum();
    boolean option = nearest && declared.size() == first + conditions + 1
        && declared.get(declared.size() - 1).asType().getKind() == TypeKind.INT;
    List<List<BoundCriterion>> branches = bind(parsed, option ? declared.subList(0, declared.size() - 1) : declared, first, paged);

    QueryPlanner planner = new QueryPlanner(entity);
    QueryPlan aggregate = planner.aggregate(parsed, projected, branches);
    if (aggregate != null) {
      return new QueryMethodModel(name, parsed, params, context, returned.shape, returned.async, TypeName.get(method.getReturnType()),
          returned.element, List.of(), false, List.of(), List.of(aggregate), false);
    }
    Set<String> needed = needed(parsed, returned);
    boolean filtering = method.getAnnotation(AllowFiltering.class) != null;
    List<QueryPlan> plans = new ArrayList<>();
    // the limit is k for a Near; the other plans read as many keys as they need whatever the limit
    Window window = nearest && parsed.limit() > 0 ? new Window(parsed.limit(), false, Window.Paging.NONE) : Window.ALL;
    for (List<BoundCriterion> branch : branches) {
      plans.add(planner.plan(name, branch, order, branches.size() > 1 ? null : needed, filtering, window));
    }
    boolean pagedOrStreamed = returned.shape == ResultShape.PAGE || returned.shape == ResultShape.STREAM;
    for (QueryPlan plan : plans) {
      if (plan.spatial() != null && pagedOrStreamed
          && (plan.spatialCriterion().operator() == Operator.NEAR || !plan.filtered().isEmpty())) {
        throw returnError(TypeName.get(method.getReturnType()), "Near or filtered spatial", "a List (only Within alone pages)");
      }
      if (plan.byId() && pagedOrStreamed) {
        throw returnError(TypeName.get(method.getReturnType()), "by-id", "a List, Optional or single result (the ids bound it)");
      }
      for (BoundCriterion c : plan.filtered()) {
        if (c.field().read() == null) {
          throw new QueryError(Messages.QUERY_NO_INDEX, name, "the document path " + c.field().name(), "by" + c.field().name(),
              "\"" + c.field().name() + "\"", entity.type().simpleName());
        }
      }
    }
    return new QueryMethodModel(name, parsed, params, context, returned.shape, returned.async, TypeName.get(method.getReturnType()),
        returned.element, returned.projection, returned.record, order, plans, paged);
  }

  private Context context(Action subject) throws QueryError {
    if (method.getParameters().isEmpty()) {
      return Context.NONE;
    }
    VariableElement p = method.getParameters().get(0);
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
  private Set<String> needed(QueryMethod parsed, Returned returned) {
    return switch (returned.shape) {
      case COUNT_INT, COUNT_LONG, EXISTS -> Set.of();
      case DELETE_LONG, DELETE_VOID -> Set.of(entity.id().name());
      default -> returned.projection.isEmpty() ? null
          : new LinkedHashSet<>(returned.projection.stream().map(FieldModel::name).toList());
    };
  }

  /** Binds each criterion to its parameters, checking count and types. */
  private List<List<BoundCriterion>> bind(QueryMethod parsed, List<? extends VariableElement> declared, int first, boolean paged)
      throws QueryError {
    List<String> expected = new ArrayList<>();
    for (List<QueryMethod.Criterion> and : parsed.alternatives()) {
      for (QueryMethod.Criterion c : and) {
        for (int i = 0; i < c.operator().arity(); i++) {
          expected.add(c.property() + (c.operator().arity() > 1 ? (i == 0 ? " (from)" : " (to)") : ""));
        }
      }
    }
    if (paged) {
      expected.add("int limit");
      expected.add("Continuation after");
    }
    int count = declared.size() - first;
    if (count != expected.size()) {
      throw new QueryError(Messages.QUERY_PARAMETER_COUNT, name, expected.size(), String.join(", ", expected), count);
    }
    int next = first;
    List<List<BoundCriterion>> out = new ArrayList<>();
    for (List<QueryMethod.Criterion> and : parsed.alternatives()) {
      List<BoundCriterion> bound = new ArrayList<>();
      for (QueryMethod.Criterion c : and) {
        FieldModel f = property(c.property());
        List<VariableElement> ps = new ArrayList<>(declared.subList(next, next + c.operator().arity()));
        next += c.operator().arity();
        convertedParameters(f, ps);
        check(c.operator(), f, ps);
        bound.add(new BoundCriterion(f, c.operator(), ps.stream().map(p -> p.getSimpleName().toString()).toList()));
      }
      out.add(bound);
    }
    if (paged) {
      VariableElement limit = declared.get(next);
      VariableElement after = declared.get(next + 1);
      if (limit.asType().getKind() != TypeKind.INT) {
        throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, limit.getSimpleName(), limit.asType(), "a Page result", "int limit");
      }
      if (!TypeName.get(after.asType()).equals(CONTINUATION)) {
        throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, after.getSimpleName(), after.asType(), "a Page result",
            "io.strata.Continuation after");
      }
    }
    return out;
  }

  /**
   * Strata's own query methods compare a {@code @Convert} property's column values as they are, in the index and in the
   * rows: a parameter of the converter's attribute type (the entity's type) would need converting, which they do not do,
   * so it gets an error naming the column type and the Jakarta Data repositories that convert. (A converter whose column
   * type is its attribute type leaves nothing to tell apart: the parameter is the column value.)
   */
  private void convertedParameters(FieldModel f, List<VariableElement> ps) throws QueryError {
    if (f.converter() == null) {
      return;
    }
    TypeName attribute = f.converter().attribute().box();
    if (attribute.equals(f.queryType().type().box())) {
      return; // a converter to its own type: the parameter is the column value, as for any other method here
    }
    for (VariableElement p : ps) {
      TypeName given = TypeName.get(p.asType()).box();
      TypeName item = collectionItem(p.asType());
      if (given.equals(attribute) || (item != null && item.box().equals(attribute))) {
        throw new QueryError(Messages.QUERY_CONVERTED_PARAMETER, name, p.getSimpleName(), p.asType(), f.name(), f.converter().type(),
            f.queryType().type().box());
      }
    }
  }

  private void check(Operator op, FieldModel f, List<VariableElement> ps) throws QueryError {
    ValueType type = f.queryType();
    TypeName want = type.type().box();
    boolean anything = type.kind() == ValueType.Kind.DOC_OBJECT;
    switch (op) {
      case IS_NULL -> throw new QueryError(Messages.QUERY_IS_NULL, name, f.name());
      case TRUE, FALSE -> {
        if (type.kind() != ValueType.Kind.BOOLEAN) {
          throw new QueryError(Messages.QUERY_BOOLEAN_OPERATOR, name, f.name(), type.type());
        }
      }
      case NEAREST -> {
        if (entity.embedding(f.name()) == null) {
          throw new QueryError(Messages.QUERY_NEAREST_NOT_EMBEDDING, name, f.name(), f.name());
        }
        expect(ps.get(0), FLOAT_ARRAY, "Near on " + f.name() + " (the query vector, " + entity.embedding(f.name()).dimensions()
            + " components)");
      }
      case WITHIN, NEAR -> {
        if (entity.spatial().stream().noneMatch(s -> s.field().name().equals(f.name()))) {
          throw new QueryError(Messages.QUERY_NOT_SPATIAL, name, op == Operator.WITHIN ? "Within" : "Near", f.name());
        }
        boolean geo = type.kind() == ValueType.Kind.GEO_POINT;
        if (op == Operator.WITHIN) {
          expect(ps.get(0), BOUNDING_BOX, "Within on " + f.name());
        } else {
          expect(ps.get(0), geo ? GEO_POINT : POINT, "Near on " + f.name());
          expect(ps.get(1), TypeName.DOUBLE, "Near on " + f.name() + " (radius in metres)");
          if (!geo) {
            throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, ps.get(0).getSimpleName(), ps.get(0).asType(),
                "Near", "a @Spatial io.strata.GeoPoint field (metres); use Within for io.strata.Point");
          }
        }
      }
      case IN -> {
        TypeMirror t = ps.get(0).asType();
        TypeName item = collectionItem(t);
        if (item == null || (!anything && !item.box().equals(want))) {
          throw new QueryError(Messages.QUERY_IN_NOT_COLLECTION, name, f.name(), want, ps.get(0).getSimpleName(), t);
        }
      }
      case STARTING_WITH -> {
        if (type.kind() != ValueType.Kind.STRING) {
          throw new QueryError(Messages.QUERY_STARTING_WITH_NOT_STRING, name, f.name(), type.type());
        }
        expect(ps.get(0), want, "StartingWith on " + f.name());
      }
      default -> {
        if (op.kind() == Operator.Kind.RANGE && !anything && !type.isOrdered()) {
          throw new QueryError(Messages.QUERY_RANGE_NOT_ORDERED, name, op.word(), f.name(), type.type());
        }
        for (VariableElement p : ps) {
          if (!anything) {
            expect(p, want, op.word() + " on " + f.name());
          }
        }
      }
    }
  }

  private void expect(VariableElement p, TypeName want, String what) throws QueryError {
    if (!TypeName.get(p.asType()).box().equals(want.box())) {
      throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, p.getSimpleName(), p.asType(), what, want);
    }
  }

  /** The element type of a {@code Collection} (or a subtype declared with one type argument), or null. */
  private TypeName collectionItem(TypeMirror t) {
    if (!(t instanceof DeclaredType d) || d.getTypeArguments().size() != 1) {
      return null;
    }
    TypeElement e = (TypeElement) d.asElement();
    if (!implementsCollection(e.asType())) {
      return null;
    }
    TypeName arg = TypeName.get(d.getTypeArguments().get(0));
    return arg instanceof WildcardTypeName w && !w.upperBounds().isEmpty() ? w.upperBounds().get(0) : arg;
  }

  /** Whether {@code t} is {@code java.util.Collection} or declares it among its interfaces, directly or not. */
  private boolean implementsCollection(TypeMirror t) {
    return t instanceof DeclaredType d && (((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.util.Collection")
        || ((TypeElement) d.asElement()).getInterfaces().stream().anyMatch(this::implementsCollection));
  }

  private record Returned(ResultShape shape, boolean async, TypeName element, List<FieldModel> projection, boolean record) {}

  private Returned returned(QueryMethod parsed, FieldModel projected, boolean nearest) throws QueryError {
    TypeMirror declared = method.getReturnType();
    boolean async = false;
    if (generic(declared, "java.util.concurrent.CompletableFuture") != null) {
      declared = generic(declared, "java.util.concurrent.CompletableFuture");
      async = true;
    }
    TypeName t = TypeName.get(declared);
    if (nearest) {
      return nearestReturned(parsed, projected, declared, async);
    }
    String subject = parsed.subject().name().toLowerCase();
    switch (parsed.subject()) {
      case COUNT -> {
        if (t.equals(TypeName.LONG) || t.equals(TypeName.LONG.box())) {
          return new Returned(ResultShape.COUNT_LONG, async, t, List.of(), false);
        }
        if (t.equals(TypeName.INT) || t.equals(TypeName.INT.box())) {
          return new Returned(ResultShape.COUNT_INT, async, t, List.of(), false);
        }
        throw returnError(t, subject, "long or int (or a CompletableFuture of one)");
      }
      case SUM -> {
        if (t.equals(TypeName.LONG) || t.equals(TypeName.LONG.box())) {
          return new Returned(ResultShape.COUNT_LONG, async, t, List.of(), false);
        }
        throw returnError(t, subject, "long (or CompletableFuture<Long>)");
      }
      case MIN, MAX -> {
        TypeName boxed = projected.type().type().box();
        TypeMirror optional = generic(declared, "java.util.Optional");
        if (optional != null && TypeName.get(optional).equals(boxed)) {
          return new Returned(ResultShape.OPTIONAL, async, boxed, List.of(), false);
        }
        if (t.equals(boxed)) {
          return new Returned(ResultShape.ONE, async, boxed, List.of(), false);
        }
        throw returnError(t, subject, "Optional<" + boxed + "> or " + boxed + ", null when no entity matches (or a CompletableFuture"
            + " of one)");
      }
      case EXISTS -> {
        if (t.equals(TypeName.BOOLEAN) || t.equals(TypeName.BOOLEAN.box())) {
          return new Returned(ResultShape.EXISTS, async, t, List.of(), false);
        }
        throw returnError(t, subject, "boolean (or CompletableFuture<Boolean>)");
      }
      case DELETE -> {
        if (t.equals(TypeName.VOID) || t.equals(ClassName.get(Void.class))) {
          return new Returned(ResultShape.DELETE_VOID, async, t, List.of(), false);
        }
        if (t.equals(TypeName.LONG) || t.equals(TypeName.LONG.box())) {
          return new Returned(ResultShape.DELETE_LONG, async, t, List.of(), false);
        }
        throw returnError(t, subject, "void or long, the number deleted (or a CompletableFuture of one)");
      }
      default -> {
        String results = "List<E>, Optional<E>, E, Page<E>, Stream<E> (stream methods: Stream<E> only) or a CompletableFuture"
            + " of one (not of a Stream), E being " + entity.type().simpleName()
            + (projected == null ? " or a record projection" : ", the projected property's type");
        String type = declared instanceof DeclaredType d ? ((TypeElement) d.asElement()).getQualifiedName().toString() : "";
        ResultShape container = ResultShape.container(type, Vocabulary.STRATA).orElse(null);
        TypeMirror contents = container == null ? null : generic(declared, type);
        ResultShape shape;
        TypeMirror element;
        if (container == ResultShape.STREAM && contents != null && !async) {
          shape = ResultShape.STREAM;
          element = contents;
        } else if (parsed.subject() == Action.STREAM) {
          throw returnError(t, subject, "Stream<E>");
        } else if (container != null && container != ResultShape.STREAM && contents != null) {
          shape = container;
          element = contents;
        } else if (declared.getKind() == TypeKind.DECLARED) {
          shape = ResultShape.ONE;
          element = declared;
        } else {
          throw returnError(t, subject, results);
        }
        return element(t, shape, async, element, projected, subject, results);
      }
    }
  }

  /**
   * What a {@code Near} method returns: a {@code List} (or a {@code CompletableFuture} of one) or a {@code Stream} of
   * entities, or of {@code Scored} entities carrying their distance; no projection.
   */
  private Returned nearestReturned(QueryMethod parsed, FieldModel projected, TypeMirror declared, boolean async)
      throws QueryError {
    if (parsed.subject() != Action.FIND && parsed.subject() != Action.STREAM || projected != null || parsed.distinct()) {
      String form = projected != null ? "a projection" : parsed.distinct() ? "Distinct" : parsed.subject().name().toLowerCase();
      throw new QueryError(Messages.QUERY_NEAREST_FORM, name, "a Near in a " + form);
    }
    TypeName t = TypeName.get(declared);
    String type = declared instanceof DeclaredType d ? ((TypeElement) d.asElement()).getQualifiedName().toString() : "";
    ResultShape shape = ResultShape.container(type, Vocabulary.STRATA).orElse(null);
    TypeMirror contents = shape == null ? null : generic(declared, type);
    TypeName element = contents == null ? null : TypeName.get(contents);
    boolean fits = (shape == ResultShape.LIST || shape == ResultShape.STREAM && !async)
        && (parsed.subject() == Action.FIND || shape == ResultShape.STREAM)
        && (entity.type().equals(element) || ParameterizedTypeName.get(EmbeddingModel.SCORED, entity.type()).equals(element));
    if (!fits) {
      String e = entity.type().simpleName();
      throw returnError(t, "Near", "List<" + e + ">, List<Scored<" + e + ">> (io.strata.Scored: the entity and its distance),"
          + " a Stream of either, or a CompletableFuture of a List");
    }
    return new Returned(shape, async, element, List.of(), false);
  }

  private Returned element(TypeName t, ResultShape shape, boolean async, TypeMirror element, FieldModel projected, String subject,
      String results) throws QueryError {
    TypeName e = TypeName.get(element);
    if (projected != null) {
      if (!e.equals(projected.queryType().type().box())) {
        throw returnError(t, subject, results.replace("the projected property's type", projected.queryType().type().box().toString()));
      }
      return new Returned(shape, async, e, List.of(projected), false);
    }
    if (e.equals(entity.type())) {
      return new Returned(shape, async, e, List.of(), false);
    }
    if (element instanceof DeclaredType d && d.asElement().getKind() == ElementKind.RECORD) {
      TypeElement record = (TypeElement) d.asElement();
      List<FieldModel> fields = new ArrayList<>();
      for (var component : record.getRecordComponents()) {
        String cname = component.getSimpleName().toString();
        FieldModel f = properties.get(cname);
        if (f == null || !TypeName.get(component.asType()).box().equals(f.type().type().box())) {
          String why = f == null ? EntityValidator.suggestion(cname, properties.keySet())
              : " (it is " + f.type().type() + ", the component " + TypeName.get(component.asType()) + ")";
          throw new QueryError(Messages.QUERY_PROJECTION_COMPONENT, name, cname, record.getSimpleName(), entity.type().simpleName(), why);
        }
        fields.add(f);
      }
      return new Returned(shape, async, e, fields, true);
    }
    throw returnError(t, subject, results);
  }

  private QueryError returnError(TypeName t, String subject, String expected) {
    return new QueryError(Messages.QUERY_RETURN_TYPE, name, t, subject, expected);
  }

  private TypeMirror generic(TypeMirror t, String erasure) {
    if (t instanceof DeclaredType d && d.getTypeArguments().size() == 1
        && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(erasure)) {
      return d.getTypeArguments().get(0);
    }
    return null;
  }
}
