package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.ValueType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Queries through simple, composite, unique and covering indexes: {@code findByX}, {@code findIdsByX},
 * paged {@code findByX}, {@code findByXBetween}, {@code countByX}, unique {@code Optional} lookups and
 * composite prefix forms.
 */
final class IndexOperations {
  private final EntityModel model;
  private final ValueCode values;
  private final CrudOperations crud;
  private final Set<String> taken = new HashSet<>();

  IndexOperations(EntityModel model) {
    this.model = model;
    this.values = new ValueCode(model.codecName());
    this.crud = new CrudOperations(model);
  }

  /** {@code address.city} → {@code AddressCity}. */
  private static String capitalizedPath(String name) {
    StringBuilder b = new StringBuilder();
    for (String segment : name.split("\\.")) {
      b.append(CrudOperations.capitalized(segment));
    }
    return b.toString();
  }

  /** The parameter holding a field's query value: {@code address.city} → {@code addressCity}. */
  private static String parameter(FieldModel f) {
    String p = capitalizedPath(f.name());
    return Character.toLowerCase(p.charAt(0)) + p.substring(1);
  }

  private static String suffix(List<FieldModel> fields) {
    List<String> names = new ArrayList<>();
    fields.forEach(f -> names.add(capitalizedPath(f.name())));
    return String.join("And", names);
  }

  private List<ParameterSpec> params(List<FieldModel> fields) {
    List<ParameterSpec> out = new ArrayList<>();
    fields.forEach(f -> out.add(ParameterSpec.builder(f.queryType().type(), parameter(f)).build()));
    return out;
  }

  /** A query value as the element stored: document leaves are normalised like the documents themselves. */
  private CodeBlock element(FieldModel f) {
    if (f.type().kind() == ValueType.Kind.DOC_OBJECT) {
      return CodeBlock.of("$T.ofDocumentValue($N)", ValueCode.ELEMENTS, parameter(f));
    }
    return values.encode(f.queryType(), CodeBlock.of("$N", parameter(f)));
  }

  private CodeBlock valueList(List<FieldModel> fields) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.values(", ValueCode.ELEMENTS);
    for (int i = 0; i < fields.size(); i++) {
      b.add(i == 0 ? "$L" : ", $L", element(fields.get(i)));
    }
    return b.add(")").build();
  }

  private String keyDoc(IndexModel index, String prefix) {
    return "{@code (" + CrudOperations.q(model.entityName()) + ", " + prefix + ", " + CrudOperations.q(index.name()) + ", "
        + String.join(", ", index.fields().stream().map(FieldModel::name).toList()) + (prefix.equals("\"U\"") ? ")}" : ", id)}");
  }

  List<Operation> operations() {
    List<Operation> ops = new ArrayList<>();
    for (IndexModel index : model.indexes()) {
      if (index.unique()) {
        unique(index, ops);
      } else {
        plain(index, index.fields(), ops);
        for (int k = index.fields().size() - 1; k >= 1; k--) {
          plain(index, index.fields().subList(0, k), ops);
        }
      }
    }
    return ops;
  }

  private void add(List<Operation> ops, Operation op) {
    String signature = op.name() + op.params().stream().map(p -> p.type().toString()).toList();
    if (taken.add(signature)) {
      ops.add(op);
    }
  }

  private void unique(IndexModel index, List<Operation> ops) {
    TypeName t = model.type();
    add(ops, new Operation("findBy" + suffix(index.fields()),
        "The entity whose {@code " + String.join(", ", index.fields().stream().map(FieldModel::name).toList())
            + "} equals the given value (unique index {@code " + index.name() + "}): one read of " + keyDoc(index, "\"U\"")
            + ", then the row.",
        ParameterizedTypeName.get(ClassName.get(Optional.class), t), params(index.fields()),
        CodeBlock.of("indexes.unique(tr, $S, $L)", index.name(), valueList(index.fields())), false));
  }

  private void plain(IndexModel index, List<FieldModel> fields, List<Operation> ops) {
    TypeName t = model.type();
    String suffix = suffix(fields);
    String which = "whose {@code " + String.join(", ", fields.stream().map(FieldModel::name).toList()) + "} equal the given values";
    String source = index.covering()
        ? "read from the covering entries " + keyDoc(index, "\"I\"") + " alone (no row reads)"
        : "found through " + keyDoc(index, "\"I\"") + ", rows read concurrently";
    List<ParameterSpec> params = params(fields);
    CodeBlock list = valueList(fields);
    TypeName listOfT = ParameterizedTypeName.get(ClassName.get(List.class), t);
    add(ops, new Operation("findBy" + suffix, "The entities " + which + ", in index order; " + source + ".",
        listOfT, params, CodeBlock.of("indexes.find(tr, $S, $L)", index.name(), list), false));
    add(ops, new Operation("findIdsBy" + suffix, "The ids of the entities " + which + ": index keys only, no row reads.",
        ParameterizedTypeName.get(ClassName.get(List.class), model.id().type().type().box()), params,
        CodeBlock.of("indexes.ids(tr, $S, $L).thenApply(ids -> $T.map(ids, v -> $L))", index.name(), list,
            ValueCode.ELEMENTS, crud.decodeId("v")), false));
    List<ParameterSpec> paged = new ArrayList<>(params);
    paged.add(ParameterSpec.builder(int.class, "limit").build());
    paged.add(ParameterSpec.builder(CrudOperations.CONTINUATION, "after").build());
    add(ops, new Operation("findBy" + suffix, "One page of the entities " + which + "; {@code after} (null for the first\n"
            + "page) continues where the previous page stopped, in any transaction.",
        ParameterizedTypeName.get(CrudOperations.PAGE, t), paged,
        CodeBlock.of("indexes.page(tr, $S, $L, limit, after)", index.name(), list), false));
    add(ops, new Operation("countBy" + suffix, "How many entities " + which.replace("whose", "have") + " (reads index keys).",
        ClassName.get(Long.class), params, CodeBlock.of("indexes.count(tr, $S, $L)", index.name(), list), false));
    if (fields.size() == 1 && fields.get(0).queryType().isOrdered()) {
      FieldModel f = fields.get(0);
      TypeName type = f.queryType().type();
      add(ops, new Operation("findBy" + suffix + "Between",
          "The entities whose {@code " + f.name() + "} is in {@code [from, toExclusive)}, in index order.",
          listOfT,
          List.of(ParameterSpec.builder(type, "from").build(), ParameterSpec.builder(type, "toExclusive").build()),
          CodeBlock.of("indexes.between(tr, $S, $T.values($L), $T.values($L))", index.name(),
              ValueCode.ELEMENTS, values.bound(f.queryType(), CodeBlock.of("from")),
              ValueCode.ELEMENTS, values.bound(f.queryType(), CodeBlock.of("toExclusive"))),
          false));
    }
  }
}
