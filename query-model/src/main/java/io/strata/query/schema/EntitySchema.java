package io.strata.query.schema;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an entity has stored, as far as reading it back depends on it: the snapshot the processor
 * compares each compile against (docs/schema-evolution.md). The maps are unmodifiable and sorted by
 * name, so the snapshot text is deterministic.
 *
 * @param className the entity's qualified class name: what identifies "the same entity" across compiles
 * @param entityName the {@code @Entity(name)}: the first element of every key
 * @param columnMajor whether rows keep the {@code (E,"C",field,id)} copy
 * @param idField the name of the {@code @Id} field
 * @param fields stored fields by name
 * @param indexes secondary indexes ({@code @Indexed}, {@code @Index}) by name
 * @param spatial {@code @Spatial} fields by name, with the point kind ({@code point} or {@code geo-point})
 * @param retiredFields fields an earlier version stored and this one no longer declares: rows written
 *     then still hold them, so the name can only come back with a compatible encoding
 * @param retiredIndexes indexes an earlier version declared: their entries may remain until a write of a
 *     later version clears them, so the name can only come back with the same definition
 * @param derived the derived indexes by name ({@code @Aggregate} and {@code @Rank} names, {@code @Text} and
 *     {@code @Embedding} field names, {@code "changes"} for {@code @Versioned}), each with its definition: its kind
 *     first, then what its stored keys depend on ({@code aggregate SUM(population) by (country)}, {@code rank
 *     population desc by (country)}, {@code text}, {@code vector COSINE 96 by (category)}, {@code change-feed})
 * @param packed whether new rows are written packed ({@code @Entity(packed)}); null when the snapshot was written
 *     before Strata recorded it (readers then look at the stored rows: both layouts are read, LAYOUTS.md)
 * @param retiredDerived derived indexes an earlier version declared, like {@code retiredIndexes}
 * @param fieldOrder the stored fields in declaration order, the order of a packed row's (name, value) pairs; empty
 *     when the snapshot was written before Strata recorded it. Query-time only: no change to the comparer
 * @param spatialRanges each {@code @Spatial} field's range budget ({@code maxRanges}) of a box read, by field; a
 *     field is missing when the snapshot was written before Strata recorded it. Query-time only, like the order
 */
public record EntitySchema(
    String className,
    String entityName,
    boolean columnMajor,
    Boolean packed,
    String idField,
    Map<String, Field> fields,
    Map<String, Index> indexes,
    Map<String, String> spatial,
    Map<String, Field> retiredFields,
    Map<String, Index> retiredIndexes,
    Map<String, String> derived,
    Map<String, String> retiredDerived,
    List<String> fieldOrder,
    Map<String, Integer> spatialRanges) {

  /**
   * One stored field.
   *
   * @param type the Java type as declared, for the reader of the snapshot and of messages
   * @param encoding how its values are stored
   */
  public record Field(String type, Encoding encoding) {}

  /**
   * One index definition.
   *
   * @param fields the indexed fields (or document paths), most significant first
   * @param unique entries under {@code (E,"U",…)} holding the id
   * @param covering entries carry the row
   */
  public record Index(List<String> fields, boolean unique, boolean covering) {
    public Index {
      fields = List.copyOf(fields);
    }
  }

  public EntitySchema {
    fields = sorted(fields);
    indexes = sorted(indexes);
    spatial = sorted(spatial);
    retiredFields = sorted(retiredFields);
    retiredIndexes = sorted(retiredIndexes);
    derived = sorted(derived);
    retiredDerived = sorted(retiredDerived);
    fieldOrder = List.copyOf(fieldOrder);
    spatialRanges = sorted(spatialRanges);
  }

  /** The kind of a derived index's definition: its first word ({@code aggregate}, {@code rank}, {@code text}, {@code change-feed}). */
  public static String kind(String definition) {
    int space = definition.indexOf(' ');
    return space < 0 ? definition : definition.substring(0, space);
  }

  private static <V> Map<String, V> sorted(Map<String, V> map) {
    return Collections.unmodifiableSortedMap(new TreeMap<>(map));
  }

  /** The id field's definition. */
  public Field id() {
    return fields.get(idField);
  }
}
