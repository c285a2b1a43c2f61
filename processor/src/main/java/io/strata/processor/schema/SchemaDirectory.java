package io.strata.processor.schema;

import io.strata.query.schema.EntitySchema;
import io.strata.query.schema.SchemaFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The directory of schema snapshots given with {@code -Astrata.schemaDir}: one
 * {@code <qualified class name>.schema} file per entity, in {@link SchemaFormat}.
 */
public final class SchemaDirectory {
  private static final String SUFFIX = ".schema";
  private final Path dir;

  public SchemaDirectory(Path dir) {
    this.dir = dir;
  }

  /** The snapshot file of the entity class {@code className}. */
  public Path file(String className) {
    return dir.resolve(className + SUFFIX);
  }

  /** The snapshot in {@code file}, or empty when there is none. */
  public Optional<EntitySchema> read(Path file) throws IOException, SchemaFormat.MalformedException {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    return Optional.of(SchemaFormat.read(Files.readString(file, StandardCharsets.UTF_8)));
  }

  /**
   * The snapshot of an entity that was moved or renamed: one stored under {@code entityName} whose class
   * {@code gone} says no longer exists. Snapshots that do not parse are skipped here (they are reported
   * when their own entity is compiled).
   */
  public Optional<Path> moved(String entityName, Predicate<String> gone) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    List<Path> files = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      list.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).sorted().forEach(files::add);
    }
    for (Path p : files) {
      try {
        EntitySchema s = SchemaFormat.read(Files.readString(p, StandardCharsets.UTF_8));
        if (s.entityName().equals(entityName) && gone.test(s.className())) {
          return Optional.of(p);
        }
      } catch (SchemaFormat.MalformedException e) {
        // reported when its own entity is compiled
      }
    }
    return Optional.empty();
  }

  /** Writes {@code schema} to its file, leaving the file untouched when it already holds that text. */
  public void write(EntitySchema schema) throws IOException {
    Path file = file(schema.className());
    String text = SchemaFormat.write(schema);
    if (Files.isRegularFile(file) && Files.readString(file, StandardCharsets.UTF_8).equals(text)) {
      return;
    }
    Files.createDirectories(dir);
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
