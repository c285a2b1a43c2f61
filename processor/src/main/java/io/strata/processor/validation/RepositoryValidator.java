package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.RestrictedMethod;
import io.strata.processor.model.RepositoryModel;
import io.strata.processor.planning.QueryPlanner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Turns one {@code @Repository} interface into a {@link RepositoryModel}: parses each abstract method's name
 * ({@link StrataMethodName}), checks its parameters and return type against the entity, and plans it
 * ({@link QueryPlanner}). Every problem is reported on the method it concerns; the model is empty when any was.
 */
public final class RepositoryValidator {
  static final String CRUD = "io.strata.CrudRepository";
  public static final String QUERYABLE = "io.strata.Queryable";

  private final Diagnostics diagnostics;
  private final Function<TypeElement, Optional<EntityModel>> entities;

  /** @param entities the validated model of an {@code @Entity} type, or empty when it is not one (or is invalid) */
  public RepositoryValidator(Diagnostics diagnostics, Function<TypeElement, Optional<EntityModel>> entities) {
    this.diagnostics = diagnostics;
    this.entities = entities;
  }

  public Optional<RepositoryModel> validate(TypeElement type, TypeElement entityArgument) {
    diagnostics.reset();
    if (type.getKind() != ElementKind.INTERFACE) {
      diagnostics.error(type, Messages.REPOSITORY_NOT_INTERFACE, type.getSimpleName(), type.getKind().toString().toLowerCase());
      return Optional.empty();
    }
    DeclaredType crud = supertype(type.asType(), CRUD, 2);
    TypeElement entityType = entityArgument;
    if (entityType == null && crud != null && crud.getTypeArguments().get(0) instanceof DeclaredType d) {
      entityType = (TypeElement) d.asElement();
    }
    if (entityType == null) {
      diagnostics.error(type, Messages.REPOSITORY_NO_ENTITY, type.getSimpleName());
      return Optional.empty();
    }
    Optional<EntityModel> found = entities.apply(entityType);
    if (found.isEmpty() && entityType.getAnnotation(io.strata.annotations.Entity.class) != null) {
      return Optional.empty(); // the entity's own errors are reported on it
    }
    if (found.isEmpty()) {
      diagnostics.error(type, Messages.REPOSITORY_NOT_ENTITY, type.getSimpleName(), entityType.getQualifiedName());
      return Optional.empty();
    }
    EntityModel entity = found.get();
    if (crud != null) {
      TypeName id = TypeName.get(crud.getTypeArguments().get(1));
      TypeName expected = entity.id().type().type().box();
      if (!id.equals(expected)) {
        diagnostics.error(type, Messages.REPOSITORY_ID_TYPE, type.getSimpleName(), TypeName.get(crud.getTypeArguments().get(0)), id,
            entity.type().simpleName(), expected, entity.type().simpleName(), expected);
        return Optional.empty();
      }
    }
    DeclaredType queryable = supertype(type.asType(), QUERYABLE, 1);
    if (queryable != null && !TypeName.get(queryable.getTypeArguments().get(0)).equals(entity.type())) {
      diagnostics.error(type, Messages.REPOSITORY_QUERYABLE_ENTITY, type.getSimpleName(), TypeName.get(queryable.getTypeArguments().get(0)),
          entity.type().simpleName(), entity.type().simpleName());
      return Optional.empty();
    }
    List<QueryMethodModel> methods = new ArrayList<>();
    List<RestrictedMethod> restricted = new ArrayList<>();
    for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (!m.getModifiers().contains(Modifier.ABSTRACT)) {
        continue; // default and static methods are left alone
      }
      try {
        VariableElement restriction = RestrictionParameters.find(entity, m);
        if (restriction == null) {
          methods.add(new QueryMethodValidator(entity, m).model());
        } else {
          restricted.add(new QueryMethodValidator(entity, m).restricted(restriction));
        }
      } catch (QueryError e) {
        diagnostics.error(m, e.message(), e.args());
      }
    }
    if (diagnostics.failed()) {
      return Optional.empty();
    }
    return Optional.of(new RepositoryModel(ClassName.get(type), entity, crud != null, methods, restricted));
  }

  /** {@code type}'s supertype (or itself) named {@code name} with {@code arguments} type arguments, null when none. */
  public static DeclaredType supertype(TypeMirror type, String name, int arguments) {
    if (!(type instanceof DeclaredType d)) {
      return null;
    }
    if (((TypeElement) d.asElement()).getQualifiedName().contentEquals(name) && d.getTypeArguments().size() == arguments) {
      return d;
    }
    for (TypeMirror s : ((TypeElement) d.asElement()).getInterfaces()) {
      DeclaredType found = supertype(s, name, arguments);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
