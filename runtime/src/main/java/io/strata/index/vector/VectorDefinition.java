package io.strata.index.vector;

import io.strata.index.DerivedIndex;
import io.strata.index.DerivedIndexDefinition;
import io.strata.row.Rows;
import java.util.List;
import java.util.Objects;

/**
 * One {@code @Embedding} field, indexed under {@code (E, "N", name, groups...)} as partitions of vectors (see
 * {@link VectorIndex}).
 *
 * @param name the index name (the field's name, as generated repositories pass it)
 * @param field the {@code float[]} field, stored as {@link Vectors#element} bytes
 * @param dimensions the length every stored vector must have
 * @param metric the distance, smaller nearer
 * @param groupBy the group fields, most significant first (empty: one group)
 */
public record VectorDefinition(String name, String field, int dimensions, Metric metric, List<String> groupBy)
    implements DerivedIndexDefinition {
  public VectorDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(metric, "metric");
    if (dimensions < 1) {
      throw new IllegalArgumentException("vector index '" + name + "' needs at least 1 dimension, was " + dimensions);
    }
    groupBy = List.copyOf(groupBy);
  }

  @Override
  public DerivedIndex index(Rows<?> rows) {
    return new VectorIndex(rows, this);
  }
}
