package io.strata.processor.jakarta;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.codegen.Generated;
import io.strata.processor.codegen.RepositoryWriter;
import io.strata.processor.codegen.ScanCode;
import io.strata.processor.codegen.VectorOperations;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.ResultShape;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.EntityValidator;
import io.strata.processor.validation.Messages;
import io.strata.query.jdql.JdqlParser;
import io.strata.query.jdql.JdqlStatement;
import io.strata.query.jdql.JdqlSyntaxException;
import io.strata.query.names.MethodNameParser;
import io.strata.query.names.Vocabulary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

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
  static final String PKG = "jakarta.data.repository.";
  private static final ClassName DATA_STORE = ClassName.get("io.strata.jakarta.data", "DataStore");
  private static final ClassName ATTRIBUTES = ClassName.get("io.strata.jakarta.data", "Attributes");
  private static final ClassName RESULT_PAGES = ClassName.get("io.strata.jakarta.data", "ResultPages");
  static final ClassName SORT = ClassName.get("jakarta.data", "Sort");
  private static final ClassName LIMIT = ClassName.get("jakarta.data", "Limit");
  private static final ClassName MAPPING_EXCEPTION = ClassName.get("jakarta.data.exceptions", "MappingException");
  private static final ClassName EMPTY_RESULT = ClassName.get("jakarta.data.exceptions", "EmptyResultException");
  private static final ClassName DATABASE = ClassName.get("com.apple.foundationdb", "Database");
  private static final ClassName SUBSPACE = ClassName.get("com.apple.foundationdb.subspace", "Subspace");
  private static final ClassName STRATA_DB = ClassName.get("io.strata", "StrataDb");

  private final ProcessingEnvironment env;
  private final Types types;
  private final Elements elements;
  private final Diagnostics diagnostics;
  private final Function<TypeElement, Optional<EntityModel>> models;
  /** {@code -Astrata.requireIndexes} as given, null when absent. */
  private final String requireIndexesOption;
  /** The entities of the repository being written that a {@code Near} method searches. */
  private final java.util.Set<ClassName> vectorEntities = new java.util.HashSet<>();
  private boolean requireIndexes;

  /** @param models the entity model of a type, empty when it is not an entity Strata stores */
  public JakartaRepositoryWriter(ProcessingEnvironment env, Diagnostics diagnostics, Function<TypeElement, Optional<EntityModel>> models) {
    this.env = env;
    this.types = env.getTypeUtils();
    this.elements = env.getElementUtils();
    this.diagnostics = diagnostics;
    this.models = models;
    this.requireIndexesOption = env.getOptions().get(REQUIRE_INDEXES_OPTION);
  }

  /**
   * Why {@code repository} is not Strata's to implement (another provider named, or entities Strata does not store),
   * empty when it is Strata's.
   */
  public Optional<String> whyNotStrata(TypeElement repository) {
    String provider = annotationValue(repository, REPOSITORY, "provider");
    if (provider != null && !provider.isEmpty() && !provider.equalsIgnoreCase("strata")) {
      return Optional.of("@Repository(provider = \"" + provider + "\") names another provider (leave provider empty or"
          + " write \"Strata\" for Strata to implement it)");
    }
    TypeElement primary = primaryEntity(repository);
    if (primary != null) {
      return isEntity(primary) ? Optional.empty() : Optional.of("its entity " + primary.getQualifiedName() + notStored(primary));
    }
    // no primary entity: Strata's when its methods name an entity Strata stores
    for (ExecutableElement m : methods(repository)) {
      if (lifecycleEntity(repository, m).isPresent()) {
        return Optional.empty();
      }
    }
    return Optional.of("it names no entity Strata stores (extend DataRepository<Entity, Id>, BasicRepository or"
        + " CrudRepository with an entity annotated @jakarta.nosql.Entity or Strata's @Entity, or give its methods such"
        + " an entity as parameter or result)");
  }

  /** Why Strata does not store {@code type}, which is no entity of Strata's. */
  private static String notStored(TypeElement type) {
    if (EntityValidator.annotated(type, "jakarta.persistence.Entity")) {
      return " is a jakarta.persistence entity, another provider's (Strata stores entities annotated @jakarta.nosql.Entity or"
          + " Strata's @Entity)";
    }
    for (AnnotationMirror a : type.getAnnotationMirrors()) {
      if (EntityValidator.annotated(a.getAnnotationType().asElement(), "jakarta.data.spi.EntityDefining")) {
        return " is annotated @" + a.getAnnotationType() + ", another provider's entity annotation (Strata stores entities"
            + " annotated @jakarta.nosql.Entity or Strata's @Entity)";
      }
    }
    return " is not annotated @jakarta.nosql.Entity or Strata's @Entity (annotate it so for Strata to store it)";
  }

  private boolean isEntity(TypeElement type) {
    return type.getAnnotation(io.strata.annotations.Entity.class) != null || EntityValidator.annotated(type, EntityValidator.JAKARTA_ENTITY);
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
    TypeSpec.Builder type = TypeSpec.classBuilder(impl)
        .addJavadoc("The Jakarta Data repository {@link $T} on Strata. Each method's javadoc says which keys it reads.\n"
            + "Thread-safe.\n", iface)
        .addAnnotation(Generated.annotation())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(iface);
    Map<ClassName, EntityModel> entities = new LinkedHashMap<>();
    TypeElement primary = primaryEntity(repository);
    boolean rejected = false;
    if (primary != null) {
      Optional<EntityModel> model = models.apply(primary);
      model.ifPresent(m -> entities.put(m.type(), m));
      rejected = model.isEmpty();
    }
    // every entity first: validating one resets the diagnostics' failure flag
    for (ExecutableElement m : methods(repository)) {
      rejected |= lifecycleEntity(repository, m).map(models::apply).filter(Optional::isEmpty).isPresent();
    }
    if (rejected) {
      // the entity's own errors say what to fix; its methods would only repeat that Strata stores no such entity
      return Optional.empty();
    }
    diagnostics.reset();
    vectorEntities.clear();
    List<MethodSpec> methods = new ArrayList<>();
    for (ExecutableElement m : methods(repository)) {
      new MethodWriter(repository, m, primary, entities).write().ifPresent(methods::add);
    }
    if (diagnostics.failed()) {
      return Optional.empty();
    }
    boolean injectable = elements.getTypeElement("jakarta.inject.Singleton") != null;
    if (injectable) {
      type.addAnnotation(ClassName.get("jakarta.inject", "Singleton"));
    }
    String dataStore = annotationValue(repository, REPOSITORY, "dataStore");
    ParameterSpec.Builder db = ParameterSpec.builder(STRATA_DB, "sdb");
    MethodSpec.Builder sdb = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
        .addJavadoc("Reads and writes in {@code sdb}'s database under its root.\n");
    if (injectable && dataStore != null && !dataStore.isEmpty()) {
      // @Repository(dataStore = "x"): injected with the StrataDb named so
      db.addAnnotation(AnnotationSpec.builder(ClassName.get("jakarta.inject", "Named")).addMember("value", "$S", dataStore).build());
      sdb.addJavadoc("Injected with the {@code StrataDb} named {@code $L} ({@code @Repository(dataStore)}).\n", dataStore);
    }
    sdb.addParameter(db.build()).addStatement("this(sdb.database(), sdb.root())");
    if (injectable) {
      sdb.addAnnotation(ClassName.get("jakarta.inject", "Inject"));
    }
    type.addMethod(sdb.build());
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
        .addJavadoc("Keys start at the root of the key space (empty prefix).\n")
        .addParameter(DATABASE, "db").addStatement("this(db, new $T())", SUBSPACE).build());
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
        .addJavadoc("Keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).\n")
        .addParameter(DATABASE, "db").addParameter(SUBSPACE, "root")
        .addStatement("$T.requireNonNull(db, $S)", Objects.class, "db");
    if (!vectorEntities.isEmpty()) {
      // Near methods search in a transaction of their own
      type.addField(DATABASE, "db", Modifier.PRIVATE, Modifier.FINAL);
      ctor.addStatement("this.db = db");
    }
    for (EntityModel entity : entities.values()) {
      type.addField(FieldSpec.builder(ParameterizedTypeName.get(ATTRIBUTES, entity.type()), attributesField(entity),
          Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer(attributes(entity)).build());
      type.addField(ParameterizedTypeName.get(DATA_STORE, entity.type()), dataField(entity), Modifier.PRIVATE, Modifier.FINAL);
      if (vectorEntities.contains(entity.type())) {
        String store = lowerCamel(entity.type().simpleName()) + "Store";
        ctor.addStatement("$T $N = $L", ParameterizedTypeName.get(RepositoryWriter.STORE, entity.type()), store,
            RepositoryWriter.newStore(entity, true));
        ctor.addStatement("this.$N = new $T<>(db, $N, $N)", dataField(entity), DATA_STORE, store, attributesField(entity));
        type.addField(ParameterizedTypeName.get(VectorOperations.VECTOR_QUERIES, entity.type()), vectorsField(entity),
            Modifier.PRIVATE, Modifier.FINAL);
        ctor.addStatement("this.$N = new $T<>($N)", vectorsField(entity), VectorOperations.VECTOR_QUERIES, store);
        continue;
      }
      ctor.addStatement("this.$N = new $T<>(db, $L, $N)", dataField(entity), DATA_STORE, RepositoryWriter.newStore(entity, true),
          attributesField(entity));
    }
    type.addMethod(ctor.build());
    type.addMethods(methods);
    return Optional.of(JavaFile.builder(impl.packageName(), type.build()).skipJavaLangImports(true).indent("  ").build());
  }

  /** The entity's properties by name, as getters, in declaration order. */
  private static CodeBlock attributes(EntityModel entity) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.<$T>of($S)", ATTRIBUTES, entity.type(), entity.type().simpleName()).indent();
    for (FieldModel f : entity.fields()) {
      b.add("\n.attribute($S, e -> $L, $L)", f.name(), f.read(), f.id());
    }
    return b.add("\n.build()").unindent().build();
  }

  private static String vectorsField(EntityModel entity) {
    return lowerCamel(entity.type().simpleName()) + "Vectors";
  }

  private static String dataField(EntityModel entity) {
    return lowerCamel(entity.type().simpleName()) + "Data";
  }

  private static String attributesField(EntityModel entity) {
    return entity.type().simpleName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
  }

  private static String lowerCamel(String name) {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  /** The abstract methods the implementation must provide, inherited ones included, each once. */
  private List<ExecutableElement> methods(TypeElement repository) {
    List<ExecutableElement> out = new ArrayList<>();
    for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(repository))) {
      if (m.getModifiers().contains(Modifier.ABSTRACT) && m.getEnclosingElement().getKind() == ElementKind.INTERFACE
          && out.stream().noneMatch(o -> elements.overrides(o, m, repository) || elements.overrides(m, o, repository))) {
        out.add(m);
      }
    }
    return out;
  }

  /**
   * The repository's primary entity: the {@code T} of the {@code DataRepository<T, K>} it extends, else the one entity
   * its lifecycle methods ({@code @Insert}, {@code @Update}, {@code @Save}, {@code @Delete}) take, as the specification
   * infers it; null when there is none or they disagree.
   */
  private TypeElement primaryEntity(TypeElement repository) {
    TypeMirror data = dataRepository(repository.asType());
    if (data instanceof DeclaredType d && !d.getTypeArguments().isEmpty() && d.getTypeArguments().get(0) instanceof DeclaredType t) {
      return (TypeElement) t.asElement();
    }
    java.util.Set<TypeElement> lifecycle = new java.util.LinkedHashSet<>();
    for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(repository))) {
      boolean isLifecycle = List.of("Insert", "Update", "Save", "Delete").stream().anyMatch(a -> annotationValue(m, PKG + a, "value") != null);
      if (isLifecycle && m.getParameters().size() == 1) {
        TypeMirror element = elementType(((ExecutableType) types.asMemberOf((DeclaredType) repository.asType(), m)).getParameterTypes().get(0));
        if (element instanceof DeclaredType e && isEntity((TypeElement) e.asElement())) {
          lifecycle.add((TypeElement) e.asElement());
        }
      }
    }
    return lifecycle.size() == 1 ? lifecycle.iterator().next() : null;
  }

  private TypeMirror dataRepository(TypeMirror type) {
    for (TypeMirror s : types.directSupertypes(type)) {
      if (s instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(PKG + "DataRepository")) {
        return s;
      }
      TypeMirror found = dataRepository(s);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The entity a method without a primary entity works on: its lifecycle parameter's or result's element type. */
  private Optional<TypeElement> lifecycleEntity(TypeElement repository, ExecutableElement m) {
    ExecutableType t = (ExecutableType) types.asMemberOf((DeclaredType) repository.asType(), m);
    List<TypeMirror> candidates = new ArrayList<>(t.getParameterTypes());
    candidates.add(t.getReturnType());
    for (TypeMirror c : candidates) {
      TypeMirror element = elementType(c);
      if (element instanceof DeclaredType d && isEntity((TypeElement) d.asElement())) {
        return Optional.of((TypeElement) d.asElement());
      }
    }
    String query = annotationValue(m, PKG + "Query", "value");
    if (query != null) {
      try {
        JdqlStatement s = JdqlParser.parse(query);
        String from = s instanceof JdqlStatement.Select sel ? sel.from().map(JdqlStatement.EntityName::name).orElse(null)
            : s instanceof JdqlStatement.Update u ? u.entity().name() : ((JdqlStatement.Delete) s).entity().name();
        return Optional.ofNullable(from).flatMap(name -> entityNamed(repository, name));
      } catch (JdqlSyntaxException e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** An entity by the simple name a JDQL {@code FROM} gives: in the repository's package, or among the known models. */
  private Optional<TypeElement> entityNamed(TypeElement repository, String name) {
    String pkg = elements.getPackageOf(repository).getQualifiedName().toString();
    TypeElement t = elements.getTypeElement(pkg.isEmpty() ? name : pkg + "." + name);
    return Optional.ofNullable(t).filter(this::isEntity);
  }

  /** The element type of an array, {@code Iterable}, {@code Optional}, {@code Stream} or page, else the type itself. */
  private TypeMirror elementType(TypeMirror t) {
    if (t instanceof ArrayType a) {
      return bound(a.getComponentType());
    }
    if (t instanceof DeclaredType d && !d.getTypeArguments().isEmpty()) {
      String name = ((TypeElement) d.asElement()).getQualifiedName().toString();
      if (CONTAINERS.contains(name)) {
        return bound(d.getTypeArguments().get(0));
      }
    }
    return bound(t);
  }

  /** A type variable's or wildcard's upper bound ({@code <S extends T>} is a {@code T}), else the type. */
  private static TypeMirror bound(TypeMirror t) {
    if (t.getKind() == TypeKind.TYPEVAR) {
      return bound(((javax.lang.model.type.TypeVariable) t).getUpperBound());
    }
    if (t instanceof javax.lang.model.type.WildcardType w) {
      return w.getExtendsBound() == null ? t : bound(w.getExtendsBound());
    }
    return t;
  }

  private static final java.util.Set<String> CONTAINERS = java.util.Set.of("java.util.List", "java.util.Collection",
      "java.lang.Iterable", "java.util.Optional", "java.util.stream.Stream", "jakarta.data.page.Page",
      "jakarta.data.page.CursoredPage", "java.util.Set");

  /** A string member of the annotation named {@code annotation} on {@code e}, or null when absent. */
  static String annotationValue(Element e, String annotation, String member) {
    for (AnnotationMirror m : e.getAnnotationMirrors()) {
      if (m.getAnnotationType().toString().equals(annotation)) {
        for (var v : m.getElementValues().entrySet()) {
          if (v.getKey().getSimpleName().contentEquals(member)) {
            return v.getValue().getValue().toString();
          }
        }
        return "";
      }
    }
    return null;
  }

  /** The {@code @OrderBy} annotations of a method, in order (repeated or in their container). */
  static List<AnnotationMirror> orderBys(ExecutableElement m) {
    List<AnnotationMirror> out = new ArrayList<>();
    for (AnnotationMirror a : m.getAnnotationMirrors()) {
      String name = a.getAnnotationType().toString();
      if (name.equals(PKG + "OrderBy")) {
        out.add(a);
      } else if (name.equals(PKG + "OrderBy.List")) {
        for (var v : a.getElementValues().values()) {
          for (Object o : (List<?>) v.getValue()) {
            out.add((AnnotationMirror) ((javax.lang.model.element.AnnotationValue) o).getValue());
          }
        }
      }
    }
    return out;
  }

  static Object member(AnnotationMirror a, String name) {
    for (var v : a.getElementValues().entrySet()) {
      if (v.getKey().getSimpleName().contentEquals(name)) {
        return v.getValue().getValue();
      }
    }
    return null;
  }

  /** Writes one method. */
  private final class MethodWriter {
    private final TypeElement repository;
    private final ExecutableElement method;
    private final ExecutableType type;
    private final TypeElement primary;
    private final Map<ClassName, EntityModel> entities;
    private final String description;
    /** Parameters that carry query values (not Sort, Order, Limit, PageRequest), in order. */
    private final List<VariableElement> values = new ArrayList<>();
    private final List<TypeMirror> valueTypes = new ArrayList<>();
    private final List<String> sorts = new ArrayList<>();
    private final QueryReader reader;
    private String limit;
    private String pageRequest;

    MethodWriter(TypeElement repository, ExecutableElement method, TypeElement primary, Map<ClassName, EntityModel> entities) {
      this.repository = repository;
      this.method = method;
      this.type = (ExecutableType) types.asMemberOf((DeclaredType) repository.asType(), method);
      this.primary = primary;
      this.entities = entities;
      this.description = repository.getSimpleName() + "." + method.getSimpleName();
      for (int i = 0; i < method.getParameters().size(); i++) {
        VariableElement p = method.getParameters().get(i);
        TypeMirror t = type.getParameterTypes().get(i);
        String erased = types.erasure(t).toString();
        switch (erased) {
          case "jakarta.data.Limit" -> limit = p.getSimpleName().toString();
          case "jakarta.data.page.PageRequest" -> pageRequest = p.getSimpleName().toString();
          case "jakarta.data.Sort", "jakarta.data.Order" -> sorts.add(p.getSimpleName().toString());
          case "jakarta.data.Sort[]" -> sorts.add("(Object) " + p.getSimpleName());
          default -> {
            values.add(p);
            valueTypes.add(t);
          }
        }
      }
      this.reader = new QueryReader(env, diagnostics, method, primary, description, values, valueTypes, this::entity,
          name -> entityNamed(repository, name), lifecycleEntity(repository, method));
    }

    Optional<MethodSpec> write() {
      for (VariableElement p : method.getParameters()) {
        if (p.getSimpleName().toString().matches("e|v|v\\d+")) {
          diagnostics.error(p, Messages.JAKARTA_RESERVED_PARAMETER, p.getSimpleName(), description);
          return Optional.empty();
        }
      }
      MethodSpec.Builder b = MethodSpec.overriding(method, (DeclaredType) repository.asType(), types);
      for (String lifecycle : List.of("Insert", "Update", "Save", "Delete")) {
        if (annotationValue(method, PKG + lifecycle, "value") != null && !(lifecycle.equals("Delete") && !isLifecycleParameter())) {
          return lifecycle(b, lifecycle);
        }
      }
      EntityModel primaryModel = entity(primary);
      Optional<NearestMethod> nearest = Optional.empty();
      if (NearestMethod.applies(method.getSimpleName().toString(), primaryModel)) {
        // an int after the conditions' parameters: how many candidates the search explores
        String candidates = NearestMethod.candidates(method.getSimpleName().toString(), primaryModel, values);
        if (candidates != null) {
          valueTypes.remove(values.size() - 1);
          values.remove(values.size() - 1);
        }
        nearest = NearestMethod.read(diagnostics, method, description, primaryModel, values, type.getReturnType(), limit,
            candidates, pageRequest != null, !sorts.isEmpty());
        if (nearest.isEmpty()) {
          return Optional.empty();
        }
      }
      Optional<QueryReader.Query> query = reader.query();
      if (query.isEmpty()) {
        return Optional.empty();
      }
      if (nearest.isPresent()) {
        vectorEntities.add(primaryModel.type());
        return Optional.of(nearest.get().write(b, vectorsField(primaryModel), query.get().where(), limit));
      }
      // parameters compared with a @Convert property, as the column values the query compares
      reader.converted().forEach((local, value) -> b.addStatement("$T $N = $L", value.type(), local, value.code()));
      return body(b, query.get());
    }

    /**
     * Declares the literal locals {@code read} uses, and puts each literal's JDQL text in place of its name in the plan (and
     * the parameter a converted local holds in place of the local's name).
     */
    private JakartaPlanner.Read withLiterals(MethodSpec.Builder b, JakartaPlanner.Read read) {
      String plan = read.plan();
      String keysPlan = read.keysPlan();
      for (Map.Entry<String, QueryBinder.Literal> l : reader.literals().entrySet()) {
        String name = l.getKey();
        boolean used = read.candidates().toString().contains(name) || (read.orders() != null && read.orders().toString().contains(name))
            || (read.keys() != null && read.keys().toString().contains(name));
        if (used) {
          b.addStatement("$T $N = $L", l.getValue().type(), name, l.getValue().code());
          plan = plan.replace(name, l.getValue().text());
          keysPlan = keysPlan == null ? null : keysPlan.replace(name, l.getValue().text());
        }
      }
      for (Map.Entry<String, QueryBinder.Literal> c : reader.converted().entrySet()) {
        String converted = "the column value of " + c.getValue().text();
        plan = plan.replace(c.getKey(), converted);
        keysPlan = keysPlan == null ? null : keysPlan.replace(c.getKey(), converted);
      }
      return new JakartaPlanner.Read(read.candidates(), plan, read.unserved(), read.narrowing(), read.orders(), read.keys(), keysPlan);
    }

    /**
     * The value a JDQL {@code SELECT} of {@code f} returns as {@code element}: its stored value, or, for a {@code @Convert}
     * property returned as the converter's attribute type, the entity's value its converter makes of the stored one (what a
     * read of the entity holds).
     */
    private static CodeBlock selected(FieldModel f, TypeName element) {
      return f.converter() != null && f.converter().attribute().box().equals(element)
          ? f.converter().toAttribute(CodeBlock.of("$L", f.read())) : CodeBlock.of("$L", f.read());
    }

    /** Whether the method's one parameter is an entity or entities (a lifecycle {@code @Delete}, not a parameter-based one). */
    private boolean isLifecycleParameter() {
      if (method.getParameters().size() != 1) {
        return false;
      }
      TypeMirror element = elementType(type.getParameterTypes().get(0));
      return element instanceof DeclaredType d && isEntity((TypeElement) d.asElement());
    }

    private EntityModel entity(TypeElement t) {
      if (t == null) {
        return null;
      }
      Optional<EntityModel> model = models.apply(t);
      model.ifPresent(m -> entities.putIfAbsent(m.type(), m));
      return model.orElse(null);
    }

    private Optional<MethodSpec> lifecycle(MethodSpec.Builder b, String kind) {
      if (method.getParameters().size() != 1) {
        diagnostics.error(method, Messages.JAKARTA_LIFECYCLE, kind, description);
        return Optional.empty();
      }
      TypeMirror param = type.getParameterTypes().get(0);
      TypeMirror element = elementType(param);
      EntityModel entity = element instanceof DeclaredType d ? entity((TypeElement) d.asElement()) : null;
      if (entity == null) {
        diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
        return Optional.empty();
      }
      String p = method.getParameters().get(0).getSimpleName().toString();
      String data = dataField(entity);
      boolean array = param.getKind() == TypeKind.ARRAY;
      boolean many = array || (param instanceof DeclaredType d && CONTAINERS.contains(((TypeElement) d.asElement()).getQualifiedName().toString()));
      String op = switch (kind) {
        case "Insert" -> "insert";
        case "Update" -> "update";
        case "Save" -> "save";
        default -> "delete";
      };
      CodeBlock list = array ? CodeBlock.of("$T.asList($N)", java.util.Arrays.class, p)
          : isList(param) ? CodeBlock.of("$N", p) : CodeBlock.of("$T.list($N)", DATA_STORE, p);
      TypeMirror result = type.getReturnType();
      b.addJavadoc("{@code @$L}: $L\n", kind, lifecyclePlan(op, entity, many));
      CodeBlock call = many ? CodeBlock.of("$N.$LAll($L)", data, op, list) : CodeBlock.of("$N.$L($N)", data, op, p);
      if (result.getKind() == TypeKind.VOID) {
        b.addStatement("$L", call);
      } else if (result.getKind() == TypeKind.INT || result.getKind() == TypeKind.LONG) {
        b.addStatement("$L", call);
        b.addStatement("return $L", many ? CodeBlock.of(array ? "$N.length" : "$L.size()", array ? p : list) : CodeBlock.of("1"));
      } else if (op.equals("delete")) {
        diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a @Delete of entities",
            "return void, int or long (the number deleted)");
        return Optional.empty();
      } else if (array && entity.assignedIds() != null && !op.equals("update")) {
        // the entities saved, which carry the ids the store assigned to null ones (a new instance for an immutable entity)
        b.addStatement("return $L.toArray($T.copyOf($N, 0))", call, java.util.Arrays.class, p);
      } else if (array) {
        b.addStatement("$L", call).addStatement("return $N", p);
      } else if (many) {
        b.addStatement("return $L", call);
      } else {
        b.addStatement("return $L", call);
      }
      return Optional.of(b.build());
    }

    private boolean isList(TypeMirror t) {
      return t instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.util.List");
    }

    private String lifecyclePlan(String op, EntityModel entity, boolean many) {
      String row = "{@code (\"" + entity.entityName() + "\", \"R\", id)}";
      String what = switch (op) {
        case "insert" -> "checks that " + row + " is absent (else EntityExistsException), then writes the row and its index entries";
        case "update" -> "checks that " + row + " exists (else OptimisticLockingFailureException), then rewrites the row and its index entries";
        case "save" -> "writes " + row + " and its index entries, inserting or replacing";
        default -> "clears " + row + " and its index entries (OptimisticLockingFailureException when absent)";
      };
      return what + (many ? "; all entities in one transaction" : "; one transaction");
    }

    /** The method body for a query: read, filter, sort, page, and shape the result as the return type asks. */
    private Optional<MethodSpec> body(MethodSpec.Builder b, QueryReader.Query q) {
      EntityModel entity = q.entity();
      String data = dataField(entity);
      TypeName t = entity.type();
      if (q.action().startsWith("unknown:")) {
        String property = q.action().substring("unknown:".length());
        b.addJavadoc("Names '$L', which is not a persistent property of {@link $T}: always throws MappingException.\n", property, t);
        b.addStatement("throw new $T($S)", MAPPING_EXCEPTION, "'" + property + "' is not a persistent property of "
            + entity.type().simpleName() + "; its properties are " + QueryReader.properties(entity).keySet() + " (" + description + ")");
        return Optional.of(b.build());
      }
      CodeBlock where = q.where() == null ? CodeBlock.of("e -> true") : CodeBlock.of("e -> $L", q.where());
      TypeMirror result = type.getReturnType();
      if (q.action().equals("exists") && result.getKind() != TypeKind.BOOLEAN && !result.toString().equals("java.lang.Boolean")) {
        diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "an exists query", "return boolean");
        return Optional.empty();
      }
      String row = "{@code (\"" + entity.entityName() + "\", \"R\", id)}";
      if (q.idLookup() != null && idLookup(b, q, data, row, result)) {
        return Optional.of(b.build());
      }
      JakartaPlanner planner = new JakartaPlanner(entity);
      JakartaPlanner.Read read = q.branches() == null ? null : planner.planUnion(description, q.branches());
      if (read == null) {
        read = planner.plan(description, q.criteria(), q.where() != null, q.exact());
      }
      boolean stopsEarly = q.action().equals("find") && stopsEarly(q);
      List<OrderItem> fixedOrder = q.order().stream().map(o -> new OrderItem(o.field(), o.descending())).toList();
      List<Boolean> ignoreCase = q.order().stream().map(QueryReader.StaticSort::ignoreCase).toList();
      JakartaPlanner.Read inOrder = stopsEarly && sorts.isEmpty()
          ? planner.planInOrder(description, q.criteria(), fixedOrder, ignoreCase, q.exact()) : null;
      if (stopsEarly && q.branches() != null && read.narrowing() > 0) {
        read = planner.inOrderUnion(description, q.branches(), fixedOrder, ignoreCase, !sorts.isEmpty(), read);
      } else if (inOrder != null && inOrder.narrowing() >= read.narrowing()) {
        read = inOrder;
      } else if (stopsEarly && !sorts.isEmpty()) {
        read = planner.withRunTimeOrders(description, q.criteria(), fixedOrder, ignoreCase, read);
      }
      read = withLiterals(b, read);
      if (read.unserved() != null) {
        if (requireIndexes) {
          diagnostics.error(method, Messages.JAKARTA_REQUIRED_INDEX, description, entity.type().simpleName(), read.unserved());
          return Optional.empty();
        }
        diagnostics.warning(method, Messages.JAKARTA_NOT_INDEXED, description, entity.type().simpleName(), read.unserved());
      }
      CodeBlock candidates = read.candidates();
      switch (q.action()) {
        case "count" -> {
          if (result.getKind() == TypeKind.VOID) {
            diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a count", "return long, int or boolean");
            return Optional.empty();
          }
          if (q.where() == null) {
            b.addJavadoc("Reads the counter key {@code (\"$L\", \"#\")}.\n", entity.entityName());
            return returnNumber(b, CodeBlock.of("$N.countAll()", data), result);
          }
          if (read.keys() != null) {
            b.addJavadoc("Counts the entities that match. $L\n", read.keysPlan());
            return returnNumber(b, CodeBlock.of("$N.count($L, $L, $L)", data, where, candidates, read.keys()), result);
          }
          b.addJavadoc("Counts the entities that match. $L\n", read.plan());
          return returnNumber(b, CodeBlock.of("(long) $N.matching($L, $L).size()", data, where, candidates), result);
        }
        case "exists" -> {
          if (read.keys() != null) {
            b.addJavadoc("Whether an entity matches. $L\n", read.keysPlan());
            b.addStatement("return $N.any($L, $L, $L)", data, where, candidates, read.keys());
            return Optional.of(b.build());
          }
          b.addJavadoc("Whether an entity matches; stops at the first. $L\n", read.plan());
          b.addStatement("return $N.any($L, $L)", data, where, candidates);
          return Optional.of(b.build());
        }
        case "delete" -> {
          b.addJavadoc("Deletes the entities that match with their index entries, in transactions of at most"
              + " {@value io.strata.jakarta.data.DataStore#BATCH} entities and about"
              + " {@value io.strata.jakarta.data.DataStore#BATCH_BYTES} bytes written (each re-reads its rows). $L\n", read.plan());
          return returnNumber(b, CodeBlock.of("$N.delete($L, $L)", data, where, candidates), result);
        }
        case "update" -> {
          b.addJavadoc("Rewrites the entities that match with their index entries, in transactions of at most"
              + " {@value io.strata.jakarta.data.DataStore#BATCH} entities and about"
              + " {@value io.strata.jakarta.data.DataStore#BATCH_BYTES} bytes written (each re-reads its rows). $L\n", read.plan());
          return returnNumber(b, CodeBlock.of("$N.update($L, $L, $L)", data, where, candidates, q.update()), result);
        }
        default -> {
          return find(b, q, where, read, result);
        }
      }
    }

    /**
     * Whether a find in an order can stop reading early: it needs only its first results (a {@code First}, a
     * {@code Limit}, a page, cursored or not), or returns a {@code Stream}, read lazily.
     */
    private boolean stopsEarly(QueryReader.Query q) {
      if (q.order().isEmpty() && sorts.isEmpty()) {
        return false;
      }
      ResultShape shape = shape(type.getReturnType());
      return pageRequest == null ? q.first() > 0 || limit != null || shape == ResultShape.STREAM
          : q.first() == 0 && limit == null && shape != null && shape.paged();
    }

    /** The body of a query by id alone, when its result needs one row: true when written. */
    private boolean idLookup(MethodSpec.Builder b, QueryReader.Query q, String data, String row, TypeMirror result) {
      CodeBlock id = ScanCode.queryElement(q.entity(), q.entity().id(), CodeBlock.of("$N", (String) q.idLookup()));
      switch (q.action()) {
        case "exists" -> {
          b.addJavadoc("Reads at most one key of $L.\n", row);
          b.addStatement("return $N.existsById($L)", data, id);
          return true;
        }
        case "delete" -> {
          if (result.getKind() != TypeKind.VOID) {
            return false;
          }
          b.addJavadoc("Clears the row $L and its index entries, if stored.\n", row);
          b.addStatement("$N.deleteById($L)", data, id);
          return true;
        }
        case "find" -> {
          ResultShape shape = shape(result);
          boolean ordered = !q.order().isEmpty() || !sorts.isEmpty();
          if (ordered || limit != null || pageRequest != null || q.select() != null || shape == null || !shape.atMostOne()) {
            return false;
          }
          b.addJavadoc("Reads one row, $L.\n", row);
          if (shape == ResultShape.OPTIONAL) {
            b.addStatement("return $N.findById($L)", data, id);
          } else {
            b.addStatement("return $N.findById($L).orElseThrow(() -> new $T($S))", data, id, EMPTY_RESULT,
                description + " found no " + q.entity().type().simpleName() + " with that id");
          }
          return true;
        }
        default -> {
          return false;
        }
      }
    }

    private Optional<MethodSpec> returnNumber(MethodSpec.Builder b, CodeBlock count, TypeMirror result) {
      switch (result.getKind()) {
        case VOID -> b.addStatement("$L", count);
        case LONG -> b.addStatement("return $L", count);
        case INT -> b.addStatement("return $T.toIntExact($L)", Math.class, count);
        case BOOLEAN -> b.addStatement("return $L > 0", count);
        default -> {
          String boxed = result.toString();
          if (boxed.equals("java.lang.Long")) {
            b.addStatement("return $L", count);
          } else if (boxed.equals("java.lang.Integer")) {
            b.addStatement("return $T.toIntExact($L)", Math.class, count);
          } else if (boxed.equals("java.lang.Boolean")) {
            b.addStatement("return $L > 0", count);
          } else {
            diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a count, delete or update",
                "return long, int, boolean or void");
            return Optional.empty();
          }
        }
      }
      return Optional.of(b.build());
    }

    private Optional<MethodSpec> find(MethodSpec.Builder b, QueryReader.Query q, CodeBlock where, JakartaPlanner.Read read, TypeMirror result) {
      CodeBlock candidates = read.candidates();
      EntityModel entity = q.entity();
      String data = dataField(entity);
      TypeName t = entity.type();
      ResultShape shape = shape(result);
      if (shape == null) {
        diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a find",
            "return the entity (or the selected property), Optional, List, Stream, an array, Page or CursoredPage of it");
        return Optional.empty();
      }
      TypeMirror element = elementType(result);
      boolean entityResult = element instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(entity.type().canonicalName());
      if (q.select() == null && !entityResult) {
        diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a find",
            "its elements must be " + entity.type().simpleName() + " (or SELECT one property to return its values)");
        return Optional.empty();
      }
      TypeName elementName = TypeName.get(element).box();
      CodeBlock project = q.select() == null ? null : CodeBlock.of("e -> ($T) $L", elementName, selected(q.select(), elementName));
      if (shape == ResultShape.STREAM && q.order().isEmpty() && sorts.isEmpty() && pageRequest == null && q.first() == 0) {
        b.addJavadoc("The entities that match, in the order they are read (the method asks for none), read lazily: one read"
            + " transaction of {@value io.strata.jakarta.data.DataStore#BATCH} candidates at a time as the stream is consumed. $L\n",
            read.plan());
        CodeBlock stream = CodeBlock.of("$N.stream($L, $L)", data, where, candidates);
        if (limit != null) {
          stream = CodeBlock.of("$T.limit($L, $N)", RESULT_PAGES, stream, limit);
        }
        b.addStatement("return $L", project == null ? stream : CodeBlock.of("$L.map($L)", stream, project));
        return Optional.of(b.build());
      }
      boolean single = q.order().isEmpty() && sorts.isEmpty() && limit == null && pageRequest == null && q.first() == 0
          && shape.atMostOne();
      CodeBlock orders = read.orders();
      String how = single ? "reading up to the second (a single result)"
          : orders == null ? (pageRequest != null ? "sorted and paged in memory" : "sorted in memory")
          : !sorts.isEmpty() ? "read in the order of an index's keys when one serves the order asked for (below), else sorted "
              + (pageRequest != null ? "and paged " : "") + "in memory"
          : shape == ResultShape.STREAM ? "read lazily in the order of the index's keys, each run of ties on the order sorted in memory"
          : "sorted in memory among the first ones read in order";
      String cursor = orders != null && shape == ResultShape.CURSORED_PAGE ? " The cursor of a page read in index order is a position"
          + " in its keys: the next page reads on from just after it, the previous page backwards from just before it." : "";
      b.addJavadoc("The entities that match, $L. $L$L\n", how, read.plan(), cursor);
      CodeBlock.Builder fixed = CodeBlock.builder();
      q.order().forEach(o -> fixed.add(fixed.isEmpty() ? "$L" : ", $L", o.code()));
      CodeBlock.Builder dynamic = CodeBlock.builder();
      sorts.forEach(s -> dynamic.add(", $L", s));
      b.addStatement("$T<$T<? super $T>> order$$ = $T.<$T>order($T.of($L)$L)", List.class, SORT, t, RESULT_PAGES, t, List.class,
          fixed.build(), dynamic.build());
      CodeBlock keys = read.keys() == null ? CodeBlock.of("null") : read.keys();
      if (shape.paged()) {
        if (pageRequest == null) {
          diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a query without a PageRequest parameter",
              "add a PageRequest parameter, or return a List");
          return Optional.empty();
        }
        if (shape == ResultShape.CURSORED_PAGE && sorts.isEmpty() && !endsUnique(q.order(), entity)) {
          String id = entity.id().name();
          diagnostics.warning(method, Messages.JAKARTA_CURSOR_TIES, description,
              q.order().stream().map(o -> o.field().name() + (o.descending() ? " desc" : " asc")).toList(),
              entity.type().simpleName(), id, MethodNameParser.capitalized(id), id);
        }
        CodeBlock page = orders != null
            ? CodeBlock.of("$N.$L($L, $L, $L, $L, order$$, $N)", data, shape.pageMethod(), where, candidates, keys, orders, pageRequest)
            : CodeBlock.of("$T.$L($N.attributes(), order$$, $N.matching($L, $L), $N)", RESULT_PAGES, shape.pageMethod(), data, data, where,
                candidates, pageRequest);
        if (project != null && shape == ResultShape.PAGE) {
          page = CodeBlock.of("$T.map($L, $L)", RESULT_PAGES, page, project);
        }
        b.addStatement("return $L", page);
        return Optional.of(b.build());
      }
      if (shape == ResultShape.STREAM && orders != null && pageRequest == null) {
        CodeBlock stream = CodeBlock.of("$N.stream($L, $L, $L, order$$)", data, where, candidates, orders);
        if (q.first() > 0) {
          stream = CodeBlock.of("$L.limit($L)", stream, q.first());
        }
        if (limit != null) {
          stream = CodeBlock.of("$T.limit($L, $N)", RESULT_PAGES, stream, limit);
        }
        b.addStatement("return $L", project == null ? stream : CodeBlock.of("$L.map($L)", stream, project));
        return Optional.of(b.build());
      }
      if (single) {
        b.addStatement("$T<$T> found$$ = $N.some($L, $L, 2)", List.class, t, data, where, candidates);
      } else if (orders != null) {
        CodeBlock n = q.first() > 0 && limit != null ? CodeBlock.of("$T.min($L, $T.end($N))", Math.class, q.first(), RESULT_PAGES, limit)
            : q.first() > 0 ? CodeBlock.of("$L", q.first()) : CodeBlock.of("$T.end($N)", RESULT_PAGES, limit);
        b.addStatement("$T<$T> found$$ = $N.first($L, $L, $L, order$$, $L)", List.class, t, data, where, candidates, orders, n);
      } else {
        b.addStatement("$T<$T> found$$ = $N.sorted($L, $L, order$$)", List.class, t, data, where, candidates);
      }
      if (q.first() > 0) {
        b.addStatement("found$$ = $T.limit(found$$, $T.of($L))", RESULT_PAGES, LIMIT, q.first());
      }
      if (limit != null) {
        b.addStatement("found$$ = $T.limit(found$$, $N)", RESULT_PAGES, limit);
      }
      if (pageRequest != null) {
        b.addStatement("found$$ = $T.page($N.attributes(), order$$, found$$, $N).content()", RESULT_PAGES, data, pageRequest);
      }
      CodeBlock values = project == null ? CodeBlock.of("found$$")
          : CodeBlock.of("found$$.stream().map($L).collect($T.toList())", project, java.util.stream.Collectors.class);
      switch (shape) {
        case LIST -> b.addStatement("return $L", values);
        case STREAM -> b.addStatement("return $L.stream()", values);
        case ARRAY -> b.addStatement("return $L.toArray(new $T[0])", values, TypeName.get(element));
        case OPTIONAL -> b.addStatement("return $T.optional($L, $S)", RESULT_PAGES, values, description);
        default -> b.addStatement("return $T.single($L, $S)", RESULT_PAGES, values, description);
      }
      return Optional.of(b.build());
    }

    /**
     * Whether no two entities tie on every sort of {@code order}: it sorts by the id or by every field of a unique index
     * (none of them ignoring case, which lets different values tie).
     */
    private static boolean endsUnique(List<QueryReader.StaticSort> order, EntityModel entity) {
      java.util.Set<String> sorted = new java.util.HashSet<>();
      order.stream().filter(o -> !o.ignoreCase()).forEach(o -> sorted.add(o.field().name()));
      return sorted.contains(entity.id().name()) || entity.indexes().stream()
          .anyMatch(i -> i.unique() && i.fields().stream().allMatch(f -> sorted.contains(f.name())));
    }

    /** How a find returns its results; null when Jakarta Data has no such result. */
    private ResultShape shape(TypeMirror result) {
      if (result.getKind() == TypeKind.ARRAY) {
        return ((ArrayType) result).getComponentType().getKind().isPrimitive() ? null : ResultShape.ARRAY;
      }
      if (result instanceof DeclaredType d) {
        return ResultShape.container(((TypeElement) d.asElement()).getQualifiedName().toString(), Vocabulary.JAKARTA)
            .orElse(ResultShape.ONE);
      }
      return result.getKind().isPrimitive() ? ResultShape.ONE : null;
    }
  }
}
