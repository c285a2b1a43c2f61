package io.strata.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;

/**
 * A {@code @Repository} interface, validated: its entity and its planned query methods.
 *
 * @param type the interface
 * @param entity the entity it reads
 * @param crud whether it extends {@code CrudRepository} (the Impl then implements its methods)
 * @param methods the declared query methods, in declaration order
 * @param restricted the declared query methods taking a {@code Restriction<E>} parameter, in declaration order
 */
public record RepositoryModel(ClassName type, EntityModel entity, boolean crud, List<QueryMethodModel> methods,
    List<RestrictedMethod> restricted) {
  public RepositoryModel {
    methods = List.copyOf(methods);
    restricted = List.copyOf(restricted);
  }

  /** {@code <Interface>Impl}, in the interface's package. */
  public ClassName implName() {
    return ClassName.get(type.packageName(), type.simpleName() + "Impl");
  }
}
