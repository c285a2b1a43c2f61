package io.strata.cli;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.StrataDb;
import io.strata.processor.model.EntitySchema;
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

  /** The entity named by {@code argument}, with its fields in the order its stored rows hold them. */
  SchemaEntity entity(String argument, String name) {
    return entity(schemas.require(argument, name), List.of());
  }

  /** {@code schema}'s entity; {@code order} is the packed order to use when no stored row shows one. */
  SchemaEntity entity(EntitySchema schema, List<String> order) {
    return entities.computeIfAbsent(schema.entityName(), n -> {
      List<String> stored = storedOrder(schema);
      return new SchemaEntity(schema, stored.isEmpty() ? order : stored, notes);
    });
  }

  EntityStore<Object[]> store(SchemaEntity entity) {
    return entity.store(db.root());
  }

  /** The field names of the first packed row of {@code schema}'s entity, in its order (empty: no packed row). */
  private List<String> storedOrder(EntitySchema schema) {
    byte[] rows = db.root().pack(Tuple.from(schema.entityName(), "R"));
    List<KeyValue> first = db.read(tr -> tr.getRange(Range.startsWith(rows), 1).asList().join());
    if (first.isEmpty()) {
      return List.of();
    }
    try {
      Object id = Tuple.fromBytes(first.get(0).getKey(), rows.length, first.get(0).getKey().length - rows.length).get(0);
      byte[] part = db.read(tr -> tr.get(db.root().pack(Tuple.from(schema.entityName(), "R", id, 0L))).join());
      if (part == null) {
        return List.of(); // stored a key per field
      }
      List<Object> items = Tuple.fromBytes(part).getItems();
      List<String> names = new java.util.ArrayList<>();
      for (int i = 0; i < items.size(); i += 2) {
        names.add(String.valueOf(items.get(i)));
      }
      return names;
    } catch (RuntimeException e) {
      return List.of(); // a row split into parts, or damage the commands that read rows report
    }
  }

  @Override
  public void close() {
    db.close();
  }
}
