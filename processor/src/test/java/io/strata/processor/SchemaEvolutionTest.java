package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema evolution checked at build time: one test per rule. Each compiles a first version of an entity
 * into a snapshot directory, then a second version against that snapshot.
 */
class SchemaEvolutionTest {
  private static final String IMPORTS = "import io.strata.annotations.*; import io.strata.*; import java.util.*;";

  @TempDir
  Path dir;

  private JavaFileObject source(String name, String... lines) {
    String[] all = new String[lines.length + 2];
    all[0] = "package test;";
    all[1] = IMPORTS;
    System.arraycopy(lines, 0, all, 2, lines.length);
    return JavaFileObjects.forSourceLines("test." + name, all);
  }

  private Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).withOptions("-Astrata.schemaDir=" + dir).compile(sources);
  }

  /** Compiles {@code before}, which must pass, then returns the compilation of {@code after}. */
  private Compilation evolve(JavaFileObject before, JavaFileObject after) {
    assertThat(compile(before)).succeeded();
    return compile(after);
  }

  private String snapshot(String className) throws IOException {
    return Files.readString(dir.resolve(className + ".schema"));
  }

  private static final String HINT_END = " to accept the current schema)";

  @Test
  void writesOneSortedSnapshotPerEntity() throws IOException {
    JavaFileObject f = source("User", "@Entity(name = \"U\")",
        "@Index(name = \"by city.age\", fields = {\"city\", \"age\"}, unique = true)",
        "public record User(@Id long id, @Indexed String city, int age, Optional<Color> color,",
        "  @Spatial GeoPoint home, @Blob(chunkSize = 500) byte[] avatar, Address address, Set<String> tags,",
        "  @Document Map<String, Object> extra) {",
        "  public enum Color { RED, GREEN }",
        "  public record Address(String street, Integer zip) {}",
        "}");
    assertThat(compile(f)).succeeded();
    assertEquals("""
        # Strata schema snapshot of test.User.
        # Written by the Strata annotation processor (-Astrata.schemaDir) and compared with the entity at every
        # compile: keep it under version control. The rules: docs/schema-evolution.md in Strata's sources.
        entity.class = test.User
        entity.columnMajor = false
        entity.fieldOrder = id, city, age, color, home, avatar, address, tags, extra
        entity.name = U
        entity.packed = true
        field.address.encoding = tuple(street: string, zip: integer(32))
        field.address.type = test.User.Address
        field.age.encoding = integer(32)
        field.age.type = int
        field.avatar.encoding = blob(500)
        field.avatar.type = byte[]
        field.city.encoding = string
        field.city.type = java.lang.String
        field.color.encoding = enum(RED, GREEN)
        field.color.type = java.util.Optional<test.User.Color>
        field.extra.encoding = document
        field.extra.type = java.util.Map<java.lang.String, java.lang.Object>
        field.home.encoding = geo-point
        field.home.type = io.strata.GeoPoint
        field.id.encoding = integer(64)
        field.id.type = long
        field.tags.encoding = collection(string)
        field.tags.type = java.util.Set<java.lang.String>
        format = 1
        id = id
        index.by%0020city%002Eage.covering = false
        index.by%0020city%002Eage.fields = city, age
        index.by%0020city%002Eage.unique = true
        index.city.covering = false
        index.city.fields = city
        index.city.unique = false
        spatial.home = geo-point
        spatial.home.ranges = 32
        """, snapshot("test.User"));
    String written = snapshot("test.User");
    assertThat(compile(f)).succeededWithoutWarnings();
    assertEquals(written, snapshot("test.User"), "read back (escaped names included) and found unchanged");
  }

  @Test
  void anUnchangedEntityLeavesItsSnapshotUntouched() throws IOException {
    JavaFileObject f = source("Item", "@Entity", "public record Item(@Id String id, @Indexed String name) {}");
    assertThat(compile(f)).succeeded();
    Path file = dir.resolve("test.Item.schema");
    Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(0));
    String before = snapshot("test.Item");
    assertThat(compile(f)).succeededWithoutWarnings();
    assertEquals(before, snapshot("test.Item"));
    assertEquals(0, Files.getLastModifiedTime(file).toMillis());
  }

  @Test
  void aSnapshotWrittenBeforeTheRowLayoutWasRecordedIsNoChangeAndGainsTheKey() throws IOException {
    JavaFileObject f = source("Item", "@Entity(packed = false)", "public record Item(@Id String id) {}");
    assertThat(compile(f)).succeeded();
    Path file = dir.resolve("test.Item.schema");
    Files.writeString(file, snapshot("test.Item").replace("entity.packed = false\n", ""));
    assertThat(compile(f)).succeededWithoutWarnings();
    assertTrue(snapshot("test.Item").contains("entity.packed = false\n"), snapshot("test.Item"));
  }

  @Test
  void aSnapshotWrittenBeforeFieldOrderAndRangeBudgetsWereRecordedIsNoChangeAndGainsThem() throws IOException {
    JavaFileObject f = source("Item", "@Entity", "public record Item(@Id String id, @Spatial(maxRanges = 12) Point at, String name) {}");
    assertThat(compile(f)).succeeded();
    Path file = dir.resolve("test.Item.schema");
    String recorded = snapshot("test.Item");
    assertTrue(recorded.contains("entity.fieldOrder = id, at, name\n") && recorded.contains("spatial.at.ranges = 12\n"), recorded);
    Files.writeString(file, recorded.replace("entity.fieldOrder = id, at, name\n", "").replace("spatial.at.ranges = 12\n", ""));
    assertThat(compile(f)).succeededWithoutWarnings();
    assertEquals(recorded, snapshot("test.Item"));
  }

  @Test
  void reorderingFieldsAndChangingARangeBudgetPassBecauseNeitherChangesWhatIsStored() throws IOException {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Spatial Point at, String name) {}"),
        source("Item", "@Entity", "public record Item(String name, @Spatial(maxRanges = 64) Point at, @Id String id) {}")))
        .succeededWithoutWarnings();
    assertTrue(snapshot("test.Item").contains("entity.fieldOrder = name, at, id\n"), snapshot("test.Item"));
    assertTrue(snapshot("test.Item").contains("spatial.at.ranges = 64\n"), snapshot("test.Item"));
  }

  @Test
  void turningPackedOnOrOffPassesBecauseRowsAreReadInEitherLayout() throws IOException {
    assertThat(evolve(source("Item", "@Entity(packed = false)", "public record Item(@Id String id) {}"),
        source("Item", "@Entity", "public record Item(@Id String id) {}"))).succeededWithoutWarnings();
    assertTrue(snapshot("test.Item").contains("entity.packed = true\n"), snapshot("test.Item"));
  }

  @Test
  void withoutTheOptionNothingIsCheckedAndOneNoteSaysHowToTurnItOn() {
    JavaFileObject f = source("Item", "@Entity", "public record Item(@Id String id) {}");
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadNoteContaining("Strata is not checking schema evolution: pass -Astrata.schemaDir=");
    assertEquals(1, c.notes().stream().filter(n -> n.getMessage(null).contains("schema evolution")).count());
  }

  @Test
  void addedFieldsAndIndexesPassAndUpdateTheSnapshot() throws IOException {
    Compilation c = evolve(
        source("Item", "@Entity", "public record Item(@Id String id, String name) {}"),
        source("Item", "@Entity", "@Index(name = \"byNameSize\", fields = {\"name\", \"size\"})",
            "public record Item(@Id String id, @Indexed String name, long size) {}"));
    assertThat(c).succeededWithoutWarnings();
    String text = snapshot("test.Item");
    assertTrue(text.contains("field.size.encoding = integer(64)\n"), text);
    assertTrue(text.contains("index.byNameSize.fields = name, size\n"), text);
    assertTrue(text.contains("index.name.fields = name\n"), text);
  }

  @Test
  void changedIdTypeFailsOnTheId() throws IOException {
    JavaFileObject after = source("Item", "@Entity", "public record Item(", "  @Id String id) {}");
    Compilation c = evolve(source("Item", "@Entity", "public record Item(@Id long id) {}"), after);
    assertThat(c).hadErrorContaining("@Id 'id' of Item changes from long (stored as integer(64)) to java.lang.String"
        + " (stored as string): the stored integer(64) values cannot be read as string, and every stored key holds one."
        + " Keep the old id type, or migrate with a new @Entity(name)").inFile(after).onLine(5);
    assertThat(c).hadErrorContaining("delete " + dir.resolve("test.Item.schema") + HINT_END);
    assertTrue(snapshot("test.Item").contains("field.id.encoding = integer(64)"), "a failed check keeps the old snapshot");
  }

  @Test
  void idWidenedFromIntToLongPassesBecauseBothAreTupleIntegers() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id int id) {}"),
        source("Item", "@Entity", "public record Item(@Id Long id) {}"))).succeeded();
  }

  @Test
  void idMovedToAnotherFieldFails() {
    JavaFileObject after = source("Item", "@Entity", "public record Item(String id,", "  @Id String code) {}");
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, String code) {}"), after))
        .hadErrorContaining("the @Id of Item moves from 'id' to 'code', but every stored key holds a 'id' value")
        .inFile(after).onLine(5);
  }

  @Test
  void idFieldRenamedWithTheSameTypePasses() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id) {}"),
        source("Item", "@Entity", "public record Item(@Id String key) {}"))).succeeded();
  }

  @Test
  void fieldChangedFromIntToStringFailsOnTheField() {
    JavaFileObject after = source("Item", "@Entity", "public record Item(@Id String id,", "  String size) {}");
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, int size) {}"), after))
        .hadErrorContaining("field 'size' of Item changes from int (stored as integer(32)) to java.lang.String (stored as"
            + " string): the stored integer(32) values cannot be read as string. Keep the old type, or store the new one in a"
            + " field with a new name and copy the values over").inFile(after).onLine(5);
  }

  @Test
  void fieldChangedFromLongToDoubleFails() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, long size) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, double size) {}")))
        .hadErrorContaining("the stored integer(64) values cannot be read as floating(64)");
  }

  @Test
  void narrowingLongToIntFailsButWideningPasses() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, long size) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, int size) {}")))
        .hadErrorContaining("stored values outside the range of integer(32) would fail to decode");
    assertThat(evolve(source("Other", "@Entity", "public record Other(@Id String id, short size, float ratio) {}"),
        source("Other", "@Entity", "public record Other(@Id String id, Long size, double ratio) {}"))).succeeded();
  }

  @Test
  void doubleToFloatFails() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, double ratio) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, float ratio) {}")))
        .hadErrorContaining("stored 64-bit values would be silently rounded to 32 bits");
  }

  @Test
  void instantAndLongAreBothIntegersButMeanDifferentThings() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, long at) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, java.time.Instant at) {}")))
        .hadErrorContaining("the stored integer(64) values cannot be read as instant");
  }

  @Test
  void enumToStringPassesButStringToEnumFails() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, Kind kind) { public enum Kind { A, B } }"),
        source("Item", "@Entity", "public record Item(@Id String id, String kind) {}"))).succeeded();
    assertThat(compile(source("Item", "@Entity", "public record Item(@Id String id, Kind kind) { public enum Kind { A, B } }")))
        .hadErrorContaining("the stored string values cannot be read as enum(A, B)");
  }

  @Test
  void removingAnEnumConstantFailsAndAddingOnePasses() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, Kind kind) { public enum Kind { A, B } }"),
        source("Item", "@Entity", "public record Item(@Id String id, Kind kind) { public enum Kind { A, B, C } }"))).succeeded();
    assertThat(compile(source("Item", "@Entity", "public record Item(@Id String id, Kind kind) { public enum Kind { A, C } }")))
        .hadErrorContaining("stored values may name the removed constant(s) [B], which would fail to decode");
  }

  @Test
  void nestedRecordGainingAComponentFails() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, Size size) { public record Size(int w, int h) {} }"),
        source("Item", "@Entity", "public record Item(@Id String id, Size size) { public record Size(int w, int h, int d) {} }")))
        .hadErrorContaining("a nested record is stored as a tuple of its components in order, and their number changes from 2 to 3");
  }

  @Test
  void documentRecordGainingAComponentPassesButAPlainDocumentCannotBecomeARecord() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Document Size size) { public record Size(int w) {} }"),
        source("Item", "@Entity", "public record Item(@Id String id, @Document Size size) { public record Size(int w, int h) {} }")))
        .succeeded();
    assertThat(evolve(source("Other", "@Entity", "public record Other(@Id String id, @Document Map<String, Object> size) {}"),
        source("Other", "@Entity", "public record Other(@Id String id, @Document Size size) { public record Size(int w) {} }")))
        .hadErrorContaining("a plain document may hold values that the record's components cannot read");
  }

  @Test
  void typedDocumentShapesAreSnapshottedWithTheirValueEncodings() throws IOException {
    assertThat(compile(source("Item", "@Entity", "public record Item(@Id String id, @Document Map<String, Integer> counts,",
        "  @Document List<Part> parts, @Document Part main) {",
        "  public static final class Part { public short size; public List<Long> marks; } }"))).succeeded();
    String snapshot = snapshot("test.Item");
    assertTrue(snapshot.contains("field.counts.encoding = document-map(integer(32))\n"), snapshot);
    assertTrue(snapshot.contains("field.parts.encoding = document-list(document(size: integer(16), marks: collection(integer(64))))\n"),
        snapshot);
    assertTrue(snapshot.contains("field.main.encoding = document(size: integer(16), marks: collection(integer(64)))\n"), snapshot);
  }

  @Test
  void typedDocumentMapsWidenNarrowAndBecomePlainLikeTheirValues() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Document Map<String, Integer> counts) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, @Document Map<String, Long> counts) {}"))).succeeded();
    assertThat(compile(source("Item", "@Entity", "public record Item(@Id String id, @Document Map<String, Short> counts) {}")))
        .hadErrorContaining("(stored as document-map(integer(64))) to java.util.Map<java.lang.String, java.lang.Short> (stored as"
            + " document-map(integer(16))): its values: stored values outside the range of integer(16) would fail to decode");
    assertThat(compile(source("Item", "@Entity", "public record Item(@Id String id, @Document Map<String, Object> counts) {}")))
        .succeeded();
    assertThat(compile(source("Item", "@Entity", "public record Item(@Id String id, @Document Map<String, Integer> counts) {}")))
        .hadErrorContaining("a document stored as document may hold values that document-map(integer(32)) cannot read");
  }

  @Test
  void aDocumentRecordMayBecomeADocumentClassWithTheSameProperties() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Document Size size) { public record Size(int w) {} }"),
        source("Item", "@Entity", "public record Item(@Id String id, @Document Size size) {",
            "  public static final class Size { public long w; } }"))).succeeded();
  }

  @Test
  void reorderedCompositeIndexUnderTheSameNameFailsOnTheAnnotation() {
    JavaFileObject after = source("Item", "@Entity", "@Index(name = \"byCityAge\", fields = {\"age\", \"city\"})",
        "public record Item(@Id String id, String city, int age) {}");
    assertThat(evolve(source("Item", "@Entity", "@Index(name = \"byCityAge\", fields = {\"city\", \"age\"})",
        "public record Item(@Id String id, String city, int age) {}"), after))
        .hadErrorContaining("index 'byCityAge' of Item changes its fields from [city, age] to [age, city]: the entries already"
            + " stored are ordered by the old fields, so queries would misread them. Give the index a new name (the first"
            + " write of the new version clears the old entries) and build it online with"
            + " repository.maintenance().build(\"<new name>\") instead of \"byCityAge\"")
        .inFile(after).onLine(4);
  }

  @Test
  void uniqueFlipUnderTheSameNameFailsOnTheIndexedField() {
    JavaFileObject after = source("Item", "@Entity", "public record Item(@Id String id,", "  @Indexed(unique = true) String email) {}");
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Indexed String email) {}"), after))
        .hadErrorContaining("index 'email' of Item changes unique from false to true: unique entries live under (E, \"U\", …)")
        .inFile(after).onLine(5);
  }

  @Test
  void coveringFlipUnderTheSameNameFails() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Indexed String email) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, @Indexed(covering = true) String email) {}")))
        .hadErrorContaining("index 'email' of Item changes covering from false to true: the entries already stored carry no row copy");
  }

  @Test
  void changedEntityNameFailsOnTheEntityAnnotation() {
    JavaFileObject after = source("Item", "@Entity(name = \"Thing\")", "public record Item(@Id String id) {}");
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id) {}"), after))
        .hadErrorContaining("@Entity Item was stored under the name \"Item\" and is now named \"Thing\": everything written"
            + " before lives under (\"Item\", …) and would no longer be found. Keep @Entity(name = \"Item\")")
        .inFile(after).onLine(3);
  }

  @Test
  void columnMajorFlipFails() {
    JavaFileObject after = source("Item", "@Entity(columnMajor = true)", "public record Item(@Id String id) {}");
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id) {}"), after))
        .hadErrorContaining("@Entity Item changes columnMajor from false to true: rows written before have no (E, \"C\", field, id)"
            + " copies, so findColumn would miss them. Keep columnMajor = false")
        .inFile(after).onLine(3);
  }

  @Test
  void spatialPointBecomingAGeoPointFails() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Spatial Point at) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, @Spatial GeoPoint at) {}")))
        .hadErrorContaining("field 'at' of Item changes from io.strata.Point (stored as point) to io.strata.GeoPoint (stored as geo-point)");
  }

  @Test
  void blobChunkSizeChangeFailsOnTheBlobAnnotation() {
    JavaFileObject after = source("Item", "@Entity", "public record Item(@Id String id,", "  @Blob(chunkSize = 2000) byte[] data) {}");
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Blob(chunkSize = 1000) byte[] data) {}"), after))
        .hadErrorContaining("@Blob 'data' of Item changes chunkSize from 1000 to 2000: stored blobs are cut into 1000-byte chunks")
        .inFile(after).onLine(5);
  }

  @Test
  void blobBecomingPlainBytesFails() {
    assertThat(evolve(source("Item", "@Entity", "public record Item(@Id String id, @Blob byte[] data) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, byte[] data) {}")))
        .hadErrorContaining("a @Blob keeps its bytes in chunks under (E, \"B\", id, field, offset)");
  }

  @Test
  void removedFieldIsRetiredWithANoteAndCannotComeBackWithAnotherType() throws IOException {
    Compilation removed = evolve(source("Item", "@Entity", "public record Item(@Id String id, int size) {}"),
        source("Item", "@Entity", "public record Item(@Id String id) {}"));
    assertThat(removed).succeeded();
    assertThat(removed).hadNoteContaining("field 'size' of Item is no longer stored");
    assertTrue(snapshot("test.Item").contains("retired-field.size.encoding = integer(32)\n"));
    JavaFileObject back = source("Item", "@Entity", "public record Item(@Id String id,", "  String size) {}");
    assertThat(compile(back)).hadErrorContaining("field 'size' of Item was removed earlier, when it was int (stored as integer(32));"
        + " rows not saved since still hold those values").inFile(back).onLine(5);
    assertThat(compile(source("Item", "@Entity", "public record Item(@Id String id, long size) {}"))).succeeded();
    assertFalse(snapshot("test.Item").contains("retired-field.size"), "a field that came back is no longer retired");
  }

  @Test
  void removedIndexPassesButItsNameCannotComeBackWithAnotherDefinition() {
    assertThat(evolve(source("Item", "@Entity", "@Index(name = \"byAB\", fields = {\"a\", \"b\"})", "public record Item(@Id String id, String a, String b) {}"),
        source("Item", "@Entity", "public record Item(@Id String id, String a, String b) {}"))).succeeded();
    assertThat(compile(source("Item", "@Entity", "@Index(name = \"byAB\", fields = {\"b\", \"a\"})", "public record Item(@Id String id, String a, String b) {}")))
        .hadErrorContaining("index 'byAB' of Item was removed earlier, when it had fields [a, b]; its entries stay stored until"
            + " a write of a version without it clears them, and the new definition (fields [b, a]) would misread them");
    assertThat(compile(source("Item", "@Entity", "@Index(name = \"byAB\", fields = {\"a\", \"b\"})", "public record Item(@Id String id, String a, String b) {}")))
        .succeeded();
  }


  private static final String PLACE = "public record Place(@Id long id, String country, String kind, @Text String name, long population) {}";

  @Test
  void derivedIndexesAreInTheSnapshotAndAddingOrRemovingThemPasses() throws IOException {
    assertThat(evolve(source("Place", "@Entity", PLACE),
        source("Place", "@Entity", "@Versioned",
            "@Aggregate(name = \"people\", function = Aggregate.Function.SUM, field = \"population\", groupBy = {\"country\", \"kind\"})",
            "@Aggregate(name = \"places\", function = Aggregate.Function.COUNT)",
            "@Rank(name = \"byPopulation\", field = \"population\", groupBy = \"country\", descending = true)", PLACE)))
        .succeeded();
    String snapshot = snapshot("test.Place");
    assertTrue(snapshot.contains("derived.byPopulation = rank population desc by (country)\n"
        + "derived.changes = change-feed\n"
        + "derived.name = text\n"
        + "derived.people = aggregate SUM(population) by (country, kind)\n"
        + "derived.places = aggregate COUNT\n"), snapshot);
    assertThat(compile(source("Place", "@Entity", "public record Place(@Id long id, String country, String kind, String name, long population) {}")))
        .succeeded();
    String removed = snapshot("test.Place");
    assertFalse(removed.contains("\nderived."), removed);
    assertTrue(removed.contains("retired-derived.changes = change-feed\n") && removed.contains("retired-derived.name = text\n")
        && removed.contains("retired-derived.people = aggregate SUM(population) by (country, kind)\n"), removed);
  }

  private Compilation redefined(String before, String after) {
    return evolve(source("Place", "@Entity", before, PLACE), source("Place", "@Entity", after, PLACE));
  }

  @Test
  void anAggregateWhoseFunctionChangesUnderTheSameNameFailsOnTheAnnotation() {
    JavaFileObject after = source("Place", "@Entity",
        "@Aggregate(name = \"people\", function = Aggregate.Function.MAX, field = \"population\", groupBy = \"country\")", PLACE);
    assertThat(evolve(source("Place", "@Entity",
        "@Aggregate(name = \"people\", function = Aggregate.Function.SUM, field = \"population\", groupBy = \"country\")", PLACE), after))
        .hadErrorContaining("@Aggregate 'people' of Place changes from aggregate SUM(population) by (country) to aggregate"
            + " MAX(population) by (country): the totals and entries already stored were computed for the old definition and"
            + " would be read as the new one. Give it a new name (the first write of the new version clears the old keys) and"
            + " build it online with repository.maintenance().build(\"<new name>\") instead of \"people\"")
        .inFile(after).onLine(4);
  }

  @Test
  void anAggregateWhoseFieldChangesFails() {
    assertThat(redefined("@Aggregate(name = \"top\", function = Aggregate.Function.MAX, field = \"population\")",
        "@Aggregate(name = \"top\", function = Aggregate.Function.MAX, field = \"name\")"))
        .hadErrorContaining("@Aggregate 'top' of Place changes from aggregate MAX(population) to aggregate MAX(name)");
  }

  @Test
  void anAggregateWhoseGroupsAreReorderedFails() {
    assertThat(redefined("@Aggregate(name = \"n\", function = Aggregate.Function.COUNT, groupBy = {\"country\", \"kind\"})",
        "@Aggregate(name = \"n\", function = Aggregate.Function.COUNT, groupBy = {\"kind\", \"country\"})"))
        .hadErrorContaining("@Aggregate 'n' of Place changes from aggregate COUNT by (country, kind) to aggregate COUNT by (kind, country)");
  }

  @Test
  void aRankWhoseDirectionFlipsFails() {
    assertThat(redefined("@Rank(name = \"r\", field = \"population\")", "@Rank(name = \"r\", field = \"population\", descending = true)"))
        .hadErrorContaining("@Rank 'r' of Place changes from rank population asc to rank population desc: the ranked skip list"
            + " already stored orders the old field within the old groups and direction");
  }

  @Test
  void aRankWhoseGroupsChangeFails() {
    assertThat(redefined("@Rank(name = \"r\", field = \"population\", groupBy = \"country\")",
        "@Rank(name = \"r\", field = \"population\", groupBy = {\"country\", \"kind\"})"))
        .hadErrorContaining("@Rank 'r' of Place changes from rank population asc by (country) to rank population asc by (country, kind)");
  }

  @Test
  void aRemovedAggregateNameCannotComeBackWithAnotherDefinition() {
    assertThat(redefined("@Aggregate(name = \"n\", function = Aggregate.Function.COUNT, groupBy = \"country\")", "")).succeeded();
    assertThat(compile(source("Place", "@Entity", "@Aggregate(name = \"n\", function = Aggregate.Function.COUNT, groupBy = \"kind\")",
        PLACE))).hadErrorContaining("@Aggregate 'n' of Place was removed earlier, when it was aggregate COUNT by (country); its keys"
            + " stay stored until a write of a version without it clears them, and the new definition (aggregate COUNT by (kind))"
            + " would misread them. Choose another name");
    assertThat(compile(source("Place", "@Entity", "@Aggregate(name = \"n\", function = Aggregate.Function.COUNT, groupBy = \"country\")",
        PLACE))).succeeded();
  }

  @Test
  void aMovedEntityIsComparedWithTheSnapshotOfItsEntityNameAndTheSnapshotMoves() {
    assertThat(compile(JavaFileObjects.forSourceLines("old.Item", "package old;", IMPORTS, "@Entity",
        "public record Item(@Id long id) {}"))).succeeded();
    JavaFileObject moved = JavaFileObjects.forSourceLines("fresh.Item", "package fresh;", IMPORTS, "@Entity",
        "public record Item(@Id String id) {}");
    assertThat(compile(moved)).hadErrorContaining("@Id 'id' of Item changes from long");
    assertThat(compile(JavaFileObjects.forSourceLines("fresh.Item", "package fresh;", IMPORTS, "@Entity",
        "public record Item(@Id long id) {}"))).succeeded();
    assertFalse(Files.exists(dir.resolve("old.Item.schema")));
    assertTrue(Files.exists(dir.resolve("fresh.Item.schema")));
  }

  @Test
  void aMalformedSnapshotFailsNamingTheLine() throws IOException {
    Files.writeString(dir.resolve("test.Item.schema"), "format = 1\nentity.class = test.Item\nentity.name = Item\n"
        + "entity.columnMajor = false\nid = id\nfield.id.type = java.lang.String\nfield.id.encoding = string(\n");
    JavaFileObject f = source("Item", "@Entity", "public record Item(@Id String id) {}");
    assertThat(compile(f)).hadErrorContaining("schema snapshot " + dir.resolve("test.Item.schema") + " cannot be read (line 7:"
        + " encoding 'string(': expected a name at column 8): restore it from version control, or delete it").inFile(f).onLine(4);
  }
}
