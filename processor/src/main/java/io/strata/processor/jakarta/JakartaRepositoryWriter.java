package io.strata.processor.jakarta;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.codegen.ClassShell;
import io.strata.processor.codegen.RepositoryWriter;
import io.strata.processor.codegen.RuntimeQueryCode;
import io.strata.processor.codegen.VectorOperations;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.Messages;
import io.strata.processor.codegen.RestrictedMethodWriter;
import io.strata.processor.model.RestrictedMethod;
import io.strata.processor.validation.RepositoryValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Generates {@code <Interface>Impl} for an interface annotated {@code jakarta.data.repository.Repository}: the built-in
 * methods of {@code BasicRepository}/{@code CrudRepository} (which are themselves {@code @Find}, {@code @Save},
 * {@code @Delete}… methods), Query by Method Name, {@code @Find}/{@code @By}/{@code @OrderBy}, {@code @Query} in JDQL
 * (parsed and bound at compile time: an invalid query is a compile error on the method), and the lifecycle methods.
 *
 * <p>Each query is bound at compile time to Java code over the entity's getters (no reflection): a predicate, a static
 * order, a projection. At run time the generated method reads its candidates through {@code DataStore}: the rows of the
 * ids it names, the keys of the index {@link JakartaPlanner} planned it onto, or every row in id order, in batches; the
 * predicate checks every condition on them. A find that can stop early (a limit, a page, a cursored page, a stream) in
 * an order an index's keys hold reads that index in order ({@code IndexOrder}: the static order's index, or the
 * candidate indexes of an order chosen at run time); everything else is sorted and paged in memory with
 * {@code ResultPages}.
 */
public final class JakartaRepositoryWriter {
  public static final String REPOSITORY = "jakarta.data.repository.Repository";
  /** The compiler option that makes a Jakarta Data method no index serves a compile error instead of a warning. */
  public static final String REQUIRE_INDEXES_OPTION = "strata.requireIndexes";
  static final ClassName DATA_STORE = ClassName.get("io.strata.jakarta.data", "DataStore");
  private static final ClassName STORE = ClassName.get("io.strata.repository", "EntityStore");
  private static final ClassName ATTRIBUTES = ClassName.get("io.strata.jakarta.data", "Attributes");
  static final ClassName RESULT_PAGES = ClassName.get("io.strata.jakarta.data", "ResultPages");
  static final ClassName SORT = ClassName.get("jakarta.data", "Sort");

  final ProcessingEnvironment env;
  private final Elements elements;
  final Diagnostics diagnostics;
  final Function<TypeElement, Optional<EntityModel>> models;
  final RepositoryTypes repositoryTypes;
  private final Predicate<EntityModel> generatedMetamodel;
  /** {@code -Astrata.requireIndexes} as given, null when absent. */
  private final String requireIndexesOption;
  boolean requireIndexes;
  /** The entities of the repository being written that a {@code Near} method searches. */
  final java.util.Set<ClassName> vectorEntities = new java.util.HashSet<>();
  /** The {@code DeclaredQuery} constants of the repository's methods that take a {@code Restriction}, and their names. */
  private TypeSpec.Builder restrictedConstants;
  private final java.util.Set<String> restrictedNames = new java.util.HashSet<>();

  /**
   * @param models the entity model of a type, empty when it is not an entity Strata stores
   * @param generatedMetamodel whether this processor wrote the entity's static metamodel {@code _E} (whose attributes
   *     build restrictions), not the application (the TCK's entities bring their own, of Jakarta Data's attributes only)
   */
  public JakartaRepositoryWriter(ProcessingEnvironment env, Diagnostics diagnostics, Function<TypeElement, Optional<EntityModel>> models,
      Predicate<EntityModel> generatedMetamodel) {
    this.generatedMetamodel = generatedMetamodel;
    this.env = env;
    this.elements = env.getElementUtils();
    this.repositoryTypes = new RepositoryTypes(env);
    this.diagnostics = diagnostics;
    this.models = models;
    this.requireIndexesOption = env.getOptions().get(REQUIRE_INDEXES_OPTION);
  }


  /**
   * Why {@code repository} is not Strata's to implement (another provider named, or entities Strata does not store),
   * empty when it is Strata's.
   */
  public Optional<String> whyNotStrata(TypeElement repository) {
    return repositoryTypes.whyNotStrata(repository);
  }

  /** The generated implementation, or empty when an error was reported. */
  public Optional<JavaFile> write(TypeElement repository) {
    diagnostics.reset();
    if (requireIndexesOption != null && !requireIndexesOption.equals("true") && !requireIndexesOption.equals("false")) {
      diagnostics.error(repository, Messages.REQUIRE_INDEXES_OPTION_INVALID, requireIndexesOption);
      return Optional.empty();
    }
    requireIndexes = Boolean.parseBoolean(requireIndexesOption);
    ClassName iface = ClassName.get(repository);
    ClassName impl = ClassName.get(iface.packageName(), String.join("_", iface.simpleNames()) + "Impl");
    Map<ClassName, EntityModel> entities = new LinkedHashMap<>();
    TypeElement primary = repositoryTypes.primaryEntity(repository);
    boolean rejected = false;
    if (primary != null) {
      Optional<EntityModel> model = models.apply(primary);
      model.ifPresent(m -> entities.put(m.type(), m));
      rejected = model.isEmpty();
    }
    // every entity first: validating one resets the diagnostics' failure flag
    for (ExecutableElement m : repositoryTypes.methods(repository)) {
      rejected |= repositoryTypes.lifecycleEntity(repository, m).map(models::apply).filter(Optional::isEmpty).isPresent();
    }
    if (rejected) {
      // the entity's own errors say what to fix; its methods would only repeat that Strata stores no such entity
      return Optional.empty();
    }
    if (!queryable(repository, primary == null ? null : entities.get(ClassName.get(primary)))) {
      return Optional.empty();
    }
    diagnostics.reset();
    vectorEntities.clear();
    restrictedConstants = TypeSpec.classBuilder(impl);
    restrictedNames.clear();
    List<MethodSpec> methods = new ArrayList<>();
    for (ExecutableElement m : repositoryTypes.methods(repository)) {
      JakartaMethodWriter writer = new JakartaMethodWriter(this, repository, m, primary, entities);
      writer.write().map(writer::observed).ifPresent(methods::add);
    }
    if (diagnostics.failed()) {
      return Optional.empty();
    }
    boolean injectable = elements.getTypeElement("jakarta.inject.Singleton") != null;
    TypeSpec.Builder type = ClassShell.type(impl, injectable)
        .addJavadoc("The Jakarta Data repository {@link $T} on Strata. Each method's javadoc says which keys it reads.\n"
            + "Thread-safe.\n", iface)
        .addSuperinterface(iface);
    ClassShell shell = new ClassShell("Keys");
    type.addMethod(ClassShell.strataDbConstructor(injectable, RepositoryTypes.annotationValue(repository, REPOSITORY, "dataStore")));
    type.addMethod(shell.rootConstructor());
    MethodSpec.Builder ctor = shell.prefixConstructor(CodeBlock.of("$T.requireNonNull(db, $S)", Objects.class, "db"));
    // run-time queries (where, jdql) of the primary entity, over the store its DataStore reads
    EntityModel queried = primary == null ? null : entities.get(ClassName.get(primary));
    queried = queried != null && runTimeQueries(queried) ? queried : null;
    RuntimeQueryCode runtimeQueries = queried == null ? null : new RuntimeQueryCode(queried);
    if (runtimeQueries != null) {
      runtimeQueries.addFields(type);
    }
    // Near methods search in a transaction of their own; every method's call is observed on it
    type.addField(ClassName.get("com.apple.foundationdb", "Database"), "db", Modifier.PRIVATE, Modifier.FINAL);
    ctor.addStatement("this.db = db");
    for (EntityModel entity : entities.values()) {
      type.addField(FieldSpec.builder(ParameterizedTypeName.get(ATTRIBUTES, entity.type()), attributesField(entity),
          Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer(attributes(entity)).build());
      type.addField(ParameterizedTypeName.get(DATA_STORE, entity.type()), dataField(entity), Modifier.PRIVATE, Modifier.FINAL);
      boolean vectors = vectorEntities.contains(entity.type());
      if (entity == queried || vectors) {
        String store = entity == queried ? "store" : lowerCamel(entity.type().simpleName()) + "Store";
        ctor.addStatement("$T<$T> $N = $L", STORE, entity.type(), store, RepositoryWriter.newStore(entity, true));
        ctor.addStatement("this.$N = new $T<>(db, $N, $N)", dataField(entity), DATA_STORE, store, attributesField(entity));
        if (entity == queried) {
          ctor.addStatement(runtimeQueries.jakartaInitializer(store));
        }
        if (vectors) {
          type.addField(ParameterizedTypeName.get(VectorOperations.VECTOR_QUERIES, entity.type()), vectorsField(entity),
              Modifier.PRIVATE, Modifier.FINAL);
          ctor.addStatement("this.$N = new $T<>($N)", vectorsField(entity), VectorOperations.VECTOR_QUERIES, store);
        }
      } else {
        ctor.addStatement("this.$N = new $T<>(db, $L, $N)", dataField(entity), DATA_STORE, RepositoryWriter.newStore(entity, true),
            attributesField(entity));
      }
    }
    type.addMethod(ctor.build());
    type.addFields(restrictedConstants.build().fieldSpecs());
    type.addMethods(methods);
    if (runtimeQueries != null) {
      runtimeQueries.addMethods(type, true);
    }
    return Optional.of(JavaFile.builder(impl.packageName(), type.build()).skipJavaLangImports(true).indent("  ").build());
  }

  /**
   * Whether {@code repository}'s {@code Queryable<E>}, if it extends one, is what its implementation offers: the run-time
   * queries of its primary entity {@code entity} (null when none), with the metamodel the processor writes. Reports why
   * not.
   */
  private boolean queryable(TypeElement repository, EntityModel entity) {
    DeclaredType queryable = RepositoryValidator.supertype(repository.asType(), RepositoryValidator.QUERYABLE, 1);
    if (queryable == null) {
      return true;
    }
    TypeName asked = TypeName.get(queryable.getTypeArguments().get(0));
    if (entity != null && !asked.equals(entity.type())) {
      diagnostics.error(repository, Messages.REPOSITORY_QUERYABLE_ENTITY, repository.getSimpleName(), asked,
          entity.type().simpleName(), entity.type().simpleName());
      return false;
    }
    if (entity == null) {
      diagnostics.error(repository, Messages.JAKARTA_NOT_QUERYABLE, repository.getSimpleName(), asked,
          "it has no primary entity", "extend DataRepository<" + asked + ", Id> (or BasicRepository/CrudRepository)");
      return false;
    }
    if (!runTimeQueries(entity)) {
      diagnostics.error(repository, Messages.JAKARTA_NOT_QUERYABLE, repository.getSimpleName(), asked,
          "Strata wrote no static metamodel _" + entity.type().simpleName() + " whose attributes build its restrictions (the"
              + " application brought its own, or strata-jakarta-data is not on the class path)", "remove the application's _"
              + entity.type().simpleName() + " and put strata-jakarta-data on the class path");
      return false;
    }
    return true;
  }

  /**
   * Whether the implementation offers run-time queries of {@code entity} ({@code io.strata.Queryable}): when the
   * processor wrote its metamodel and the query model is on the class path (the read core's run-time planner).
   */
  boolean runTimeQueries(EntityModel entity) {
    return generatedMetamodel.test(entity) && elements.getTypeElement("io.strata.query.RuntimeQueries") != null
        && elements.getTypeElement("io.strata.query.model.EntityInfo") != null;
  }

  /** Adds {@code m}'s {@code DeclaredQuery} constant to the implementation; returns its name. */
  String restrictedConstant(RestrictedMethod m) {
    return RestrictedMethodWriter.addConstant(restrictedConstants, m, restrictedNames);
  }

  /** The entity's properties by name, as getters, in declaration order. */
  private static CodeBlock attributes(EntityModel entity) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.<$T>of($S)", ATTRIBUTES, entity.type(), entity.type().simpleName()).indent();
    for (FieldModel f : entity.fields()) {
      b.add("\n.attribute($S, e -> $L, $L)", f.name(), f.read(), f.id());
    }
    return b.add("\n.build()").unindent().build();
  }

  static String vectorsField(EntityModel entity) {
    return lowerCamel(entity.type().simpleName()) + "Vectors";
  }

  static String dataField(EntityModel entity) {
    return lowerCamel(entity.type().simpleName()) + "Data";
  }

  private static String attributesField(EntityModel entity) {
    return entity.type().simpleName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
  }

  private static String lowerCamel(String name) {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

}
