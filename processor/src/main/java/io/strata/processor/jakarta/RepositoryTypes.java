package io.strata.processor.jakarta;

import io.strata.processor.validation.EntityValidator;
import io.strata.query.jdql.JdqlParser;
import io.strata.query.jdql.JdqlStatement;
import io.strata.query.jdql.JdqlSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What a Jakarta Data repository interface declares, read from its elements: whether Strata implements it, its primary
 * entity, the methods to implement, the entity a method works on, element types of containers, and annotation members.
 */
final class RepositoryTypes {
  static final String PKG = "jakarta.data.repository.";
  private static final String REPOSITORY = JakartaRepositoryWriter.REPOSITORY;

  private final Types types;
  private final Elements elements;

  RepositoryTypes(ProcessingEnvironment env) {
    this.types = env.getTypeUtils();
    this.elements = env.getElementUtils();
  }

  /**
   * Why {@code repository} is not Strata's to implement (another provider named, or entities Strata does not store),
   * empty when it is Strata's.
   */
  Optional<String> whyNotStrata(TypeElement repository) {
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

  boolean isEntity(TypeElement type) {
    return type.getAnnotation(io.strata.annotations.Entity.class) != null || EntityValidator.annotated(type, EntityValidator.JAKARTA_ENTITY);
  }

  /** The abstract methods the implementation must provide, inherited ones included, each once. */
  List<ExecutableElement> methods(TypeElement repository) {
    List<ExecutableElement> out = new ArrayList<>();
    for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(repository))) {
      // io.strata.Queryable's where and jdql are the run-time queries every implementation has
      if (m.getModifiers().contains(Modifier.ABSTRACT) && m.getEnclosingElement().getKind() == ElementKind.INTERFACE
          && !((TypeElement) m.getEnclosingElement()).getQualifiedName().contentEquals("io.strata.Queryable")
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
  TypeElement primaryEntity(TypeElement repository) {
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
  Optional<TypeElement> lifecycleEntity(TypeElement repository, ExecutableElement m) {
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
  Optional<TypeElement> entityNamed(TypeElement repository, String name) {
    String pkg = elements.getPackageOf(repository).getQualifiedName().toString();
    TypeElement t = elements.getTypeElement(pkg.isEmpty() ? name : pkg + "." + name);
    return Optional.ofNullable(t).filter(this::isEntity);
  }

  /** The element type of an array, {@code Iterable}, {@code Optional}, {@code Stream} or page, else the type itself. */
  TypeMirror elementType(TypeMirror t) {
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

  static final java.util.Set<String> CONTAINERS = java.util.Set.of("java.util.List", "java.util.Collection",
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
}
