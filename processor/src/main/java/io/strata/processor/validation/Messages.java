package io.strata.processor.validation;

/**
 * Every diagnostic the processor reports, in one place. Each says what is wrong and how to fix it.
 */
public enum Messages {
  NOT_A_CLASS("@Entity goes on a class or record; %s is a %s"),
  NO_ID("@Entity %s has no @Id: annotate exactly one field or record component with @Id"),
  TWO_IDS("@Entity %s has more than one @Id (%s): keep exactly one"),
  UNSUPPORTED_ID_TYPE("@Id '%s' has type %s; an id must be String, long, Long, int, Integer, UUID or byte[]"),
  UNSUPPORTED_FIELD_TYPE("field '%s' has type %s, which Strata cannot store. Supported: primitives and their boxes,"
      + " String, UUID, byte[], enums, Instant, LocalDate, BigInteger, BigDecimal, io.strata.Point, io.strata.GeoPoint,"
      + " Optional/List/Set of those scalars, and records made of them. Mark it @Transient to leave it out"),
  UNSUPPORTED_INDEX_TYPE("@Indexed field '%s' has type %s, which cannot be indexed: index a scalar (number, boolean,"
      + " String, UUID, byte[], enum, Instant, LocalDate, BigInteger, BigDecimal) or an Optional of one"),
  INDEX_MISSING_FIELD("@Index '%s' names field '%s', which %s does not store%s"),
  INDEX_PATH_NOT_DOCUMENT("@Index '%s' names the path '%s', but '%s' is not a @Document field: only document fields"
      + " have paths"),
  INDEX_NO_FIELDS("@Index '%s' names no fields: list at least one, e.g. fields = {\"city\", \"age\"}"),
  DUPLICATE_INDEX("index name '%s' is used more than once in %s: give each @Indexed/@Index a distinct name"),
  DERIVED_MISSING_FIELD("@%s '%s' names field '%s', which %s does not store%s"),
  DERIVED_GROUP_TYPE("@%s '%s' groups by field '%s' of type %s: a group field must be a scalar (number, boolean, String,"
      + " UUID, byte[], enum, Instant, LocalDate, BigInteger, BigDecimal)"),
  DERIVED_RESERVED_NAME("@%s name '%s' would generate a method that clashes with the repository's own %s(): choose another name"),
  DERIVED_NAME_NOT_IDENTIFIER("@%s name '%s' is not a Java identifier; the generated methods are named after it: use letters,"
      + " digits and _ only, e.g. \"placesByCountry\""),
  AGGREGATE_NEEDS_FIELD("@Aggregate '%s' computes %s, which needs a field: add field = \"...\" naming %s"),
  AGGREGATE_SUM_TYPE("@Aggregate '%s' sums field '%s' of type %s: SUM needs an integral field (long, int, short, byte or their"
      + " boxes); use COUNT, MIN or MAX for other types"),
  AGGREGATE_ORDER_TYPE("@Aggregate '%s' takes the %s of field '%s' of type %s, which has no meaningful order: use a number,"
      + " String, boolean, byte[], Instant, LocalDate, BigInteger or BigDecimal field"),
  RANK_ORDER_TYPE("@Rank '%s' ranks field '%s' of type %s, which has no meaningful order: rank a number, String, boolean,"
      + " byte[], Instant, LocalDate, BigInteger or BigDecimal field"),
  TEXT_NOT_STRING("@Text goes on String fields only; '%s' is %s"),
  VERSIONED_NAME_TAKEN("@Versioned %s keeps its change feed under the index name 'changes', which another index of %s"
      + " already uses: rename that index"),
  BLOB_NOT_BYTES("@Blob goes on byte[] fields only; '%s' is %s"),
  BLOB_CHUNK_SIZE("@Blob(chunkSize = %d) on '%s' must be between 1 and 100000 (FoundationDB's value limit)"),
  SPATIAL_NOT_POINT("@Spatial goes on io.strata.Point or io.strata.GeoPoint fields only; '%s' is %s"),
  SPATIAL_MAX_RANGES("@Spatial(maxRanges = %d) on '%s' must be between 1 and 256"),
  DOCUMENT_TYPE("@Document field '%s' has type %s: use Map<String, Object>, List<Object>, Object, or a record whose"
      + " components are storable (they are kept as a map)"),
  INDEX_ON_LARGE_FIELD("@Indexed field '%s' is a @%s: blobs and documents cannot be indexed; index a scalar field instead"),
  COVERING_WITH_DOCUMENT("covering index '%s' would copy whole rows, but %s has @Document field '%s', which does not fit in"
      + " one value: remove covering = true"),
  NOT_READABLE("field '%s' of %s is private and has no getter: add %s() or make the field non-private"),
  NOT_CONSTRUCTIBLE("%s cannot be built by the generated codec: add a constructor taking every stored field in"
      + " declaration order (%s), or a non-private no-arg constructor plus setters or non-private, non-final fields"),
  NAME_CLASH("%s and %s would both generate %s: rename one of them or move it to another package"),
  ENTITY_NAME_CLASH("@Entity name \"%s\" is used by both %s and %s: their keys would collide; set a distinct @Entity(name)");

  private final String format;

  Messages(String format) {
    this.format = format;
  }

  public String format(Object... args) {
    return String.format(format, args);
  }
}
