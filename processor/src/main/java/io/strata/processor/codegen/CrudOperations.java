package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/** Operations on whole entities by id: save, find, delete, exists, count, scan, column reads. */
final class CrudOperations {
  static final ClassName PAGE = ClassName.get("io.strata", "Page");
  static final ClassName CONTINUATION = ClassName.get("io.strata", "Continuation");
  static final ClassName INDEX_REPORT = ClassName.get("io.strata", "IndexReport");
  static final ClassName INDEX_MAINTENANCE = ClassName.get("io.strata.index", "IndexMaintenance");

  private final EntityModel model;
  private final ValueCode values;
  private final String e;

  CrudOperations(EntityModel model) {
    this.model = model;
    this.values = new ValueCode(model.codecName());
    this.e = model.entityName();
  }

  private TypeName idType() {
    return model.id().type().type();
  }

  private CodeBlock idElement() {
    return values.encode(model.id().type(), CodeBlock.of("id"));
  }

  /** Decoding an id element held in {@code v}. */
  CodeBlock decodeId(String variable) {
    return values.decode(model.id().type(), CodeBlock.of(variable));
  }

  List<Operation> operations() {
    TypeName t = model.type();
    ParameterSpec entity = ParameterSpec.builder(t, "entity").build();
    ParameterSpec id = ParameterSpec.builder(idType(), "id").build();
    ParameterSpec limit = ParameterSpec.builder(int.class, "limit").build();
    ParameterSpec after = ParameterSpec.builder(CONTINUATION, "after").build();
    TypeName ids = ParameterizedTypeName.get(ClassName.get(Iterable.class), idType().box());
    TypeName entities = ParameterizedTypeName.get(ClassName.get(Iterable.class), com.palantir.javapoet.WildcardTypeName.subtypeOf(t));
    List<Operation> ops = new ArrayList<>();
    String splits = model.embeddings().isEmpty() ? "" : "\nWhen it commits its own transaction (a {@code Database}, not a caller's {@code Transaction}), the\n"
        + "partitions of the vector index it took over their maximum are split, each in a transaction of its own, before it\n"
        + "returns; in a caller's transaction the next insert into such a partition splits it.";
    Operation save = new Operation("save",
        "Inserts or replaces {@code entity}. Reads its stored row {@code (" + q(e) + ", \"R\", id)} first, then writes one\n"
            + "key per non-null field, replaces changed index entries, and bumps the id's count shard {@code (" + q(e) + ", \"#\", shard)} on insert."
            + splits + "\n"
            + "@throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)\n"
            + "@throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)",
        ClassName.get(Void.class), List.of(entity), CodeBlock.of("store.save(tr, entity)"), true);
    Operation saveAll = new Operation("saveAll",
        "Saves every entity in one transaction (see {@link #save(" + simple(t) + ")}).",
        ClassName.get(Void.class), List.of(ParameterSpec.builder(entities, "entities").build()),
        CodeBlock.of("store.saveAll(tr, entities)"), true);
    ops.add(model.embeddings().isEmpty() ? save : save.followedAfterCommit());
    ops.add(model.embeddings().isEmpty() ? saveAll : saveAll.followedAfterCommit());
    ops.add(new Operation("findById",
        "The entity with this id: one range read of {@code (" + q(e) + ", \"R\", id)}.",
        ParameterizedTypeName.get(ClassName.get(Optional.class), t), List.of(id),
        CodeBlock.of("store.load(tr, $L)", idElement()), false).planned("ById"));
    ops.add(new Operation("findAllById",
        "The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.",
        ParameterizedTypeName.get(ClassName.get(List.class), t), List.of(ParameterSpec.builder(ids, "ids").build()),
        CodeBlock.of("store.loadAll(tr, $T.map(ids, id -> $L))", ValueCode.ELEMENTS, idElement()), false).planned("ById"));
    ops.add(new Operation("deleteById",
        "Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code (" + q(e) + ", \"R\", id)}.",
        ClassName.get(Boolean.class), List.of(id), CodeBlock.of("store.delete(tr, $L)", idElement()), true));
    ops.add(new Operation("existsById",
        "Whether the entity exists: a range read of at most one key under {@code (" + q(e) + ", \"R\", id)}.",
        ClassName.get(Boolean.class), List.of(id), CodeBlock.of("store.exists(tr, $L)", idElement()), false).planned("ById"));
    ops.add(new Operation("count",
        "The number of entities: the sum of the count's shards {@code (" + q(e) + ", \"#\", shard)}, each kept by atomic ADD,\n"
            + "read by one range read (no scan).",
        ClassName.get(Long.class), List.of(), CodeBlock.of("store.count(tr)"), false).planned("AggregateRead"));
    ops.add(new Operation("findAll",
        "One page of all entities in id order. Pass the returned continuation to get the next page, in any\n"
            + "transaction or process; {@code after} may be null for the first page.",
        ParameterizedTypeName.get(PAGE, t), List.of(limit, after), CodeBlock.of("store.scan(tr, limit, after)"), false)
        .planned("AllRows"));
    if (model.columnMajor()) {
      for (FieldModel f : model.fields()) {
        if (f.id()) {
          continue;
        }
        TypeName map = ParameterizedTypeName.get(ClassName.get(Map.class), idType().box(), f.type().type().box());
        ops.add(new Operation("findColumn" + capitalized(f.name()),
            "Every entity's {@code " + f.name() + "} by id: one range read of the column copy {@code (" + q(e) + ", \"C\", "
                + q(f.name()) + ")}.",
            map, List.of(),
            CodeBlock.of("store.column(tr, $S).thenApply(c -> $T.mapColumn(c, k -> $L, v -> $L))", f.name(), ValueCode.ELEMENTS,
                decodeId("k"), values.decode(f.type(), CodeBlock.of("v"))),
            false).planned("AllRows"));
      }
    }
    return ops;
  }

  /** Methods outside the blocking/async pattern. */
  List<MethodSpec> extras() {
    ClassName readContext = RepositoryWriter.READ_CONTEXT;
    return List.of(
        MethodSpec.methodBuilder("verifyIndexes")
            .addJavadoc("Checks every index entry against its row and every row against its entries, in short read\n"
                + "transactions of at most 1,000 rows or entries each; safe on live data of any size.\n")
            .addModifiers(Modifier.PUBLIC).returns(INDEX_REPORT)
            .addStatement("return verifyIndexes(db)")
            .build(),
        MethodSpec.methodBuilder("verifyIndexes")
            .addJavadoc("{@link #verifyIndexes()} through {@code tc} (each batch is one read in {@code tc}).\n")
            .addModifiers(Modifier.PUBLIC).returns(INDEX_REPORT)
            .addParameter(readContext, "tc")
            .addStatement("return $T.call(() -> store.verifyIndexes(tc, 1_000))", RepositoryWriter.BLOCKING)
            .build(),
        MethodSpec.methodBuilder("maintenance")
            .addJavadoc("Index states and online builds: an index added to an entity that already has data is\n"
                + "built with {@code maintenance().build(name)} in short transactions while writes continue;\n"
                + "until then queries on it fail with {@link io.strata.IndexNotReadyException}. Reads and\n"
                + "writes {@code (\"__strata\", \"index\", $S)} and, while building, rows and index entries.\n", e)
            .addModifiers(Modifier.PUBLIC).returns(ParameterizedTypeName.get(INDEX_MAINTENANCE, model.type()))
            .addStatement("return store.maintenance(db)")
            .build());
  }

  static String q(String s) {
    return "\"" + s + "\"";
  }

  static String capitalized(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  private static String simple(TypeName t) {
    return t instanceof ClassName c ? c.simpleName() : t.toString();
  }
}
