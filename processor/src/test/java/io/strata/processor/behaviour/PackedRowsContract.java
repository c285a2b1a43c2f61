package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Crate;
import io.strata.processor.fixtures.CrateRepository;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Packed rows, LAYOUTS.md's default: one key {@code (E,"R",id,0)} holding the non-null fields as (name, value)
 * pairs in declaration order, split into parts of at most 90,000 bytes; rows an earlier version wrote a key
 * per field still read, and their next save packs them.
 */
public abstract class PackedRowsContract extends BackendContract {
  private CrateRepository crates;

  @BeforeEach
  void createRepository() {
    crates = new CrateRepository(db);
  }

  private List<KeyValue> row(String id) {
    return db.read(tr -> tr.getRange(Tuple.from("Crate", "R", id).range()).asList().join());
  }

  @Test
  void aRowIsOneKeyHoldingItsNonNullFieldsInDeclarationOrder() {
    crates.save(new Crate("c1", "fragile", null, null, Optional.of(12L)));
    List<KeyValue> row = row("c1");
    assertEquals(1, row.size());
    assertEquals(Tuple.from("Crate", "R", "c1", 0L), Tuple.fromBytes(row.get(0).getKey()));
    assertEquals(Tuple.from("id", "c1", "label", "fragile", "weight", 12L), Tuple.fromBytes(row.get(0).getValue()));
  }

  @Test
  void aRowOverNinetyThousandBytesIsSplitIntoPartsAndReadBackWhole() {
    String notes = "n".repeat(200_000);
    crates.save(new Crate("c1", "big", notes, null, Optional.empty()));
    List<KeyValue> row = row("c1");
    assertEquals(List.of(Tuple.from("Crate", "R", "c1", 0L), Tuple.from("Crate", "R", "c1", 1L), Tuple.from("Crate", "R", "c1", 2L)),
        row.stream().map(kv -> Tuple.fromBytes(kv.getKey())).toList());
    assertTrue(row.stream().allMatch(kv -> kv.getValue().length <= 90_000), "every part holds at most 90,000 bytes");
    assertEquals(90_000, row.get(0).getValue().length);
    assertEquals(notes, crates.findById("c1").orElseThrow().notes());
    crates.save(new Crate("c1", "small", "n", null, Optional.empty()));
    assertEquals(1, row("c1").size(), "a shorter save leaves no stale part behind");
    assertEquals("n", crates.findById("c1").orElseThrow().notes());
  }

  @Test
  void aBlobsLengthIsInThePackedRowAndItsBytesInChunks() {
    byte[] photo = new byte[25_000];
    Arrays.fill(photo, (byte) 7);
    crates.save(new Crate("c1", "pic", null, photo, Optional.empty()));
    Tuple packed = Tuple.fromBytes(row("c1").get(0).getValue());
    assertEquals(25_000L, packed.get(packed.getItems().indexOf("photo") + 1));
    assertArrayEquals(photo, crates.findById("c1").orElseThrow().photo());
    assertEquals(25_000L, crates.photoSize("c1"));
    assertArrayEquals(Arrays.copyOfRange(photo, 9_990, 10_010), crates.readPhoto("c1", 9_990, 20));
  }

  @Test
  void aRowAnEarlierVersionWroteAKeyPerFieldReadsAndItsNextSavePacksIt() {
    put(Tuple.from("Crate", "R", "c9", "id"), Tuple.from("c9").pack());
    put(Tuple.from("Crate", "R", "c9", "label"), Tuple.from("old").pack());
    put(Tuple.from("Crate", "R", "c9", "weight"), Tuple.from(3L).pack());
    put(Tuple.from("Crate", "I", "label", "old", "c9"), new byte[0]);
    put(Tuple.from("Crate", "#"), new byte[] {1, 0, 0, 0, 0, 0, 0, 0});
    assertEquals(Optional.of(new Crate("c9", "old", null, null, Optional.of(3L))).map(Crate::label),
        crates.findById("c9").map(Crate::label));
    assertEquals(Optional.of(3L), crates.findById("c9").orElseThrow().weight());
    assertEquals(List.of("c9"), crates.findByLabel("old").stream().map(Crate::id).toList());

    crates.save(new Crate("c9", "new", null, null, Optional.of(3L)));
    assertEquals(List.of(Tuple.from("Crate", "R", "c9", 0L)), row("c9").stream().map(kv -> Tuple.fromBytes(kv.getKey())).toList(),
        "the per-field keys are gone, the row is packed");
    assertEquals(List.of("c9"), crates.findByLabel("new").stream().map(Crate::id).toList());
    assertEquals(List.of(), crates.findByLabel("old"));
    assertTrue(crates.verifyIndexes().isClean(), crates.verifyIndexes().problems().toString());
  }

  @Test
  void aNameThisVersionDoesNotHaveIsSkipped() {
    put(Tuple.from("Crate", "R", "c1", 0L), Tuple.from("id", "c1", "removed", 5L, "label", "kept").pack());
    assertEquals("kept", crates.findById("c1").orElseThrow().label());
  }

  @Test
  void aPackedRowHoldingOneFieldTwiceIsReportedAsDamage() {
    put(Tuple.from("Crate", "R", "c1", 0L), Tuple.from("id", "c1", "label", "first", "label", "second").pack());
    rejected(CodecException.class, () -> crates.findById("c1"), "Crate id c1", "\\x02Crate\\x00\\x02R\\x00\\x02c1\\x00\\x14",
        "field 'label' twice", "clear that key");
  }

  @Test
  void aPackedRowThatDoesNotDecodeNamesEntityIdAndKey() {
    put(Tuple.from("Crate", "R", "c1", 0L), new byte[] {(byte) 0xfe, 1});
    String key = "\\x02Crate\\x00\\x02R\\x00\\x02c1\\x00\\x14";
    rejected(CodecException.class, () -> crates.findById("c1"), "Crate id c1", key, "does not decode", "clear that key");
    put(Tuple.from("Crate", "R", "c1", 0L), Tuple.from("id", "c1", "label").pack());
    rejected(CodecException.class, () -> crates.findById("c1"), key, "not (name, value) pairs");
    put(Tuple.from("Crate", "R", "c1", 0L), Tuple.from("id", "c1").pack());
    put(Tuple.from("Crate", "R", "c1", 2L), Tuple.from("label", "x").pack());
    rejected(CodecException.class, () -> crates.findById("c1"), "\\x02Crate\\x00\\x02R\\x00\\x02c1\\x00\\x15\\x02", "is not part 1");
  }

  /** Writes {@code n} rows as an earlier version stored them, a key per field, with their index entries and count. */
  private void perFieldRows(int n) {
    db.run(tr -> {
      for (int i = 0; i < n; i++) {
        String id = String.format("c%03d", i);
        tr.set(Tuple.from("Crate", "R", id, "id").pack(), Tuple.from(id).pack());
        tr.set(Tuple.from("Crate", "R", id, "label").pack(), Tuple.from("l" + (i % 3)).pack());
        tr.set(Tuple.from("Crate", "I", "label", "l" + (i % 3), id).pack(), new byte[0]);
      }
      tr.set(Tuple.from("Crate", "#").pack(), java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(n).array());
      return null;
    });
  }

  private long perFieldKeys() {
    return db.read(tr -> tr.getRange(Tuple.from("Crate", "R").range()).asList().join()).stream()
        .filter(kv -> Tuple.fromBytes(kv.getKey()).get(3) instanceof String).count();
  }

  @Test
  void repackRewritesTheRowsAnEarlierVersionWroteAndResumesAfterACrash() {
    perFieldRows(25);
    crates.save(new Crate("c007", "saved", null, null, Optional.empty())); // already packed by its save
    assertEquals(9, crates.maintenance().repackBatch(10).rewritten(), "the first step reads ten rows and rewrites all but c007");
    assertTrue(db.read(tr -> tr.get(Tuple.from("__strata", "repack", "Crate").pack()).join()) != null, "progress is recorded");

    CrateRepository afterCrash = new CrateRepository(db); // a new process: only the recorded progress survives
    assertEquals(15, afterCrash.maintenance().repack(), "it resumes after the first ten rows: c010 to c024");
    assertEquals(0, perFieldKeys());
    assertTrue(db.read(tr -> tr.get(Tuple.from("__strata", "repack", "Crate").pack()).join()) == null, "a finished repack leaves no progress");
    assertEquals(25, crates.count());
    assertEquals(9, crates.findByLabel("l0").size());
    assertEquals("saved", crates.findById("c007").orElseThrow().label());
    assertTrue(crates.verifyIndexes().isClean(), crates.verifyIndexes().problems().toString());
    assertEquals(0, crates.maintenance().repack(), "a second repack finds nothing to do");
  }

  @Test
  void repackUnderConcurrentWritesLosesNoWrite() throws Exception {
    perFieldRows(200);
    Thread writer = new Thread(() -> {
      for (int i = 0; i < 200; i += 7) {
        crates.save(new Crate(String.format("c%03d", i), "w" + i, null, null, Optional.empty()));
      }
    });
    writer.start();
    crates.maintenance().repack();
    writer.join();
    crates.maintenance().repack();
    assertEquals(0, perFieldKeys());
    for (int i = 0; i < 200; i++) {
      String id = String.format("c%03d", i);
      assertEquals(i % 7 == 0 ? "w" + i : "l" + (i % 3), crates.findById(id).orElseThrow().label(), id);
    }
    assertTrue(crates.verifyIndexes().isClean(), crates.verifyIndexes().problems().toString());
  }
}
