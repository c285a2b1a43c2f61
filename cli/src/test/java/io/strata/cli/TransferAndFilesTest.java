package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Scored;
import io.strata.embedded.EmbeddedFdb;
import io.strata.samples.Lookalike;
import io.strata.samples.LookalikesImpl;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Export and import, backup and restore, and what the tool says of a damaged or busy directory. */
class TransferAndFilesTest {
  @TempDir
  static Path temp;
  static Path source;
  static final String SCHEMA = SamplesDatabase.SCHEMA.toString();

  @BeforeAll
  static void samplesDatabase() {
    source = temp.resolve("places");
    SamplesDatabase.create(source);
  }

  private static SamplesDatabase.Run strata(Path dir, String... args) {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(1, List.of("--url", "strata:file:" + dir, "--schema", SCHEMA));
    return SamplesDatabase.run(all.toArray(String[]::new));
  }

  /**
   * Every key and value, as far as they are the same for the same rows whatever the order and transactions they were
   * saved in: the change feed's versionstamps (which each commit draws anew) are left out of its keys
   * {@code (Place, "V", ..., stamp, id)}, and {@code (Place, "v", id)}'s value is a marker;
   * and a rank index's counts, which writes spread over delta shards {@code (..., null, shard)} chosen at random, are
   * summed into the key they count for.
   */
  private static Map<String, String> comparable(Path dir) {
    Map<String, String> out = new TreeMap<>();
    Map<String, Long> rankCounts = new TreeMap<>();
    for (KeyValue kv : SamplesDatabase.keys(dir)) {
      Tuple t = Tuple.fromBytes(kv.getKey());
      String value = ByteArrayUtil.printable(kv.getValue());
      if ("V".equals(t.get(1))) {
        t = Tuple.fromList(t.getItems().stream().filter(e -> !(e instanceof com.apple.foundationdb.tuple.Versionstamp)).toList());
      } else if ("v".equals(t.get(1))) {
        value = "(a versionstamp)";
      } else if ("K".equals(t.get(1))) {
        Tuple counted = t.size() > 2 && t.get(t.size() - 2) == null ? Tuple.fromList(t.getItems().subList(0, t.size() - 2)) : t;
        long count = java.nio.ByteBuffer.wrap(kv.getValue()).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
        rankCounts.merge(counted.toString(), count, Long::sum);
        continue;
      }
      out.put(t.toString(), value);
    }
    rankCounts.forEach((k, v) -> out.put(k, "count " + v));
    return out;
  }

  /** The source's keys and values equal the copy's, or the first differences in the message. */
  private static void assertSameKeys(Path copy) {
    Map<String, String> expected = comparable(source);
    Map<String, String> actual = comparable(copy);
    List<String> differences = new java.util.ArrayList<>();
    expected.forEach((k, v) -> {
      if (!v.equals(actual.get(k))) {
        differences.add(k + ": " + v + " vs " + actual.get(k));
      }
    });
    actual.keySet().stream().filter(k -> !expected.containsKey(k)).forEach(k -> differences.add(k + ": only in the copy"));
    assertEquals(List.of(), differences.subList(0, Math.min(10, differences.size())), differences.size() + " differences");
  }

  @Test
  void anExportImportedIntoAnEmptyDatabaseWritesTheSameKeys() throws Exception {
    Path file = temp.resolve("places.jsonl");
    SamplesDatabase.Run export = strata(source, "export", "Place", "--out", file.toString(), "--batch", "400");
    assertEquals(0, export.exit(), export.toString());
    assertEquals(SamplesDatabase.PLACES + 1, Files.readAllLines(file).size(), "a header line and a line per row");
    assertTrue(export.err().contains("exported 400 rows; to resume: --after "), "progress with a resume token: " + export);
    Path copy = temp.resolve("imported");
    SamplesDatabase.Run imported = strata(copy, "import", "Place", file.toString(), "--batch", "300");
    assertEquals(0, imported.exit(), imported.toString());
    assertTrue(imported.out().contains("Place: " + SamplesDatabase.PLACES + " rows imported"), imported.toString());
    assertSameKeys(copy);
  }

  /**
   * The tool maintains an {@code @Embedding}'s vector index as the application does (the schema's
   * {@code derived.sketch = vector COSINE 64}): the rows it imports are found by the generated repository's nearest
   * search, each vector its own nearest, and its verification checks that index too.
   */
  @Test
  void anImportOfAnEntityWithAnEmbeddingWritesItsVectorIndex() throws Exception {
    Path origin = temp.resolve("lookalikes");
    java.util.Random random = new java.util.Random(35);
    List<Lookalike> saved = new java.util.ArrayList<>();
    for (int i = 1; i <= 300; i++) {
      float[] sketch = new float[64];
      for (int d = 0; d < sketch.length; d++) {
        sketch[d] = (float) random.nextGaussian();
      }
      saved.add(new Lookalike(i, "p" + i, i % 2 == 0 ? "FR" : "JP", i, sketch));
    }
    try (Database db = EmbeddedFdb.open(origin)) {
      new LookalikesImpl(db).saveAll(saved);
    }
    Path file = temp.resolve("lookalikes.jsonl");
    SamplesDatabase.Run export = strata(origin, "export", "Lookalike", "--out", file.toString());
    assertEquals(0, export.exit(), export.toString());
    Path copy = temp.resolve("lookalikes-imported");
    SamplesDatabase.Run imported = strata(copy, "import", "Lookalike", file.toString(), "--batch", "100");
    assertEquals(0, imported.exit(), imported.toString());
    assertFalse(imported.err().contains("does not know"), "the tool knows the vector index: " + imported);
    try (Database db = EmbeddedFdb.open(copy)) {
      LookalikesImpl lookalikes = new LookalikesImpl(db);
      for (Lookalike l : saved.subList(0, 20)) {
        List<Scored<Lookalike>> near = lookalikes.findTop6BySketchNear(l.sketch(), 300);
        assertEquals(l.id(), near.isEmpty() ? null : near.get(0).entity().id(), "a vector is its own nearest in the copy");
      }
    }
    SamplesDatabase.Run verify = strata(copy, "verify", "Lookalike");
    assertEquals(0, verify.exit(), verify.toString());
    java.util.regex.Matcher checked = java.util.regex.Pattern.compile("Lookalike: 300 rows and (\\d+) index entries checked, 0 problem")
        .matcher(verify.out());
    assertTrue(checked.find(), verify.toString());
    // each row's full vector and its code, besides the index's bookkeeping (centroids, sizes): the vector index is verified
    assertTrue(Long.parseLong(checked.group(1)) >= 600, verify.toString());
  }

  @Test
  void aStoppedExportResumesAfterItsTokenAndAStoppedImportFromItsLine() throws Exception {
    Path whole = temp.resolve("whole.jsonl");
    assertEquals(0, strata(source, "export", "Place", "--out", whole.toString()).exit());
    Path resumed = temp.resolve("resumed.jsonl");
    SamplesDatabase.Run first = strata(source, "export", "Place", "--out", resumed.toString(), "--batch", "1000");
    String token = first.err().lines().filter(l -> l.contains("--after ")).findFirst().orElseThrow().replaceAll(".*--after ", "");
    List<String> lines = Files.readAllLines(resumed);
    Files.write(resumed, lines.subList(0, 1001)); // as if the export had stopped after its first page
    SamplesDatabase.Run rest = strata(source, "export", "Place", "--out", resumed.toString(), "--after", token, "--batch", "1000");
    assertEquals(0, rest.exit(), rest.toString());
    assertEquals(Files.readAllLines(whole), Files.readAllLines(resumed));

    Path copy = temp.resolve("resumed-import");
    SamplesDatabase.Run broken = strata(copy, "import", "Place", temp.resolve("nothing.jsonl").toString());
    assertEquals(4, broken.exit(), broken.toString());
    Path half = temp.resolve("half.jsonl");
    List<String> damaged = new java.util.ArrayList<>(lines.subList(0, 801));
    damaged.set(700, "{\"id\": 1, \"nme\": \"x\"}");
    Files.write(half, damaged);
    SamplesDatabase.Run stopped = strata(copy, "import", "Place", half.toString(), "--batch", "100");
    assertEquals(2, stopped.exit(), stopped.toString());
    assertTrue(stopped.err().contains("line 701: 'nme' is not a stored field of Place"), stopped.toString());
    assertTrue(stopped.err().contains("resume with --from-line 701"), stopped.toString());
    SamplesDatabase.Run resumedImport = strata(copy, "import", "Place", whole.toString(), "--from-line", "701");
    assertEquals(0, resumedImport.exit(), resumedImport.toString());
    assertSameKeys(copy);
  }

  @Test
  void aBackupRestoresToTheSameKeysAndABusyDatabaseIsRefused() {
    Path backup = temp.resolve("backup");
    SamplesDatabase.Run b = strata(source, "backup", "--to", backup.toString());
    assertEquals(0, b.exit(), b.toString());
    Path restored = temp.resolve("restored");
    SamplesDatabase.Run r = strata(restored, "restore", "--from", backup.toString());
    assertEquals(0, r.exit(), r.toString());
    assertSameKeys(restored);
    SamplesDatabase.Run again = strata(restored, "restore", "--from", backup.toString());
    assertEquals(2, again.exit(), again.toString());
    assertTrue(again.err().contains("exists and is not an empty directory"), again.toString());

    try (Database busy = EmbeddedFdb.open(source)) {
      SamplesDatabase.Run refused = strata(source, "backup", "--to", temp.resolve("busy-backup").toString());
      assertEquals(3, refused.exit(), refused.toString());
      assertTrue(refused.err().contains("is already open in"), refused.toString());
    }
    SamplesDatabase.Run mem = SamplesDatabase.run("backup", "--url", "strata:mem:", "--to", temp.resolve("m").toString());
    assertEquals(2, mem.exit(), mem.toString());
    assertTrue(mem.err().contains("backup and restore copy the files of a strata:file:DIR database"), mem.toString());
  }

  @Test
  void aDamagedDirectoryGetsTheEnginesMessageAndNoStackTrace() throws Exception {
    Path damaged = temp.resolve("damaged");
    assertEquals(0, strata(source, "backup", "--to", damaged.toString()).exit());
    // a byte flipped inside the checkpoint, or inside the first records of the log when there is none: not a torn tail
    Path file = damaged.resolve("checkpoint.dat");
    if (!Files.exists(file)) {
      try (Stream<Path> files = Files.list(damaged)) {
        file = files.filter(p -> p.getFileName().toString().endsWith(".log")).sorted().findFirst().orElseThrow();
      }
    }
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      long at = file.endsWith("checkpoint.dat") ? f.length() / 2 : 200;
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0xff);
    }
    Path biggest = file;
    SamplesDatabase.Run r = strata(damaged, "entities");
    assertEquals(3, r.exit(), r.toString());
    assertTrue(r.err().startsWith("strata entities: damaged database file " + biggest), r.toString());
    assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace: " + r);
  }

  @Test
  void anEntityTheSchemaRecordsAsUnpackedIsImportedAKeyPerField() throws Exception {
    Path file = temp.resolve("unpacked.jsonl");
    assertEquals(0, strata(source, "export", "Place", "--out", file.toString()).exit());
    Path schema = Files.createDirectories(temp.resolve("schema-unpacked"));
    String text = Files.readString(SamplesDatabase.SCHEMA.resolve("io.strata.samples.Place.schema"));
    assertTrue(text.contains("entity.packed = true\n"), text);
    Files.writeString(schema.resolve("io.strata.samples.Place.schema"), text.replace("entity.packed = true\n", "entity.packed = false\n"));
    Path copy = temp.resolve("unpacked");
    SamplesDatabase.Run imported = SamplesDatabase.run("import", "Place", file.toString(), "--url", "strata:file:" + copy,
        "--schema", schema.toString());
    assertEquals(0, imported.exit(), imported.toString());
    try (Database db = EmbeddedFdb.open(copy)) {
      List<Object> rowKeyEnds = db.read(tr -> tr.getRange(new com.apple.foundationdb.subspace.Subspace(Tuple.from("Place", "R")).range())
          .asList().join().stream().map(kv -> Tuple.fromBytes(kv.getKey()).get(3)).distinct().toList());
      assertTrue(rowKeyEnds.contains("name") && !rowKeyEnds.contains(0L), "a key per field, no packed (E,R,id,0): " + rowKeyEnds);
    }
    SamplesDatabase.Run shown = SamplesDatabase.run("export", "Place", "--url", "strata:file:" + copy, "--schema", schema.toString(),
        "--out", temp.resolve("again.jsonl").toString());
    assertEquals(0, shown.exit(), shown.toString());
    // the schema records the declaration order, so rows stored a key per field print as packed ones do
    assertEquals(Files.readAllLines(file), Files.readAllLines(temp.resolve("again.jsonl")), "line by line");
  }

  @Test
  void anIndexTheSchemaAddsIsBuiltOnlineAndVerifyFindsAnEntryThatIsMissing() throws Exception {
    Path copy = temp.resolve("new-index");
    assertEquals(0, strata(source, "backup", "--to", copy.toString()).exit());
    Path schema = Files.createDirectories(temp.resolve("schema-with-byName"));
    Files.writeString(schema.resolve("io.strata.samples.Place.schema"), Files.readString(SamplesDatabase.SCHEMA.resolve(
        "io.strata.samples.Place.schema")) + "index.byName.covering = false\nindex.byName.fields = name\nindex.byName.unique = false\n");
    String[] options = {"--url", "strata:file:" + copy, "--schema", schema.toString()};
    SamplesDatabase.Run before = SamplesDatabase.run(concat(new String[] {"indexes", "Place"}, options));
    assertTrue(before.out().contains("Place\tbyName\tbuilding: 0 of " + SamplesDatabase.PLACES + " rows indexed"), before.toString());
    SamplesDatabase.Run build = SamplesDatabase.run(concat(new String[] {"build-index", "Place", "byName", "--batch", "600"}, options));
    assertEquals(0, build.exit(), build.toString());
    assertTrue(build.err().contains("Place byName: 600 of " + SamplesDatabase.PLACES + " rows indexed"), "progress: " + build);
    assertTrue(SamplesDatabase.run(concat(new String[] {"indexes", "Place"}, options)).out().contains("Place\tbyName\tready"));
    assertEquals(0, SamplesDatabase.run(concat(new String[] {"verify", "Place"}, options)).exit());

    try (Database db = EmbeddedFdb.open(copy)) {
      db.run(tr -> {
        tr.clear(new com.apple.foundationdb.subspace.Subspace(Tuple.from("Place", "I", "byName")).range());
        return null;
      });
    }
    SamplesDatabase.Run verify = SamplesDatabase.run(concat(new String[] {"verify", "Place"}, options));
    assertEquals(1, verify.exit(), verify.toString());
    assertTrue(verify.out().contains(SamplesDatabase.PLACES + " problem(s)"), verify.toString());
  }

  private static String[] concat(String[] a, String[] b) {
    return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
  }
}
