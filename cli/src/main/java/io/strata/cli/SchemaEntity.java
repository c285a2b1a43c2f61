package io.strata.cli;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.index.DerivedIndexDefinition;
import io.strata.index.aggregate.AggregateDefinition;
import io.strata.index.feed.VersionedDefinition;
import io.strata.index.rank.RankDefinition;
import io.strata.index.text.TextDefinition;
import io.strata.index.vector.Metric;
import io.strata.index.vector.VectorDefinition;
import io.strata.metamodel.Attribute;
import io.strata.query.RuntimeQueries;
import io.strata.query.ValueOrder;
import io.strata.query.model.AggregateInfo;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.SpatialInfo;
import io.strata.query.model.ValueKind;
import io.strata.query.plan.Planner;
import io.strata.query.schema.Encoding;
import io.strata.query.schema.EntitySchema;
import io.strata.repository.EntityStore;
import io.strata.repository.EntityStoreBuilder;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One entity as the tool sees it, built from its schema file alone: a {@link RowCodec} over its stored fields, the
 * run-time store with the indexes the schema lists (so reads, saves, verification and builds are the runtime's own),
 * the query model's {@link EntityInfo} for the planner, and metamodel attributes reading row elements.
 *
 * <p>The fields' order only decides the order of a packed row's (name, value) pairs; {@link Session} gives it (the
 * schema's recorded declaration order, else a stored row's) so rows the tool writes pack as the application's do;
 * fields it does not name follow, the id first. {@link Session} also decides the row layout rows are written in.
 */
final class SchemaEntity {
  /** The Z-order range budget of box reads when the schema does not record the application's ({@code @Spatial}'s default). */
  private static final int SPATIAL_RANGES = 32;
  private static final Pattern AGGREGATE = Pattern.compile("aggregate (COUNT|SUM|MIN|MAX)(?:\\(([^)]+)\\))?(?: by \\((.+)\\))?");
  private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "short", "int", "long", "char", "float", "double");
  private static final Pattern RANK = Pattern.compile("rank (\\S+) (asc|desc)(?: by \\((.+)\\))?");
  private static final Pattern VECTOR = Pattern.compile("vector (COSINE|EUCLIDEAN|DOT_PRODUCT) (\\d+)(?: by \\((.+)\\))?");

  private final EntitySchema schema;
  private final List<String> fields;
  private final RowCodec codec;
  private final boolean packed;
  private final List<DerivedIndexDefinition> derived = new ArrayList<>();
  private final List<AggregateInfo> aggregates = new ArrayList<>();

  SchemaEntity(EntitySchema schema, List<String> storedOrder, boolean packed, PrintStream notes) {
    this.schema = schema;
    this.packed = packed;
    Set<String> order = new LinkedHashSet<>();
    storedOrder.stream().filter(schema.fields()::containsKey).forEach(order::add);
    if (order.isEmpty()) {
      order.add(schema.idField());
    }
    order.addAll(schema.fields().keySet());
    this.fields = List.copyOf(order);
    this.codec = new RowCodec(schema.entityName(), fields, fields.indexOf(schema.idField()));
    schema.derived().forEach((name, definition) -> derive(name, definition, notes));
  }

  /** The schema's definition of a derived index as the runtime's, or a note when this tool does not know its kind. */
  private void derive(String name, String definition, PrintStream notes) {
    Matcher a = AGGREGATE.matcher(definition);
    Matcher r = RANK.matcher(definition);
    Matcher v = VECTOR.matcher(definition);
    if (a.matches()) {
      List<String> groups = groups(a.group(3));
      AggregateDefinition.Function function = AggregateDefinition.Function.valueOf(a.group(1));
      derived.add(new AggregateDefinition(name, function, a.group(2), groups));
      aggregates.add(new AggregateInfo(name, a.group(1), a.group(2), a.group(2) != null && neverNull(a.group(2)), groups));
    } else if (r.matches()) {
      derived.add(new RankDefinition(name, r.group(1), groups(r.group(3)), r.group(2).equals("desc")));
    } else if (v.matches()) {
      // an @Embedding's index is named after its field
      derived.add(new VectorDefinition(name, name, Integer.parseInt(v.group(2)), Metric.valueOf(v.group(1)), groups(v.group(3))));
    } else if (definition.equals("text")) {
      derived.add(new TextDefinition(name));
    } else if (definition.equals("change-feed")) {
      derived.add(new VersionedDefinition());
    } else {
      notes.println("note: " + schema.entityName() + "'s derived index '" + name + "' (" + definition + ") is of a kind this"
          + " version of the tool does not know; it is left out of what the tool reads and writes");
    }
  }

  private static List<String> groups(String list) {
    return list == null ? List.of() : Arrays.stream(list.split(",")).map(String::strip).toList();
  }

  EntitySchema schema() {
    return schema;
  }

  String name() {
    return schema.entityName();
  }

  /** The stored fields in the order rows hold them. */
  List<String> fields() {
    return fields;
  }

  RowCodec codec() {
    return codec;
  }

  Encoding encoding(String field) {
    EntitySchema.Field f = schema.fields().get(field);
    return f == null ? null : f.encoding();
  }

  /** The run-time store of this entity under {@code root}, with every index the schema lists. */
  EntityStore<Object[]> store(Subspace root) {
    EntityStoreBuilder<Object[]> builder = EntityStore.builder(codec, root);
    schema.indexes().forEach((name, index) -> {
      String[] on = index.fields().toArray(String[]::new);
      if (index.unique()) {
        builder.uniqueIndex(name, on);
      } else if (index.covering()) {
        builder.coveringIndex(name, on);
      } else {
        builder.index(name, on);
      }
    });
    schema.spatial().forEach((field, kind) -> {
      if (kind.equals("geo-point")) {
        builder.geoSpatial(field, spatialRanges(field));
      } else {
        builder.spatial(field, spatialRanges(field));
      }
    });
    for (String field : fields) {
      Encoding e = encoding(field);
      if (e.name().equals("blob")) {
        builder.blob(field, Integer.parseInt(e.word(0)));
      } else if (e.name().startsWith("document")) {
        builder.document(field);
      }
    }
    derived.forEach(builder::derived);
    if (schema.columnMajor()) {
      builder.columnMajor(); // column-major entities store a key per field (the processor refuses packed with it)
    } else if (packed) {
      builder.packed();
    }
    return builder.build();
  }

  /** The range budget of box reads on a {@code @Spatial} field: the application's, when the schema records it. */
  int spatialRanges(String field) {
    return schema.spatialRanges().getOrDefault(field, SPATIAL_RANGES);
  }

  /** The entity as the query model's planner sees it. */
  EntityInfo info() {
    List<FieldInfo> infos = new ArrayList<>();
    for (String field : fields) {
      infos.add(new FieldInfo(field, kind(encoding(field)), field.equals(schema.idField()), neverNull(field)));
    }
    List<IndexInfo> indexes = new ArrayList<>();
    schema.indexes().forEach((name, i) -> indexes.add(new IndexInfo(name, i.fields(), i.unique(), i.covering(), i.fields().size() > 1)));
    List<SpatialInfo> spatial = new ArrayList<>();
    schema.spatial().forEach((field, kind) -> spatial.add(new SpatialInfo(field, kind.equals("geo-point"), spatialRanges(field))));
    return new EntityInfo(name(), infos, indexes, spatial, aggregates);
  }

  /**
   * Run-time queries over the rows of {@code store}, planned by the query model's planner. A JDQL enum constant
   * ({@code com.example.Kind.FOOD}) is found in the schema (the field's recorded type and constants) and compared as
   * the name rows store; a parameter is converted with its field's encoding, so a date or time may be given in ISO-8601.
   */
  RuntimeQueries<Object[]> queries(Database db, EntityStore<Object[]> store) {
    List<Attribute<Object[], Object>> attributes = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      int position = i;
      Encoding encoding = encoding(fields.get(i));
      attributes.add(new Attribute<>(fields.get(i), row -> row[position], value -> element(value, encoding)));
    }
    return new RuntimeQueries<>(db, store, info(), attributes, Semantics.STRATA, ValueOrder.KEYS, Planner::plan, this::enumConstant);
  }

  /** The stored name of {@code type.constant} when {@code type} is the schema's type of an enum field holding it. */
  private Optional<String> enumConstant(FieldInfo field, String type, String constant) {
    EntitySchema.Field f = schema.fields().get(field.name());
    boolean found = f != null && f.type().equals(type) && f.encoding().name().equals("enum")
        && f.encoding().parts().stream().anyMatch(c -> c.name().equals(constant));
    return found ? Optional.of(constant) : Optional.empty();
  }

  /**
   * A query value as a key element: integers are tuple integers, floats tuple doubles, and a text given for a field
   * whose JSON form is text (a date, a time, a decimal) the element that form stands for.
   */
  private static Object element(Object value, Encoding encoding) {
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float f) {
      return f.doubleValue();
    }
    if (value instanceof String && encoding != null && !encoding.name().equals("string")) {
      return RowJson.toElement(value, encoding);
    }
    return value;
  }

  /** Whether every row has a value of {@code field}: the id, or a primitive. */
  private boolean neverNull(String field) {
    EntitySchema.Field f = schema.fields().get(field);
    return field.equals(schema.idField()) || (f != null && PRIMITIVES.contains(f.type()));
  }

  /** How the query model names the values of an encoding. */
  static ValueKind kind(Encoding e) {
    return switch (e.name()) {
      case "integer" -> switch (e.parts().isEmpty() ? "" : e.word(0)) {
        case "64" -> ValueKind.LONG;
        case "32" -> ValueKind.INT;
        case "16" -> ValueKind.SHORT;
        case "8" -> ValueKind.BYTE;
        default -> ValueKind.BIG_INTEGER;
      };
      case "floating" -> e.parts().isEmpty() || e.word(0).equals("64") ? ValueKind.DOUBLE : ValueKind.FLOAT;
      case "char" -> ValueKind.CHAR;
      case "boolean" -> ValueKind.BOOLEAN;
      case "string" -> ValueKind.STRING;
      case "uuid" -> ValueKind.UUID;
      case "bytes" -> ValueKind.BYTES;
      case "decimal" -> ValueKind.BIG_DECIMAL;
      case "enum" -> ValueKind.ENUM;
      case "instant" -> ValueKind.INSTANT;
      case "local-date" -> ValueKind.LOCAL_DATE;
      case "local-date-time" -> ValueKind.LOCAL_DATE_TIME;
      case "local-time" -> ValueKind.LOCAL_TIME;
      case "duration" -> ValueKind.DURATION;
      case "point" -> ValueKind.POINT;
      case "geo-point" -> ValueKind.GEO_POINT;
      default -> ValueKind.OTHER;
    };
  }

  /** A row as a JSON object, its fields in stored order. */
  Map<String, Object> toJson(Object[] row) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      out.put(fields.get(i), RowJson.toJson(row[i], encoding(fields.get(i))));
    }
    return out;
  }

  /**
   * A JSON object as a row.
   *
   * @throws IllegalArgumentException naming a field the entity does not store, a missing id or a value that does not fit
   */
  Object[] fromJson(Map<String, Object> json) {
    Object[] row = new Object[fields.size()];
    for (var e : json.entrySet()) {
      int position = fields.indexOf(e.getKey());
      if (position < 0) {
        throw new IllegalArgumentException("'" + e.getKey() + "' is not a stored field of " + name() + "; its fields are " + fields);
      }
      try {
        row[position] = RowJson.toElement(e.getValue(), encoding(e.getKey()));
      } catch (IllegalArgumentException ex) {
        throw new IllegalArgumentException("field '" + e.getKey() + "': " + ex.getMessage(), ex);
      }
    }
    if (row[codec.idIndex()] == null) {
      throw new IllegalArgumentException("the id '" + schema.idField() + "' is missing");
    }
    return row;
  }
}
