package io.strata.processor.validation;

import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;

/**
 * Finds the {@code io.strata.Restriction<E>} parameter of a declared repository method, if it has one: at most one,
 * parameterized with the repository's entity.
 */
public final class RestrictionParameters {
  private static final String RESTRICTION = "io.strata.Restriction";

  private RestrictionParameters() {}

  /** Whether any parameter of {@code method} is an {@code io.strata.Restriction}, of any type argument or none. */
  public static boolean declares(ExecutableElement method) {
    return method.getParameters().stream().anyMatch(RestrictionParameters::isRestriction);
  }

  /** Whether {@code p} is an {@code io.strata.Restriction}, of any type argument or none. */
  public static boolean isRestriction(VariableElement p) {
    return p.asType() instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(RESTRICTION);
  }

  /** {@code method}'s {@code Restriction<E>} parameter, or null when it takes none. */
  public static VariableElement find(EntityModel entity, ExecutableElement method) throws QueryError {
    String name = method.getSimpleName().toString();
    VariableElement found = null;
    for (VariableElement p : method.getParameters()) {
      if (!isRestriction(p)) {
        continue;
      }
      DeclaredType d = (DeclaredType) p.asType();
      if (d.getTypeArguments().isEmpty()) {
        throw new QueryError(Messages.QUERY_RESTRICTION_RAW, name, p.getSimpleName(), entity.type().simpleName());
      }
      TypeName of = TypeName.get(d.getTypeArguments().get(0));
      if (!of.equals(entity.type())) {
        throw new QueryError(Messages.QUERY_RESTRICTION_ENTITY, name, p.getSimpleName(), of, entity.type().simpleName());
      }
      if (found != null) {
        throw new QueryError(Messages.QUERY_RESTRICTION_TWICE, name, found.getSimpleName(), p.getSimpleName());
      }
      found = p;
    }
    return found;
  }
}
