package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.model.EntityModel;
import io.strata.processor.planning.EntityInfos;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * What a generated repository needs for run-time queries: the entity as the query model describes it (a constant
 * {@code ENTITY}), the {@code io.strata.query.RuntimeQueries} over its store and the metamodel {@code _E}'s
 * attributes, and the {@code where(Restriction)} and {@code jdql(String)} methods returning a {@code Finder}.
 */
public final class RuntimeQueryCode {
  private static final String MODEL = "io.strata.query.model";
  static final ClassName RUNTIME_QUERIES = ClassName.get("io.strata.query", "RuntimeQueries");
  private static final ClassName VALUE_ORDER = ClassName.get("io.strata.query", "ValueOrder");
  private static final ClassName ENTITY_INFO = ClassName.get(MODEL, "EntityInfo");
  private static final ClassName FIELD_INFO = ClassName.get(MODEL, "FieldInfo");
  private static final ClassName INDEX_INFO = ClassName.get(MODEL, "IndexInfo");
  private static final ClassName SPATIAL_INFO = ClassName.get(MODEL, "SpatialInfo");
  private static final ClassName VECTOR_INFO = ClassName.get(MODEL, "VectorInfo");
  private static final ClassName VALUE_KIND = ClassName.get(MODEL, "ValueKind");
  private static final ClassName SEMANTICS = ClassName.get(MODEL, "Semantics");
  private static final ClassName FINDER = ClassName.get("io.strata", "Finder");
  private static final ClassName RESTRICTION = ClassName.get("io.strata", "Restriction");
  private static final ClassName QUERYABLE = ClassName.get("io.strata", "Queryable");
  private static final ClassName JAKARTA_VALUES = ClassName.get("io.strata.jakarta.data", "Values");

  private final EntityModel model;

  public RuntimeQueryCode(EntityModel model) {
    this.model = model;
  }

  /** Adds the {@code ENTITY} constant and the {@code queries} field to {@code type}. */
  public void addFields(TypeSpec.Builder type) {
    type.addField(FieldSpec.builder(ENTITY_INFO, "ENTITY", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(entityInfo()).build());
    type.addField(ParameterizedTypeName.get(RUNTIME_QUERIES, model.type()), "queries", Modifier.PRIVATE, Modifier.FINAL);
  }

  /**
   * Adds {@code where(Restriction)} and {@code jdql(String)} to {@code type}; {@code queryable}: as the methods of
   * {@code io.strata.Queryable}, which {@code type} implements.
   */
  public void addMethods(TypeSpec.Builder type, boolean queryable) {
    if (queryable) {
      type.addSuperinterface(ParameterizedTypeName.get(QUERYABLE, model.type()));
    }
    type.addMethod(override(MethodSpec.methodBuilder("where"), queryable)
        .addJavadoc("A run-time query of the entities {@code restriction} accepts (built over {@link $T}), planned onto this\n"
            + "entity's indexes as a declared method is (the plan cached per query shape); see {@code Finder.explain()} for\n"
            + "the keys it reads.\n"
            + "@throws io.strata.QueryNotServedException from the finder's reads, if no index narrows it and it does not\n"
            + "    {@code allowScan()}\n", MetamodelWriter.name(model))
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(FINDER, model.type()))
        .addParameter(ParameterizedTypeName.get(RESTRICTION, model.type()), "restriction")
        .addStatement("return queries.where(restriction)").build());
    type.addMethod(override(MethodSpec.methodBuilder("jdql"), queryable)
        .addJavadoc("A run-time JDQL query of this entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n}\n"
            + "parameters bound with the finder's {@code bind}; planned as {@link #where} is.\n"
            + "@throws io.strata.query.jdql.JdqlException naming the position of what does not parse or is no finder query\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(FINDER, model.type()))
        .addParameter(String.class, "query")
        .addStatement("return queries.jdql(query)").build());
  }

  private static MethodSpec.Builder override(MethodSpec.Builder method, boolean override) {
    return override ? method.addAnnotation(Override.class) : method;
  }

  /** The statement creating {@code queries} of a Strata repository, once {@code db} and {@code store} are set. */
  CodeBlock initializer() {
    return CodeBlock.of("this.queries = new $T<>(db, store, ENTITY, $L, $T.STRATA, $T.KEYS)", RUNTIME_QUERIES, attributes(),
        SEMANTICS, VALUE_ORDER);
  }

  /**
   * The statement creating {@code queries} of a Jakarta Data repository over {@code db} and the entity store {@code store}:
   * Jakarta's semantics (a null value matches nothing) and value order ({@code Values.ORDER}).
   */
  public CodeBlock jakartaInitializer(String store) {
    return CodeBlock.of("this.queries = new $T<>(db, $N, ENTITY, $L, $T.JAKARTA, $T.ORDER)", RUNTIME_QUERIES, store, attributes(),
        SEMANTICS, JAKARTA_VALUES);
  }

  private CodeBlock attributes() {
    return list(model.fields().stream().map(f -> CodeBlock.of("$T.$N", MetamodelWriter.name(model), f.name())).toList());
  }

  private CodeBlock entityInfo() {
    CodeBlock fields = list(model.fields().stream().map(f -> CodeBlock.of("new $T($S, $T.$L, $L, $L)", FIELD_INFO, f.name(),
        VALUE_KIND, EntityInfos.kind(f).name(), f.id(), f.neverNull())).toList());
    CodeBlock indexes = list(model.indexes().stream().map(index -> CodeBlock.of("new $T($S, $L, $L, $L, $L)", INDEX_INFO,
        index.name(), list(index.fields().stream().map(f -> CodeBlock.of("$S", f.name())).toList()), index.unique(),
        index.covering(), index.composite())).toList());
    CodeBlock spatial = list(model.spatial().stream().map(s -> CodeBlock.of("new $T($S, $L, $L)", SPATIAL_INFO, s.field().name(),
        s.geo(), s.maxRanges())).toList());
    CodeBlock vectors = list(model.embeddings().stream().map(EntityInfos::vector).map(v -> CodeBlock.of("new $T($S, $L, $S, $L)",
        VECTOR_INFO, v.field(), v.dimensions(), v.metric(), list(v.groupBy().stream().map(g -> CodeBlock.of("$S", g)).toList())))
        .toList());
    // aggregates stay out: a run-time finder asks for entities, never for an aggregate's value
    // vectors only where there are some: the other entities' ENTITY keeps its five-argument form
    return model.embeddings().isEmpty()
        ? CodeBlock.of("new $T($S, $L, $L, $L, $T.of())", ENTITY_INFO, model.entityName(), fields, indexes, spatial, List.class)
        : CodeBlock.of("new $T($S, $L, $L, $L, $T.of(), $L)", ENTITY_INFO, model.entityName(), fields, indexes, spatial, List.class,
            vectors);
  }

  private static CodeBlock list(List<CodeBlock> items) {
    return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(items, ",$W"));
  }
}
