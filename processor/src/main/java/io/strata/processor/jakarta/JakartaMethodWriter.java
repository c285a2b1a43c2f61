package io.strata.processor.jakarta;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.strata.processor.codegen.CallHook;
import io.strata.processor.codegen.QueryBodies;
import io.strata.processor.codegen.ScanCode;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.ResultShape;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Writes one method of a Jakarta Data repository implementation: sorts its parameters by role (query values, {@code Sort},
 * {@code Limit}, {@code PageRequest}), writes a lifecycle method ({@code @Insert}, {@code @Update}, {@code @Save},
 * {@code @Delete} of entities) or reads its query ({@link QueryReader}), plans it ({@link JakartaPlanner}) and writes the
 * count, exists, delete and update bodies; a find's body is {@link JakartaFind}'s.
 */
final class JakartaMethodWriter {
  private static final ClassName DATA_STORE = JakartaRepositoryWriter.DATA_STORE;
  private static final ClassName MAPPING_EXCEPTION = ClassName.get("jakarta.data.exceptions", "MappingException");
  private static final ClassName EMPTY_RESULT = ClassName.get("jakarta.data.exceptions", "EmptyResultException");
  final JakartaRepositoryWriter repositories;
  private final Types types;
  final Diagnostics diagnostics;
  final RepositoryTypes repositoryTypes;
  private final TypeElement repository;
  final ExecutableElement method;
  final ExecutableType type;
  final TypeElement primary;
  private final Map<ClassName, EntityModel> entities;
  final String description;
  /** What {@link #observed} tags the method with: the entity's name and its plan's kind (null: not observed). */
  private String observedEntity;
  private String observedPlan;
  /** Parameters that carry query values (not Sort, Order, Limit, PageRequest), in order. */
  private final List<VariableElement> values = new ArrayList<>();
  private final List<TypeMirror> valueTypes = new ArrayList<>();
  final List<String> sorts = new ArrayList<>();
  final QueryReader reader;
  private final JakartaFind finds = new JakartaFind(this);
  String limit;
  String pageRequest;
  /** Whether a parameter is an {@code io.strata.Restriction}: {@link RestrictedFind} writes the method. */
  private boolean restricted;
  /** How many {@code Limit} parameters the method takes: more than one is an error ({@link OneLimit}). */
  private int limitParameters;

  JakartaMethodWriter(JakartaRepositoryWriter repositories, TypeElement repository, ExecutableElement method, TypeElement primary,
      Map<ClassName, EntityModel> entities) {
    this.repositories = repositories;
    this.types = repositories.env.getTypeUtils();
    this.diagnostics = repositories.diagnostics;
    this.repositoryTypes = repositories.repositoryTypes;
    this.repository = repository;
    this.method = method;
    this.type = (ExecutableType) types.asMemberOf((DeclaredType) repository.asType(), method);
    this.primary = primary;
    this.entities = entities;
    this.description = repository.getSimpleName() + "." + method.getSimpleName();
    for (int i = 0; i < method.getParameters().size(); i++) {
      VariableElement p = method.getParameters().get(i);
      TypeMirror t = type.getParameterTypes().get(i);
      String erased = types.erasure(t).toString();
      switch (erased) {
        case "jakarta.data.Limit" -> {
          limit = p.getSimpleName().toString();
          limitParameters++;
        }
        case "jakarta.data.page.PageRequest" -> pageRequest = p.getSimpleName().toString();
        case "jakarta.data.Sort", "jakarta.data.Order" -> sorts.add(p.getSimpleName().toString());
        case "jakarta.data.Sort[]" -> sorts.add("(Object) " + p.getSimpleName());
        case "io.strata.Restriction" -> restricted = true;
        default -> {
          values.add(p);
          valueTypes.add(t);
        }
      }
    }
    this.reader = new QueryReader(repositories.env, diagnostics, method, primary, description, values, valueTypes, this::entity,
        name -> repositoryTypes.entityNamed(repository, name), repositoryTypes.lifecycleEntity(repository, method));
  }

  /**
   * {@code method} observed as a repository call ({@link CallHook}) of the entity it reads or writes, or as it is when it
   * touches no data (a query naming an unknown property only throws).
   */
  MethodSpec observed(MethodSpec method) {
    return observedPlan == null ? method
        : CallHook.observed(method, "db", observedEntity, repository.getSimpleName().toString(), observedPlan);
  }

  Optional<MethodSpec> write() {
    for (VariableElement p : method.getParameters()) {
      if (p.getSimpleName().toString().matches("e|v|v\\d+")) {
        diagnostics.error(p, Messages.JAKARTA_RESERVED_PARAMETER, p.getSimpleName(), description);
        return Optional.empty();
      }
    }
    MethodSpec.Builder b = MethodSpec.overriding(method, (DeclaredType) repository.asType(), types);
    if (restricted) {
      return new RestrictedFind(this).write(b);
    }
    for (String lifecycle : List.of("Insert", "Update", "Save", "Delete")) {
      if (RepositoryTypes.annotationValue(method, RepositoryTypes.PKG + lifecycle, "value") != null && !(lifecycle.equals("Delete") && !isLifecycleParameter())) {
        return lifecycle(b, lifecycle);
      }
    }
    EntityModel primaryModel = entity(primary);
    Optional<NearestMethod> nearest = Optional.empty();
    if (NearestMethod.applies(method.getSimpleName().toString(), primaryModel)) {
      // an int after the conditions' parameters: how many candidates the search explores
      String candidates = NearestMethod.candidates(method.getSimpleName().toString(), primaryModel, values);
      if (candidates != null) {
        valueTypes.remove(values.size() - 1);
        values.remove(values.size() - 1);
      }
      nearest = NearestMethod.read(diagnostics, method, description, primaryModel, values, type.getReturnType(), limit,
          candidates, pageRequest != null, !sorts.isEmpty());
      if (nearest.isEmpty()) {
        return Optional.empty();
      }
    }
    Optional<QueryReader.Query> query = reader.query();
    if (query.isEmpty() || !OneLimit.holds(diagnostics, method, description, limitParameters, limit != null,
        pageRequest != null, query.get().first())) {
      return Optional.empty();
    }
    if (nearest.isPresent()) {
      repositories.vectorEntities.add(primaryModel.type());
      observe(primaryModel, "VectorRead");
      return Optional.of(nearest.get().write(b, JakartaRepositoryWriter.vectorsField(primaryModel), query.get().where(), limit));
    }
    // parameters compared with a @Convert property, as the column values the query compares
    reader.converted().forEach((local, value) -> b.addStatement("$T $N = $L", value.type(), local, value.code()));
    return body(b, query.get());
  }

  /**
   * Declares the literal locals {@code read} uses, and puts each literal's JDQL text in place of its name in the plan (and
   * the parameter a converted local holds in place of the local's name).
   */
  private JakartaPlanner.Read withLiterals(MethodSpec.Builder b, JakartaPlanner.Read read) {
    String plan = read.plan();
    String keysPlan = read.keysPlan();
    for (Map.Entry<String, QueryBinder.Literal> l : reader.literals().entrySet()) {
      String name = l.getKey();
      boolean used = read.candidates().toString().contains(name) || (read.orders() != null && read.orders().toString().contains(name))
          || (read.keys() != null && read.keys().toString().contains(name));
      if (used) {
        b.addStatement("$T $N = $L", l.getValue().type(), name, l.getValue().code());
        plan = plan.replace(name, l.getValue().text());
        keysPlan = keysPlan == null ? null : keysPlan.replace(name, l.getValue().text());
      }
    }
    for (Map.Entry<String, QueryBinder.Literal> c : reader.converted().entrySet()) {
      String converted = "the column value of " + c.getValue().text();
      plan = plan.replace(c.getKey(), converted);
      keysPlan = keysPlan == null ? null : keysPlan.replace(c.getKey(), converted);
    }
    return read.withText(plan, keysPlan);
  }

  /**
   * The value a JDQL {@code SELECT} of {@code f} returns as {@code element}: its stored value, or, for a {@code @Convert}
   * property returned as the converter's attribute type, the entity's value its converter makes of the stored one (what a
   * read of the entity holds).
   */
  static CodeBlock selected(FieldModel f, TypeName element) {
    return f.converter() != null && f.converter().attribute().box().equals(element)
        ? f.converter().toAttribute(CodeBlock.of("$L", f.read())) : CodeBlock.of("$L", f.read());
  }

  /** Whether the method's one parameter is an entity or entities (a lifecycle {@code @Delete}, not a parameter-based one). */
  private boolean isLifecycleParameter() {
    if (method.getParameters().size() != 1) {
      return false;
    }
    TypeMirror element = repositoryTypes.elementType(type.getParameterTypes().get(0));
    return element instanceof DeclaredType d && repositoryTypes.isEntity((TypeElement) d.asElement());
  }

  EntityModel entity(TypeElement t) {
    if (t == null) {
      return null;
    }
    Optional<EntityModel> model = repositories.models.apply(t);
    model.ifPresent(m -> entities.putIfAbsent(m.type(), m));
    return model.orElse(null);
  }

  private Optional<MethodSpec> lifecycle(MethodSpec.Builder b, String kind) {
    if (method.getParameters().size() != 1) {
      diagnostics.error(method, Messages.JAKARTA_LIFECYCLE, kind, description);
      return Optional.empty();
    }
    TypeMirror param = type.getParameterTypes().get(0);
    TypeMirror element = repositoryTypes.elementType(param);
    EntityModel entity = element instanceof DeclaredType d ? entity((TypeElement) d.asElement()) : null;
    if (entity == null) {
      diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
      return Optional.empty();
    }
    String p = method.getParameters().get(0).getSimpleName().toString();
    String data = JakartaRepositoryWriter.dataField(entity);
    observe(entity, "write");
    boolean array = param.getKind() == TypeKind.ARRAY;
    boolean many = array || (param instanceof DeclaredType d && RepositoryTypes.CONTAINERS.contains(((TypeElement) d.asElement()).getQualifiedName().toString()));
    String op = switch (kind) {
      case "Insert" -> "insert";
      case "Update" -> "update";
      case "Save" -> "save";
      default -> "delete";
    };
    CodeBlock list = array ? CodeBlock.of("$T.asList($N)", java.util.Arrays.class, p)
        : isList(param) ? CodeBlock.of("$N", p) : CodeBlock.of("$T.list($N)", DATA_STORE, p);
    TypeMirror result = type.getReturnType();
    b.addJavadoc("{@code @$L}: $L\n", kind, lifecyclePlan(op, entity, many));
    CodeBlock call = many ? CodeBlock.of("$N.$LAll($L)", data, op, list) : CodeBlock.of("$N.$L($N)", data, op, p);
    if (result.getKind() == TypeKind.VOID) {
      b.addStatement("$L", call);
    } else if (result.getKind() == TypeKind.INT || result.getKind() == TypeKind.LONG) {
      b.addStatement("$L", call);
      b.addStatement("return $L", many ? CodeBlock.of(array ? "$N.length" : "$L.size()", array ? p : list) : CodeBlock.of("1"));
    } else if (op.equals("delete")) {
      diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a @Delete of entities",
          "return void, int or long (the number deleted)");
      return Optional.empty();
    } else if (array && entity.assignedIds() != null && !op.equals("update")) {
      // the entities saved, which carry the ids the store assigned to null ones (a new instance for an immutable entity)
      b.addStatement("return $L.toArray($T.copyOf($N, 0))", call, java.util.Arrays.class, p);
    } else if (array) {
      b.addStatement("$L", call).addStatement("return $N", p);
    } else if (many) {
      b.addStatement("return $L", call);
    } else {
      b.addStatement("return $L", call);
    }
    return Optional.of(b.build());
  }

  private boolean isList(TypeMirror t) {
    return t instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.util.List");
  }

  private String lifecyclePlan(String op, EntityModel entity, boolean many) {
    String row = "{@code (\"" + entity.entityName() + "\", \"R\", id)}";
    String what = switch (op) {
      case "insert" -> "checks that " + row + " is absent (else EntityExistsException), then writes the row and its index entries";
      case "update" -> "checks that " + row + " exists (else OptimisticLockingFailureException), then rewrites the row and its index entries";
      case "save" -> "writes " + row + " and its index entries, inserting or replacing";
      default -> "clears " + row + " and its index entries (OptimisticLockingFailureException when absent)";
    };
    return what + (many ? "; all entities in one transaction" : "; one transaction");
  }

  /** The method body for a query: read, filter, sort, page, and shape the result as the return type asks. */
  private Optional<MethodSpec> body(MethodSpec.Builder b, QueryReader.Query q) {
    EntityModel entity = q.entity();
    String data = JakartaRepositoryWriter.dataField(entity);
    TypeName t = entity.type();
    if (q.action().startsWith("unknown:")) {
      String property = q.action().substring("unknown:".length());
      b.addJavadoc("Names '$L', which is not a persistent property of {@link $T}: always throws MappingException.\n", property, t);
      b.addStatement("throw new $T($S)", MAPPING_EXCEPTION, "'" + property + "' is not a persistent property of "
          + entity.type().simpleName() + "; its properties are " + QueryReader.properties(entity).keySet() + " (" + description + ")");
      return Optional.of(b.build());
    }
    CodeBlock where = q.where() == null ? CodeBlock.of("e -> true") : CodeBlock.of("e -> $L", q.where());
    TypeMirror result = type.getReturnType();
    if (q.action().equals("exists") && result.getKind() != TypeKind.BOOLEAN && !result.toString().equals("java.lang.Boolean")) {
      diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "an exists query", "return boolean");
      return Optional.empty();
    }
    String row = "{@code (\"" + entity.entityName() + "\", \"R\", id)}";
    if (q.idLookup() != null && idLookup(b, q, data, row, result)) {
      observe(entity, q.action().equals("delete") ? "write" : "ById");
      return Optional.of(b.build());
    }
    JakartaPlanner planner = new JakartaPlanner(entity);
    JakartaPlanner.Read read = q.branches() == null ? null : planner.planUnion(q.branches());
    if (read == null) {
      read = planner.plan(description, q.criteria(), q.where() != null, q.exact());
    }
    boolean stopsEarly = q.action().equals("find") && finds.stopsEarly(q);
    List<OrderItem> fixedOrder = q.order().stream().map(o -> new OrderItem(o.field(), o.descending())).toList();
    List<Boolean> ignoreCase = q.order().stream().map(QueryReader.StaticSort::ignoreCase).toList();
    JakartaPlanner.Read inOrder = stopsEarly && sorts.isEmpty()
        ? planner.planInOrder(q.criteria(), fixedOrder, ignoreCase, q.exact()) : null;
    if (stopsEarly && q.branches() != null && read.narrowing() > 0) {
      read = planner.inOrderUnion(q.branches(), fixedOrder, ignoreCase, !sorts.isEmpty(), read);
    } else if (inOrder != null && inOrder.narrowing() >= read.narrowing()) {
      read = inOrder;
    } else if (stopsEarly && !sorts.isEmpty()) {
      read = planner.withRunTimeOrders(q.criteria(), fixedOrder, ignoreCase, read);
    }
    read = withLiterals(b, read);
    if (read.unserved() != null) {
      if (repositories.requireIndexes) {
        diagnostics.error(method, Messages.JAKARTA_REQUIRED_INDEX, description, entity.type().simpleName(), read.unserved());
        return Optional.empty();
      }
      diagnostics.warning(method, Messages.JAKARTA_NOT_INDEXED, description, entity.type().simpleName(), read.unserved());
    }
    CodeBlock candidates = read.candidates();
    observe(entity, q.action().equals("delete") || q.action().equals("update") ? "write"
        : q.action().equals("count") && q.where() == null ? "AggregateRead" : read.kind());
    QueryBodies.Calls calls = QueryBodies.jakarta(data, where);
    QueryBodies.Source source = read.keys() != null ? new QueryBodies.Keys(read.keys(), candidates) : new QueryBodies.Rows(candidates);
    switch (q.action()) {
      case "count" -> {
        if (result.getKind() == TypeKind.VOID) {
          diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a count", "return long, int or boolean");
          return Optional.empty();
        }
        if (q.where() == null) {
          b.addJavadoc("Reads the counter key {@code (\"$L\", \"#\")}.\n", entity.entityName());
          source = new QueryBodies.Counter(CodeBlock.of("$N.countAll()", data));
        } else {
          b.addJavadoc("Counts the entities that match. $L\n", read.keys() != null ? read.keysPlan() : read.plan());
        }
        return body(b, calls, QueryBodies.Action.COUNT, source, result);
      }
      case "exists" -> {
        b.addJavadoc(read.keys() != null ? "Whether an entity matches. $L\n" : "Whether an entity matches; stops at the first (the read"
            + " below starts with a batch of one key, or of one row when it reads every row, then doubles). $L\n",
            read.keys() != null ? read.keysPlan() : read.plan());
        return body(b, calls, QueryBodies.Action.EXISTS, source, result);
      }
      case "delete" -> {
        b.addJavadoc("Deletes the entities that match with their index entries, in transactions of at most"
            + " {@value io.strata.query.CandidateReads#BATCH} entities and about"
            + " {@value io.strata.query.CandidateReads#BATCH_BYTES} bytes written (each re-reads its rows). $L\n", read.plan());
        return body(b, calls, QueryBodies.Action.DELETE, source, result);
      }
      case "update" -> {
        b.addJavadoc("Rewrites the entities that match with their index entries, in transactions of at most"
            + " {@value io.strata.query.CandidateReads#BATCH} entities and about"
            + " {@value io.strata.query.CandidateReads#BATCH_BYTES} bytes written (each re-reads its rows). $L\n", read.plan());
        return returnNumber(b, CodeBlock.of("$N.update($L, $L, $L)", data, where, candidates, q.update()), result);
      }
      default -> {
        return finds.find(b, q, where, read, result);
      }
    }
  }

  /** The body of a query by id alone, when its result needs one row: true when written. */
  private boolean idLookup(MethodSpec.Builder b, QueryReader.Query q, String data, String row, TypeMirror result) {
    CodeBlock id = ScanCode.queryElement(q.entity(), q.entity().id(), CodeBlock.of("$N", (String) q.idLookup()));
    switch (q.action()) {
      case "exists" -> {
        b.addJavadoc("Reads at most one key of $L.\n", row);
        b.addStatement("return $N.existsById($L)", data, id);
        return true;
      }
      case "delete" -> {
        if (result.getKind() != TypeKind.VOID) {
          return false;
        }
        b.addJavadoc("Clears the row $L and its index entries, if stored.\n", row);
        b.addStatement("$N.deleteById($L)", data, id);
        return true;
      }
      case "find" -> {
        ResultShape shape = JakartaFind.shape(result);
        boolean ordered = !q.order().isEmpty() || !sorts.isEmpty();
        if (ordered || limit != null || pageRequest != null || q.select() != null || shape == null || !shape.atMostOne()) {
          return false;
        }
        b.addJavadoc("Reads one row, $L.\n", row);
        if (shape == ResultShape.OPTIONAL) {
          b.addStatement("return $N.findById($L)", data, id);
        } else {
          b.addStatement("return $N.findById($L).orElseThrow(() -> new $T($S))", data, id, EMPTY_RESULT,
              description + " found no " + q.entity().type().simpleName() + " with that id");
        }
        return true;
      }
      default -> {
        return false;
      }
    }
  }

  void observe(EntityModel entity, String kind) {
    observedEntity = entity.entityName();
    observedPlan = kind;
  }

  /** {@code b} with the statement {@link QueryBodies} writes for {@code action}, or empty when {@code result} is no such result. */
  private Optional<MethodSpec> body(MethodSpec.Builder b, QueryBodies.Calls calls, QueryBodies.Action action,
      QueryBodies.Source source, TypeMirror result) {
    Optional<QueryBodies.Result> shape = action == QueryBodies.Action.EXISTS ? Optional.of(QueryBodies.Result.BOOLEAN) : result(result);
    shape.ifPresent(r -> b.addStatement(QueryBodies.statement(calls, action, source, r)));
    return shape.map(r -> b.build());
  }

  Optional<MethodSpec> returnNumber(MethodSpec.Builder b, CodeBlock count, TypeMirror result) {
    Optional<QueryBodies.Result> shape = result(result);
    shape.ifPresent(r -> b.addStatement(QueryBodies.returnNumber(count, r)));
    return shape.map(r -> b.build());
  }

  /** What a count, delete or update returns as {@code result}; empty, reported, when it returns anything else. */
  private Optional<QueryBodies.Result> result(TypeMirror result) {
    Optional<QueryBodies.Result> shape = switch (result.getKind()) {
      case VOID -> Optional.of(QueryBodies.Result.VOID);
      case LONG -> Optional.of(QueryBodies.Result.LONG);
      case INT -> Optional.of(QueryBodies.Result.INT);
      case BOOLEAN -> Optional.of(QueryBodies.Result.BOOLEAN);
      default -> switch (result.toString()) {
        case "java.lang.Long" -> Optional.of(QueryBodies.Result.LONG);
        case "java.lang.Integer" -> Optional.of(QueryBodies.Result.INT);
        case "java.lang.Boolean" -> Optional.of(QueryBodies.Result.BOOLEAN);
        default -> Optional.empty();
      };
    };
    if (shape.isEmpty()) {
      diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a count, delete or update",
          "return long, int, boolean or void");
    }
    return shape;
  }
}
