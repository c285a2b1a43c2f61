package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads of {@code @Aggregate}s: {@code long <name>(groups…)} for COUNT/SUM, {@code Optional<F>
 * <name>(groups…)} for MIN/MAX, and {@code <name>ByGroup()} when the aggregate has one group field.
 */
final class AggregateOperations {
  static final ClassName AGGREGATE_QUERIES = ClassName.get("io.strata.index.aggregate", "AggregateQueries");
  static final ClassName AGGREGATE_DEFINITION = ClassName.get("io.strata.index.aggregate", "AggregateDefinition");

  private final EntityModel model;
  private final ValueCode values;

  AggregateOperations(EntityModel model) {
    this.model = model;
    this.values = new ValueCode(model.codecName());
  }

  /** {@code new AggregateDefinition(...)} for each aggregate, as the store's constructor takes them. */
  static List<CodeBlock> definitions(EntityModel model) {
    List<CodeBlock> out = new ArrayList<>();
    for (AggregateModel a : model.aggregates()) {
      CodeBlock.Builder groups = CodeBlock.builder();
      for (int i = 0; i < a.groupBy().size(); i++) {
        groups.add(i == 0 ? "$S" : ", $S", a.groupBy().get(i).name());
      }
      out.add(CodeBlock.of("new $T($S, $T.Function.$L, $L, $T.of($L))", AGGREGATE_DEFINITION, a.name(), AGGREGATE_DEFINITION,
          a.function(), a.field() == null ? "null" : CodeBlock.of("$S", a.field().name()), List.class, groups.build()));
    }
    return out;
  }

  /** The aggregate's keys for javadoc: the group's counter, or its {@code (…, value, id)} entries. */
  static String keys(EntityModel model, AggregateModel a) {
    String groups = String.join(", ", a.groupBy().stream().map(FieldModel::name).toList());
    String prefix = CrudOperations.q(model.entityName()) + ", \"A\", " + CrudOperations.q(a.name()) + (groups.isEmpty() ? "" : ", " + groups);
    return a.counter() ? "{@code (" + prefix + ", shard)}" : "{@code (" + prefix + ", " + a.field().name() + ", id)}";
  }

  /** What the aggregate computes, for javadoc: "The number of entities", "The sum of {@code f} over the entities", … */
  static String what(AggregateModel a) {
    return switch (a.function()) {
      case "COUNT" -> a.field() == null ? "The number of entities" : "The number of entities whose {@code " + a.field().name() + "} is not null";
      case "SUM" -> "The sum of {@code " + a.field().name() + "} over the entities";
      case "MIN" -> "The smallest {@code " + a.field().name() + "} of the entities";
      default -> "The largest {@code " + a.field().name() + "} of the entities";
    };
  }

  List<Operation> operations() {
    return model.aggregates().stream().flatMap(a -> operations(a).stream()).toList();
  }

  /** The operations of one aggregate. */
  List<Operation> operations(AggregateModel a) {
    List<Operation> ops = new ArrayList<>();
    ValueCode.Group group = values.group(a.groupBy());
    List<ParameterSpec> params = group.params();
    CodeBlock groupValues = group.values();
    String which = a.groupBy().isEmpty() ? "" : " whose {@code " + String.join(", ", a.groupBy().stream().map(FieldModel::name).toList())
        + "} equal the given values";
    String name = a.name();
    if (a.counter()) {
      ops.add(new Operation(name, what(a) + which + " (@Aggregate " + a.function() + "): one range read of the shards " + keys(model, a)
              + ", summed, each kept by atomic ADD in each save and delete; 0 for an empty group.",
          ClassName.get(Long.class), params, CodeBlock.of("aggregates.total(tr, $S, $L)", name, groupValues), false));
    } else {
      TypeName boxed = a.field().type().type().box();
      ops.add(new Operation(name, what(a) + which + " (@Aggregate " + a.function() + "), empty when there are none: the "
              + (a.function().equals("MIN") ? "first" : "last") + " key of " + keys(model, a) + ", one range read of one key.",
          ParameterizedTypeName.get(ClassName.get(Optional.class), boxed), params,
          CodeBlock.of("aggregates.extreme(tr, $S, $L).thenApply(o -> o.map(v -> $L))", name, groupValues,
              values.decode(a.field().type(), CodeBlock.of("v"))), false));
    }
    if (a.groupBy().size() == 1) {
      FieldModel g = a.groupBy().get(0);
      TypeName key = g.type().type().box();
      if (a.counter()) {
        ops.add(new Operation(name + "ByGroup", what(a) + " per {@code " + g.name() + "} (@Aggregate " + a.function()
                + "), in group order; groups whose total is 0 are left out. One range read of " + keys(model, a) + ".",
            ParameterizedTypeName.get(ClassName.get(Map.class), key, ClassName.get(Long.class)), List.of(),
            CodeBlock.of("aggregates.totalsByGroup(tr, $S).thenApply(m -> $T.mapColumn(m, k -> $L, v -> (Long) v))", name,
                ValueCode.ELEMENTS, values.decode(g.type(), CodeBlock.of("k"))), false));
      } else {
        TypeName boxed = a.field().type().type().box();
        ops.add(new Operation(name + "ByGroup", what(a) + " per {@code " + g.name() + "} (@Aggregate " + a.function()
                + "), in group order: one single-key read of " + keys(model, a) + " per group.",
            ParameterizedTypeName.get(ClassName.get(Map.class), key, boxed), List.of(),
            CodeBlock.of("aggregates.extremesByGroup(tr, $S).thenApply(m -> $T.mapColumn(m, k -> $L, v -> $L))", name,
                ValueCode.ELEMENTS, values.decode(g.type(), CodeBlock.of("k")), values.decode(a.field().type(), CodeBlock.of("v"))), false));
      }
    }
    return ops;
  }
}
