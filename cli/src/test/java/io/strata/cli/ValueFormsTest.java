package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.row.Elements;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dates, times, decimals and enums as JSON: ISO-8601 and names in, the integers and tuples LAYOUTS.md stores on disk,
 * the same text out; and JDQL's qualified enum constants and ISO parameters resolved from the schema alone. The entity
 * is one with every such kind, described by a schema file as the processor writes it.
 */
class ValueFormsTest {
  @TempDir
  static Path temp;
  static Path schema;
  static Path db;
  static final List<String> ROWS = List.of(
      "{\"id\":1,\"at\":\"2024-05-01T12:30:00.000000123Z\",\"day\":\"2024-05-01\",\"kind\":\"FOOD\",\"length\":\"PT1H30M\","
          + "\"local\":\"2024-05-01T12:30:15\",\"price\":\"12.50\",\"time\":\"08:15\",\"days\":[\"2024-01-01\",\"1969-12-31\"]}",
      "{\"id\":2,\"at\":\"1969-07-20T20:17:40Z\",\"day\":\"1969-07-20\",\"kind\":\"TOOL\",\"length\":\"PT0.000000001S\","
          + "\"local\":\"1969-07-20T20:17:40\",\"price\":\"-0.001\",\"time\":\"23:59:59.999999999\",\"days\":[]}");

  @BeforeAll
  static void eventsImported() throws Exception {
    schema = Files.createDirectories(temp.resolve("schema"));
    Files.writeString(schema.resolve("com.example.Event.schema"), String.join("\n",
        "entity.class = com.example.Event", "entity.columnMajor = false", "entity.name = Event", "entity.packed = true",
        "field.at.encoding = instant", "field.at.type = java.time.Instant",
        "field.day.encoding = local-date", "field.day.type = java.time.LocalDate",
        "field.days.encoding = collection(local-date)", "field.days.type = java.util.List<java.time.LocalDate>",
        "field.id.encoding = integer(64)", "field.id.type = long",
        "field.kind.encoding = enum(FOOD, TOOL)", "field.kind.type = com.example.Event.Kind",
        "field.length.encoding = duration", "field.length.type = java.time.Duration",
        "field.local.encoding = local-date-time", "field.local.type = java.time.LocalDateTime",
        "field.price.encoding = decimal", "field.price.type = java.math.BigDecimal",
        "field.time.encoding = local-time", "field.time.type = java.time.LocalTime",
        "format = 1", "id = id", "index.byKind.covering = false", "index.byKind.fields = kind", "index.byKind.unique = false", ""));
    Path lines = temp.resolve("events.jsonl");
    Files.writeString(lines, String.join("\n", ROWS) + "\n");
    db = temp.resolve("events");
    SamplesDatabase.Run imported = strata("import", "Event", lines.toString());
    assertEquals(0, imported.exit(), imported.toString());
  }

  private static SamplesDatabase.Run strata(String... args) {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(1, List.of("--url", "strata:file:" + db, "--schema", schema.toString()));
    return SamplesDatabase.run(all.toArray(String[]::new));
  }

  @Test
  void datesTimesAndDecimalsAreStoredAsLayoutsSaysAndPrintedAsIso() {
    try (Database d = EmbeddedFdb.open(db)) {
      Tuple packed = Tuple.fromBytes(d.read(tr -> tr.get(new Subspace(Tuple.from("Event", "R", 1L, 0L)).pack()).join()));
      Map<Object, Object> stored = new java.util.HashMap<>();
      for (int i = 0; i + 1 < packed.size(); i += 2) {
        stored.put(packed.get(i), packed.get(i + 1));
      }
      assertEquals(Elements.ofInstant(Instant.parse("2024-05-01T12:30:00.000000123Z")), stored.get("at"));
      assertEquals(Elements.ofLocalDate(LocalDate.parse("2024-05-01")), stored.get("day"));
      assertEquals(Elements.ofLocalDateTime(LocalDateTime.parse("2024-05-01T12:30:15")), stored.get("local"));
      assertEquals(Elements.ofLocalTime(LocalTime.parse("08:15")), stored.get("time"));
      assertEquals(Elements.ofDuration(Duration.ofMinutes(90)), stored.get("length"));
      assertEquals(Elements.ofBigDecimal(new BigDecimal("12.50")), Tuple.fromList((List<?>) stored.get("price")));
      assertEquals("FOOD", stored.get("kind"));
    }
    SamplesDatabase.Run shown = strata("show", "Event", "2");
    assertEquals(0, shown.exit(), shown.toString());
    assertEquals(Json.parse(ROWS.get(1), "expected"), Json.parse(shown.out().strip(), "shown"), shown.toString());
  }

  @Test
  void anExportPrintsTheImportedTextBack() throws Exception {
    Path out = temp.resolve("again.jsonl");
    SamplesDatabase.Run export = strata("export", "Event", "--out", out.toString());
    assertEquals(0, export.exit(), export.toString());
    List<String> lines = Files.readAllLines(out);
    assertEquals(ROWS.stream().map(r -> Json.parse(r, "expected")).toList(),
        lines.subList(1, lines.size()).stream().map(l -> Json.parse(l, "exported")).toList());
    assertTrue(lines.get(1).contains("\"day\":\"2024-05-01\"") && lines.get(1).contains("\"length\":\"PT1H30M\""), lines.get(1));
  }

  @Test
  void aQualifiedEnumConstantIsFoundInTheSchema() {
    SamplesDatabase.Run food = strata("query", "Event", "WHERE kind = com.example.Event.Kind.FOOD");
    assertEquals(0, food.exit(), food.toString());
    assertEquals(List.of(1L), ids(food.out()));
    SamplesDatabase.Run explain = strata("explain", "Event", "WHERE kind = com.example.Event.Kind.TOOL");
    assertTrue(explain.out().contains("byKind"), explain.toString());
    SamplesDatabase.Run other = strata("query", "Event", "WHERE kind = com.example.Event.Kind.TOYS");
    assertEquals(2, other.exit(), other.toString());
    assertTrue(other.err().contains("'com.example.Event.Kind.TOYS' is no constant of the enum of kind"), other.toString());
  }

  @Test
  void aDateParameterIsGivenInIso() {
    SamplesDatabase.Run after = strata("query", "Event", "WHERE day > :d", "-p", "d=2000-01-01", "--allow-scan");
    assertEquals(0, after.exit(), after.toString());
    assertEquals(List.of(1L), ids(after.out()));
    SamplesDatabase.Run bad = strata("query", "Event", "WHERE day > :d", "-p", "d=01/02/2000", "--allow-scan");
    assertEquals(2, bad.exit(), bad.toString());
    assertTrue(bad.err().contains("\"01/02/2000\" is not a date such as 2024-05-01 (ISO-8601)"), bad.toString());
  }

  @Test
  void anImportedValueOfTheWrongFormIsNamedWithTheFormExpected() throws Exception {
    Path lines = temp.resolve("bad.jsonl");
    Files.writeString(lines, "{\"id\":3,\"kind\":\"TOYS\"}\n{\"id\":4,\"at\":\"yesterday\"}\n");
    SamplesDatabase.Run kind = strata("import", "Event", lines.toString());
    assertEquals(2, kind.exit(), kind.toString());
    assertTrue(kind.err().contains("field 'kind': \"TOYS\" is not a constant of the enum; give one of [FOOD, TOOL]"), kind.toString());
    SamplesDatabase.Run at = strata("import", "Event", lines.toString(), "--from-line", "2");
    assertTrue(at.err().contains("field 'at': \"yesterday\" is not an instant such as 2024-05-01T12:30:00Z (ISO-8601)"), at.toString());
  }

  private static List<Long> ids(String jsonLines) {
    return jsonLines.lines().map(l -> (Long) ((Map<?, ?>) Json.parse(l, "row")).get("id")).collect(Collectors.toList());
  }
}
