package io.strata.processor.model;

import java.util.List;

/**
 * A criterion resolved against the entity: the field, the operator and the names of the parameters that
 * carry its values (none for {@code True}/{@code False}, two for {@code Between} and {@code Near}).
 */
public record BoundCriterion(FieldModel field, Operator operator, List<String> params) {
  public BoundCriterion {
    params = List.copyOf(params);
  }
}
