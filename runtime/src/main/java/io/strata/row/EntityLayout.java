package io.strata.row;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.document.Documents;
import io.strata.tuple.TuplePacker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of one entity under a root subspace, exactly as LAYOUTS.md fixes them:
 * rows {@code (E,"R",id,field)}, column copy {@code (E,"C",field,id)}, count {@code (E,"#",shard)}, index
 * entries {@code (E,"I",index,values...,id)}, unique entries {@code (E,"U",index,values...)} and
 * spatial entries {@code (E,"Z",field,z,id)}.
 */
public final class EntityLayout<T> {
  private final EntityCodec<T> codec;
  private final Subspace rows;
  private final Subspace columns;
  private final Subspace indexes;
  private final Subspace uniques;
  /** The count's keys before sharding, {@code (E,"#")}, and since, {@code (E,"#",shard)} (docs/indexes.md). */
  private final byte[] countKey;
  private final byte[][] countKeys;
  private final List<IndexDefinition> indexList;
  private final Map<String, IndexDefinition> byName = new HashMap<>();
  private final Map<String, Subspace> entrySubspaces = new HashMap<>();
  private final Map<String, Subspace> uniqueSubspaces = new HashMap<>();
  /** The keys of {@link #entrySubspaces} and {@link #uniqueSubspaces} ({@code Subspace.getKey()} copies them). */
  private final Map<String, byte[]> entryPrefixes = new HashMap<>();
  private final Map<String, byte[]> uniquePrefixes = new HashMap<>();
  private final Map<String, int[]> positions = new HashMap<>();
  private final Map<String, Integer> fieldPosition = new HashMap<>();
  /** Per stored field position: {@code Tuple.from(field).pack()}, the last part of its row key. */
  private final byte[][] fieldSuffixes;
  /** Per index, per indexed field: the path inside a document field ("address.city"), empty for plain fields. */
  private final Map<String, List<List<Object>>> documentPaths = new HashMap<>();
  private final boolean columnMajor;
  private final boolean packed;
  private final Subspace entity;
  /** The keys of {@code (E,"R")}, {@code (E,"C")} and {@code (E,"B")}, what the row, column and blob keys start with. */
  private final byte[] rowsPrefix;
  private final byte[] columnsPrefix;
  private final byte[] blobsPrefix;
  private final Subspace indexStates;
  private final byte[] feedWakeKey;
  private final byte[][] feedWakeKeys = new byte[WriteShards.SHARDS][];
  private final byte[] repackKey;
  private final Map<String, io.strata.spatial.SpatialIndex> spatial = new java.util.LinkedHashMap<>();

  private final Map<String, BlobField> blobFields = new java.util.LinkedHashMap<>();
  private final java.util.Set<String> documentFields;

  /**
   * @param packed rows as one key {@code (E,"R",id,0)} holding every non-document field (split into parts past
   *     {@link #PART_BYTES}), rather than a key per field
   * @param spatialFields the {@code @Spatial} fields
   * @param blobs the {@code @Blob} fields
   * @param documents the names of the {@code @Document} fields (stored flattened under their row key)
   */
  public EntityLayout(EntityCodec<T> codec, Subspace root, List<IndexDefinition> indexes, boolean columnMajor, boolean packed,
      List<SpatialField> spatialFields, List<BlobField> blobs, List<String> documents) {
    if (packed && columnMajor) {
      throw new IllegalArgumentException(codec.entityName() + ": a column-major copy is kept for rows stored a key per field;"
          + " declare @Entity(packed = false, columnMajor = true)");
    }
    this.packed = packed;
    blobs.forEach(b -> blobFields.put(b.name(), b));
    this.documentFields = java.util.Set.copyOf(documents);
    this.codec = codec;
    this.entity = root.get(codec.entityName());
    this.indexStates = root.get("__strata").get("index").get(codec.entityName());
    this.feedWakeKey = root.get("__strata").get("feed").pack(Tuple.from(codec.entityName()));
    this.repackKey = root.get("__strata").get("repack").pack(Tuple.from(codec.entityName()));
    this.rows = entity.get("R");
    this.columns = entity.get("C");
    this.indexes = entity.get("I");
    this.uniques = entity.get("U");
    this.countKey = entity.pack(Tuple.from("#"));
    this.countKeys = new byte[WriteShards.SHARDS][];
    for (int shard = 0; shard < WriteShards.SHARDS; shard++) {
      countKeys[shard] = TuplePacker.after(countKey).add((long) shard).toBytes();
      feedWakeKeys[shard] = TuplePacker.after(feedWakeKey).add((long) shard).toBytes();
    }
    this.rowsPrefix = rows.getKey();
    this.columnsPrefix = columns.getKey();
    this.blobsPrefix = entity.get("B").getKey();
    this.indexList = List.copyOf(indexes);
    this.columnMajor = columnMajor;
    List<String> names = codec.fieldNames();
    this.fieldSuffixes = new byte[names.size()][];
    for (int i = 0; i < names.size(); i++) {
      fieldPosition.put(names.get(i), i);
      fieldSuffixes[i] = Tuple.from(names.get(i)).pack();
    }
    for (SpatialField f : spatialFields) {
      Subspace z = entity.get("Z").get(f.name());
      spatial.put(f.name(), f.geo() ? io.strata.spatial.SpatialIndex.geo(z, f.maxRanges()) : io.strata.spatial.SpatialIndex.grid(z, f.maxRanges()));
    }
    for (IndexDefinition index : indexList) {
      byName.put(index.name(), index);
      entrySubspaces.put(index.name(), this.indexes.get(index.name()));
      uniqueSubspaces.put(index.name(), this.uniques.get(index.name()));
      entryPrefixes.put(index.name(), entrySubspaces.get(index.name()).getKey());
      uniquePrefixes.put(index.name(), uniqueSubspaces.get(index.name()).getKey());
      int[] pos = new int[index.fields().size()];
      List<List<Object>> paths = new ArrayList<>();
      for (int i = 0; i < pos.length; i++) {
        String[] segments = index.fields().get(i).split("\\.");
        pos[i] = fieldPosition.get(segments[0]);
        paths.add(List.of((Object[]) java.util.Arrays.copyOfRange(segments, 1, segments.length)));
      }
      positions.put(index.name(), pos);
      documentPaths.put(index.name(), paths);
    }
  }

  /** The Z-order indexes of the {@code @Spatial} fields, by field name. */
  public Map<String, io.strata.spatial.SpatialIndex> spatialIndexes() {
    return spatial;
  }

  public io.strata.spatial.SpatialIndex spatialIndex(String field) {
    io.strata.spatial.SpatialIndex index = spatial.get(field);
    if (index == null) {
      throw new IllegalArgumentException(entityName() + " has no @Spatial field '" + field + "'; it has " + spatial.keySet());
    }
    return index;
  }

  /** The {@code @Blob} field of that name, or null. */
  public BlobField blobField(String field) {
    return blobFields.get(field);
  }

  public java.util.Collection<BlobField> blobFields() {
    return blobFields.values();
  }

  /** The names of the {@code @Document} fields. */
  public java.util.Set<String> documentFields() {
    return new java.util.TreeSet<>(documentFields);
  }

  public boolean isDocument(String field) {
    return documentFields.contains(field);
  }

  /** The chunks of one blob: {@code (E, "B", id, field)}. */
  public Subspace blob(Object id, String field) {
    return new Subspace(TuplePacker.after(blobsPrefix).add(id).add(field).toBytes());
  }

  /** Every blob chunk of one entity: {@code (E, "B", id)}. */
  public Subspace blobs(Object id) {
    return new Subspace(TuplePacker.after(blobsPrefix).add(id).toBytes());
  }

  /** Where a document field's leaves live: {@code (E, "R", id, field)} and below. */
  public Subspace document(Object id, String field) {
    return rows.get(id).get(field);
  }

  /** Everything of this entity: {@code (E)}. */
  public Subspace entity() {
    return entity;
  }

  /**
   * Where this entity's index states live: {@code ("__strata", "index", E)}, beside the entity rather than
   * under it, so the keys under {@code (E)} are exactly those LAYOUTS.md lists.
   */
  public Subspace indexStates() {
    return indexStates;
  }

  /** {@code ("__strata", "repack", E)}: where an interrupted repack resumes (absent when none is under way). */
  public byte[] repackKey() {
    return repackKey;
  }

  /**
   * {@code ("__strata", "feed", E, shard)}: an 8-byte counter every change of a {@code @Versioned} entity whose
   * id is in {@code shard} ({@link WriteShards}) adds 1 to, so a live tail can wait on FoundationDB watches of
   * these keys. Beside the entity, like the index states.
   */
  public byte[] feedWakeKey(int shard) {
    return feedWakeKeys[shard];
  }

  /**
   * {@code ("__strata", "feed", E)}: the single wake key of databases written before the wake key was sharded;
   * nothing reads it, and a repack clears it.
   */
  public byte[] legacyFeedWakeKey() {
    return feedWakeKey;
  }

  public EntityCodec<T> codec() {
    return codec;
  }

  public String entityName() {
    return codec.entityName();
  }

  public boolean columnMajor() {
    return columnMajor;
  }

  /** Whether saves write the row packed, as one key (in parts past {@link #PART_BYTES}); reads take either form. */
  public boolean packed() {
    return packed;
  }

  /** The most bytes one part of a packed row holds (LAYOUTS.md: below FoundationDB's 100,000-byte value limit). */
  public static final int PART_BYTES = 90_000;

  /** The key of part {@code n} of a packed row: {@code (E,"R",id,n)}. */
  public byte[] partKey(byte[] rowPrefix, int n) {
    return TuplePacker.after(rowPrefix).add((long) n).toBytes();
  }

  /** Every part key a packed row may have: the non-negative integers under {@code (E,"R",id)}. */
  public static Range parts(byte[] rowPrefix) {
    return new Range(ByteArrayUtil.join(rowPrefix, new byte[] {0x14}), ByteArrayUtil.join(rowPrefix, new byte[] {0x1d}));
  }

  /**
   * Where a field's value is stored: its own key {@code (E,"R",id,field)} in the per-field layout, the
   * packed row's first part {@code (E,"R",id,0)} otherwise (for messages that name the key to repair).
   */
  public byte[] fieldKey(Object id, String field) {
    return packed && !isDocument(field) ? partKey(rowPrefix(id), 0) : rowKey(id, field);
  }

  public List<IndexDefinition> indexes() {
    return indexList;
  }

  public IndexDefinition index(String name) {
    IndexDefinition index = byName.get(name);
    if (index == null) {
      throw new IllegalArgumentException(entityName() + " has no index named '" + name + "'; it has " + byName.keySet());
    }
    return index;
  }

  /** Position of a stored field, or -1. */
  public int fieldPosition(String field) {
    return fieldPosition.getOrDefault(field, -1);
  }

  public Subspace rows() {
    return rows;
  }

  public Subspace row(Object id) {
    return rows.get(id);
  }

  public byte[] rowKey(Object id, String field) {
    return TuplePacker.after(rowsPrefix).add(id).add(field).toBytes();
  }

  /** The packed {@code (E,"R",id)}: every key of that entity's row starts with it. */
  public byte[] rowPrefix(Object id) {
    return TuplePacker.after(rowsPrefix).add(id).toBytes();
  }

  /**
   * Whether {@code key} is a key of the row whose {@link #rowPrefix} is {@code prefix}. A byte prefix is not
   * enough: the encoding of an id that another id extends by a NUL ({@code "a"} and {@code "a\0"}, bytes
   * {@code {1}} and {@code {1,0}}) prefixes the other's keys, which continue with the escape byte 0xff where
   * a key of this row continues with its field (a tuple element, never 0xff).
   */
  public static boolean inRow(byte[] key, byte[] prefix) {
    return key.length > prefix.length && key[prefix.length] != (byte) 0xff && ByteArrayUtil.startsWith(key, prefix);
  }

  /** The row key of the stored field at {@code position} under a {@link #rowPrefix}, without re-packing the id. */
  public byte[] rowKey(byte[] rowPrefix, int position) {
    return ByteArrayUtil.join(rowPrefix, fieldSuffixes[position]);
  }

  /** Every key strictly below {@code prefix}, as {@code Subspace.range()} gives for a tuple prefix. */
  public static Range below(byte[] prefix) {
    return new Range(ByteArrayUtil.join(prefix, new byte[] {0x00}), ByteArrayUtil.join(prefix, new byte[] {(byte) 0xff}));
  }

  public byte[] columnKey(String field, Object id) {
    return TuplePacker.after(columnsPrefix).add(field).add(id).toBytes();
  }

  public Subspace column(String field) {
    return columns.get(field);
  }

  /** The count key an insert or delete of {@code id} adds to: {@code (E,"#",shard)}. */
  public byte[] countKey(Object id) {
    return countShardKey(WriteShards.of(id));
  }

  /** Shard {@code shard} of the count: {@code (E,"#",shard)}. */
  public byte[] countShardKey(int shard) {
    return countKeys[shard];
  }

  /** The count key of databases written before the count was sharded, {@code (E,"#")}; a repack folds it into the shards. */
  public byte[] legacyCountKey() {
    return countKey;
  }

  /** Every count key, the legacy {@code (E,"#")} and the shards {@code (E,"#",shard)}: the count is their sum. */
  public Range countRange() {
    return new Range(countKey, ByteArrayUtil.join(countKey, new byte[] {(byte) 0xff}));
  }

  /** {@code (E, "I", index)}, packed once per index. */
  public Subspace index(IndexDefinition index) {
    return entrySubspaces.get(index.name());
  }

  /** {@code (E, "U", index)}, packed once per index. */
  public Subspace unique(IndexDefinition index) {
    return uniqueSubspaces.get(index.name());
  }

  /** The indexed values of an entity's elements, or null when any of them is absent (nulls are not indexed). */
  public List<Object> indexValues(IndexDefinition index, Object[] elements) {
    int[] pos = positions.get(index.name());
    List<List<Object>> paths = documentPaths.get(index.name());
    List<Object> values = new ArrayList<>(pos.length);
    for (int i = 0; i < pos.length; i++) {
      Object value = paths.get(i).isEmpty() ? elements[pos[i]] : Documents.at(elements[pos[i]], paths.get(i));
      if (paths.get(i).isEmpty() && value instanceof List<?> nested && !(value instanceof Tuple)) {
        // a nested tuple (a decimal) read back from a stored row comes as a list: index it as the tuple it was saved as,
        // or an update or delete would not find the entry its save wrote
        value = Tuple.fromList(nested);
      }
      if (value == null || value instanceof Map<?, ?> || (value instanceof List<?> && !(value instanceof Tuple))) {
        return null; // absent, or a subtree rather than a leaf: not indexed
      }
      values.add(Elements.indexed(value));
    }
    return values;
  }

  /** {@link #indexValues(IndexDefinition, Object[])} of every index, in {@link #indexes()} order. */
  public List<List<Object>> indexValues(Object[] elements) {
    List<List<Object>> all = new ArrayList<>(indexList.size());
    for (IndexDefinition index : indexList) {
      all.add(indexValues(index, elements));
    }
    return all;
  }

  /** The key an index keeps for one entity: {@code (E,"U",index,values...)} if unique, else {@code (E,"I",index,values...,id)}. */
  public byte[] entryKey(IndexDefinition index, List<Object> values, Object id) {
    return index.unique() ? uniqueKey(index, values) : indexKey(index, values, id);
  }

  /** Whether some index reads a path inside document field {@code field}. */
  public boolean indexesDocument(String field) {
    return indexList.stream().anyMatch(i -> i.fields().stream().anyMatch(f -> f.startsWith(field + ".")));
  }

  public byte[] indexKey(IndexDefinition index, List<Object> values, Object id) {
    return TuplePacker.after(entryPrefixes.get(index.name())).addAll(values).add(id).toBytes();
  }

  public byte[] uniqueKey(IndexDefinition index, List<Object> values) {
    return TuplePacker.after(uniquePrefixes.get(index.name())).addAll(values).toBytes();
  }
}
