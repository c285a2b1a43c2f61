package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.IndexModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Type>Repository}: the typed face of {@code io.strata.repository.EntityStore} with every
 * operation blocking and asynchronous ({@code repository.async()}), each alone or inside a caller's
 * transaction. Per-feature operations come from {@link CrudOperations} and {@link IndexOperations}.
 */
public final class RepositoryWriter {
  static final ClassName DATABASE = ClassName.get("com.apple.foundationdb", "Database");
  static final ClassName STRATA_DB = ClassName.get("io.strata", "StrataDb");
  static final ClassName SUBSPACE = ClassName.get("com.apple.foundationdb.subspace", "Subspace");
  static final ClassName TX_CONTEXT = ClassName.get("com.apple.foundationdb", "TransactionContext");
  static final ClassName READ_CONTEXT = ClassName.get("com.apple.foundationdb", "ReadTransactionContext");
  public static final ClassName STORE = ClassName.get("io.strata.repository", "EntityStore");
  static final ClassName INDEX_QUERIES = ClassName.get("io.strata.query", "IndexQueries");
  static final ClassName SPATIAL_QUERIES = ClassName.get("io.strata.query", "SpatialQueries");
  static final ClassName DOCUMENT_PATHS = ClassName.get("io.strata.repository", "DocumentPaths");
  static final ClassName BLOCKING = ClassName.get("io.strata", "Blocking");

  public JavaFile write(EntityModel model) {
    ClassName repo = model.repositoryName();
    ClassName asyncName = repo.nestedClass("Async");
    List<Operation> operations = new ArrayList<>(new CrudOperations(model).operations());
    operations.addAll(Operation.planned(new IndexOperations(model).operations(), "IndexRead"));
    operations.addAll(Operation.planned(new SpatialOperations(model).operations(), "SpatialRead"));
    operations.addAll(Operation.planned(new BlobDocumentOperations(model).operations(), "ById"));
    operations.addAll(Operation.planned(new AggregateOperations(model).operations(), "AggregateRead"));
    operations.addAll(Operation.planned(new RankOperations(model).operations(), "IndexRead"));
    operations.addAll(Operation.planned(new TextOperations(model).operations(), "IndexRead"));
    operations.addAll(Operation.planned(new VersionedOperations(model).operations(), "IndexRead"));
    operations.addAll(Operation.planned(VectorOperations.operations(model), "VectorRead"));

    TypeSpec.Builder type = ClassShell.type(repo, model.injectable())
        .addJavadoc("Stores {@link $T} entities under {@code ($S, ...)} in FoundationDB: rows {@code ($S, \"R\", id, field)},\n",
            model.type(), model.entityName(), model.entityName())
        .addJavadoc("the count's shards {@code ($S, \"#\", shard)}$L. Thread-safe.\n", model.entityName(),
            model.indexes().isEmpty() ? "" : " and index entries under {@code (" + "\"" + model.entityName() + "\", \"I\"/\"U\", name, ...)}");
    ParameterizedTypeName storeType = ParameterizedTypeName.get(STORE, model.type());
    type.addField(DATABASE, "db", Modifier.PRIVATE, Modifier.FINAL)
        .addField(storeType, "store", Modifier.PRIVATE, Modifier.FINAL);
    if (!model.indexes().isEmpty()) {
      type.addField(ParameterizedTypeName.get(INDEX_QUERIES, model.type()), "indexes", Modifier.PRIVATE, Modifier.FINAL);
    }
    if (!model.spatial().isEmpty()) {
      type.addField(ParameterizedTypeName.get(SPATIAL_QUERIES, model.type()), "spatial", Modifier.PRIVATE, Modifier.FINAL);
    }
    if (!model.documents().isEmpty()) {
      type.addField(ParameterizedTypeName.get(DOCUMENT_PATHS, model.type()), "documents", Modifier.PRIVATE, Modifier.FINAL);
    }
    if (!model.aggregates().isEmpty()) {
      type.addField(ParameterizedTypeName.get(AggregateOperations.AGGREGATE_QUERIES, model.type()), "aggregates", Modifier.PRIVATE,
          Modifier.FINAL);
    }
    if (!model.ranks().isEmpty()) {
      type.addField(ParameterizedTypeName.get(RankOperations.RANK_QUERIES, model.type()), "ranks", Modifier.PRIVATE, Modifier.FINAL);
    }
    if (!model.texts().isEmpty()) {
      type.addField(ParameterizedTypeName.get(TextOperations.TEXT_QUERIES, model.type()), "fullText", Modifier.PRIVATE, Modifier.FINAL);
    }
    if (!model.embeddings().isEmpty()) {
      type.addField(ParameterizedTypeName.get(VectorOperations.VECTOR_QUERIES, model.type()), "vectors", Modifier.PRIVATE,
          Modifier.FINAL);
    }
    if (model.versioned()) {
      type.addField(ParameterizedTypeName.get(VersionedOperations.CHANGE_FEED, model.type(), model.id().type().type().box()), "feed",
          Modifier.PRIVATE, Modifier.FINAL);
    }
    RuntimeQueryCode runtimeQueries = new RuntimeQueryCode(model);
    runtimeQueries.addFields(type);
    type.addField(FieldSpec.builder(asyncName, "async", Modifier.PRIVATE, Modifier.FINAL).initializer("new Async()").build());

    ClassShell shell = new ClassShell("A repository whose keys");
    type.addMethod(ClassShell.strataDbConstructor(model.injectable(), null));
    MethodSpec.Builder ctor = shell.prefixConstructor(assignDb())
        .addStatement("this.store = $L", newStore(model));
    if (!model.indexes().isEmpty()) {
      ctor.addStatement("this.indexes = new $T<>(store)", INDEX_QUERIES);
    }
    if (!model.aggregates().isEmpty()) {
      ctor.addStatement("this.aggregates = new $T<>(store)", AggregateOperations.AGGREGATE_QUERIES);
    }
    if (!model.ranks().isEmpty()) {
      ctor.addStatement("this.ranks = new $T<>(store)", RankOperations.RANK_QUERIES);
    }
    if (!model.texts().isEmpty()) {
      ctor.addStatement("this.fullText = new $T<>(store)", TextOperations.TEXT_QUERIES);
    }
    if (!model.embeddings().isEmpty()) {
      ctor.addStatement("this.vectors = new $T<>(store)", VectorOperations.VECTOR_QUERIES);
    }
    if (model.versioned()) {
      ctor.addStatement("this.feed = new $T<>(store)", VersionedOperations.CHANGE_FEED);
    }
    if (!model.spatial().isEmpty()) {
      ctor.addStatement("this.spatial = new $T<>(store)", SPATIAL_QUERIES);
    }
    if (!model.documents().isEmpty()) {
      ctor.addStatement("this.documents = new $T<>(store)", DOCUMENT_PATHS);
    }
    ctor.addStatement(runtimeQueries.initializer());
    type.addMethod(shell.rootConstructor()).addMethod(ctor.build());

    type.addMethod(MethodSpec.methodBuilder("async")
        .addJavadoc("The same operations returning {@link $T}s, for non-blocking callers.\n", CompletableFuture.class)
        .addModifiers(Modifier.PUBLIC).returns(asyncName).addStatement("return async").build());

    TypeSpec.Builder async = TypeSpec.classBuilder("Async")
        .addJavadoc("Asynchronous operations of {@link $T}; obtain with {@link $T#async()}.\n", repo, repo)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL);
    async.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    for (Operation op : operations) {
      type.addMethods(blocking(op, model.entityName(), repo.simpleName()));
      async.addMethods(asynchronous(op, model.entityName(), repo.simpleName() + ".Async"));
    }
    type.addMethods(new CrudOperations(model).extras());
    type.addMethods(new VersionedOperations(model).extras());
    runtimeQueries.addMethods(type, false);
    type.addType(async.build());
    return JavaFile.builder(repo.packageName(), type.build()).skipJavaLangImports(true).indent("  ").build();
  }

  /** The first statement of a constructor whose class keeps {@code db}: {@code this.db = requireNonNull(db)}. */
  static CodeBlock assignDb() {
    return CodeBlock.of("this.db = $T.requireNonNull(db, $S)", Objects.class, "db");
  }

  /**
   * The store of the entity, described in declaration order:
   * {@code EntityStore.builder(Codec.INSTANCE, root).uniqueIndex(...).index(...).geoSpatial(...).derived(...).build()}.
   */
  public static CodeBlock newStore(EntityModel model) {
    return newStore(model, false);
  }

  /**
   * The store of the entity, as {@link #newStore(EntityModel)}; with {@code assignIds}, one that gives an entity saved
   * with a null id a fresh one, when its id type allows ({@link EntityModel#assignedIds()}).
   */
  public static CodeBlock newStore(EntityModel model, boolean assignIds) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.builder($T.INSTANCE, $T.requireNonNull(root, $S))", STORE, model.codecName(),
        Objects.class, "root").indent();
    for (IndexModel index : model.indexes()) {
      CodeBlock.Builder fields = CodeBlock.builder();
      index.fields().forEach(f -> fields.add(", $S", f.name()));
      String kind = index.unique() ? "uniqueIndex" : index.covering() ? "coveringIndex" : "index";
      b.add("\n.$L($S$L)", kind, index.name(), fields.build());
    }
    model.spatial().forEach(s -> b.add("\n.$L($S, $L)", s.geo() ? "geoSpatial" : "spatial", s.field().name(), s.maxRanges()));
    model.blobs().forEach(blob -> b.add("\n.blob($S, $L)", blob.field().name(), blob.chunkSize()));
    model.documents().forEach(d -> b.add("\n.document($S)", d.name()));
    if (model.packed()) {
      b.add("\n.packed()");
    }
    if (model.columnMajor()) {
      b.add("\n.columnMajor()");
    }
    CodeBlock.Builder nonNull = CodeBlock.builder();
    model.fields().stream().filter(f -> f.nonNull() && !f.type().isPrimitive() && !f.id())
        .forEach(f -> nonNull.add(nonNull.isEmpty() ? "$S" : ", $S", f.name()));
    if (!nonNull.isEmpty()) {
      b.add("\n.nonNull($L)", nonNull.build());
    }
    derivedDefinitions(model).forEach(d -> b.add("\n.derived($L)", d));
    b.add("\n.ids(v -> $L)", new CrudOperations(model).decodeId("v"));
    if (assignIds && model.assignedIds() != null) {
      b.add("\n.assignedIds($T.$L)", ClassName.get("io.strata.repository", "AssignedIds"), model.assignedIds());
    }
    return b.add("\n.build()").unindent().build();
  }

  /** The entity's aggregate, rank, text and vector indexes and change feed, as their definitions. */
  private static List<CodeBlock> derivedDefinitions(EntityModel model) {
    List<CodeBlock> definitions = new ArrayList<>(AggregateOperations.definitions(model));
    definitions.addAll(RankOperations.definitions(model));
    definitions.addAll(TextOperations.definitions(model));
    definitions.addAll(VectorOperations.definitions(model));
    if (model.versioned()) {
      definitions.add(CodeBlock.of("new $T()", VersionedOperations.VERSIONED_DEFINITION));
    }
    return definitions;
  }

  private static ParameterSpec context(Operation op) {
    return ParameterSpec.builder(op.write() ? TX_CONTEXT : READ_CONTEXT, "tc").build();
  }

  private static String arguments(Operation op) {
    List<String> names = new ArrayList<>();
    op.params().forEach(p -> names.add(p.name()));
    return String.join(", ", names);
  }

  private static TypeName unboxedIfPossible(TypeName t) {
    if (t.equals(ClassName.get(Void.class))) {
      return TypeName.VOID;
    }
    return t.isBoxedPrimitive() ? t.unbox() : t;
  }

  /** The operation's javadoc with {@code note} as a paragraph before any block tags. */
  private static String doc(Operation op, String note) {
    int tags = op.doc().indexOf("\n@");
    String body = tags < 0 ? op.doc() : op.doc().substring(0, tags);
    String blockTags = tags < 0 ? "" : op.doc().substring(tags);
    return body + "\n<p>" + note + blockTags + "\n";
  }

  /** Operations whose last parameter is a document path take it as varargs. */
  private static boolean varargs(Operation op) {
    return !op.params().isEmpty() && op.params().get(op.params().size() - 1).name().equals("path");
  }

  /** The blocking forms of {@code op}: in its own transaction, and in {@code tc}, observed ({@link CallHook}). */
  private static List<MethodSpec> blocking(Operation op, String entity, String type) {
    TypeName result = unboxedIfPossible(op.result());
    String args = arguments(op);
    MethodSpec.Builder shortForm = MethodSpec.methodBuilder(op.name())
        .addJavadoc("$L", doc(op, "Runs in its own transaction, retried on conflicts."))
        .addModifiers(Modifier.PUBLIC).returns(result).addParameters(op.params()).varargs(varargs(op));
    MethodSpec.Builder inContext = MethodSpec.methodBuilder(op.name())
        .addJavadoc("$L", doc(op, "Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work."))
        .addModifiers(Modifier.PUBLIC).returns(result).addParameter(context(op)).addParameters(op.params()).varargs(varargs(op));
    CodeBlock run = op.afterCommit() ? CodeBlock.of("store.run(tc, tr -> $L.join())", op.core())
        : CodeBlock.of("tc.$N(tr -> $L.join())", op.write() ? "run" : "read", op.core());
    if (result.equals(TypeName.VOID)) {
      shortForm.addStatement("$N(db$L)", op.name(), args.isEmpty() ? "" : ", " + args);
      inContext.addStatement("$T.call(() -> $L)", BLOCKING, run);
    } else {
      shortForm.addStatement("return $N(db$L)", op.name(), args.isEmpty() ? "" : ", " + args);
      inContext.addStatement("return $T.call(() -> $L)", BLOCKING, run);
    }
    return List.of(shortForm.build(), CallHook.observed(inContext.build(), "tc", entity, type, op.plan()));
  }

  /**
   * The asynchronous forms of {@code op}: in its own transaction, and in {@code tc}, observed until the future completes
   * ({@link CallHook}).
   */
  private static List<MethodSpec> asynchronous(Operation op, String entity, String type) {
    TypeName future = ParameterizedTypeName.get(ClassName.get(CompletableFuture.class), op.result());
    String args = arguments(op);
    String call = op.write() ? "runAsync" : "readAsync";
    MethodSpec shortForm = MethodSpec.methodBuilder(op.name())
        .addJavadoc("$L", doc(op, "Runs in its own transaction, retried on conflicts."))
        .addModifiers(Modifier.PUBLIC).returns(future).addParameters(op.params()).varargs(varargs(op))
        .addStatement("return $N(db$L)", op.name(), args.isEmpty() ? "" : ", " + args)
        .build();
    MethodSpec inContext = MethodSpec.methodBuilder(op.name())
        .addJavadoc("$L", doc(op, "Runs inside {@code tc}."))
        .addModifiers(Modifier.PUBLIC).returns(future).addParameter(context(op)).addParameters(op.params()).varargs(varargs(op))
        .addStatement(op.afterCommit() ? CodeBlock.of("return store.runAsync(tc, tr -> $L)", op.core())
            : CodeBlock.of("return tc.$N(tr -> $L)", call, op.core()))
        .build();
    return List.of(shortForm, CallHook.observed(inContext, "tc", entity, type, op.plan()));
  }
}
