package io.strata.processor.jakarta;

import static io.strata.processor.jakarta.RepositoryTypes.PKG;
import static io.strata.processor.jakarta.JakartaRepositoryWriter.SORT;
import static io.strata.processor.jakarta.RepositoryTypes.annotationValue;
import static io.strata.processor.jakarta.RepositoryTypes.member;
import static io.strata.processor.jakarta.RepositoryTypes.orderBys;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.codegen.PredicateWriter;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.ValueType;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.Messages;
import io.strata.query.model.Op;
import io.strata.query.model.Condition;
import io.strata.query.model.Operand;
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
   * conditions an index could serve ({@link ParameterTypes#indexable}), null when the conditions are not one conjunction.
   * {@code condition} is the whole condition in the query model's terms, over the parameters (or their converted locals),
   * for a method name or {@code @Find} ({@link Condition#ALWAYS} when it states none); null for JDQL.
   */
  record Query(EntityModel entity, String action, CodeBlock where, List<StaticSort> order, int first,
      FieldModel select, CodeBlock update, Object idLookup, List<BoundCriterion> criteria, boolean exact,
      List<JakartaPlanner.Branch> branches, Condition condition) {
    Query(EntityModel entity, String action, CodeBlock where, List<StaticSort> order, int first, FieldModel select,
        CodeBlock update, Object idLookup, List<BoundCriterion> criteria, boolean exact, List<JakartaPlanner.Branch> branches) {
      this(entity, action, where, order, first, select, update, idLookup, criteria, exact, branches, null);
    }
  }

  /** One sort of a query's static order: a method name's {@code OrderBy}, an {@code @OrderBy}, a JDQL {@code ORDER BY}. */
  record StaticSort(FieldModel field, boolean descending, boolean ignoreCase) {
    CodeBlock code() {
      return CodeBlock.of("$T.$L($S)", SORT, (descending ? "desc" : "asc") + (ignoreCase ? "IgnoreCase" : ""), field.name());
    }
  }

  final Types types;
  final Elements elements;
  final Diagnostics diagnostics;
  final ExecutableElement method;
  final TypeElement primary;
  final String description;
  final List<VariableElement> values;
  private final List<TypeMirror> valueTypes;
  final Function<TypeElement, EntityModel> entities;
  final Function<String, Optional<TypeElement>> entityNamed;
  final Optional<TypeElement> lifecycleEntity;
  /** JDQL literals an index can read, by the name of the local holding each (see {@link #literalLocal}). */
  private final Map<String, QueryBinder.Literal> literals = new LinkedHashMap<>();
  /**
   * The method's parameters compared with a {@code @Convert} property, converted to column values, by the name of the local
   * holding each ({@code conv$<parameter>}): the method declares them all before its query.
   */
  private final Map<String, QueryBinder.Literal> converted = new LinkedHashMap<>();
  /**
   * The method's parameters checked against the properties they are compared with, and the conditions an index can
   * serve among them and the literals.
   */
  final ParameterTypes parameterTypes;
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
    this.parameterTypes = new ParameterTypes(types, byName, local -> literals.containsKey(local) ? literals.get(local).type()
        : converted.containsKey(local) ? converted.get(local).type() : null);
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
  String columnValue(FieldModel f, String parameter, boolean many) {
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
  String literalLocal(QueryBinder.Literal literal) {
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
  void report(List<ParameterTypes.Mismatch> mismatches, EntityModel entity) {
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
  boolean reported() {
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
    PredicateWriter predicates = PredicateWriter.jakarta(entity);
    List<Condition> conjunctions = new ArrayList<>();
    for (List<MethodName.Term> conjunction : parsed.where()) {
      List<Condition> and = new ArrayList<>();
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
        and.add(condition(f, c, args));
        // Not, IgnoreCase and the text tests (Contains, EndsWith, Like) stay in memory
        if (!c.not() && !c.ignoreCase()) {
          Operator.of(c.op()).flatMap(op -> parameterTypes.indexable(f, op, args)).ifPresent(served::add);
        }
      }
      CodeBlock test = predicates.write(new Condition.And(and));
      conjunctions.add(and.size() == 1 ? and.get(0) : new Condition.And(and));
      or.add(or.isEmpty() ? "$L" : " || $L", test);
      branches.add(new JakartaPlanner.Branch(served, test, served.size() == conjunction.size()));
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
    Condition condition = conjunctions.isEmpty() ? Condition.ALWAYS
        : conjunctions.size() == 1 ? conjunctions.get(0) : new Condition.Or(conjunctions);
    return Optional.of(new Query(entity, action, where, order, parsed.first(), null, null, idLookup, criteria, exact,
        branches.size() > 1 ? branches : null, condition));
  }

  /** A method name's condition on {@code f}, its parameters {@code args}, as the query model's condition. */
  private static Condition condition(FieldModel f, MethodName.Term c, List<String> args) {
    Condition compare = new Condition.Compare(f.name(), c.op(), args.stream().map(a -> (Operand) new Operand.Param(a)).toList(),
        c.ignoreCase());
    return c.not() ? new Condition.Not(compare) : compare;
  }

  /** {@code @Find} or a parameter-based {@code @Delete}: equality on each value parameter's property, and {@code @OrderBy}. */
  private Optional<Query> find(String action) {
    EntityModel entity = entities.apply(primary != null ? primary : lifecycleEntity.orElse(null));
    if (entity == null) {
      diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
      return Optional.empty();
    }
    Map<String, FieldModel> props = properties(entity);
    List<Condition> where = new ArrayList<>();
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
      where.add(new Condition.Compare(f.name(), Op.EQUAL, new Operand.Param(value)));
      parameterTypes.indexable(f, Operator.EQUALS, List.of(value)).ifPresent(criteria::add);
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
    CodeBlock test = where.isEmpty() ? null : PredicateWriter.jakarta(entity).write(new Condition.And(where));
    Condition condition = where.isEmpty() ? Condition.ALWAYS : where.size() == 1 ? where.get(0) : new Condition.And(where);
    return Optional.of(new Query(entity, action, test, order, 0, null, null, idLookup, criteria,
        criteria.size() == values.size(), null, condition));
  }

  /**
   * Whether every sort of {@code order} is on a property whose values have an order (numbers, text, booleans, enums,
   * dates and times, UUIDs); reports each one that has none ({@code byte[]}, points, documents, collections).
   */
  boolean sortable(List<StaticSort> order, EntityModel entity) {
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
    return new JdqlReader(this).read(text);
  }
}
