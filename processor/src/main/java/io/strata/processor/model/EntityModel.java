package io.strata.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;

/**
 * Everything the writers need to generate one entity's codec and repository; no javax.lang types.
 *
 * @param type the entity class
 * @param entityName the {@code @Entity(name)}: first key element
 * @param fields the stored fields in declaration order (the id included)
 * @param constructorArgs when the entity is built through a constructor: one Java expression per
 *     parameter, in order, over decoded locals named after the fields (transient ones get defaults; a stored field
 *     whose local no argument uses is set after construction through its {@link FieldModel#write()});
 *     null when it is built with a no-arg constructor plus {@link FieldModel#write()}
 * @param indexes secondary indexes, in declaration order
 * @param spatial the {@code @Spatial} fields
 * @param blobs the {@code @Blob} fields
 * @param documents the {@code @Document} fields
 * @param columnMajor keep the {@code (E,"C",field,id)} copy
 * @param injectable jakarta.inject is on the classpath
 * @param aggregates the {@code @Aggregate}s, in declaration order
 * @param ranks the {@code @Rank}s, in declaration order
 * @param texts the {@code @Text} fields
 * @param versioned {@code @Versioned}: keep a change feed
 * @param packed rows as one key holding every field ({@code @Entity(packed)}; never with {@code columnMajor})
 * @param embeddings the {@code @Embedding} fields (vector indexes), in declaration order
 */
public record EntityModel(
    ClassName type,
    String entityName,
    List<FieldModel> fields,
    List<String> constructorArgs,
    List<IndexModel> indexes,
    List<SpatialModel> spatial,
    List<BlobModel> blobs,
    List<FieldModel> documents,
    boolean columnMajor,
    boolean injectable,
    List<AggregateModel> aggregates,
    List<RankModel> ranks,
    List<FieldModel> texts,
    boolean versioned,
    boolean packed,
    List<EmbeddingModel> embeddings) {

  /** An entity without vector indexes. */
  public EntityModel(ClassName type, String entityName, List<FieldModel> fields, List<String> constructorArgs,
      List<IndexModel> indexes, List<SpatialModel> spatial, List<BlobModel> blobs, List<FieldModel> documents,
      boolean columnMajor, boolean injectable, List<AggregateModel> aggregates, List<RankModel> ranks, List<FieldModel> texts,
      boolean versioned, boolean packed) {
    this(type, entityName, fields, constructorArgs, indexes, spatial, blobs, documents, columnMajor, injectable, aggregates, ranks,
        texts, versioned, packed, List.of());
  }

  /** An entity without aggregates, ranks, text indexes or change feed. */
  public EntityModel(ClassName type, String entityName, List<FieldModel> fields, List<String> constructorArgs,
      List<IndexModel> indexes, List<SpatialModel> spatial, List<BlobModel> blobs, List<FieldModel> documents,
      boolean columnMajor, boolean injectable) {
    this(type, entityName, fields, constructorArgs, indexes, spatial, blobs, documents, columnMajor, injectable, List.of(), List.of(),
        List.of(), false, !columnMajor);
  }

  public EntityModel {
    embeddings = List.copyOf(embeddings);
    aggregates = List.copyOf(aggregates);
    ranks = List.copyOf(ranks);
    texts = List.copyOf(texts);
    fields = List.copyOf(fields);
    indexes = List.copyOf(indexes);
    spatial = List.copyOf(spatial);
    blobs = List.copyOf(blobs);
    documents = List.copyOf(documents);
  }

  /** The {@code @Embedding} of the field {@code name}, or null. */
  public EmbeddingModel embedding(String name) {
    return embeddings.stream().filter(e -> e.field().name().equals(name)).findFirst().orElse(null);
  }

  public FieldModel id() {
    return fields.stream().filter(FieldModel::id).findFirst().orElseThrow();
  }

  /**
   * The {@code io.strata.repository.AssignedIds} constant of the ids the store gives this entity when a Jakarta Data
   * repository saves it with a null id ({@code STRINGS}, {@code UUIDS} or {@code LONGS}), or null when its id type
   * gets none (a primitive cannot be null; an {@code int}/{@code Integer} or {@code byte[]} id is the application's).
   */
  public String assignedIds() {
    FieldModel id = id();
    return switch (id.type().kind()) {
      case STRING -> "STRINGS";
      case UUID -> "UUIDS";
      case LONG -> id.type().isPrimitive() ? null : "LONGS";
      default -> null;
    };
  }

  public int idIndex() {
    return fields.indexOf(id());
  }

  public ClassName repositoryName() {
    return ClassName.get(type.packageName(), type.simpleName() + "Repository");
  }

  public ClassName codecName() {
    return ClassName.get(type.packageName(), type.simpleName() + "Codec");
  }
}
