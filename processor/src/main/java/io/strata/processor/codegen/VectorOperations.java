package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.QueryPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Vector indexes ({@code @Embedding}) in generated code: their definitions in the entity's store, the
 * {@code nearest<Field>} operations of the entity's generated repository, and the nearest-neighbour search a
 * {@code Near} method runs, in both dialects' repositories. The search itself is the
 * runtime's ({@code io.strata.index.vector}); this writes the call: the index, the group's values, the query vector,
 * k, how many candidates to explore (the per-call search-quality knob) and the check of the other conditions on each
 * candidate.
 */
public final class VectorOperations {
  static final ClassName VECTOR_DEFINITION = ClassName.get("io.strata.index.vector", "VectorDefinition");
  static final ClassName METRIC = ClassName.get("io.strata.index.vector", "Metric");
  public static final ClassName VECTOR_QUERIES = ClassName.get("io.strata.index.vector", "VectorQueries");
  private static final ClassName SCORED = EmbeddingModel.SCORED;

  private VectorOperations() {}

  /** {@code new VectorDefinition(...)} for each {@code @Embedding}, as the store's builder takes them. */
  static List<CodeBlock> definitions(EntityModel model) {
    List<CodeBlock> out = new ArrayList<>();
    for (EmbeddingModel e : model.embeddings()) {
      CodeBlock.Builder groups = CodeBlock.builder();
      for (int i = 0; i < e.groupBy().size(); i++) {
        groups.add(i == 0 ? "$S" : ", $S", e.groupBy().get(i).name());
      }
      out.add(CodeBlock.of("new $T($S, $S, $L, $T.$L, $T.of($L))", VECTOR_DEFINITION, e.name(), e.field().name(), e.dimensions(),
          METRIC, e.metric(), List.class, groups.build()));
    }
    return out;
  }

  /**
   * The generated repository's searches of each {@code @Embedding} field {@code f}: {@code nearest<F>(group values...,
   * float[] query, int k)} and the same with {@code int candidates} (how many candidates to explore), both returning
   * {@code List<Scored<E>>}, nearest first. The repository holds a {@code VectorQueries} field named {@code vectors}.
   */
  static List<Operation> operations(EntityModel model) {
    ValueCode values = new ValueCode(model.codecName());
    List<Operation> ops = new ArrayList<>();
    for (EmbeddingModel e : model.embeddings()) {
      ValueCode.Group group = values.group(e.groupBy());
      String groups = String.join(", ", e.groupBy().stream().map(FieldModel::name).toList());
      String name = "nearest" + Character.toUpperCase(e.name().charAt(0)) + e.name().substring(1);
      String doc = "The {@code k} entities" + (groups.isEmpty() ? "" : " with the given {@code " + groups + "}")
          + " whose {@code " + e.name() + "} is nearest to {@code query}\n(" + e.metric().toLowerCase(java.util.Locale.ROOT)
          + " distance, " + e.dimensions() + " dimensions), nearest first, each with its distance; fewer when fewer have one."
          + "\nReads the vector index {@code (" + CrudOperations.q(model.entityName()) + ", \"N\", " + CrudOperations.q(e.name())
          + (groups.isEmpty() ? "" : ", " + groups) + ", ...)}, then the rows of the candidates.";
      TypeName result = ParameterizedTypeName.get(ClassName.get(List.class), ParameterizedTypeName.get(SCORED, model.type()));
      List<ParameterSpec> params = new ArrayList<>(group.params());
      params.add(ParameterSpec.builder(ArrayTypeName.of(float.class), "query").build());
      params.add(ParameterSpec.builder(int.class, "k").build());
      ops.add(new Operation(name, doc + "\nExplores {@code VectorQueries.DEFAULT_CANDIDATES} candidates.", result, params,
          CodeBlock.of("vectors.nearest(tr, $S, $L, query, k)", e.name(), group.values()), false));
      List<ParameterSpec> tuned = new ArrayList<>(params);
      tuned.add(ParameterSpec.builder(int.class, "candidates").build());
      ops.add(new Operation(name, doc + "\nExplores {@code candidates} candidates: more finds closer neighbours and reads more.",
          result, tuned, CodeBlock.of("vectors.nearest(tr, $S, $L, query, k, candidates, e -> true)", e.name(), group.values()),
          false));
    }
    return ops;
  }

  /** Whether {@code element} (a method's result element) is {@code Scored<E>}, the entity with its distance. */
  public static boolean scored(TypeName element) {
    return element instanceof ParameterizedTypeName p && p.rawType().equals(SCORED);
  }

  /**
   * A {@code CompletableFuture<List<Scored<E>>>} over a transaction {@code tr}: the search {@code plan} asks for.
   *
   * @param queries the {@code VectorQueries} field
   * @param k how many: the plan's fixed k, else this expression (a {@code Limit}'s)
   * @param candidates how many candidates the search explores (the method's last {@code int}), or null for the default
   * @param residual the check of the other conditions on a candidate {@code e}, or null when there are none
   */
  public static CodeBlock nearest(EntityModel entity, QueryPlan plan, String queries, CodeBlock k, CodeBlock candidates,
      CodeBlock residual) {
    QueryPlan.NearestSearch n = plan.nearest();
    ValueCode values = new ValueCode(entity.codecName());
    CodeBlock.Builder group = CodeBlock.builder().add("$T.values(", ValueCode.ELEMENTS);
    for (int i = 0; i < plan.equalities().size(); i++) {
      BoundCriterion c = plan.equalities().get(i);
      CodeBlock value = switch (c.operator()) {
        case TRUE -> CodeBlock.of("true");
        case FALSE -> CodeBlock.of("false");
        default -> values.encode(c.field().queryType(), CodeBlock.of("$N", c.params().get(0)));
      };
      group.add(i == 0 ? "$L" : ", $L", value);
    }
    group.add(")");
    return CodeBlock.of("$N.nearest(tr, $S, $L, $N, $L, $L, $L)", queries, n.embedding().name(), group.build(),
        n.query().params().get(0), n.k() > 0 ? CodeBlock.of("$L", n.k()) : k,
        candidates == null ? CodeBlock.of("$T.DEFAULT_CANDIDATES", VECTOR_QUERIES) : candidates,
        CodeBlock.of("e -> $L", residual == null ? CodeBlock.of("true") : residual));
  }

  /** {@code scored} (a future of {@code List<Scored<E>>}) as the entities alone when {@code element} is not scored. */
  public static CodeBlock elements(CodeBlock scored, TypeName element) {
    return scored(element) ? scored : CodeBlock.of("$L.thenApply(rs -> $T.map(rs, $T::entity))", scored, ValueCode.ELEMENTS, SCORED);
  }
}
