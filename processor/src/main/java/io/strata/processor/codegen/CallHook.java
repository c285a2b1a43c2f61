package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.QueryPlan;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * The observation hook every writer of repository methods puts around a finished method: its body runs inside
 * {@code RepositoryCalls.observe(context, entity, "Type.method", plan, () -> { body })}, which is the body alone (after
 * one {@code instanceof}) unless the database was observed (docs/observability.md). A method returning a
 * {@code CompletableFuture} is observed until the future completes ({@code observeAsync}), one returning a
 * {@code Stream} until the stream ends ({@code observeStream}).
 */
public final class CallHook {
  static final ClassName REPOSITORY_CALLS = ClassName.get("io.strata.observation", "RepositoryCalls");
  private static final Map<TypeName, String> DEFERRED = Map.of(ClassName.get(Stream.class), "observeStream",
      ClassName.get(CompletableFuture.class), "observeAsync");

  private CallHook() {}

  /**
   * {@code method} with its body observed as a call of {@code entity} (the entity's name, as in its keys) named
   * {@code type.method}, whose plan is of kind {@code plan} ({@code ById}, {@code IndexRead}, … or {@code write}),
   * run on the database or transaction context named {@code context}.
   */
  public static MethodSpec observed(MethodSpec method, String context, String entity, String type, String plan) {
    TypeName result = method.returnType();
    boolean none = result.equals(TypeName.VOID);
    String hook = result instanceof ParameterizedTypeName p ? DEFERRED.getOrDefault(p.rawType(), "observe") : "observe";
    return MethodSpec.methodBuilder(method.name())
        .addJavadoc(method.javadoc())
        .addAnnotations(method.annotations())
        .addModifiers(method.modifiers())
        .addTypeVariables(method.typeVariables())
        .returns(result)
        .addParameters(method.parameters())
        .varargs(method.varargs())
        .addExceptions(method.exceptions())
        .addCode(none ? "$T.$L($N, $S, $S, $S, () -> {\n$>" : "return $T.$L($N, $S, $S, $S, () -> {\n$>",
            REPOSITORY_CALLS, none ? "observeVoid" : hook, context, entity, type + "." + method.name(), plan)
        .addCode(method.code())
        .addCode("$<});\n")
        .build();
  }

  /** The kind of a declared query's read, as the query model names its plans: {@code Union} for more than one plan. */
  static String kind(List<QueryPlan> plans) {
    QueryPlan plan = plans.get(0);
    return plans.size() > 1 && !plans.stream().allMatch(QueryPlan::allRows) ? "Union"
        : plan.nearest() != null ? "VectorRead"
        : plan.aggregate() != null ? "AggregateRead"
        : plan.spatial() != null ? "SpatialRead"
        : plan.allRows() ? "AllRows"
        : plan.byId() ? "ById"
        : "IndexRead";
  }
}
