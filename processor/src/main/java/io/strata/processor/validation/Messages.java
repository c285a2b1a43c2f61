package io.strata.processor.validation;

/**
 * Every diagnostic the processor reports, in one place. Each says what is wrong and how to fix it.
 */
public enum Messages {
  JAKARTA_REPOSITORY_LEFT_ALONE("Strata generates no implementation of Jakarta Data repository %s: %s"),
  JAKARTA_NO_ENTITY("Jakarta Data repository method %s has no entity Strata stores: extend DataRepository<Entity, Id>"
      + " (or BasicRepository/CrudRepository), or give the method an entity parameter, an entity result or a JDQL FROM;"
      + " the entity must be annotated @jakarta.nosql.Entity or Strata's @Entity"),
  JAKARTA_NOT_A_QUERY("%s is not a Jakarta Data repository method: %s. Name it find/count/exists/delete...By<Property>..."
      + " (Query by Method Name), or annotate it @Find, @Query, @Insert, @Update, @Delete or @Save, or give it a default body"),
  JAKARTA_UNKNOWN_PROPERTY("%s names '%s', which is not a persistent property of %s (its properties are %s): calling it"
      + " throws MappingException. Store the field (@jakarta.nosql.Column) or rename the method"),
  JAKARTA_FIND_PROPERTY("parameter '%s' of %s matches no persistent property of %s (its properties are %s): name the"
      + " parameter after a property, or annotate it @By(\"property\")"),
  JAKARTA_NOT_INDEXED("%s reads every %s row and checks its conditions in memory: %s. (A warning; compile with"
      + " -Astrata.requireIndexes=true to make it an error)"),
  JAKARTA_CURSOR_TIES("%s returns a CursoredPage in an order (%s) that sorts by no unique property of %s: entities that"
      + " tie on all its sorts at a page's end are skipped by the next page, since the cursor holds one value per sort. End"
      + " the order with the id ('%s', e.g. OrderBy...%sAsc, @OrderBy(\"%s\")) or with every property of a unique index"
      + " (a warning)"),
  JAKARTA_REQUIRED_INDEX("%s reads every %s row and checks its conditions in memory, and -Astrata.requireIndexes=true asks"
      + " for an index: %s"),
  REQUIRE_INDEXES_OPTION_INVALID("-Astrata.requireIndexes=%s: write -Astrata.requireIndexes=true (a Jakarta Data method no"
      + " index serves is a compile error) or -Astrata.requireIndexes=false (a warning, the default)"),
  JAKARTA_PARAMETER_TYPE("parameter '%s' of %s has type %s, but it is compared with '%s' of %s, of type %s: %s (a condition between"
      + " them could never hold)"),
  JAKARTA_RESERVED_PARAMETER("parameter '%s' of %s has a name the generated code gives its own variables (e for the"
      + " entity a condition tests, v and v0, v1, ... for values): rename the parameter (with @Param, JDQL can keep its"
      + " name)"),
  JAKARTA_NOT_SORTABLE("%s sorts by '%s' of %s, a %s, whose values have no order: sort by a number, text, boolean, enum,"
      + " date/time or UUID property"),
  JAKARTA_PARAMETERS("%s takes %d query parameter(s) but its query uses %d: %s"),
  JAKARTA_LIMITS("%s %s, which Jakarta Data does not allow (a method may limit its results one way): %s"),
  JAKARTA_RESULT("%s returns %s, which Strata cannot produce for %s: %s"),
  JAKARTA_LIFECYCLE("@%s method %s must take exactly one parameter: an entity, an array, a List or an Iterable of entities"),
  JAKARTA_UPDATE_NOT_WRITABLE("%s assigns '%s' of %s, which has no setter and is not a writable field: JDQL UPDATE"
      + " changes entities through their setters (records cannot be updated in place)"),
  JAKARTA_PARAMETER_CONVERTED_ELSEWHERE("parameter '%s' of %s is compared with '%s' of %s, so the query converts it to the"
      + " column value of @Convert(%s.class); it also stands where that column value does not fit (compared with a property"
      + " of another converter or of none, or inside an expression): give that use its own parameter"),
  JDQL_SYNTAX("@Query of %s is not valid JDQL %s"),
  JDQL_BINDING("@Query of %s, at column %d: %s"),
  CONVERTED_ID("@Convert(%3$s.class) on the @Id '%1$s' of %2$s: Strata does not convert ids (lookups by id, assigned ids and"
      + " index entries use the id as it is); store the id as a String, long, Long, int, Integer, UUID or byte[]"),
  CONVERTER_NOT_INSTANTIABLE("@Convert(%s.class) on field '%s' of %s: the generated codec creates the converter with new"
      + " (no reflection), so it must be a non-abstract, top-level or static class with a no-arg constructor the entity's"
      + " package can call (public, or in the entity's package)"),
  CONVERTER_ATTRIBUTE_TYPE("@Convert(%s.class) converts %s, but field '%s' of %s is a %s: use a converter that implements"
      + " jakarta.nosql.AttributeConverter<%5$s, Column>"),
  CONVERTER_COLUMN_TYPE("@Convert(%s.class) on field '%s' of %s converts %s to %s, which Strata cannot store as a column:"
      + " convert to a String, a boxed number or boolean, UUID, byte[], an enum, a date-time Strata stores, BigInteger or"
      + " BigDecimal"),
  NOT_A_CLASS("@Entity goes on a class or record; %s is a %s"),
  NO_ID("@Entity %s has no @Id: annotate exactly one field or record component with @Id"),
  TWO_IDS("@Entity %s has more than one @Id (%s): keep exactly one"),
  UNSUPPORTED_ID_TYPE("@Id '%s' has type %s; an id must be String, long, Long, int, Integer, UUID or byte[]"),
  UNSUPPORTED_FIELD_TYPE("field '%s' has type %s, which Strata cannot store. Supported: primitives and their boxes,"
      + " String, UUID, byte[], float[], enums, Instant, LocalDate, LocalDateTime, LocalTime, Duration, BigInteger, BigDecimal,"
      + " io.strata.Point, io.strata.GeoPoint,"
      + " Optional/List/Set of those scalars, and records made of them; annotate it @Document to store a Map<String, X>, a"
      + " class or a nested structure as a document. Mark it @Transient to leave it out"),
  UNSUPPORTED_INDEX_TYPE("@Indexed field '%s' has type %s, which cannot be indexed: index a scalar (number, boolean,"
      + " String, UUID, byte[], enum, Instant, LocalDate, LocalDateTime, LocalTime, Duration, BigInteger, BigDecimal) or an"
      + " Optional of one"),
  PACKED_WITH_COLUMN_MAJOR("@Entity %s asks for packed = true and columnMajor = true: a column-major copy is kept for rows"
      + " stored a key per field; drop packed = true (columnMajor implies packed = false), or drop columnMajor"),
  PACKED_OPTION_INVALID("-Astrata.packed=%s: write -Astrata.packed=true (rows packed into one key, the default) or"
      + " -Astrata.packed=false (a key per field) to choose the row layout of entities that do not set @Entity(packed), such as %s"),
  UNSUPPORTED_TIME_TYPE("field '%s' has type %s, which Strata does not store: %s (Strata stores Instant, LocalDate,"
      + " LocalDateTime, LocalTime and Duration, each as an integer in its natural order)"),
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
  EMBEDDING_NOT_FLOAT_ARRAY("@Embedding goes on float[] fields only; '%s' is %s: store the vector as a float[]"),
  EMBEDDING_DIMENSIONS("@Embedding on '%s' has dimensions = %d: say how many components every vector has, at least 1"
      + " (e.g. @Embedding(dimensions = 384))"),
  TEXT_NAME_TAKEN("@Text field '%s' keeps its text index under the index name '%s', which another index of %s (an @Indexed, @Index,"
      + " @Aggregate or @Rank) already uses: give that one another name, e.g. @Indexed(name = \"%sIndex\"); a text index is"
      + " always named after its field"),
  DERIVED_METHOD_CLASH("@%s '%s' would generate the method %s, which %s already generates: give the @%s another name"),
  TEXT_METHOD_CLASH("@Text field '%s' would generate the method %s, which %s already generates: rename the field, or the"
      + " declaration that generates the other one"),
  VERSIONED_NAME_TAKEN("@Versioned %s keeps its change feed under the index name 'changes', which another index of %s"
      + " already uses: rename that index"),
  BLOB_NOT_BYTES("@Blob goes on byte[] fields only; '%s' is %s"),
  BLOB_CHUNK_SIZE("@Blob(chunkSize = %d) on '%s' must be between 1 and 100000 (FoundationDB's value limit)"),
  SPATIAL_NOT_POINT("@Spatial goes on io.strata.Point or io.strata.GeoPoint fields only; '%s' is %s"),
  SPATIAL_MAX_RANGES("@Spatial(maxRanges = %d) on '%s' must be between 1 and 256"),
  DOCUMENT_TYPE("@Document field '%s' has type %s, which a document cannot hold: %s. A document holds Map<String, X>,"
      + " List<X>, Object, records and classes with a no-arg constructor (kept as maps of their components or properties),"
      + " with scalars, lists, sets and documents inside"),
  INDEX_ON_LARGE_FIELD("@Indexed field '%s' is a @%s: blobs and documents cannot be indexed; index a scalar field instead"),
  COVERING_WITH_DOCUMENT("covering index '%s' would copy whole rows, but %s has @Document field '%s', which does not fit in"
      + " one value: remove covering = true"),
  NOT_READABLE("field '%1$s' of %2$s is private and has no getter, and Strata reads entities without reflection: add a"
      + " getter %3$s() or %1$s(), or make the field non-private"),
  NOT_CONSTRUCTIBLE("%s cannot be built by the generated codec, which uses no reflection: %3$s. Add a constructor whose parameters are named after the stored fields it takes (any order; those it"
      + " leaves out need a setter), or one taking every stored field in declaration order (%2$s), or a non-private"
      + " no-arg constructor plus setters or non-private, non-final fields"),
  NAME_CLASH("%s and %s would both generate %s: rename one of them or move it to another package"),
  METAMODEL_NAME_CLASH("%s of %s: the static metamodel _%s would declare '%s' twice (a field's attribute is named as the"
      + " field, its name constant is the name in upper case): rename '%s'"),
  ENTITY_NAME_CLASH("@Entity name \"%s\" is used by both %s and %s: their keys would collide; set a distinct @Entity(name)"),

  // schema evolution (-Astrata.schemaDir): each error ends with SCHEMA_ACCEPT_HINT
  SCHEMA_ENTITY_NAME_CHANGED("@Entity %s was stored under the name \"%s\" and is now named \"%s\": everything written before"
      + " lives under (\"%s\", …) and would no longer be found. Keep @Entity(name = \"%s\"), or copy the data to the new name"
      + " with a migration%s"),
  SCHEMA_COLUMN_MAJOR_CHANGED("@Entity %s changes columnMajor from %s to %s: %s. Keep columnMajor = %s, or move the data to a"
      + " new @Entity(name) by saving every row there%s"),
  SCHEMA_ID_MOVED("the @Id of %s moves from '%s' to '%s', but every stored key holds a '%s' value. Keep @Id on '%s', or"
      + " migrate with a new @Entity(name) (copy every row under its new id)%s"),
  SCHEMA_ID_TYPE_CHANGED("@Id '%s' of %s changes from %s (stored as %s) to %s (stored as %s): %s, and every stored key holds"
      + " one. Keep the old id type, or migrate with a new @Entity(name) (copy every row under its new id)%s"),
  SCHEMA_FIELD_ENCODING_CHANGED("field '%s' of %s changes from %s (stored as %s) to %s (stored as %s): %s. Keep the old"
      + " type, or store the new one in a field with a new name and copy the values over%s"),
  SCHEMA_RETIRED_FIELD_REUSED("field '%s' of %s was removed earlier, when it was %s (stored as %s); rows not saved since"
      + " still hold those values, and %s (stored as %s) would misread them: %s. Choose another name, or go back to a"
      + " compatible type%s"),
  SCHEMA_BLOB_CHUNK_SIZE_CHANGED("@Blob '%s' of %s changes chunkSize from %s to %s: stored blobs are cut into %s-byte chunks"
      + " and would be read at the wrong offsets. Keep chunkSize = %s, or store new blobs in a field with a new name%s"),
  SCHEMA_INDEX_CHANGED("index '%s' of %s changes %s from %s to %s: %s. Give the index a new name (the first write of the new"
      + " version clears the old entries) and build it online with repository.maintenance().build(\"<new name>\") instead"
      + " of \"%s\"%s"),
  SCHEMA_RETIRED_INDEX_REUSED("index '%s' of %s was removed earlier, when it had %s; its entries stay stored until a write of"
      + " a version without it clears them, and the new definition (%s) would misread them. Choose another index name%s"),
  SCHEMA_DERIVED_CHANGED("%s '%s' of %s changes from %s to %s: %s. Give it a new name (the first write of the new version"
      + " clears the old keys) and build it online with repository.maintenance().build(\"<new name>\") instead of \"%s\"%s"),
  SCHEMA_RETIRED_DERIVED_REUSED("%s '%s' of %s was removed earlier, when it was %s; its keys stay stored until a write of a"
      + " version without it clears them, and the new definition (%s) would misread them. Choose another name%s"),
  SCHEMA_ACCEPT_HINT(" (if the stored data was already migrated, delete %s to accept the current schema)"),
  SCHEMA_UNREADABLE("schema snapshot %s cannot be read (%s): restore it from version control, or delete it to start again"
      + " from the current schema"),
  SCHEMA_IO_FAILED("Strata could not %s schema snapshot %s: %s"),

  // notes, not errors
  SCHEMA_NOT_CHECKED("Strata is not checking schema evolution: pass -Astrata.schemaDir=<a directory under version control>"
      + " to the compiler to catch entity changes that would misread stored data (see docs/schema-evolution.md in Strata's sources)"),
  SCHEMA_FIELD_RETIRED("field '%s' of %s is no longer stored: rows written before keep its value, which this version"
      + " ignores. The schema snapshot keeps it as retired, so the name can only come back with a compatible type; if you"
      + " renamed it, rows written before read the new name as missing until they are saved with it"),

  // declared @Repository interfaces
  REPOSITORY_NOT_INTERFACE("@Repository goes on an interface; %s is a %s"),
  REPOSITORY_NO_ENTITY("@Repository %s names no entity: extend CrudRepository<E, ID> or set @Repository(entity = E.class)"),
  REPOSITORY_NOT_ENTITY("@Repository %s reads %s, which is not an @Entity: annotate it @Entity or name another type"),
  REPOSITORY_ID_TYPE("%s extends CrudRepository<%s, %s>, but the @Id of %s is %s: declare CrudRepository<%s, %s>"),
  REPOSITORY_QUERYABLE_ENTITY("%s extends Queryable<%s>, but it reads %s: declare Queryable<%s> (its where() and jdql() query"
      + " the repository's entity)"),
  JAKARTA_NOT_QUERYABLE("%s extends Queryable<%s>, but its implementation cannot offer where() and jdql(): %s. Remove"
      + " Queryable, or %s"),
  QUERY_UNPARSEABLE("%s: not a query method name Strata understands; write subject[Distinct][First|TopN][Property]By"
      + "Criteria[OrderBy...], e.g. findByCountry or findTop5ByCountryOrderByPopulationDesc (see docs/queries.md), or make it"
      + " a default method"),
  QUERY_UNKNOWN_PROPERTY("%s: %s has no property '%s'%s"),
  QUERY_PARAMETER_COUNT("%s: expects %d parameter(s) (%s) but declares %d"),
  QUERY_PARAMETER_TYPE("%s: parameter '%s' is %s, but %s needs %s"),
  QUERY_CONVERTED_PARAMETER("%s: parameter '%s' is %s, the type of '%s' in the entity, but Strata's own @Repository methods"
      + " compare its column values without converting: declare the parameter as %6$s (the column type of @Convert(%5$s.class))"
      + " and pass the converter's convertToDatabaseColumn of the value, or query it through a Jakarta Data @Repository,"
      + " whose methods convert such parameters"),
  QUERY_RETURN_TYPE("%s: return type %s is not supported; a %s method returns %s"),
  QUERY_NO_INDEX("%s: no index serves %s; add @Index(name = \"%s\", fields = {%s}) to %s, or mark the method"
      + " @AllowFiltering to read every row"),
  QUERY_ORDER_NOT_SERVED("%s: no index order serves OrderBy %s; add @Index(name = \"%s\", fields = {%s}) to %s (equality"
      + " fields first, then the OrderBy fields)"),
  QUERY_INDEX_LEAVES_OUT_NULLS("%s: %s"),
  /** Why an index that would serve a query is not read: the reason of {@link #QUERY_INDEX_LEAVES_OUT_NULLS} and of a Jakarta warning. */
  INDEX_LEAVES_OUT_NULLS("the only index that serves it, '%s', has no entry for an entity whose %s is null (nulls"
      + " are not indexed), so it would leave such entities out; declare an index over only the fields the method constrains"
      + " (or orders by) on %s, or declare %s never null (annotate it @NonNull or @NotNull: saves then reject a null; or make"
      + " it a primitive)"),
  QUERY_MIXED_DIRECTIONS("%s: OrderBy mixes Asc and Desc (%s); an index is read in one direction: make them all Asc or all Desc"),
  QUERY_IN_NOT_COLLECTION("%s: In on '%s' takes a Collection<%s>, but parameter '%s' is %s"),
  QUERY_STARTING_WITH_NOT_STRING("%s: StartingWith needs a String property; '%s' is %s"),
  QUERY_RANGE_NOT_ORDERED("%s: %s needs a property whose stored order is its natural order; '%s' is %s (enums and UUIDs"
      + " sort by their encoding): use equality or In"),
  QUERY_BOOLEAN_OPERATOR("%s: True/False need a boolean property; '%s' is %s"),
  QUERY_PROJECTION_COMPONENT("%s: record component '%s' of %s matches no field of %s%s"),
  QUERY_NOT_SPATIAL("%s: %s needs a @Spatial field; '%s' is not one: annotate it @Spatial or use another operator"),
  QUERY_SPATIAL_ALONE("%s: Within/Near on '%s' is served by its Z-order index alone; remove the other criteria or mark the"
      + " method @AllowFiltering to check them on each row found"),
  QUERY_SPATIAL_ORDER("%s: results within an area of '%s' come in Z-order, not in an OrderBy order; remove the OrderBy"),
  QUERY_NEAREST_NOT_EMBEDDING("%s: Near on '%s' asks for its nearest neighbours, but '%s' has no @Embedding: store the"
      + " vectors in a float[] field annotated @Embedding(dimensions = ...), or use another operator"),
  QUERY_NEAREST_WITHOUT_LIMIT("%s: Near on '%s' returns the k nearest entities, but the method does not say k: write"
      + " findTop10By...Near (Strata) or findFirst10By...Near, or take a jakarta.data.Limit parameter (Jakarta Data)"),
  QUERY_NEAREST_ORDER("%s: the results of a Near come nearest first, not in an OrderBy order (%s): remove the OrderBy"),
  QUERY_NEAREST_GROUP("%s: %s searches one group at a time: add an equality on %s before the Near"
      + " (e.g. findTop10ByCategoryAndVectorNear(String category, float[] query))"),
  QUERY_NEAREST_FORM("%s: %s: a Near is a condition joined to the others by And, at most one per method, without Or, Not, a"
      + " spatial condition, pages or a count; declare one method per alternative"),
  QUERY_IS_NULL("%s: IsNull on '%s' cannot be answered: nulls are not indexed (a null field has no key); store a sentinel"
      + " value or a boolean field and query that instead"),
  QUERY_OR_PAGED("%s: Or cannot be paged or streamed (each branch reads its own index); return a List, or declare one"
      + " method per branch"),
  QUERY_OR_TOO_WIDE("%s: an Or of %d branches; at most %d are read one index read per branch: declare several methods,"
      + " use In for alternatives of one property, or mark the method @AllowFiltering to read every row once"),
  QUERY_LIMIT_AND_PAGE("%s: First/Top and a Page limit both limit the results; keep one of them"),
  QUERY_CONTEXT("%s: parameter '%s' is a %s; a %s method takes a %s as its first parameter"),
  QUERY_RESTRICTION_RAW("%s: parameter '%s' is a raw Restriction; declare it Restriction<%s>, of the repository's entity"),
  QUERY_RESTRICTION_ENTITY("%s: parameter '%s' is a Restriction<%s>, but this repository reads %s: declare it"
      + " Restriction<%4$s> (a restriction is planned onto the repository entity's indexes)"),
  QUERY_RESTRICTION_TWICE("%s: parameters '%s' and '%s' are both Restrictions; take one, and combine them at the call with"
      + " Restrict.all(...)"),
  QUERY_RESTRICTION_KIND("%s: a Restriction parameter cannot be combined with %s (the method's query is planned at run time"
      + " with the restriction and returns whole entities, read in a transaction of its own); remove the Restriction parameter,"
      + " or declare the restricted query as a method of its own"),
  JAKARTA_RESTRICTION_NO_QUERIES("%s takes a Restriction, which is planned at run time over the static metamodel _%s, but"
      + " Strata wrote no _%2$s (the application brought its own, or strata-jakarta-data is not on the class path): remove the"
      + " application's _%2$s and put strata-jakarta-data on the class path, or remove the Restriction parameter"),
  JAKARTA_RESTRICTION_CURSORED("%s: a method taking a Restriction returns offset pages, not a CursoredPage; return Page<%s>"
      + " and pass PageRequest.ofPage(page, size, total), or page by cursor with where(restriction).page(size, after)"),
  QUERY_AGGREGATE_FORM("%s: %s is answered by an @Aggregate's group key, so its criteria must be equalities (Is, Equals,"
      + " True, False) on the aggregate's group fields joined by And, without Or, OrderBy, First/Top or Distinct; remove %s"),
  QUERY_NO_AGGREGATE("%s: no @Aggregate computes the %s of %s grouped by %s; add @Aggregate(name = \"%s\", function ="
      + " Aggregate.Function.%s, field = \"%s\", groupBy = {%s}) to %s (kept in every save and delete; on existing data build it"
      + " online with maintenance().build(\"%s\"))");

  private final String format;

  Messages(String format) {
    this.format = format;
  }

  public String format(Object... args) {
    return String.format(format, args);
  }
}
