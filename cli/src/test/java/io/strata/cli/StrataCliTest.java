package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.samples.Place;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every read-side command end to end on the samples' database, with the samples' schema files and no Place class used. */
class StrataCliTest {
  @TempDir
  static Path temp;
  static String url;
  static final String SCHEMA = SamplesDatabase.SCHEMA.toString();

  @BeforeAll
  static void samplesDatabase() {
    Path dir = temp.resolve("places");
    SamplesDatabase.create(dir);
    url = "strata:file:" + dir;
  }

  private static SamplesDatabase.Run strata(String... args) {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(1, List.of("--url", url, "--schema=" + SCHEMA));
    return SamplesDatabase.run(all.toArray(String[]::new));
  }

  @Test
  void keysAreDecodedAsTuplesAndNamedByWhatTheyAre() {
    long id = SamplesDatabase.places().get(0).id();
    SamplesDatabase.Run rows = strata("keys", "Place", "R", Long.toString(id), "--limit", "6");
    assertEquals(0, rows.exit(), rows.toString());
    assertTrue(rows.out().startsWith("row Place\t(\"Place\", \"R\", " + id + ", \"details\""), "document paths: " + rows);
    assertTrue(rows.out().contains("(\"Place\", \"R\", " + id + ", 0) = [\"id\"," + id + ",\"name\""),
        "a packed row's value is decoded as a tuple: " + rows);
    assertFalse(rows.err().contains("more keys follow"), "the row's six keys, and no more: " + rows);
    assertTrue(strata("keys", "Place", "R", Long.toString(id), "--limit", "5").err().contains("more keys follow"));
    assertTrue(strata("keys", "Place", "I", "population", "--limit", "1").out().startsWith("index Place\t(\"Place\", \"I\", \"population\", "));
    assertTrue(strata("keys", "Place", "B", "--limit", "1").out().startsWith("blob Place\t"));
    assertTrue(strata("keys", "Place", "V", "--limit", "1").out().startsWith("feed Place\t"));
    assertTrue(strata("keys", "Place", "#", "--limit", "1").out().contains("= int64 "));
    assertTrue(strata("keys", "Place", "K", "--limit", "1").out().contains("= int64 "), "a rank index's counts");
    assertTrue(strata("keys", "__strata", "--limit", "1").out().startsWith("bookkeeping Place\t"));
  }

  @Test
  void entitiesListsEachEntityWithItsRowsFieldsAndIndexes() {
    SamplesDatabase.Run r = strata("entities");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("\nPlace (io.strata.samples.Place): " + SamplesDatabase.PLACES + " rows"), r.toString());
    assertTrue(r.out().startsWith("Lookalike (io.strata.samples.Lookalike): "), "entities in name order: " + r);
    assertTrue(r.out().contains("index byCountryPopulation on country, population"), r.toString());
    assertTrue(r.out().contains("derived populationByCountry: aggregate SUM(population) by (country)"), r.toString());
    assertTrue(r.out().contains("spatial location (geo-point): a box read covers at most 32 ranges\n"), r.toString());
  }

  @Test
  void showPrintsARowAsJsonFromItsKeysAlone() {
    Place p = SamplesDatabase.places().get(7);
    SamplesDatabase.Run r = strata("show", "Place", Long.toString(p.id()));
    assertEquals(0, r.exit(), r.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> row = (Map<String, Object>) Json.parse(r.out().strip(), "show");
    assertEquals(p.id(), row.get("id"));
    assertEquals(p.name(), row.get("name"));
    assertEquals(p.population(), row.get("population"));
    assertEquals(Map.of("lat", p.location().lat(), "lon", p.location().lon()), row.get("location"));
    assertEquals(p.details().timezone(), ((Map<?, ?>) row.get("details")).get("timezone"));
    assertEquals(List.of("id", "name", "country", "population", "location", "details", "source"), List.copyOf(row.keySet()),
        "the fields in declaration order, as the schema records it");
  }

  @Test
  void queryWithinABoxReadsTheSpatialIndexJdqlCannotName() {
    Place first = SamplesDatabase.places().get(0);
    double lat = first.location().lat();
    double lon = first.location().lon();
    String box = "location=" + (lat + 1) + "," + (lon + 1) + "," + (lat - 1) + "," + (lon - 1); // corners in any order
    Set<Long> expected = SamplesDatabase.places().stream().filter(p -> Math.abs(p.location().lat() - lat) <= 1
        && Math.abs(p.location().lon() - lon) <= 1).map(Place::id).collect(Collectors.toSet());

    SamplesDatabase.Run r = strata("query", "Place", "--within", box);
    SamplesDatabase.Run plan = strata("explain", "Place", "--within", box);

    assertEquals(0, r.exit(), r.toString());
    assertEquals(expected, r.out().lines().map(l -> ((Number) ((Map<?, ?>) Json.parse(l, "row")).get("id")).longValue())
        .collect(Collectors.toSet()), r.toString());
    assertEquals(0, plan.exit(), plan.toString());
    assertTrue(plan.out().contains("location"), "the plan reads the spatial index of location: " + plan);
  }

  @Test
  void aBadBoxIsNamedWithTheFormsAccepted() {
    SamplesDatabase.Run field = strata("query", "Place", "--within", "name=1,2,3,4");
    SamplesDatabase.Run numbers = strata("query", "Place", "--within", "location=1,2,3");
    SamplesDatabase.Run both = strata("query", "Place", "WHERE country = 'FR'", "--within", "location=1,2,3,4");
    SamplesDatabase.Run neither = strata("explain", "Place");

    assertEquals(2, field.exit(), field.toString());
    assertTrue(field.err().contains("--within name=1,2,3,4: Place has no spatial field name; its spatial fields: location"), field.toString());
    assertTrue(numbers.err().contains("give four numbers after location=, two corners of the box: latitude,longitude,latitude,"
        + "longitude"), numbers.toString());
    assertTrue(both.err().contains("JDQL and --within both given: give one"), both.toString());
    assertTrue(neither.err().contains("neither JDQL nor --within given: give one"), neither.toString());
  }

  @Test
  void showOfAMissingIdExitsOne() {
    SamplesDatabase.Run r = strata("show", "Place", "-5");
    assertEquals(1, r.exit(), r.toString());
    assertTrue(r.err().contains("Place has no row with id -5"), r.toString());
  }

  @Test
  void queryRunsJdqlOnTheRunTimePlannerAndPrintsJsonLines() {
    String country = SamplesDatabase.places().get(0).country();
    List<Long> expected = SamplesDatabase.places().stream().filter(p -> p.country().equals(country)).map(Place::population)
        .sorted(Comparator.reverseOrder()).limit(3).toList();
    SamplesDatabase.Run r = strata("query", "Place", "WHERE country = :c ORDER BY population DESC", "-p", "c=" + country, "--limit", "3");
    assertEquals(0, r.exit(), r.toString());
    List<Object> populations = r.out().lines().map(l -> (Object) ((Map<?, ?>) Json.parse(l, "row")).get("population")).toList();
    assertEquals(expected, populations, r.toString());
  }

  @Test
  void explainNamesTheIndexAQueryReads() {
    SamplesDatabase.Run r = strata("explain", "Place", "WHERE country = 'FR' ORDER BY population DESC");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("byCountryPopulation"), r.toString());
  }

  @Test
  void aQueryNoIndexServesIsRefusedWithThePlannersWordsUnlessScanningIsAllowed() {
    SamplesDatabase.Run refused = strata("query", "Place", "WHERE name = 'Paris'");
    assertEquals(2, refused.exit(), refused.toString());
    assertFalse(refused.err().contains("\tat "), "no stack trace: " + refused);
    SamplesDatabase.Run scanned = strata("query", "Place", "WHERE name = :n", "-p", "n=" + SamplesDatabase.places().get(3).name(), "--allow-scan");
    assertEquals(0, scanned.exit(), scanned.toString());
    assertTrue(scanned.out().contains("\"id\":" + SamplesDatabase.places().get(3).id() + ","), scanned.toString());
  }

  @Test
  void indexesVerifyRepackAndBuildIndexUseTheRuntimesMaintenance() {
    SamplesDatabase.Run indexes = strata("indexes");
    assertEquals(0, indexes.exit(), indexes.toString());
    assertTrue(indexes.out().contains("Place\tpopulation\tready"), indexes.toString());
    SamplesDatabase.Run verify = strata("verify");
    assertEquals(0, verify.exit(), verify.toString());
    assertTrue(verify.out().contains("Place: " + SamplesDatabase.PLACES + " rows"), verify.toString());
    assertTrue(verify.out().contains("0 problem(s)"), verify.toString());
    SamplesDatabase.Run repack = strata("repack", "Place");
    assertEquals(0, repack.exit(), repack.toString());
    assertTrue(repack.out().contains("Place: 0 rows rewritten"), "rows saved packed need no repack: " + repack);
    SamplesDatabase.Run build = strata("build-index", "Place", "population");
    assertEquals(0, build.exit(), build.toString());
    assertTrue(build.out().contains("Place\tpopulation\tready"), build.toString());
  }

  @Test
  void statsCountsKeysAndBytesPerEntityAndIndex() throws Exception {
    Path report = temp.resolve("report.html");
    SamplesDatabase.Run r = strata("stats", "--html", report.toString());
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("Place\trow\trows\t" + SamplesDatabase.PLACES + " keys"), r.toString());
    assertTrue(r.out().contains("Place\tindex\tindex population\t" + SamplesDatabase.PLACES + " keys"), r.toString());
    assertTrue(r.out().contains("Place\tblob\tblob source\t"), r.toString());
    assertTrue(Files.readString(report).contains("<svg"), "the report draws the sizes");
    assertTrue(r.out().contains("\nwrites: none in the write-ahead log: a checkpoint covers every commit (each close writes one,"
        + " this tool's too), and the database keeps no other history of writes, so none are shown; " + StatsCommand.METERS
        + "\n"), r.toString());
    assertFalse(r.out().contains(" writes\n"), "no column of writes when the log holds none: " + r);
  }

  @Test
  void statsCountsTheWritesTheLogHoldsWhenAProcessStoppedWithoutClosing() throws Exception {
    Path live = temp.resolve("live");
    Path stopped = temp.resolve("stopped");
    try (com.apple.foundationdb.Database db = io.strata.embedded.EmbeddedFdb.open(live)) {
      new io.strata.samples.PlaceRepository(db).saveAll(SamplesDatabase.places().subList(0, 200));
      // what a process that stopped here leaves: its directory as it is, the log not yet checkpointed
      Files.createDirectories(stopped);
      try (var files = Files.list(live)) {
        for (Path f : files.filter(f -> !f.getFileName().toString().equals("LOCK")).toList()) {
          Files.copy(f, stopped.resolve(f.getFileName()));
        }
      }
    }
    Path report = temp.resolve("writes.html");
    SamplesDatabase.Run r = SamplesDatabase.run("stats", "--url", "strata:file:" + stopped, "--schema", SamplesDatabase.SCHEMA.toString(),
        "--html", report.toString());
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("Place\trow\trows\t200 keys\t"), r.toString());
    assertTrue(java.util.regex.Pattern.compile("Place\trow\trows\t200 keys\t\\d+ bytes\t200 logged writes\n").matcher(r.out()).find(),
        "a write of each row: " + r);
    assertTrue(r.out().contains("\nwrites: counted from the write-ahead log: "), r.toString());
    assertTrue(r.out().contains(" commits since the last checkpoint, which no close wrote"), r.toString());
    assertTrue(r.out().contains(", not the writes of all time; "), r.toString());
    assertTrue(Files.readString(report).contains("Place / rows: 200 keys, "), "hover detail");
    assertTrue(Files.readString(report).contains(", 200 logged writes"), "hover detail with the writes");
    SamplesDatabase.Run mem = SamplesDatabase.run("stats", "--url", "strata:mem:", "--schema", SamplesDatabase.SCHEMA.toString());
    assertTrue(mem.out().contains("writes: not recorded: strata:mem: databases keep no history of writes; " + StatsCommand.METERS),
        mem.toString());
  }

  @Test
  void badArgumentsAreNamedWithTheAcceptedForms() {
    SamplesDatabase.Run entity = strata("show", "Plaice", "1");
    assertEquals(2, entity.exit(), entity.toString());
    assertTrue(entity.err().contains("ENTITY 'Plaice': no such entity in the schema files; they hold Lookalike, Place"), entity.toString());
    SamplesDatabase.Run id = strata("show", "Place", "abc");
    assertEquals(2, id.exit(), id.toString());
    assertTrue(id.err().contains("ID 'abc'"), id.toString());
    SamplesDatabase.Run limit = strata("keys", "--limit", "-1");
    assertEquals(2, limit.exit(), limit.toString());
    assertTrue(limit.err().contains("--limit -1"), limit.toString());
    SamplesDatabase.Run notNumber = strata("keys", "--limit", "many");
    assertEquals(2, notNumber.exit(), notNumber.toString());
    assertTrue(notNumber.err().contains("--limit"), notNumber.toString());
    SamplesDatabase.Run command = SamplesDatabase.run("kees");
    assertEquals(2, command.exit(), command.toString());
    SamplesDatabase.Run noUrl = SamplesDatabase.run("entities", "--url", "", "--schema", SCHEMA);
    assertEquals(2, noUrl.exit(), noUrl.toString());
    assertTrue(noUrl.err().contains("--url is missing"), noUrl.toString());
    SamplesDatabase.Run badUrl = SamplesDatabase.run("entities", "--url", "strata:disk:/x", "--schema", SCHEMA);
    assertEquals(2, badUrl.exit(), badUrl.toString());
    assertTrue(badUrl.err().contains("strata:mem:, strata:file:"), badUrl.toString());
    SamplesDatabase.Run noDir = SamplesDatabase.run("entities", "--url", "strata:file:" + temp.resolve("nothing"), "--schema", SCHEMA);
    assertEquals(2, noDir.exit(), noDir.toString());
    assertFalse(Files.exists(temp.resolve("nothing")), "a read creates no database");
    SamplesDatabase.Run schema = SamplesDatabase.run("entities", "--url", url, "--schema", temp.resolve("none").toString());
    assertEquals(2, schema.exit(), schema.toString());
    assertTrue(schema.err().contains("--schema " + temp.resolve("none") + ": no such directory"), schema.toString());
    SamplesDatabase.Run jdql = strata("query", "Place", "WHERE country === 'FR'");
    assertEquals(2, jdql.exit(), jdql.toString());
    assertTrue(jdql.err().contains("JDQL \"WHERE country === 'FR'\""), jdql.toString());
  }

  @Test
  void schemaKeysOfALaterVersionAreNotedAndSkipped() throws Exception {
    Path dir = Files.createDirectories(temp.resolve("later-schema"));
    String text = Files.readString(SamplesDatabase.SCHEMA.resolve("io.strata.samples.Place.schema"));
    Files.writeString(dir.resolve("io.strata.samples.Place.schema"), text + "vector.embedding = hnsw(cosine, 384)\n"
        + "derived.similar = nearest embedding\n");
    SamplesDatabase.Run r = SamplesDatabase.run("entities", "--url", url, "--schema", dir.toString());
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains("vector.embedding is not known to this version of the tool; skipped"), r.toString());
    assertTrue(r.err().contains("derived index 'similar' (nearest embedding) is of a kind this version of the tool does not know"), r.toString());
  }
}
