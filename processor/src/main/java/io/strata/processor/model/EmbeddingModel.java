package io.strata.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;

/**
 * One {@code @Embedding} field: a vector index searched for nearest neighbours.
 *
 * @param field the stored {@code float[]} field
 * @param dimensions every vector's length
 * @param metric the distance: {@code COSINE}, {@code EUCLIDEAN} or {@code DOT_PRODUCT}
 * @param groupBy the group fields, most significant first (each group searched alone; empty for one group)
 */
public record EmbeddingModel(FieldModel field, int dimensions, String metric, List<FieldModel> groupBy) {
  /** An entity with its distance from the query vector: a {@code Near} method's result element, or the entity alone. */
  public static final ClassName SCORED = ClassName.get("io.strata", "Scored");

  public EmbeddingModel {
    groupBy = List.copyOf(groupBy);
  }

  /** The index's name: its field's. */
  public String name() {
    return field.name();
  }
}
