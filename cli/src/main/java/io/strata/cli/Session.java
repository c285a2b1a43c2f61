package io.strata.cli;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.StrataDb;
import io.strata.query.schema.EntitySchema;
import io.strata.repository.EntityStore;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An open database and the schema files' entities: what every command works with. Close it to release the database. */
final class Session implements AutoCloseable {
  private final StrataDb db;
  private final SchemaSet schemas;
  private final PrintStream notes;
  private final Map<String, SchemaEntity> entities = new HashMap<>();

  Session(StrataDb db, SchemaSet schemas, PrintStream notes) {
    this.db = db;
    this.schemas = schemas;
    this.notes = notes;
  }

  StrataDb db() {
    return db;
  }

  SchemaSet schemas() {
    return schemas;
  }

  /** The entity named by {@code argument}, with its fields in the order its rows are packed in. */
  SchemaEntity entity(String argument, String name) {
    return entity(schemas.require(argument, name), List.of());
  }

  /**
   * {@code schema}'s entity, checked against its stored keys. The packed order of its fields is the schema's
   * {@code entity.fieldOrder}, else a stored packed row's, else {@code order}, else the id then the rest
   * alphabetically. Its row layout is the schema's {@code entity.packed}, else (a snapshot written before the key)
   * the stored rows', said on stderr.
   *
   * @throws CliException when the schema's {@code entity.columnMajor} contradicts the stored keys: the schema file
   *     is not the one of the application that wrote this database
   */
  SchemaEntity entity(EntitySchema schema, List<String> order) {
    return entities.computeIfAbsent(schema.entityName(), n -> {
      StoredRows stored = storedRows(schema);
      String name = schema.entityName();
      if (stored.columnCopies() != schema.columnMajor() && stored.any()) {
        throw CliException.usage("--schema: " + name + "'s schema file says entity.columnMajor = " + schema.columnMajor()
            + " but the database " + (stored.columnCopies() ? "holds" : "has rows and no") + " column copies (" + name
            + ", \"C\", field, id): the file is not the one of the application that wrote this database (the processor"
            + " refuses that change); give --schema the strata-schema directory of that application");
      }
      boolean packed;
      if (schema.columnMajor()) {
        packed = false;
      } else if (schema.packed() != null) {
        packed = schema.packed();
        if (stored.packed() != null && stored.packed() != packed) {
          notes.println("note: " + name + "'s schema file says entity.packed = " + packed + " but its first stored row is "
              + layout(stored.packed()) + " (written before the layout changed: both are read); `strata repack " + name
              + "` rewrites every row " + layout(packed));
        }
      } else {
        packed = !Boolean.FALSE.equals(stored.packed());
        notes.println("note: " + name + "'s schema file does not record entity.packed (written before Strata recorded it);"
            + " " + (stored.packed() == null ? "there is no stored row, so rows are written packed, the default"
            : "its stored rows are " + layout(stored.packed()) + ", so rows the tool writes are too")
            + "; compiling the application once adds the key");
      }
      List<String> fieldOrder = !schema.fieldOrder().isEmpty() ? schema.fieldOrder() : !stored.packedOrder().isEmpty()
          ? stored.packedOrder() : order;
      return new SchemaEntity(schema, fieldOrder, packed, notes);
    });
  }

  private static String layout(boolean packed) {
    return packed ? "packed, (E, \"R\", id, 0)" : "a key per field, (E, \"R\", id, field)";
  }

  EntityStore<Object[]> store(SchemaEntity entity) {
    return entity.store(db.root());
  }

  /**
   * What the stored keys of an entity show of its layout.
   *
   * @param packed whether the first stored row is packed; null when there is no row (or it is split into parts)
   * @param packedOrder that row's field names in order when it is packed, else empty
   * @param columnCopies whether any column copy {@code (E, "C", field, id)} is stored
   */
  private record StoredRows(Boolean packed, List<String> packedOrder, boolean columnCopies) {
    boolean any() {
      return packed != null;
    }
  }

  private StoredRows storedRows(EntitySchema schema) {
    byte[] rows = db.root().pack(Tuple.from(schema.entityName(), "R"));
    byte[] columns = db.root().pack(Tuple.from(schema.entityName(), "C"));
    boolean columnCopies = !db.read(tr -> tr.getRange(Range.startsWith(columns), 1).asList().join()).isEmpty();
    List<KeyValue> first = db.read(tr -> tr.getRange(Range.startsWith(rows), 1).asList().join());
    if (first.isEmpty()) {
      return new StoredRows(null, List.of(), columnCopies);
    }
    try {
      Tuple key = Tuple.fromBytes(first.get(0).getKey(), rows.length, first.get(0).getKey().length - rows.length);
      if (key.size() == 2 && key.get(1) instanceof String) {
        return new StoredRows(false, List.of(), columnCopies);
      }
      byte[] part = db.read(tr -> tr.get(db.root().pack(Tuple.from(schema.entityName(), "R", key.get(0), 0L))).join());
      if (part == null) {
        return new StoredRows(null, List.of(), columnCopies);
      }
      List<Object> items = Tuple.fromBytes(part).getItems();
      List<String> names = new java.util.ArrayList<>();
      for (int i = 0; i < items.size(); i += 2) {
        names.add(String.valueOf(items.get(i)));
      }
      return new StoredRows(true, names, columnCopies);
    } catch (RuntimeException e) {
      return new StoredRows(null, List.of(), columnCopies); // damage the commands that read rows report
    }
  }

  @Override
  public void close() {
    db.close();
  }
}
