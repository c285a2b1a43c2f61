package io.strata.query.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading snapshots strictly (the processor) and tolerantly (tools that only read data, such as the strata command). */
class SchemaFormatTest {
  private static final String SNAPSHOT = """
      entity.class = com.example.User
      entity.columnMajor = false
      entity.name = User
      field.age.encoding = integer(32)
      field.age.type = int
      field.id.encoding = integer(64)
      field.id.type = long
      format = 1
      id = id
      index.byAge.covering = false
      index.byAge.fields = age
      index.byAge.unique = false
      """;

  /** Keys a later version might write: a new kind of index, and a new attribute of a known one. */
  private static final String LATER = SNAPSHOT + "vector.embedding = hnsw(cosine, 384)\nindex.byAge.collation = binary\n";

  @Test
  void aStrictReadRefusesAKeyItDoesNotKnowNamingItsLine() {
    SchemaFormat.MalformedException e = assertThrows(SchemaFormat.MalformedException.class, () -> SchemaFormat.read(LATER));
    assertTrue(e.getMessage().contains("unknown key"), e.getMessage());
  }

  @Test
  void aTolerantReadSkipsUnknownKeysAndReportsEachWithItsLine() throws Exception {
    List<String> skipped = new ArrayList<>();
    EntitySchema schema = SchemaFormat.readTolerant(LATER, skipped::add);
    assertEquals(List.of("line 14: index.byAge.collation", "line 13: vector.embedding"), skipped);
    assertEquals(SchemaFormat.read(SNAPSHOT), schema);
  }

  @Test
  void aTolerantReadStillRefusesAMalformedLine() {
    assertThrows(SchemaFormat.MalformedException.class, () -> SchemaFormat.readTolerant(SNAPSHOT + "no equals sign\n", s -> { }));
  }

  @Test
  void theRowLayoutIsReadWhenRecordedAndNullInASnapshotWrittenBeforeIt() throws Exception {
    assertEquals(null, SchemaFormat.read(SNAPSHOT).packed());
    EntitySchema unpacked = SchemaFormat.read(SNAPSHOT + "entity.packed = false\n");
    assertEquals(Boolean.FALSE, unpacked.packed());
    assertTrue(SchemaFormat.write(unpacked).contains("\nentity.packed = false\n"));
    assertEquals(unpacked, SchemaFormat.read(SchemaFormat.write(unpacked)));
    assertThrows(SchemaFormat.MalformedException.class, () -> SchemaFormat.read(SNAPSHOT + "entity.packed = yes\n"));
  }

  @Test
  void fieldOrderAndRangeBudgetsAreReadWhenRecordedAndEmptyInASnapshotWrittenBeforeThem() throws Exception {
    EntitySchema old = SchemaFormat.read(SNAPSHOT);
    assertEquals(List.of(), old.fieldOrder());
    assertEquals(java.util.Map.of(), old.spatialRanges());
    EntitySchema recorded = SchemaFormat.read(SNAPSHOT + "entity.fieldOrder = id, age\nspatial.age.ranges = 16\n");
    assertEquals(List.of("id", "age"), recorded.fieldOrder());
    assertEquals(java.util.Map.of("age", 16), recorded.spatialRanges());
    assertEquals(recorded, SchemaFormat.read(SchemaFormat.write(recorded)));
  }

  @Test
  void aFieldOrderThatDoesNotNameEachFieldOnceOrABadBudgetIsMalformed() {
    SchemaFormat.MalformedException order = assertThrows(SchemaFormat.MalformedException.class,
        () -> SchemaFormat.read(SNAPSHOT + "entity.fieldOrder = id, id\n"));
    assertTrue(order.getMessage().contains("'entity.fieldOrder' must name each stored field once (the field.* names [age, id])"),
        order.getMessage());
    SchemaFormat.MalformedException ranges = assertThrows(SchemaFormat.MalformedException.class,
        () -> SchemaFormat.read(SNAPSHOT + "spatial.age.ranges = 0\n"));
    assertTrue(ranges.getMessage().contains("'spatial.age.ranges' must be a positive whole number, found '0'"), ranges.getMessage());
  }
}
