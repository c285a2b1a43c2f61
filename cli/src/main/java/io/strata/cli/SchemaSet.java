package io.strata.cli;

import io.strata.query.schema.EntitySchema;
import io.strata.query.schema.SchemaFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The entities the schema directories describe: every {@code *.schema} file the processor wrote there
 * ({@code -Astrata.schemaDir}), read with the processor's own {@link SchemaFormat}. Keys a later version of Strata
 * added (a kind of index this tool does not know) are skipped with a note on stderr, never refused.
 */
final class SchemaSet {
  private final Map<String, EntitySchema> byName;

  private SchemaSet(Map<String, EntitySchema> byName) {
    this.byName = byName;
  }

  /**
   * Reads every {@code *.schema} file of {@code dirs}.
   *
   * @throws CliException naming the directory or file, and the line, of what cannot be read
   */
  static SchemaSet read(List<Path> dirs, PrintStream notes) {
    Map<String, EntitySchema> byName = new TreeMap<>();
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        throw CliException.usage("--schema " + dir + ": no such directory; give the directory the processor writes"
            + " schema files to (its -Astrata.schemaDir option), e.g. --schema src/main/strata-schema");
      }
      List<Path> files;
      try (Stream<Path> list = Files.list(dir)) {
        files = list.filter(p -> p.getFileName().toString().endsWith(".schema")).sorted().toList();
      } catch (IOException e) {
        throw CliException.usage("--schema " + dir + ": cannot list it (" + e.getMessage() + ")");
      }
      if (files.isEmpty()) {
        throw CliException.usage("--schema " + dir + ": holds no *.schema file; give the directory the processor writes"
            + " schema files to (its -Astrata.schemaDir option)");
      }
      for (Path file : files) {
        EntitySchema schema = readFile(file, notes);
        EntitySchema before = byName.put(schema.entityName(), schema);
        if (before != null && !before.className().equals(schema.className())) {
          throw CliException.usage("--schema: entity name '" + schema.entityName() + "' is declared by both "
              + before.className() + " and " + schema.className() + "; give the schema directory of one application");
        }
      }
    }
    return new SchemaSet(byName);
  }

  private static EntitySchema readFile(Path file, PrintStream notes) {
    try {
      List<String> skipped = new ArrayList<>();
      EntitySchema schema = SchemaFormat.readTolerant(Files.readString(file, StandardCharsets.UTF_8), skipped::add);
      skipped.forEach(s -> notes.println("note: " + file + " " + s + " is not known to this version of the tool; skipped"));
      return schema;
    } catch (SchemaFormat.MalformedException e) {
      throw CliException.usage("--schema: " + file + " " + e.getMessage());
    } catch (IOException e) {
      throw CliException.usage("--schema: cannot read " + file + " (" + e.getMessage() + ")");
    }
  }

  /** Every entity, by {@code @Entity(name)}. */
  Map<String, EntitySchema> entities() {
    return byName;
  }

  Optional<EntitySchema> entity(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The entity named {@code name}, or a usage error listing those the schema files hold. */
  EntitySchema require(String argument, String name) {
    EntitySchema schema = byName.get(name);
    if (schema == null) {
      throw CliException.usage(argument + " '" + name + "': no such entity in the schema files; "
          + (byName.isEmpty() ? "give them with --schema DIR" : "they hold " + String.join(", ", byName.keySet())));
    }
    return schema;
  }
}
