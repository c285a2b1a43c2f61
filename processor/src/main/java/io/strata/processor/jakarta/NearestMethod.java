package io.strata.processor.jakarta;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.codegen.PlanDoc;
import io.strata.processor.codegen.VectorOperations;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.planning.EntityInfos;
import io.strata.processor.planning.QueryPlanner;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.Messages;
import io.strata.processor.validation.QueryError;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Op;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.model.Window;
import io.strata.query.names.MethodName;
import io.strata.query.names.MethodNameException;
import io.strata.query.names.MethodNameParser;
import io.strata.query.names.Vocabulary;
import io.strata.query.plan.Plan;
import io.strata.query.plan.Planned;
import io.strata.query.plan.Planner;
import io.strata.query.plan.Unserved;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * A Jakarta Data method whose name asks for nearest neighbours ({@code findFirst10ByCategoryAndVectorNear(String, float[])},
 * or with a {@code Limit} parameter giving k): planned by the one planner under Jakarta's semantics onto the entity's
 * {@code @Embedding} index, and written as a call of the vector search ({@link VectorOperations}), the method's other
 * conditions checked on each candidate. Returns a {@code List} or {@code Stream} of entities or of {@code Scored}
 * entities; an {@code int} after the conditions' parameters says how many candidates the search explores.
 */
final class NearestMethod {
  private final EntityModel entity;
  private final QueryPlan plan;
  private final TypeName element;
  private final boolean stream;
  private final String option;

  private NearestMethod(EntityModel entity, QueryPlan plan, TypeName element, boolean stream, String option) {
    this.entity = entity;
    this.plan = plan;
    this.element = element;
    this.stream = stream;
    this.option = option;
  }

  /** Whether {@code name} reads as a method-name query with a {@code Near} (in Jakarta's vocabulary, always nearest). */
  static boolean applies(String name, EntityModel entity) {
    if (entity == null || !MethodNameParser.isJakartaQuery(name)) {
      return false;
    }
    try {
      MethodName parsed = MethodNameParser.parse(name, QueryReader.properties(entity).keySet(), Vocabulary.JAKARTA);
      return parsed.where().stream().flatMap(List::stream).anyMatch(t -> t.op() == Op.NEAREST);
    } catch (MethodNameException e) {
      return false;
    }
  }

  /**
   * The name of the {@code int} parameter after the conditions' ones (how many candidates the search explores), or
   * null when there is none.
   */
  static String candidates(String name, EntityModel entity, List<VariableElement> values) {
    MethodName parsed = MethodNameParser.parse(name, QueryReader.properties(entity).keySet(), Vocabulary.JAKARTA);
    VariableElement last = values.isEmpty() ? null : values.get(values.size() - 1);
    return values.size() == parsed.parameterCount() + 1 && last.asType().getKind() == javax.lang.model.type.TypeKind.INT
        ? last.getSimpleName().toString() : null;
  }

  /**
   * The method planned, or empty after reporting on it why it cannot be.
   *
   * @param values the parameters carrying query values
   * @param limit the {@code Limit} parameter's name, or null
   * @param option the parameter saying how many candidates to explore, or null
   * @param paged whether it takes a {@code PageRequest}
   * @param sorted whether it takes a {@code Sort} or {@code Order}
   */
  static Optional<NearestMethod> read(Diagnostics diagnostics, ExecutableElement method, String description, EntityModel entity,
      List<VariableElement> values, TypeMirror result, String limit, String option, boolean paged, boolean sorted) {
    try {
      return Optional.of(plan(description, method, entity, values, result, limit, option, paged, sorted));
    } catch (QueryError e) {
      diagnostics.error(method, e.message(), e.args());
      return Optional.empty();
    }
  }

  private static NearestMethod plan(String description, ExecutableElement method, EntityModel entity,
      List<VariableElement> params, TypeMirror result, String limit, String option, boolean paged, boolean sorted)
      throws QueryError {
    MethodName parsed = MethodNameParser.parse(method.getSimpleName().toString(), QueryReader.properties(entity).keySet(),
        Vocabulary.JAKARTA);
    if (parsed.action() != MethodName.Action.FIND) {
      throw new QueryError(Messages.QUERY_NEAREST_FORM, description, "a Near in a " + parsed.action().name().toLowerCase());
    }
    if (paged) {
      throw new QueryError(Messages.QUERY_NEAREST_FORM, description, "a Near read in pages");
    }
    if (sorted) {
      throw new QueryError(Messages.QUERY_NEAREST_ORDER, description, "a Sort parameter");
    }
    if (params.size() != parsed.parameterCount()) {
      throw new QueryError(Messages.JAKARTA_PARAMETERS, description, params.size(), parsed.parameterCount(),
          "each condition takes one parameter (Near the query vector, a float[]), Between two, Null/True/False none;"
              + " a Limit and an int (candidates to explore) come besides");
    }
    Map<String, FieldModel> properties = QueryReader.properties(entity);
    List<String> names = params.stream().map(p -> p.getSimpleName().toString()).toList();
    Condition where = parsed.condition(names);
    int next = 0;
    Map<Compare, BoundCriterion> criteria = new LinkedHashMap<>();
    for (MethodName.Term t : parsed.where().stream().flatMap(List::stream).toList()) {
      FieldModel f = properties.get(t.property());
      List<VariableElement> ps = params.subList(next, next + t.parameters());
      next += t.parameters();
      if (t.op() == Op.NEAREST) {
        if (f == null || entity.embedding(f.name()) == null) {
          throw new QueryError(Messages.QUERY_NEAREST_NOT_EMBEDDING, description, t.property(), t.property());
        }
        if (!TypeName.get(ps.get(0).asType()).equals(ArrayTypeName.of(TypeName.FLOAT))) {
          throw new QueryError(Messages.QUERY_PARAMETER_TYPE, description, ps.get(0).getSimpleName(), ps.get(0).asType(),
              "Near on " + f.name() + " (the query vector, " + entity.embedding(f.name()).dimensions() + " components)",
              "float[]");
        }
      }
      Optional<Operator> op = Operator.of(t.op());
      if (f != null && op.isPresent() && !t.not() && !t.ignoreCase()) {
        BoundCriterion c = new BoundCriterion(f, op.get(), ps.stream().map(p -> p.getSimpleName().toString()).toList());
        criteria.put(EntityInfos.compare(c), c);
      }
    }
    QuerySpec spec = new QuerySpec(EntityInfos.of(entity, List.of()), where, parsed.sortKeys(),
        new Window(parsed.first(), limit != null, Window.Paging.NONE), null, true, Semantics.JAKARTA);
    Planned planned = Planner.plan(spec);
    if (planned instanceof Unserved u) {
      throw new QueryPlanner(entity).error(description, u, List.of());
    }
    Plan.VectorRead read = (Plan.VectorRead) planned;
    QueryPlan.NearestSearch search = new QueryPlan.NearestSearch(entity.embedding(read.vector().field()),
        criteria.get(read.nearest()), read.k());
    List<BoundCriterion> group = read.group().stream().map(criteria::get).toList();
    // the other conditions are checked on each candidate by the method's whole predicate (the Near in it is true)
    QueryPlan plan = QueryPlan.ofNearest(search, group, List.of());
    TypeMirror contents = result instanceof DeclaredType d && d.getTypeArguments().size() == 1 ? d.getTypeArguments().get(0) : null;
    String container = result instanceof DeclaredType d ? d.asElement().toString() : "";
    TypeName e = contents == null ? null : TypeName.get(contents);
    boolean fits = (container.equals("java.util.List") || container.equals("java.util.stream.Stream"))
        && (entity.type().equals(e) || ParameterizedTypeName.get(EmbeddingModel.SCORED, entity.type()).equals(e));
    if (!fits) {
      String simple = entity.type().simpleName();
      throw new QueryError(Messages.QUERY_RETURN_TYPE, description, TypeName.get(result), "Near", "List<" + simple
          + ">, List<Scored<" + simple + ">> (io.strata.Scored: the entity and its distance) or a Stream of either");
    }
    return new NearestMethod(entity, plan, e, container.equals("java.util.stream.Stream"), option);
  }

  /**
   * The method's body and javadoc.
   *
   * @param vectors the field holding the entity's {@code VectorQueries}
   * @param where the check of the method's whole condition on an entity {@code e}, or null when it has no other
   * @param limit the {@code Limit} parameter's name, or null
   */
  MethodSpec write(MethodSpec.Builder b, String vectors, CodeBlock where, String limit) {
    CodeBlock k = limit == null ? null : CodeBlock.of("$N.maxResults()", limit);
    boolean nearOnly = where == null || where.toString().equals("true");
    CodeBlock search = VectorOperations.elements(VectorOperations.nearest(entity, plan, vectors, k,
        option == null ? null : CodeBlock.of("$N", option), nearOnly ? null : where), element);
    b.addJavadoc("The $L entities$L nearest the query vector, nearest first, that meet the other conditions.\n\n<p>Plan: $L;"
        + " then reads the row of each candidate, concurrently. Runs in its own transaction, retried on conflicts.\n",
        plan.nearest().k() > 0 ? plan.nearest().k() : "{@code " + limit + ".maxResults()}",
        VectorOperations.scored(element) ? " (each with its distance)" : "", PlanDoc.vectorSearch(plan));
    if (k != null && plan.nearest().k() == 0) {
      b.beginControlFlow("if ($T.given($N).startAt() != 1)", JakartaRepositoryWriter.RESULT_PAGES, limit)
          .addStatement("throw new $T($S + $N + $S)", IllegalArgumentException.class, "a Near search returns the k nearest"
              + " from the nearest on: give Limit.of(k), not ", limit, " (there is no offset into the nearest)")
          .endControlFlow();
    }
    b.addStatement("return $T.call(() -> db.read(tr -> $L.join()))$L", ClassName.get("io.strata", "Blocking"), search,
        stream ? ".stream()" : "");
    return b.build();
  }
}
