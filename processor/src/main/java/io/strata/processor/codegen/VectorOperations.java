package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.QueryPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Vector indexes ({@code @Embedding}) in generated code: their definitions in the entity's store, and the
 * nearest-neighbour search a {@code Near} method runs, in both dialects' repositories. The search itself is the
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
