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
 */
public record RepositoryModel(ClassName type, EntityModel entity, boolean crud, List<QueryMethodModel> methods) {
  public RepositoryModel {
    methods = List.copyOf(methods);
  }

  /** {@code <Interface>Impl}, in the interface's package. */
  public ClassName implName() {
    return ClassName.get(type.packageName(), type.simpleName() + "Impl");
  }
}
