package io.strata.processor.jakarta;

import static io.strata.processor.jakarta.JakartaRepositoryWriter.PKG;
import static io.strata.processor.jakarta.JakartaRepositoryWriter.SORT;
import static io.strata.processor.jakarta.JakartaRepositoryWriter.annotationValue;
import static io.strata.processor.jakarta.JakartaRepositoryWriter.member;
import static io.strata.processor.jakarta.JakartaRepositoryWriter.orderBys;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.ValueType;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.EntityValidator;
import io.strata.processor.validation.Messages;
import io.strata.query.jdql.JdqlCondition;
import io.strata.query.jdql.JdqlExpression;
import io.strata.query.jdql.JdqlParser;
import io.strata.query.jdql.JdqlStatement;
import io.strata.query.jdql.JdqlSyntaxException;
import io.strata.query.model.Op;
import io.strata.query.names.MethodName;
import io.strata.query.names.MethodNameException;
import io.strata.query.names.MethodNameParser;
import io.strata.query.names.Vocabulary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads one Jakarta Data repository method as a {@link Query}: its method name (Query by Method Name), {@code @Find} (or a
 * parameter-based {@code @Delete}) with {@code @By} and {@code @OrderBy}, or its JDQL {@code @Query}, bound to the entity's
 * properties and to the method's parameters at compile time. Conditions become Java code over the entity's getters (no
 * reflection) and, where an index can serve them, criteria for {@link JakartaPlanner}; each mistake is a diagnostic on the
 * method or the parameter. {@link JakartaRepositoryWriter} writes the method's body from the {@code Query}.
 */
final class QueryReader {
  /**
   * A query bound to one entity: what a find/count/exists/delete/update method reads and does. {@code criteria} are the
   * conditions an index could serve ({@link IndexableCriteria}), null when the conditions are not one conjunction.
   */
  record Query(EntityModel entity, String action, CodeBlock where, List<StaticSort> order, int first,
      FieldModel select, CodeBlock update, Object idLookup, List<BoundCriterion> criteria, boolean exact,
      List<JakartaPlanner.Branch> branches) {}

  /** One sort of a query's static order: a method name's {@code OrderBy}, an {@code @OrderBy}, a JDQL {@code ORDER BY}. */
  record StaticSort(FieldModel field, boolean descending, boolean ignoreCase) {
    CodeBlock code() {
      return CodeBlock.of("$T.$L($S)", SORT, (descending ? "desc" : "asc") + (ignoreCase ? "IgnoreCase" : ""), field.name());
    }
  }

  private final Types types;
  private final Elements elements;
  private final Diagnostics diagnostics;
  private final ExecutableElement method;
  private final TypeElement primary;
  private final String description;
  private final List<VariableElement> values;
  private final List<TypeMirror> valueTypes;
  private final Function<TypeElement, EntityModel> entities;
  private final Function<String, Optional<TypeElement>> entityNamed;
  private final Optional<TypeElement> lifecycleEntity;
  /** JDQL literals an index can read, by the name of the local holding each (see {@link #literalLocal}). */
  private final Map<String, QueryBinder.Literal> literals = new LinkedHashMap<>();
  /**
   * The method's parameters compared with a {@code @Convert} property, converted to column values, by the name of the local
   * holding each ({@code conv$<parameter>}): the method declares them all before its query.
   */
  private final Map<String, QueryBinder.Literal> converted = new LinkedHashMap<>();
  /** The conditions an index can serve, among the method's parameters and literals. */
  private final IndexableCriteria indexable;
  /** The method's parameters checked against the properties they are compared with. */
  private final ParameterTypes parameterTypes;
  /** {@link Diagnostics#errors()} when {@link #query()} began. */
  private int errorsBefore;

  /**
   * @param values the method's parameters that carry query values (not Sort, Order, Limit, PageRequest), in order
   * @param valueTypes their types, as members of the repository
   * @param entities the model of an entity class, or null when Strata does not store it
   * @param entityNamed the entity class a JDQL {@code FROM} names, in the repository's package
   * @param lifecycleEntity the entity the method's parameters or result name, for a repository without a primary one
   */
  QueryReader(ProcessingEnvironment env, Diagnostics diagnostics, ExecutableElement method,
      TypeElement primary, String description, List<VariableElement> values, List<TypeMirror> valueTypes,
      Function<TypeElement, EntityModel> entities, Function<String, Optional<TypeElement>> entityNamed,
      Optional<TypeElement> lifecycleEntity) {
    this.types = env.getTypeUtils();
    this.elements = env.getElementUtils();
    this.diagnostics = diagnostics;
    this.method = method;
    this.primary = primary;
    this.description = description;
    this.values = values;
    this.valueTypes = valueTypes;
    this.entities = entities;
    this.entityNamed = entityNamed;
    this.lifecycleEntity = lifecycleEntity;
    Map<String, TypeMirror> byName = new LinkedHashMap<>();
    for (int i = 0; i < values.size(); i++) {
      byName.put(values.get(i).getSimpleName().toString(), valueTypes.get(i));
    }
    this.indexable = new IndexableCriteria(byName, local -> literals.containsKey(local) ? literals.get(local).type()
        : converted.containsKey(local) ? converted.get(local).type() : null, types);
    this.parameterTypes = new ParameterTypes(types, byName);
  }

  /** The converted parameters, by the name of the local holding each: the method declares them all first. */
  Map<String, QueryBinder.Literal> converted() {
    return converted;
  }

  /**
   * What a query over {@code f} compares in place of the parameter {@code parameter}: the parameter itself, or, when
   * {@code f} has a {@code @Convert} converter, a local holding its column value (for {@code many}, an {@code In}'s
   * collection or array, a list of them).
   */
  private String columnValue(FieldModel f, String parameter, boolean many) {
    if (f.converter() == null) {
      return parameter;
    }
    String local = "conv$" + parameter;
    FieldModel.Converter c = f.converter();
    converted.put(local, many
        ? new QueryBinder.Literal(ParameterizedTypeName.get(ClassName.get(List.class), f.type().type()),
            CodeBlock.of("$T.convertAll($N, $T.$N::convertToDatabaseColumn)", QueryBinder.VALUES, parameter, c.codec(), c.constant()), parameter)
        : new QueryBinder.Literal(f.type().type(), c.toColumn(CodeBlock.of("$N", parameter)), parameter));
    return local;
  }

  /** The literals the query's criteria hold in locals, by local name: the method declares those its read uses. */
  Map<String, QueryBinder.Literal> literals() {
    return literals;
  }

  /**
   * A local the method declares for a JDQL literal an index can read, named {@code litN$} (no such name holds another:
   * the writer finds the ones a read uses in its code); returns its name.
   */
  private String literalLocal(QueryBinder.Literal literal) {
    for (Map.Entry<String, QueryBinder.Literal> held : literals.entrySet()) {
      if (held.getValue().equals(literal)) {
        return held.getKey(); // the same value as a lower and an upper bound: one local
      }
    }
    String name = "lit" + literals.size() + "$";
    literals.put(name, literal);
    return name;
  }

  /** Reports each parameter whose type cannot be compared with its property, as a compile error on the parameter. */
  private void report(List<ParameterTypes.Mismatch> mismatches, EntityModel entity) {
    for (ParameterTypes.Mismatch m : mismatches) {
      int i = 0;
      while (!values.get(i).getSimpleName().contentEquals(m.parameter())) {
        i++;
      }
      diagnostics.error(values.get(i), Messages.JAKARTA_PARAMETER_TYPE, m.parameter(), description, valueTypes.get(i),
          m.property().name(), entity.type().simpleName(), m.property().queryType().type(), m.fix());
    }
  }

  /** Whether an error was reported since {@link #query()} began: this method's, not an earlier one's. */
  private boolean reported() {
    return diagnostics.errors() > errorsBefore;
  }

  /** The method's query, from {@code @Query}, {@code @Find}, a parameter-based {@code @Delete} or its name. */
  Optional<Query> query() {
    errorsBefore = diagnostics.errors();
    String jdql = annotationValue(method, PKG + "Query", "value");
    if (jdql != null) {
      return jdql(jdql);
    }
    if (annotationValue(method, PKG + "Find", "value") != null) {
      return find("find");
    }
    if (annotationValue(method, PKG + "Delete", "value") != null) {
      return find("delete");
    }
    String name = method.getSimpleName().toString();
    if (!MethodNameParser.isJakartaQuery(name)) {
      diagnostics.error(method, Messages.JAKARTA_NOT_A_QUERY, description, "its name starts with no query action");
      return Optional.empty();
    }
    EntityModel entity = entities.apply(primary != null ? primary : lifecycleEntity.orElse(null));
    if (entity == null) {
      diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
      return Optional.empty();
    }
    MethodName parsed;
    try {
      parsed = MethodNameParser.parse(name, properties(entity).keySet(), Vocabulary.JAKARTA);
    } catch (MethodNameException e) {
      diagnostics.error(method, Messages.JAKARTA_NOT_A_QUERY, description, e.getMessage());
      return Optional.empty();
    }
    return methodName(entity, parsed);
  }

  static Map<String, FieldModel> properties(EntityModel entity) {
    Map<String, FieldModel> out = new LinkedHashMap<>();
    entity.fields().forEach(f -> out.put(f.name(), f));
    return out;
  }

  private Optional<Query> methodName(EntityModel entity, MethodName parsed) {
    Map<String, FieldModel> props = properties(entity);
    int needed = parsed.parameterCount();
    if (needed != values.size()) {
      diagnostics.error(method, Messages.JAKARTA_PARAMETERS, description, values.size(), needed,
          "each condition takes one parameter, Between two, Null/True/False none; Sort, Order, Limit and PageRequest come besides");
      return Optional.empty();
    }
    List<String> unknown = new ArrayList<>();
    parsed.where().stream().flatMap(List::stream).filter(c -> !c.known()).forEach(c -> unknown.add(c.property()));
    parsed.order().stream().filter(o -> !o.known()).forEach(o -> unknown.add(o.property()));
    if (!unknown.isEmpty()) {
      diagnostics.warning(method, Messages.JAKARTA_UNKNOWN_PROPERTY, description, unknown.get(0), entity.type().simpleName(), props.keySet());
      return Optional.of(new Query(entity, "unknown:" + unknown.get(0), null, List.of(), 0, null, null, null, List.of(), false, null));
    }
    int next = 0;
    CodeBlock.Builder or = CodeBlock.builder();
    Object idLookup = null;
    List<JakartaPlanner.Branch> branches = new ArrayList<>();
    for (List<MethodName.Term> conjunction : parsed.where()) {
      CodeBlock.Builder and = CodeBlock.builder();
      List<BoundCriterion> served = new ArrayList<>();
      for (MethodName.Term c : conjunction) {
        FieldModel f = props.get(c.property());
        List<String> args = new ArrayList<>();
        for (int i = 0; i < c.parameters(); i++) {
          args.add(values.get(next++).getSimpleName().toString());
        }
        if (parsed.where().size() == 1 && conjunction.size() == 1 && f.id() && c.op() == Op.EQUAL
            && !c.not() && !c.ignoreCase()) {
          idLookup = args.get(0);
        }
        report(args.stream().flatMap(a -> parameterTypes.check(f, a, c.op() == Op.IN).stream()).toList(), entity);
        args.replaceAll(a -> columnValue(f, a, c.op() == Op.IN));
        and.add(and.isEmpty() ? "$L" : " && $L", condition(f, c, args));
        // Not, IgnoreCase and the text tests (Contains, EndsWith, Like) stay in memory
        if (!c.not() && !c.ignoreCase()) {
          Operator.of(c.op()).flatMap(op -> indexable.of(f, op, args)).ifPresent(served::add);
        }
      }
      or.add(or.isEmpty() ? "$L" : " || $L", and.build());
      branches.add(new JakartaPlanner.Branch(served, and.build()));
    }
    List<BoundCriterion> criteria = branches.size() == 1 ? branches.get(0).criteria() : branches.isEmpty() ? List.of() : null;
    if (reported()) {
      return Optional.empty();
    }
    List<StaticSort> order = new ArrayList<>();
    for (MethodName.OrderTerm o : parsed.order()) {
      order.add(new StaticSort(props.get(o.property()), o.descending(), false));
    }
    if (!sortable(order, entity)) {
      return Optional.empty();
    }
    CodeBlock where = parsed.where().isEmpty() ? null : or.build();
    boolean exact = criteria != null && criteria.size() == parsed.where().stream().mapToInt(List::size).sum();
    String action = parsed.action().name().toLowerCase(java.util.Locale.ROOT);
    return Optional.of(new Query(entity, action, where, order, parsed.first(), null, null, idLookup, criteria, exact,
        branches.size() > 1 ? branches : null));
  }

  private CodeBlock condition(FieldModel f, MethodName.Term c, List<String> args) {
    CodeBlock value = c.ignoreCase() ? CodeBlock.of("$T.upper($L)", QueryBinder.VALUES, f.read()) : CodeBlock.of("$L", f.read());
    List<CodeBlock> a = new ArrayList<>();
    for (String arg : args) {
      a.add(c.ignoreCase() ? CodeBlock.of("$T.upper($N)", QueryBinder.VALUES, arg) : CodeBlock.of("$N", arg));
    }
    CodeBlock test = switch (c.op()) {
      case EQUAL -> CodeBlock.of("$T.$L($L, $L)", QueryBinder.VALUES, c.not() ? "ne" : "eq", value, a.get(0));
      case GREATER_THAN -> CodeBlock.of("$T.gt($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case GREATER_THAN_EQUAL -> CodeBlock.of("$T.ge($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case LESS_THAN -> CodeBlock.of("$T.lt($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case LESS_THAN_EQUAL -> CodeBlock.of("$T.le($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case BETWEEN -> CodeBlock.of("$T.between($L, $L, $L)", QueryBinder.VALUES, value, a.get(0), a.get(1));
      case CONTAINS -> CodeBlock.of("$T.contains($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case STARTS_WITH -> CodeBlock.of("$T.startsWith($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case ENDS_WITH -> CodeBlock.of("$T.endsWith($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case LIKE -> CodeBlock.of("$T.like($L, $L)", QueryBinder.VALUES, value, a.get(0));
      case IN -> CodeBlock.of("$T.inAny($L, $N)", QueryBinder.VALUES, value, args.get(0));
      case IS_NULL -> CodeBlock.of("$T.isNull($L)", QueryBinder.VALUES, value);
      case TRUE -> CodeBlock.of("$T.eq($L, true)", QueryBinder.VALUES, value);
      case FALSE -> CodeBlock.of("$T.eq($L, false)", QueryBinder.VALUES, value);
      // a Near orders and cuts the results, it tests no entity: NearestMethod searches the vector index
      case NEAREST -> CodeBlock.of("true");
      default -> throw new IllegalStateException("not an operator of Jakarta's vocabulary: " + c.op());
    };
    if (!c.not() || c.op() == Op.EQUAL) {
      return test;
    }
    // Not: false on a null value, as the condition itself is (IS NOT NULL is the exception: it tests the null)
    return c.op() == Op.IS_NULL ? CodeBlock.of("!$L", test)
        : CodeBlock.of("(!$T.isNull($L) && !$L)", QueryBinder.VALUES, f.read(), test);
  }

  /** {@code @Find} or a parameter-based {@code @Delete}: equality on each value parameter's property, and {@code @OrderBy}. */
  private Optional<Query> find(String action) {
    EntityModel entity = entities.apply(primary != null ? primary : lifecycleEntity.orElse(null));
    if (entity == null) {
      diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
      return Optional.empty();
    }
    Map<String, FieldModel> props = properties(entity);
    CodeBlock.Builder where = CodeBlock.builder();
    Object idLookup = null;
    List<BoundCriterion> criteria = new ArrayList<>();
    for (VariableElement p : values) {
      String by = annotationValue(p, PKG + "By", "value");
      String name = by == null ? p.getSimpleName().toString() : by;
      FieldModel f = name.equals("id(this)") ? entity.id() : props.get(name);
      if (f == null) {
        diagnostics.error(p, Messages.JAKARTA_FIND_PROPERTY, p.getSimpleName(), description, entity.type().simpleName(), props.keySet());
        continue;
      }
      report(parameterTypes.check(f, p.getSimpleName().toString(), false).stream().toList(), entity);
      if (values.size() == 1 && f.id()) {
        idLookup = p.getSimpleName().toString();
      }
      String value = columnValue(f, p.getSimpleName().toString(), false);
      where.add(where.isEmpty() ? "$T.eq($L, $N)" : " && $T.eq($L, $N)", QueryBinder.VALUES, f.read(), value);
      indexable.of(f, Operator.EQUALS, List.of(value)).ifPresent(criteria::add);
    }
    List<StaticSort> order = new ArrayList<>();
    for (AnnotationMirror o : orderBys(method)) {
      String property = (String) member(o, "value");
      if (!props.containsKey(property) && !property.equals("id(this)")) {
        diagnostics.error(method, o, Messages.JAKARTA_FIND_PROPERTY, "@OrderBy(\"" + property + "\")", description,
            entity.type().simpleName(), props.keySet());
        continue;
      }
      order.add(new StaticSort(property.equals("id(this)") ? entity.id() : props.get(property),
          Boolean.TRUE.equals(member(o, "descending")), Boolean.TRUE.equals(member(o, "ignoreCase"))));
    }
    if (reported() || !sortable(order, entity)) {
      return Optional.empty();
    }
    return Optional.of(new Query(entity, action, where.isEmpty() ? null : where.build(), order, 0, null, null, idLookup, criteria,
        criteria.size() == values.size(), null));
  }

  /**
   * Whether every sort of {@code order} is on a property whose values have an order (numbers, text, booleans, enums,
   * dates and times, UUIDs); reports each one that has none ({@code byte[]}, points, documents, collections).
   */
  private boolean sortable(List<StaticSort> order, EntityModel entity) {
    boolean all = true;
    for (StaticSort sort : order) {
      ValueType t = sort.field().queryType();
      if (!t.isScalar() || t.kind() == ValueType.Kind.BYTES) {
        diagnostics.error(method, Messages.JAKARTA_NOT_SORTABLE, description, sort.field().name(), entity.type().simpleName(),
            sort.field().type().type());
        all = false;
      }
    }
    return all;
  }

  private Optional<Query> jdql(String text) {
    JdqlStatement statement;
    try {
      statement = JdqlParser.parse(text);
    } catch (JdqlSyntaxException e) {
      diagnostics.error(method, Messages.JDQL_SYNTAX, description, e.getMessage());
      return Optional.empty();
    }
    Optional<JdqlStatement.EntityName> from = statement instanceof JdqlStatement.Select s ? s.from()
        : Optional.of(statement instanceof JdqlStatement.Update u ? u.entity() : ((JdqlStatement.Delete) statement).entity());
    TypeElement entityType = primary;
    if (from.isPresent() && (primary == null || !from.get().name().equals(entities.apply(primary) == null ? null : entities.apply(primary).type().simpleName()))) {
      entityType = entityNamed.apply(from.get().name()).orElse(null);
      if (entityType == null) {
        bindError(text, from.get().offset(), "'" + from.get().name() + "' is no entity Strata stores in the repository's package");
        return Optional.empty();
      }
    }
    if (entityType == null) {
      entityType = lifecycleEntity.orElse(null);
    }
    EntityModel entity = entities.apply(entityType);
    if (entity == null) {
      diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
      return Optional.empty();
    }
    Map<String, String> named = new LinkedHashMap<>();
    for (VariableElement p : values) {
      String param = annotationValue(p, PKG + "Param", "value");
      named.put(param == null ? p.getSimpleName().toString() : param, p.getSimpleName().toString());
    }
    Function<Integer, String> positional = i -> i >= 1 && i <= values.size() ? values.get(i - 1).getSimpleName().toString() : null;
    QueryBinder binder = new QueryBinder(entity, positional, named::get, elements);
    try {
      Optional<JdqlCondition> condition = statement instanceof JdqlStatement.Select s ? s.where()
          : statement instanceof JdqlStatement.Update u ? u.where() : ((JdqlStatement.Delete) statement).where();
      // the condition meets a parameter compared with a @Convert property as its column value (a conv$ local)
      Map<String, FieldModel> convertedParameters = new LinkedHashMap<>();
      if (condition.isPresent()) {
        report(parameterTypes.ofJdql(condition.get(), binder::propertyOrNull, binder::parameterOrNull),
            entity);
        Map<String, FieldModel> conflicts = new LinkedHashMap<>();
        convertedParameters = parameterTypes.convertedInJdql(condition.get(), binder::propertyOrNull, binder::parameterOrNull, conflicts);
        conflicts.forEach((p, f) -> diagnostics.error(values.stream().filter(v -> v.getSimpleName().contentEquals(p)).findFirst()
            .orElseThrow(), Messages.JAKARTA_PARAMETER_CONVERTED_ELSEWHERE, p, description, f.name(), entity.type().simpleName(),
            f.converter().type()));
        if (reported()) {
          return Optional.empty();
        }
      }
      Map<String, String> columnValues = new LinkedHashMap<>();
      convertedParameters.forEach((p, f) -> columnValues.put(p, columnValue(f, p, false)));
      QueryBinder where = new QueryBinder(entity, positional.andThen(p -> columnValues.getOrDefault(p, p)),
          n -> named.containsKey(n) ? columnValues.getOrDefault(named.get(n), named.get(n)) : null, elements);
      List<BoundCriterion> criteria = condition.isEmpty() ? List.of()
          : indexable.ofJdql(condition.get(), where::propertyOrNull, planned(where));
      boolean exact = criteria != null && criteria.size() == condition.map(IndexableCriteria::conjuncts).orElse(0);
      List<JakartaPlanner.Branch> branches = criteria != null ? null : IndexableCriteria.disjuncts(condition.get()).stream()
          .map(d -> new JakartaPlanner.Branch(indexable.ofJdql(d, where::propertyOrNull, planned(where)),
              where.condition(d))).toList();
      if (statement instanceof JdqlStatement.Select s) {
        CodeBlock whereCode = s.where().map(where::condition).orElse(null);
        List<StaticSort> order = new ArrayList<>();
        for (JdqlStatement.OrderItem o : s.orderBy()) {
          order.add(new StaticSort(binder.property(o.key()), o.descending(), false));
        }
        if (!sortable(order, entity)) {
          return Optional.empty();
        }
        FieldModel select = null;
        String action = "find";
        if (s.selection().isPresent()) {
          JdqlStatement.Selection sel = s.selection().get();
          if (sel instanceof JdqlStatement.SelectCount) {
            action = "count";
          } else if (sel instanceof JdqlStatement.SelectValue v) {
            select = binder.property(v.value());
          }
        }
        return Optional.of(new Query(entity, action, whereCode, order, 0, select, null, null, criteria, exact, branches));
      }
      if (statement instanceof JdqlStatement.Delete d) {
        return Optional.of(new Query(entity, "delete", d.where().map(where::condition).orElse(null), List.of(), 0, null, null, null,
            criteria, exact, branches));
      }
      JdqlStatement.Update u = (JdqlStatement.Update) statement;
      CodeBlock.Builder change = CodeBlock.builder().add("e -> {\n").indent();
      int i = 0;
      for (JdqlStatement.Assignment a : u.assignments()) {
        change.add("$T v$L = $L;\n", Object.class, i++, binder.value(a.value()));
      }
      i = 0;
      for (JdqlStatement.Assignment a : u.assignments()) {
        FieldModel f = binder.property(a.target());
        if (f.write() == null) {
          diagnostics.error(method, Messages.JAKARTA_UPDATE_NOT_WRITABLE, description, f.name(), entity.type().simpleName());
          return Optional.empty();
        }
        change.add("$T $L = $L;\n", f.javaType(), EntityValidator.local(f.name()), assigned(f, a.value(), "v" + i++, binder, entity));
        change.add("$L;\n", f.write());
      }
      if (reported()) {
        return Optional.empty();
      }
      change.add("return e;\n").unindent().add("}");
      return Optional.of(new Query(entity, "update", u.where().map(where::condition).orElse(null), List.of(), 0, null,
          change.build(), null, criteria, exact, branches));
    } catch (QueryBinder.BindException e) {
      bindError(text, e.offset, e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * The value a JDQL {@code SET} assigns to {@code f}, held as an {@code Object} in {@code v}, as {@code f}'s Java value. For
   * a {@code @Convert} property a parameter is that value already (checked to be of the converter's attribute type) and
   * anything else (a literal, {@code NULL}, an expression) is a column value, which the converter turns into one, as JDQL
   * compares literals with such a property as column values.
   */
  private CodeBlock assigned(FieldModel f, JdqlExpression value, String v, QueryBinder binder, EntityModel entity) {
    if (f.converter() == null) {
      return converted(f, v);
    }
    String parameter = binder.parameterOrNull(value);
    if (parameter == null) {
      return f.converter().toAttribute(converted(f, v));
    }
    report(parameterTypes.check(f, parameter, false).stream().toList(), entity);
    return CodeBlock.of("($T) $N", f.converter().attribute().box(), v);
  }

  private CodeBlock converted(FieldModel f, String v) {
    String to = switch (f.type().kind()) {
      case INT -> "toInt";
      case LONG -> "toLong";
      case SHORT -> "toShort";
      case BYTE -> "toByte";
      case DOUBLE -> "toDouble";
      case FLOAT -> "toFloat";
      case BIG_DECIMAL -> "toBigDecimal";
      case BIG_INTEGER -> "toBigInteger";
      default -> null;
    };
    if (to == null) {
      return CodeBlock.of("($T) $N", f.type().type().box(), v);
    }
    return f.type().isPrimitive() ? CodeBlock.of("$T.$L($N)", QueryBinder.VALUES, to, v)
        : CodeBlock.of("$N == null ? null : $T.$L($N)", v, QueryBinder.VALUES, to, v);
  }

  /**
   * The Java name standing for a JDQL value compared with a property: its method parameter, or a literal's local
   * (rounded as asked when the property's type cannot hold it exactly).
   */
  private IndexableCriteria.Operand planned(QueryBinder binder) {
    return (property, value, rounding) -> {
      String parameter = binder.parameterOrNull(value);
      return parameter != null ? parameter : binder.literal(value, property, rounding).map(this::literalLocal).orElse(null);
    };
  }

  private void bindError(String text, int offset, String message) {
    int column = 1;
    for (int i = 0; i < offset && i < text.length(); i++) {
      column = text.charAt(i) == '\n' ? 1 : column + 1;
    }
    diagnostics.error(method, Messages.JDQL_BINDING, description, column, message);
  }
}
