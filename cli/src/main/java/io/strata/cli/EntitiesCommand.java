package io.strata.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code strata entities}: each entity of the schema files, its row count, fields and indexes. */
@Command(name = "entities", description = "Lists the entities the schema files describe: rows stored, fields with their"
    + " encodings, indexes.")
final class EntitiesCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Override
  public void run() {
    try (Session s = cli.open(false)) {
      s.schemas().entities().forEach((name, schema) -> {
        SchemaEntity entity = s.entity(schema, java.util.List.of());
        long rows = s.db().read(tr -> s.store(entity).count(tr).join());
        cli.out.println(name + " (" + schema.className() + "): " + rows + " rows");
        cli.out.println("  id: " + schema.idField());
        for (String field : entity.fields()) {
          cli.out.println("  field " + field + ": " + schema.fields().get(field).encoding());
        }
        schema.indexes().forEach((index, i) -> cli.out.println("  index " + index + " on " + String.join(", ", i.fields())
            + (i.unique() ? " (unique)" : "") + (i.covering() ? " (covering)" : "")));
        schema.spatial().forEach((field, kind) -> cli.out.println("  spatial " + field + " (" + kind + "): a box read covers"
            + " at most " + entity.spatialRanges(field) + " ranges" + (schema.spatialRanges().containsKey(field) ? ""
            : " (not recorded in the schema file: @Spatial's default)")));
        schema.derived().forEach((index, definition) -> cli.out.println("  derived " + index + ": " + definition));
      });
    }
  }
}
