package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tool does when the schema file says less than the stored keys (a snapshot written before Strata recorded
 * the row layout, the field order or a range budget) or contradicts them: it follows the stored rows and says so, or
 * refuses naming the mismatch and the fix. On the samples' places, packed, and a copy imported a key per field.
 */
class SchemaAndStoredKeysTest {
  @TempDir
  static Path temp;
  static Path packed;
  static Path unpacked;
  static Path export;
  static final long ID = SamplesDatabase.places().get(3).id();

  @BeforeAll
  static void packedAndUnpackedPlaces() throws Exception {
    packed = temp.resolve("packed");
    SamplesDatabase.create(packed);
    export = temp.resolve("places.jsonl");
    assertEquals(0, SamplesDatabase.run("export", "Place", "--url", "strata:file:" + packed, "--schema", SamplesDatabase.SCHEMA.toString(),
        "--out", export.toString()).exit());
    unpacked = temp.resolve("unpacked");
    SamplesDatabase.Run imported = SamplesDatabase.run("import", "Place", export.toString(), "--url", "strata:file:" + unpacked,
        "--schema", schema("unpacked", t -> t.replace("entity.packed = true\n", "entity.packed = false\n")).toString());
    assertEquals(0, imported.exit(), imported.toString());
  }

  /** A directory with the samples' schema files, the place's changed by {@code edit}. */
  private static Path schema(String name, UnaryOperator<String> edit) throws Exception {
    Path dir = Files.createDirectories(temp.resolve("schema-" + name));
    String place = Files.readString(SamplesDatabase.SCHEMA.resolve("io.strata.samples.Place.schema"));
    String edited = edit.apply(place);
    assertTrue(!edited.equals(place), "the edit changes the schema");
    Files.writeString(dir.resolve("io.strata.samples.Place.schema"), edited);
    return dir;
  }

  private static SamplesDatabase.Run strata(Path db, Path schema, String... args) {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(1, List.of("--url", "strata:file:" + db, "--schema", schema.toString()));
    return SamplesDatabase.run(all.toArray(String[]::new));
  }

  private static String withoutPacked(String schema) {
    return schema.replace("entity.packed = true\n", "");
  }

  @Test
  void aSchemaWithoutTheLayoutFollowsStoredRowsAKeyPerFieldAndSaysSo() throws Exception {
    Path old = schema("old", SchemaAndStoredKeysTest::withoutPacked);
    SamplesDatabase.Run shown = strata(unpacked, old, "show", "Place", Long.toString(ID));
    assertEquals(0, shown.exit(), shown.toString());
    assertTrue(shown.err().contains("note: Place's schema file does not record entity.packed (written before Strata recorded"
        + " it); its stored rows are a key per field, (E, \"R\", id, field), so rows the tool writes are too"), shown.toString());
    Path line = temp.resolve("one.jsonl");
    Files.writeString(line, "{\"id\":99000001,\"name\":\"Nowhere\",\"country\":\"ZZ\",\"population\":1}\n");
    SamplesDatabase.Run imported = strata(unpacked, old, "import", "Place", line.toString());
    assertEquals(0, imported.exit(), imported.toString());
    try (Database db = EmbeddedFdb.open(unpacked)) {
      Subspace row = new Subspace(Tuple.from("Place", "R", 99000001L));
      List<Object> ends = db.read(tr -> tr.getRange(row.range()).asList().join().stream().map(kv -> row.unpack(kv.getKey()).get(0)).toList());
      assertTrue(ends.contains("name") && !ends.contains(0L), "written a key per field, as the stored rows are: " + ends);
    }
  }

  @Test
  void aSchemaWithoutTheLayoutOnPackedRowsWritesPacked() throws Exception {
    SamplesDatabase.Run shown = strata(packed, schema("old-packed", SchemaAndStoredKeysTest::withoutPacked), "show", "Place",
        Long.toString(ID));
    assertEquals(0, shown.exit(), shown.toString());
    assertTrue(shown.err().contains("its stored rows are packed, (E, \"R\", id, 0), so rows the tool writes are too"), shown.toString());
  }

  @Test
  void aRecordedLayoutOtherThanTheStoredRowsIsNotedWithTheRepackThatAlignsThem() throws Exception {
    SamplesDatabase.Run shown = strata(packed, schema("flipped", t -> t.replace("entity.packed = true\n", "entity.packed = false\n")),
        "show", "Place", Long.toString(ID));
    assertEquals(0, shown.exit(), shown.toString());
    assertTrue(shown.err().contains("note: Place's schema file says entity.packed = false but its first stored row is packed,"
        + " (E, \"R\", id, 0) (written before the layout changed: both are read); `strata repack Place` rewrites every row a key"
        + " per field"), shown.toString());
  }

  @Test
  void aColumnMajorSchemaOnADatabaseWithoutColumnCopiesIsRefusedNamingTheFix() throws Exception {
    SamplesDatabase.Run shown = strata(packed, schema("column-major", t -> t.replace("entity.columnMajor = false\n",
        "entity.columnMajor = true\n")), "show", "Place", Long.toString(ID));
    assertEquals(2, shown.exit(), shown.toString());
    assertTrue(shown.err().contains("--schema: Place's schema file says entity.columnMajor = true but the database has rows and no"
        + " column copies (Place, \"C\", field, id): the file is not the one of the application that wrote this database"
        + " (the processor refuses that change); give --schema the strata-schema directory of that application"), shown.toString());
  }

  @Test
  void theRecordedFieldOrderOrdersRowsStoredAKeyPerField() throws Exception {
    SamplesDatabase.Run shown = strata(unpacked, SamplesDatabase.SCHEMA, "show", "Place", Long.toString(ID));
    assertEquals(0, shown.exit(), shown.toString());
    assertTrue(shown.out().startsWith("{\"id\":" + ID + ",\"name\":"), "declaration order, not alphabetical: " + shown);
    SamplesDatabase.Run old = strata(unpacked, schema("no-order", t -> t.replaceAll("entity.fieldOrder = [^\n]*\n", "")),
        "show", "Place", Long.toString(ID));
    assertTrue(old.out().startsWith("{\"id\":" + ID + ",\"country\":"), "without it and without a packed row: the id, then"
        + " alphabetical: " + old);
  }

  @Test
  void aRecordedRangeBudgetIsTheOneBoxReadsUse() throws Exception {
    SamplesDatabase.Run entities = strata(packed, schema("budget", t -> t.replace("spatial.location.ranges = 32\n",
        "spatial.location.ranges = 12\n")), "entities");
    assertTrue(entities.out().contains("spatial location (geo-point): a box read covers at most 12 ranges\n"), entities.toString());
    SamplesDatabase.Run old = strata(packed, schema("no-budget", t -> t.replace("spatial.location.ranges = 32\n", "")), "entities");
    assertTrue(old.out().contains("spatial location (geo-point): a box read covers at most 32 ranges (not recorded in the schema"
        + " file: @Spatial's default)\n"), old.toString());
  }
}
