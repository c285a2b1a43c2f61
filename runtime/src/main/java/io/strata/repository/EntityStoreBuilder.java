package io.strata.repository;

import com.apple.foundationdb.subspace.Subspace;
import io.strata.index.DerivedIndexDefinition;
import io.strata.row.BlobField;
import io.strata.row.EntityCodec;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.SpatialField;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Describes one entity's store the way a generated repository's constructor reads:
 * {@code EntityStore.builder(UserCodec.INSTANCE, root).uniqueIndex("email", "email").index("byCity", "city").build()}.
 * Each call adds what the entity declares, in declaration order; {@link #build()} makes the store.
 */
public final class EntityStoreBuilder<T> {
  private final EntityCodec<T> codec;
  private final Subspace root;
  private final List<IndexDefinition> indexes = new ArrayList<>();
  private final List<SpatialField> spatial = new ArrayList<>();
  private final List<BlobField> blobs = new ArrayList<>();
  private final List<String> documents = new ArrayList<>();
  private final List<DerivedIndexDefinition> derived = new ArrayList<>();
  private boolean columnMajor;
  private boolean packed;
  private Function<Object, ?> ids = Function.identity();
  private final List<String> nonNull = new ArrayList<>();
  private AssignedIds assigned;

  EntityStoreBuilder(EntityCodec<T> codec, Subspace root) {
    this.codec = Objects.requireNonNull(codec, "codec");
    this.root = Objects.requireNonNull(root, "root");
  }

  /** A plain secondary index over {@code fields}, most significant first: {@code (E,"I",name,values...,id)}. */
  public EntityStoreBuilder<T> index(String name, String... fields) {
    indexes.add(new IndexDefinition(name, List.of(fields), false, false));
    return this;
  }

  /** A unique index: one entity per value, {@code (E,"U",name,values...) = pack(id)}. */
  public EntityStoreBuilder<T> uniqueIndex(String name, String... fields) {
    indexes.add(new IndexDefinition(name, List.of(fields), true, false));
    return this;
  }

  /** A covering index: its entries carry the whole row, so its queries read no rows. */
  public EntityStoreBuilder<T> coveringIndex(String name, String... fields) {
    indexes.add(new IndexDefinition(name, List.of(fields), false, true));
    return this;
  }

  /** A Z-order index of an {@code io.strata.Point} field; a box query reads at most {@code maxRanges} z-ranges. */
  public EntityStoreBuilder<T> spatial(String field, int maxRanges) {
    spatial.add(new SpatialField(field, false, maxRanges));
    return this;
  }

  /** A Z-order index of an {@code io.strata.GeoPoint} field; a box query reads at most {@code maxRanges} z-ranges. */
  public EntityStoreBuilder<T> geoSpatial(String field, int maxRanges) {
    spatial.add(new SpatialField(field, true, maxRanges));
    return this;
  }

  /** A {@code @Blob} field stored in chunks of {@code chunkSize} bytes. */
  public EntityStoreBuilder<T> blob(String field, int chunkSize) {
    blobs.add(new BlobField(field, chunkSize));
    return this;
  }

  /** A {@code @Document} field, flattened into path keys under its row key. */
  public EntityStoreBuilder<T> document(String field) {
    documents.add(field);
    return this;
  }

  /**
   * Stores each row as one key {@code (E,"R",id,0)} holding its fields (LAYOUTS.md, the default of
   * {@code @Entity}); without it a row is a key per field. Rows stored either way are read either way.
   */
  public EntityStoreBuilder<T> packed() {
    packed = true;
    return this;
  }

  /** Also keeps a column-major copy of every field, {@code (E,"C",field,id)} (rows a key per field only). */
  public EntityStoreBuilder<T> columnMajor() {
    columnMajor = true;
    return this;
  }

  /** A derived index: an {@code @Aggregate}, {@code @Rank}, {@code @Text} field or the {@code @Versioned} feed. */
  public EntityStoreBuilder<T> derived(DerivedIndexDefinition definition) {
    derived.add(Objects.requireNonNull(definition, "definition"));
    return this;
  }

  /**
   * Fields declared never null ({@code @NonNull}/{@code @NotNull}): a save with a null there is rejected, so
   * composite and covering indexes over them hold an entry for every entity and the planner may use them.
   */
  public EntityStoreBuilder<T> nonNull(String... fields) {
    nonNull.addAll(List.of(fields));
    return this;
  }

  /**
   * How a stored id element decodes into the {@code @Id} type (it throws for an element of another type), so
   * an index entry holding a foreign id is reported with the entity, the index and the key.
   */
  public EntityStoreBuilder<T> ids(Function<Object, ?> decode) {
    ids = Objects.requireNonNull(decode, "decode");
    return this;
  }

  /** Gives an entity saved with a null id one of {@code kind} ({@link EntityStore#assignId}); without it such a save fails. */
  public EntityStoreBuilder<T> assignedIds(AssignedIds kind) {
    assigned = Objects.requireNonNull(kind, "kind");
    return this;
  }

  public EntityStore<T> build() {
    return new EntityStore<>(new EntityLayout<>(codec, root, indexes, columnMajor, packed, spatial, blobs, documents), derived, ids, nonNull,
        assigned);
  }
}
