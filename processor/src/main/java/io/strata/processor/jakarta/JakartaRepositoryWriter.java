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
import io.strata.processor.jdql.JdqlCondition;
import io.strata.processor.jdql.JdqlExpression;
import io.strata.processor.jdql.JdqlParser;
import io.strata.processor.jdql.JdqlStatement;
import io.strata.processor.jdql.JdqlSyntaxException;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.EntityValidator;
import io.strata.processor.validation.Messages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
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
 * order, a projection. At run time the generated method reads the entity's rows through {@code DataStore} (a lookup of
 * one row when the query is by id, else every row in id order, in batches) and filters, sorts and pages in memory
 * with {@code ResultPages}. Strata's indexes do not serve Jakarta Data queries yet (docs/jakarta-data.md).
 */
public final class JakartaRepositoryWriter {
  public static final String REPOSITORY = "jakarta.data.repository.Repository";
  /** The compiler option that makes a Jakarta Data method no index serves a compile error instead of a warning. */
  public static final String REQUIRE_INDEXES_OPTION = "strata.requireIndexes";
  private static final String PKG = "jakarta.data.repository.";
  private static final ClassName DATA_STORE = ClassName.get("io.strata.jakarta.data", "DataStore");
  private static final ClassName ATTRIBUTES = ClassName.get("io.strata.jakarta.data", "Attributes");
  private static final ClassName RESULT_PAGES = ClassName.get("io.strata.jakarta.data", "ResultPages");
  private static final ClassName SORT = ClassName.get("jakarta.data", "Sort");
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

  /** Whether {@code repository} is Strata's to implement: no other provider named, and its entities are Strata's. */
  public boolean isStrata(TypeElement repository) {
    String provider = annotationValue(repository, REPOSITORY, "provider");
    if (provider != null && !provider.isEmpty() && !provider.equalsIgnoreCase("strata")) {
      return false;
    }
    TypeElement primary = primaryEntity(repository);
    if (primary != null) {
      return isEntity(primary);
    }
    // no primary entity: Strata's when every entity its methods name is Strata's, and there is one
    List<TypeElement> named = new ArrayList<>();
    for (ExecutableElement m : methods(repository)) {
      lifecycleEntity(repository, m).ifPresent(named::add);
    }
    return !named.isEmpty() && named.stream().allMatch(this::isEntity);
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
    if (primary != null) {
      models.apply(primary).ifPresent(m -> entities.put(m.type(), m));
    }
    // every entity first: validating one resets the diagnostics' failure flag
    for (ExecutableElement m : methods(repository)) {
      lifecycleEntity(repository, m).ifPresent(models::apply);
    }
    diagnostics.reset();
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
    for (EntityModel entity : entities.values()) {
      type.addField(FieldSpec.builder(ParameterizedTypeName.get(ATTRIBUTES, entity.type()), attributesField(entity),
          Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer(attributes(entity)).build());
      type.addField(ParameterizedTypeName.get(DATA_STORE, entity.type()), dataField(entity), Modifier.PRIVATE, Modifier.FINAL);
      ctor.addStatement("this.$N = new $T<>(db, $L, $N)", dataField(entity), DATA_STORE, RepositoryWriter.newStore(entity),
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
  private static List<AnnotationMirror> orderBys(ExecutableElement m) {
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

  private static Object member(AnnotationMirror a, String name) {
    for (var v : a.getElementValues().entrySet()) {
      if (v.getKey().getSimpleName().contentEquals(name)) {
        return v.getValue().getValue();
      }
    }
    return null;
  }

  /**
   * A query bound to one entity: what a find/count/exists/delete/update method reads and does. {@code criteria} are the
   * conditions an index could serve ({@link IndexableCriteria}), null when the conditions are not one conjunction.
   */
  private record Query(EntityModel entity, String action, CodeBlock where, List<StaticSort> order, int first,
      FieldModel select, CodeBlock update, Object idLookup, List<BoundCriterion> criteria, boolean exact,
      List<JakartaPlanner.Branch> branches) {}

  /** One sort of a query's static order: a method name's {@code OrderBy}, an {@code @OrderBy}, a JDQL {@code ORDER BY}. */
  private record StaticSort(FieldModel field, boolean descending, boolean ignoreCase) {
    CodeBlock code() {
      return CodeBlock.of("$T.$L($S)", SORT, (descending ? "desc" : "asc") + (ignoreCase ? "IgnoreCase" : ""), field.name());
    }
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
    /** JDQL literals an index can read, by the name of the local holding each (see {@link #literalLocal}). */
    private final Map<String, QueryBinder.Literal> literals = new LinkedHashMap<>();
    private final Map<String, TypeName> literalTypes = new LinkedHashMap<>();
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
      Optional<Query> query = query();
      if (query.isEmpty()) {
        return Optional.empty();
      }
      return body(b, query.get());
    }

    /** Whether the method's one parameter is an entity or entities (a lifecycle {@code @Delete}, not a parameter-based one). */
    private IndexableCriteria indexable() {
      return new IndexableCriteria(parameterTypes(), literalTypes, types);
    }

    /** A local the method declares for a JDQL literal an index can read (named {@code lit$n}); returns its name. */
    private String literalLocal(QueryBinder.Literal literal) {
      String name = "lit$" + literals.size();
      literals.put(name, literal);
      literalTypes.put(name, literal.type());
      return name;
    }

    /** Declares the literal locals {@code read} uses, and puts each literal's JDQL text in place of its name in the plan. */
    private JakartaPlanner.Read withLiterals(MethodSpec.Builder b, JakartaPlanner.Read read) {
      String plan = read.plan();
      String keysPlan = read.keysPlan();
      for (Map.Entry<String, QueryBinder.Literal> l : literals.entrySet()) {
        String name = l.getKey();
        if (read.candidates().toString().contains(name) || (read.keys() != null && read.keys().toString().contains(name))) {
          b.addStatement("$T $N = $L", l.getValue().type(), name, l.getValue().code());
          plan = plan.replace(name, l.getValue().text());
          keysPlan = keysPlan == null ? null : keysPlan.replace(name, l.getValue().text());
        }
      }
      return new JakartaPlanner.Read(read.candidates(), plan, read.unserved(), read.narrowing(), read.ordered(), read.keys(), keysPlan);
    }

    private Map<String, TypeMirror> parameterTypes() {
      Map<String, TypeMirror> parameterTypes = new LinkedHashMap<>();
      for (int i = 0; i < values.size(); i++) {
        parameterTypes.put(values.get(i).getSimpleName().toString(), valueTypes.get(i));
      }
      return parameterTypes;
    }

    /** Reports each parameter whose type cannot be compared with its property, as a compile error on the parameter. */
    private void report(List<ParameterTypes.Mismatch> mismatches, EntityModel entity) {
      for (ParameterTypes.Mismatch m : mismatches) {
        int i = 0;
        while (!values.get(i).getSimpleName().contentEquals(m.parameter())) {
          i++;
        }
        diagnostics.error(values.get(i), Messages.JAKARTA_PARAMETER_TYPE, m.parameter(), description, valueTypes.get(i),
            m.property().name(), entity.type().simpleName(), m.property().queryType().type(), m.fix());
      }
    }

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

    /** The method's query, from {@code @Query}, {@code @Find}, a parameter-based {@code @Delete} or its name. */
    private Optional<Query> query() {
      String jdql = annotationValue(method, PKG + "Query", "value");
      if (jdql != null) {
        return jdql(jdql);
      }
      if (annotationValue(method, PKG + "Find", "value") != null) {
        return find("find");
      }
      if (annotationValue(method, PKG + "Delete", "value") != null) {
        return find("delete");
      }
      String name = method.getSimpleName().toString();
      if (!MethodName.isQuery(name)) {
        diagnostics.error(method, Messages.JAKARTA_NOT_A_QUERY, description, "its name starts with no query action");
        return Optional.empty();
      }
      EntityModel entity = entity(primary != null ? primary : lifecycleEntity(repository, method).orElse(null));
      if (entity == null) {
        diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
        return Optional.empty();
      }
      MethodName parsed;
      try {
        parsed = MethodName.parse(name, properties(entity).keySet());
      } catch (IllegalArgumentException e) {
        diagnostics.error(method, Messages.JAKARTA_NOT_A_QUERY, description, e.getMessage());
        return Optional.empty();
      }
      return methodName(entity, parsed);
    }

    private Map<String, FieldModel> properties(EntityModel entity) {
      Map<String, FieldModel> out = new LinkedHashMap<>();
      entity.fields().forEach(f -> out.put(f.name(), f));
      return out;
    }

    private Optional<Query> methodName(EntityModel entity, MethodName parsed) {
      Map<String, FieldModel> props = properties(entity);
      int needed = parsed.where().stream().flatMap(List::stream).mapToInt(c -> c.operator().parameters).sum();
      if (needed != values.size()) {
        diagnostics.error(method, Messages.JAKARTA_PARAMETERS, description, values.size(), needed,
            "each condition takes one parameter, Between two, Null/True/False none; Sort, Order, Limit and PageRequest come besides");
        return Optional.empty();
      }
      List<String> unknown = new ArrayList<>();
      parsed.where().stream().flatMap(List::stream).filter(c -> !c.known()).forEach(c -> unknown.add(c.property()));
      parsed.order().stream().filter(o -> !o.known()).forEach(o -> unknown.add(o.property()));
      if (!unknown.isEmpty()) {
        diagnostics.warning(method, Messages.JAKARTA_UNKNOWN_PROPERTY, description, unknown.get(0), entity.type().simpleName(), props.keySet());
        return Optional.of(new Query(entity, "unknown:" + unknown.get(0), null, List.of(), 0, null, null, null, List.of(), false, null));
      }
      int next = 0;
      CodeBlock.Builder or = CodeBlock.builder();
      Object idLookup = null;
      List<JakartaPlanner.Branch> branches = new ArrayList<>();
      for (List<MethodName.Condition> conjunction : parsed.where()) {
        CodeBlock.Builder and = CodeBlock.builder();
        List<BoundCriterion> served = new ArrayList<>();
        for (MethodName.Condition c : conjunction) {
          FieldModel f = props.get(c.property());
          List<String> args = new ArrayList<>();
          for (int i = 0; i < c.operator().parameters; i++) {
            args.add(values.get(next++).getSimpleName().toString());
          }
          if (parsed.where().size() == 1 && conjunction.size() == 1 && f.id() && c.operator() == MethodName.Operator.EQUAL
              && !c.not() && !c.ignoreCase()) {
            idLookup = args.get(0);
          }
          ParameterTypes checked = new ParameterTypes(types, parameterTypes());
          report(args.stream().flatMap(a -> checked.check(f, a, c.operator() == MethodName.Operator.IN).stream()).toList(), entity);
          and.add(and.isEmpty() ? "$L" : " && $L", condition(f, c, args));
          indexable().ofMethodName(f, c, args).ifPresent(served::add);
        }
        or.add(or.isEmpty() ? "$L" : " || $L", and.build());
        branches.add(new JakartaPlanner.Branch(served, and.build()));
      }
      List<BoundCriterion> criteria = branches.size() == 1 ? branches.get(0).criteria() : branches.isEmpty() ? List.of() : null;
      if (diagnostics.failed()) {
        return Optional.empty();
      }
      List<StaticSort> order = new ArrayList<>();
      for (MethodName.OrderPart o : parsed.order()) {
        order.add(new StaticSort(props.get(o.property()), o.descending(), false));
      }
      CodeBlock where = parsed.where().isEmpty() ? null : or.build();
      boolean exact = criteria != null && criteria.size() == parsed.where().stream().mapToInt(List::size).sum();
      return Optional.of(new Query(entity, parsed.action(), where, order, parsed.first(), null, null, idLookup, criteria, exact,
          branches.size() > 1 ? branches : null));
    }

    private CodeBlock condition(FieldModel f, MethodName.Condition c, List<String> args) {
      CodeBlock value = c.ignoreCase() ? CodeBlock.of("$T.upper($L)", QueryBinder.VALUES, f.read()) : CodeBlock.of("$L", f.read());
      List<CodeBlock> a = new ArrayList<>();
      for (String arg : args) {
        a.add(c.ignoreCase() ? CodeBlock.of("$T.upper($N)", QueryBinder.VALUES, arg) : CodeBlock.of("$N", arg));
      }
      CodeBlock test = switch (c.operator()) {
        case EQUAL -> CodeBlock.of("$T.$L($L, $L)", QueryBinder.VALUES, c.not() ? "ne" : "eq", value, a.get(0));
        case GREATER_THAN -> CodeBlock.of("$T.gt($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case GREATER_THAN_EQUAL -> CodeBlock.of("$T.ge($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case LESS_THAN -> CodeBlock.of("$T.lt($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case LESS_THAN_EQUAL -> CodeBlock.of("$T.le($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case BETWEEN -> CodeBlock.of("$T.between($L, $L, $L)", QueryBinder.VALUES, value, a.get(0), a.get(1));
        case CONTAINS -> CodeBlock.of("$T.contains($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case STARTS_WITH -> CodeBlock.of("$T.startsWith($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case ENDS_WITH -> CodeBlock.of("$T.endsWith($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case LIKE -> CodeBlock.of("$T.like($L, $L)", QueryBinder.VALUES, value, a.get(0));
        case IN -> CodeBlock.of("$T.inAny($L, $N)", QueryBinder.VALUES, value, args.get(0));
        case NULL -> CodeBlock.of("$T.isNull($L)", QueryBinder.VALUES, value);
        case TRUE -> CodeBlock.of("$T.eq($L, true)", QueryBinder.VALUES, value);
        case FALSE -> CodeBlock.of("$T.eq($L, false)", QueryBinder.VALUES, value);
      };
      if (!c.not() || c.operator() == MethodName.Operator.EQUAL) {
        return test;
      }
      // Not: false on a null value, as the condition itself is (IS NOT NULL is the exception: it tests the null)
      return c.operator() == MethodName.Operator.NULL ? CodeBlock.of("!$L", test)
          : CodeBlock.of("(!$T.isNull($L) && !$L)", QueryBinder.VALUES, f.read(), test);
    }

    /** {@code @Find} or a parameter-based {@code @Delete}: equality on each value parameter's property, and {@code @OrderBy}. */
    private Optional<Query> find(String action) {
      EntityModel entity = entity(primary != null ? primary : lifecycleEntity(repository, method).orElse(null));
      if (entity == null) {
        diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
        return Optional.empty();
      }
      Map<String, FieldModel> props = properties(entity);
      CodeBlock.Builder where = CodeBlock.builder();
      Object idLookup = null;
      List<BoundCriterion> criteria = new ArrayList<>();
      for (VariableElement p : values) {
        String by = annotationValue(p, PKG + "By", "value");
        String name = by == null ? p.getSimpleName().toString() : by;
        FieldModel f = name.equals("id(this)") ? entity.id() : props.get(name);
        if (f == null) {
          diagnostics.error(p, Messages.JAKARTA_FIND_PROPERTY, p.getSimpleName(), description, entity.type().simpleName(), props.keySet());
          continue;
        }
        report(new ParameterTypes(types, parameterTypes()).check(f, p.getSimpleName().toString(), false).stream().toList(), entity);
        if (values.size() == 1 && f.id()) {
          idLookup = p.getSimpleName().toString();
        }
        where.add(where.isEmpty() ? "$T.eq($L, $N)" : " && $T.eq($L, $N)", QueryBinder.VALUES, f.read(), p.getSimpleName());
        indexable().of(f, Operator.EQUALS, List.of(p.getSimpleName().toString())).ifPresent(criteria::add);
      }
      List<StaticSort> order = new ArrayList<>();
      for (AnnotationMirror o : orderBys(method)) {
        String property = (String) member(o, "value");
        if (!props.containsKey(property) && !property.equals("id(this)")) {
          diagnostics.error(method, o, Messages.JAKARTA_FIND_PROPERTY, "@OrderBy(\"" + property + "\")", description,
              entity.type().simpleName(), props.keySet());
          continue;
        }
        order.add(new StaticSort(property.equals("id(this)") ? entity.id() : props.get(property),
            Boolean.TRUE.equals(member(o, "descending")), Boolean.TRUE.equals(member(o, "ignoreCase"))));
      }
      if (diagnostics.failed()) {
        return Optional.empty();
      }
      return Optional.of(new Query(entity, action, where.isEmpty() ? null : where.build(), order, 0, null, null, idLookup, criteria,
          criteria.size() == values.size(), null));
    }

    private Optional<Query> jdql(String text) {
      JdqlStatement statement;
      try {
        statement = JdqlParser.parse(text);
      } catch (JdqlSyntaxException e) {
        diagnostics.error(method, Messages.JDQL_SYNTAX, description, e.getMessage());
        return Optional.empty();
      }
      Optional<JdqlStatement.EntityName> from = statement instanceof JdqlStatement.Select s ? s.from()
          : Optional.of(statement instanceof JdqlStatement.Update u ? u.entity() : ((JdqlStatement.Delete) statement).entity());
      TypeElement entityType = primary;
      if (from.isPresent() && (primary == null || !from.get().name().equals(entity(primary) == null ? null : entity(primary).type().simpleName()))) {
        entityType = entityNamed(repository, from.get().name()).orElse(null);
        if (entityType == null) {
          bindError(text, from.get().offset(), "'" + from.get().name() + "' is no entity Strata stores in the repository's package");
          return Optional.empty();
        }
      }
      if (entityType == null) {
        entityType = lifecycleEntity(repository, method).orElse(null);
      }
      EntityModel entity = entity(entityType);
      if (entity == null) {
        diagnostics.error(method, Messages.JAKARTA_NO_ENTITY, description);
        return Optional.empty();
      }
      Map<String, String> named = new LinkedHashMap<>();
      for (VariableElement p : values) {
        String param = annotationValue(p, PKG + "Param", "value");
        named.put(param == null ? p.getSimpleName().toString() : param, p.getSimpleName().toString());
      }
      QueryBinder binder = new QueryBinder(entity, i -> i >= 1 && i <= values.size() ? values.get(i - 1).getSimpleName().toString() : null,
          named::get, elements);
      try {
        Optional<JdqlCondition> condition = statement instanceof JdqlStatement.Select s ? s.where()
            : statement instanceof JdqlStatement.Update u ? u.where() : ((JdqlStatement.Delete) statement).where();
        if (condition.isPresent()) {
          report(new ParameterTypes(types, parameterTypes()).ofJdql(condition.get(), binder::propertyOrNull, binder::parameterOrNull),
              entity);
          if (diagnostics.failed()) {
            return Optional.empty();
          }
        }
        List<BoundCriterion> criteria = condition.isEmpty() ? List.of()
            : indexable().ofJdql(condition.get(), binder::propertyOrNull, planned(binder));
        boolean exact = criteria != null && criteria.size() == condition.map(IndexableCriteria::conjuncts).orElse(0);
        List<JakartaPlanner.Branch> branches = criteria != null ? null : IndexableCriteria.disjuncts(condition.get()).stream()
            .map(d -> new JakartaPlanner.Branch(indexable().ofJdql(d, binder::propertyOrNull, planned(binder)),
                binder.condition(d))).toList();
        if (statement instanceof JdqlStatement.Select s) {
          CodeBlock where = s.where().map(binder::condition).orElse(null);
          List<StaticSort> order = new ArrayList<>();
          for (JdqlStatement.OrderItem o : s.orderBy()) {
            order.add(new StaticSort(binder.property(o.key()), o.descending(), false));
          }
          FieldModel select = null;
          String action = "find";
          if (s.selection().isPresent()) {
            JdqlStatement.Selection sel = s.selection().get();
            if (sel instanceof JdqlStatement.SelectCount) {
              action = "count";
            } else if (sel instanceof JdqlStatement.SelectValue v) {
              select = binder.property(v.value());
            }
          }
          return Optional.of(new Query(entity, action, where, order, 0, select, null, null, criteria, exact, branches));
        }
        if (statement instanceof JdqlStatement.Delete d) {
          return Optional.of(new Query(entity, "delete", d.where().map(binder::condition).orElse(null), List.of(), 0, null, null, null,
              criteria, exact, branches));
        }
        JdqlStatement.Update u = (JdqlStatement.Update) statement;
        CodeBlock.Builder change = CodeBlock.builder().add("e -> {\n").indent();
        int i = 0;
        for (JdqlStatement.Assignment a : u.assignments()) {
          change.add("$T v$L = $L;\n", Object.class, i++, binder.value(a.value()));
        }
        i = 0;
        for (JdqlStatement.Assignment a : u.assignments()) {
          FieldModel f = binder.property(a.target());
          if (f.write() == null) {
            diagnostics.error(method, Messages.JAKARTA_UPDATE_NOT_WRITABLE, description, f.name(), entity.type().simpleName());
            return Optional.empty();
          }
          change.add("$T $L = $L;\n", f.type().type(), EntityValidator.local(f.name()), converted(f, "v" + i++));
          change.add("$L;\n", f.write());
        }
        change.add("return e;\n").unindent().add("}");
        return Optional.of(new Query(entity, "update", u.where().map(binder::condition).orElse(null), List.of(), 0, null,
            change.build(), null, criteria, exact, branches));
      } catch (QueryBinder.BindException e) {
        bindError(text, e.offset, e.getMessage());
        return Optional.empty();
      }
    }

    private CodeBlock converted(FieldModel f, String v) {
      String to = switch (f.type().kind()) {
        case INT -> "toInt";
        case LONG -> "toLong";
        case SHORT -> "toShort";
        case BYTE -> "toByte";
        case DOUBLE -> "toDouble";
        case FLOAT -> "toFloat";
        case BIG_DECIMAL -> "toBigDecimal";
        case BIG_INTEGER -> "toBigInteger";
        default -> null;
      };
      if (to == null) {
        return CodeBlock.of("($T) $N", f.type().type().box(), v);
      }
      return f.type().isPrimitive() ? CodeBlock.of("$T.$L($N)", QueryBinder.VALUES, to, v)
          : CodeBlock.of("$N == null ? null : $T.$L($N)", v, QueryBinder.VALUES, to, v);
    }

    /** The Java name standing for a JDQL value compared with a property: its method parameter, or a literal's local. */
    private BiFunction<FieldModel, JdqlExpression, String> planned(QueryBinder binder) {
      return (property, value) -> {
        String parameter = binder.parameterOrNull(value);
        return parameter != null ? parameter : binder.literal(value, property).map(this::literalLocal).orElse(null);
      };
    }

    private void bindError(String text, int offset, String message) {
      int column = 1;
      for (int i = 0; i < offset && i < text.length(); i++) {
        column = text.charAt(i) == '\n' ? 1 : column + 1;
      }
      diagnostics.error(method, Messages.JDQL_BINDING, description, column, message);
    }

    /** The method body for a query: read, filter, sort, page, and shape the result as the return type asks. */
    private Optional<MethodSpec> body(MethodSpec.Builder b, Query q) {
      EntityModel entity = q.entity();
      String data = dataField(entity);
      TypeName t = entity.type();
      if (q.action().startsWith("unknown:")) {
        String property = q.action().substring("unknown:".length());
        b.addJavadoc("Names '$L', which is not a persistent property of {@link $T}: always throws MappingException.\n", property, t);
        b.addStatement("throw new $T($S)", MAPPING_EXCEPTION, "'" + property + "' is not a persistent property of "
            + entity.type().simpleName() + "; its properties are " + properties(entity).keySet() + " (" + description + ")");
        return Optional.of(b.build());
      }
      CodeBlock where = q.where() == null ? CodeBlock.of("e -> true") : CodeBlock.of("e -> $L", q.where());
      TypeMirror result = type.getReturnType();
      String row = "{@code (\"" + entity.entityName() + "\", \"R\", id)}";
      if (q.idLookup() != null && idLookup(b, q, data, row, result)) {
        return Optional.of(b.build());
      }
      JakartaPlanner planner = new JakartaPlanner(entity);
      JakartaPlanner.Read read = q.branches() == null ? null : planner.planUnion(description, q.branches());
      if (read == null) {
        read = planner.plan(description, q.criteria(), q.where() != null, q.exact());
      }
      JakartaPlanner.Read inOrder = q.action().equals("find") && limited(q) ? planner.planInOrder(description, q.criteria(),
          q.order().stream().map(o -> new OrderItem(o.field(), o.descending())).toList(),
          q.order().stream().map(StaticSort::ignoreCase).toList()) : null;
      if (inOrder != null && inOrder.narrowing() >= read.narrowing()) {
        read = inOrder;
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
              + " {@value io.strata.jakarta.data.DataStore#BATCH} (each re-reads its rows). $L\n", read.plan());
          return returnNumber(b, CodeBlock.of("$N.delete($L, $L)", data, where, candidates), result);
        }
        case "update" -> {
          b.addJavadoc("Rewrites the entities that match with their index entries, in transactions of at most"
              + " {@value io.strata.jakarta.data.DataStore#BATCH} (each re-reads its rows). $L\n", read.plan());
          return returnNumber(b, CodeBlock.of("$N.update($L, $L, $L)", data, where, candidates, q.update()), result);
        }
        default -> {
          return find(b, q, where, read, result);
        }
      }
    }

    /**
     * Whether a find needs only its first results in its static order, with no order chosen at run time: a {@code First}
     * or a {@code Limit}, which an index read in that order can stop early for.
     */
    private boolean limited(Query q) {
      return !q.order().isEmpty() && sorts.isEmpty() && pageRequest == null && (q.first() > 0 || limit != null);
    }

    /** The body of a query by id alone, when its result needs one row: true when written. */
    private boolean idLookup(MethodSpec.Builder b, Query q, String data, String row, TypeMirror result) {
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
          String shape = shape(result);
          boolean ordered = !q.order().isEmpty() || !sorts.isEmpty();
          if (ordered || limit != null || pageRequest != null || q.select() != null || !("optional".equals(shape) || "single".equals(shape))) {
            return false;
          }
          b.addJavadoc("Reads one row, $L.\n", row);
          if (shape.equals("optional")) {
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

    private Optional<MethodSpec> find(MethodSpec.Builder b, Query q, CodeBlock where, JakartaPlanner.Read read, TypeMirror result) {
      CodeBlock candidates = read.candidates();
      EntityModel entity = q.entity();
      String data = dataField(entity);
      TypeName t = entity.type();
      String shape = shape(result);
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
      CodeBlock project = q.select() == null ? null : CodeBlock.of("e -> ($T) $L", elementName, q.select().read());
      if (shape.equals("stream") && q.order().isEmpty() && sorts.isEmpty() && pageRequest == null && q.first() == 0) {
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
          && (shape.equals("optional") || shape.equals("single"));
      b.addJavadoc("The entities that match, $L. $L\n", single ? "reading up to the second (a single result)"
          : read.ordered() ? "sorted in memory among the first ones read in order" : pageRequest != null ? "sorted and paged in memory"
          : "sorted in memory", read.plan());
      CodeBlock.Builder fixed = CodeBlock.builder();
      q.order().forEach(o -> fixed.add(fixed.isEmpty() ? "$L" : ", $L", o.code()));
      CodeBlock.Builder dynamic = CodeBlock.builder();
      sorts.forEach(s -> dynamic.add(", $L", s));
      b.addStatement("$T<$T<? super $T>> order$$ = $T.<$T>order($T.of($L)$L)", List.class, SORT, t, RESULT_PAGES, t, List.class,
          fixed.build(), dynamic.build());
      if (shape.equals("page") || shape.equals("cursoredPage")) {
        if (pageRequest == null) {
          diagnostics.error(method, Messages.JAKARTA_RESULT, description, result, "a query without a PageRequest parameter",
              "add a PageRequest parameter, or return a List");
          return Optional.empty();
        }
        CodeBlock page = CodeBlock.of("$T.$L($N.attributes(), order$$, $N.matching($L, $L), $N)", RESULT_PAGES, shape, data, data,
            where, candidates, pageRequest);
        if (project != null && shape.equals("page")) {
          page = CodeBlock.of("$T.map($L, $L)", RESULT_PAGES, page, project);
        }
        b.addStatement("return $L", page);
        return Optional.of(b.build());
      }
      if (single) {
        b.addStatement("$T<$T> found$$ = $N.some($L, $L, 2)", List.class, t, data, where, candidates);
      } else if (read.ordered()) {
        CodeBlock n = q.first() > 0 && limit != null ? CodeBlock.of("$T.min($L, $T.end($N))", Math.class, q.first(), RESULT_PAGES, limit)
            : q.first() > 0 ? CodeBlock.of("$L", q.first()) : CodeBlock.of("$T.end($N)", RESULT_PAGES, limit);
        b.addStatement("$T<$T> found$$ = $N.first($L, $L, order$$, $L)", List.class, t, data, where, candidates, n);
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
        case "list" -> b.addStatement("return $L", values);
        case "stream" -> b.addStatement("return $L.stream()", values);
        case "array" -> b.addStatement("return $L.toArray(new $T[0])", values, TypeName.get(element));
        case "optional" -> b.addStatement("return $T.optional($L, $S)", RESULT_PAGES, values, description);
        default -> b.addStatement("return $T.single($L, $S)", RESULT_PAGES, values, description);
      }
      return Optional.of(b.build());
    }

    /** How a find returns: list, stream, array, optional, page, cursoredPage or single; null when unsupported. */
    private String shape(TypeMirror result) {
      if (result.getKind() == TypeKind.ARRAY) {
        return ((ArrayType) result).getComponentType().getKind().isPrimitive() ? null : "array";
      }
      if (result instanceof DeclaredType d) {
        return switch (((TypeElement) d.asElement()).getQualifiedName().toString()) {
          case "java.util.List", "java.util.Collection", "java.lang.Iterable" -> "list";
          case "java.util.stream.Stream" -> "stream";
          case "java.util.Optional" -> "optional";
          case "jakarta.data.page.Page" -> "page";
          case "jakarta.data.page.CursoredPage" -> "cursoredPage";
          default -> "single";
        };
      }
      return result.getKind().isPrimitive() ? "single" : null;
    }
  }
}
