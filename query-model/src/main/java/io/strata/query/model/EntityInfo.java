package io.strata.query.model;

import java.util.List;
import java.util.Optional;

/**
 * What an entity offers queries: its stored properties and the indexes over them, in declaration order (the
 * planner prefers the first declared among equally good indexes).
 *
 * @param name the entity name (the first element of its keys)
 * @param fields the stored properties; exactly one is the id
 * @param indexes the secondary indexes
 * @param spatial the Z-order indexes
 * @param aggregates the {@code @Aggregate}s
 * @param vectors the vector indexes ({@code @Embedding} fields)
 */
public record EntityInfo(String name, List<FieldInfo> fields, List<IndexInfo> indexes, List<SpatialInfo> spatial,
    List<AggregateInfo> aggregates, List<VectorInfo> vectors) {

  /** An entity without vector indexes. */
  public EntityInfo(String name, List<FieldInfo> fields, List<IndexInfo> indexes, List<SpatialInfo> spatial,
      List<AggregateInfo> aggregates) {
    this(name, fields, indexes, spatial, aggregates, List.of());
  }

  public EntityInfo {
    vectors = List.copyOf(vectors);
    fields = List.copyOf(fields);
    indexes = List.copyOf(indexes);
    spatial = List.copyOf(spatial);
    aggregates = List.copyOf(aggregates);
    if (fields.stream().filter(FieldInfo::id).count() != 1) {
      throw new IllegalArgumentException("entity " + name + " must have exactly one id field, has "
          + fields.stream().filter(FieldInfo::id).map(FieldInfo::name).toList());
    }
  }

  /** The id property. */
  public FieldInfo id() {
    return fields.stream().filter(FieldInfo::id).findFirst().orElseThrow();
  }

  /** The vector index of the property {@code field}, if it has one. */
  public Optional<VectorInfo> vector(String field) {
    return vectors.stream().filter(v -> v.field().equals(field)).findFirst();
  }

  /** The property named {@code name}, if stored. */
  public Optional<FieldInfo> field(String name) {
    return fields.stream().filter(f -> f.name().equals(name)).findFirst();
  }
}
