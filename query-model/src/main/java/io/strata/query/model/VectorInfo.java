package io.strata.query.model;

import java.util.List;

/**
 * One vector index: an {@code @Embedding} field whose nearest neighbours a query asks for ({@link Op#NEAREST}).
 *
 * @param field the {@code float[]} property
 * @param dimensions how many components every vector has
 * @param metric the distance: {@code COSINE}, {@code EUCLIDEAN} or {@code DOT_PRODUCT}
 * @param groupBy the properties whose values split the index into groups, each searched alone (empty: one group)
 */
public record VectorInfo(String field, int dimensions, String metric, List<String> groupBy) {
  public VectorInfo {
    groupBy = List.copyOf(groupBy);
    if (dimensions <= 0) {
      throw new IllegalArgumentException("the vector index on " + field + " needs dimensions > 0, got " + dimensions);
    }
  }
}
