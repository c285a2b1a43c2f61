package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.RankModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads of {@code @Rank}s: {@code <name>RankOf}, {@code <name>At}, {@code <name>Range} and {@code <name>Size}. */
final class RankOperations {
  static final ClassName RANK_QUERIES = ClassName.get("io.strata.index.rank", "RankQueries");
  static final ClassName RANK_DEFINITION = ClassName.get("io.strata.index.rank", "RankDefinition");

  private final EntityModel model;
  private final ValueCode values;

  RankOperations(EntityModel model) {
    this.model = model;
    this.values = new ValueCode(model.codecName());
  }

  /** {@code new RankDefinition(...)} for each rank, as the store's constructor takes them. */
  static List<CodeBlock> definitions(EntityModel model) {
    List<CodeBlock> out = new ArrayList<>();
    for (RankModel r : model.ranks()) {
      CodeBlock.Builder groups = CodeBlock.builder();
      for (int i = 0; i < r.groupBy().size(); i++) {
        groups.add(i == 0 ? "$S" : ", $S", r.groupBy().get(i).name());
      }
      out.add(CodeBlock.of("new $T($S, $S, $T.of($L), $L)", RANK_DEFINITION, r.name(), r.field().name(), List.class, groups.build(),
          r.descending()));
    }
    return out;
  }

  List<Operation> operations() {
    return model.ranks().stream().flatMap(r -> operations(r).stream()).toList();
  }

  /** The operations of one rank. */
  List<Operation> operations(RankModel r) {
    List<Operation> ops = new ArrayList<>();
    ValueCode.Group group = values.group(r.groupBy());
    List<ParameterSpec> groupParams = group.params();
    CodeBlock groupValues = group.values();
    String groups = String.join(", ", r.groupBy().stream().map(FieldModel::name).toList());
    String in = groups.isEmpty() ? "" : " among the entities with the given {@code " + groups + "}";
    String order = "ordered by {@code " + r.field().name() + "} then id, " + (r.descending() ? "largest first" : "smallest first");
    String keys = "the ranked skip list {@code (" + CrudOperations.q(model.entityName()) + ", \"K\", " + CrudOperations.q(r.name())
        + (groups.isEmpty() ? "" : ", " + groups) + ", ...)}";
    String name = r.name();

    List<ParameterSpec> rankOf = new ArrayList<>(groupParams);
    rankOf.add(ParameterSpec.builder(model.id().type().type(), "id").build());
    ops.add(new Operation(name + "RankOf", "The 0-based rank of entity {@code id}" + in + ", " + order + "; empty when it does not\n"
            + "exist, is in another group or has no {@code " + r.field().name() + "}. Reads its row, then O(log n) keys of " + keys + ".",
        ClassName.get(OptionalLong.class), rankOf,
        CodeBlock.of("ranks.rankOf(tr, $S, $L, $L)", name, groupValues, values.encode(model.id().type(), CodeBlock.of("id"))), false));

    List<ParameterSpec> at = new ArrayList<>(groupParams);
    at.add(ParameterSpec.builder(long.class, "rank").build());
    ops.add(new Operation(name + "At", "The entity at 0-based {@code rank}" + in + ", " + order + "; empty past the end.\n"
            + "Reads O(log n) keys of " + keys + ", then the row.",
        ParameterizedTypeName.get(ClassName.get(Optional.class), model.type()), at,
        CodeBlock.of("ranks.at(tr, $S, $L, rank)", name, groupValues), false));

    List<ParameterSpec> range = new ArrayList<>(groupParams);
    range.add(ParameterSpec.builder(long.class, "fromRank").build());
    range.add(ParameterSpec.builder(int.class, "count").build());
    ops.add(new Operation(name + "Range", "The entities at ranks {@code fromRank} to {@code fromRank + count - 1}" + in + ", " + order
            + "\n(fewer at the end). Reads O(log n + count) keys of " + keys + ", then the rows concurrently.",
        ParameterizedTypeName.get(ClassName.get(List.class), model.type()), range,
        CodeBlock.of("ranks.range(tr, $S, $L, fromRank, count)", name, groupValues), false));

    ops.add(new Operation(name + "Size", "How many entities are ranked" + in + ": the top level of " + keys + ".",
        ClassName.get(Long.class), groupParams, CodeBlock.of("ranks.size(tr, $S, $L)", name, groupValues), false));
    return ops;
  }
}
