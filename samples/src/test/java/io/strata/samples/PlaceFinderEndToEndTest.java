package io.strata.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.BoundingBox;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.GeoPoint;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.index.text.Words;
import io.strata.spatial.Geodesy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the sample as a user would: its own JVM (with a home directory of its own), its command line, its printed
 * output — results on stdout, progress and notes on stderr. The data is imported once, into the default file database
 * under that home, by the first test's tour; the other queries reuse it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PlaceFinderEndToEndTest {
  @TempDir
  static Path home;

  private record Run(int exit, String out, String err) {
    String all() {
      return out + err;
    }
  }

  private static Run run(String... args) throws IOException, InterruptedException {
    return runIn(Path.of("").toAbsolutePath(), args);
  }

  /** Runs the sample with {@code working} as its working directory. */
  private static Run runIn(Path working, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Duser.home=" + home, "-cp", System.getProperty("java.class.path"), PlaceFinder.class.getName()));
    command.addAll(List.of(args));
    Path err = Files.createTempFile(home, "stderr", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command).directory(working.toFile()).redirectError(err.toFile());
    // a JVM option variable set around the build (common in containers and CI) makes every JVM print
    // "Picked up ..." on stderr; the sample is run as a user runs it, without them
    builder.environment().keySet().removeAll(List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"));
    Process p = builder.start();
    byte[] output = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the sample finished");
    return new Run(p.exitValue(), new String(output, StandardCharsets.UTF_8), Files.readString(err));
  }

  @Test
  @Order(1)
  void theFirstTourImportsIntoTheDefaultFileDatabaseAndAnswersEachKindOfQuery() throws Exception {
    Run r = run();
    assertEquals(0, r.exit(), r.all());
    Path data = home.resolve(".strata/samples");
    assertTrue(r.err().contains("No places in strata:file:" + data + " yet: importing them first"), r.err());
    int expected = Importer.load().size();
    assertTrue(r.out().contains(String.format("%,d places stored", expected)), r.out());
    assertTrue(r.err().contains("imported " + expected + " of " + expected + " places"), "plain progress lines off a terminal");
    int jobs = (expected + Importer.BATCH - 1) / Importer.BATCH;
    assertTrue(r.err().contains("Queued " + jobs + " import jobs") && r.err().contains("Worked " + jobs + " jobs; the queue is empty."),
        r.err());
    assertFalse(r.out().contains("import"), "progress stays off stdout: " + r.out());
    List<String> japan = Importer.load().stream().filter(p -> p.country().equals("JP")).sorted(PlaceFinder.byPopulation())
        .limit(5).map(Place::name).toList();
    assertListedInOrder(japan, r.out().substring(r.out().indexOf("Largest places in Japan")));
    assertTrue(r.out().contains("getPath(1850147, \"details\", \"names\") = {display=Tokyo, upper=TOKYO}"), r.out());
  }

  @Test
  @Order(2)
  void theSecondTourAnswersFromTheFileDatabaseWithoutImporting() throws Exception {
    Run r = run();
    assertEquals(0, r.exit(), r.all());
    assertEquals("", r.err(), "nothing to import, nothing to report");
    assertTrue(r.out().contains(String.format("%,d places stored", Importer.load().size())), r.out());
  }

  @Test
  void importingAgainIsHarmlessAndTheLiveTailPrintsEachChangeWhileItRuns() throws Exception {
    Run r = run("import", "--tail");
    assertEquals(0, r.exit(), r.all());
    int places = Importer.load().size();
    List<String> changes = r.out().lines().filter(l -> l.startsWith("~ saved ")).toList();
    assertEquals(places, changes.size(), "every save of a place with a @Blob is a change, printed once");
    assertTrue(changes.contains(String.format("~ saved   %-9d %s (%s)", 2988507, "Paris", "FR")), changes.get(0));
    assertTrue(r.out().endsWith(String.format("%,d changes tailed while importing.%n%,d places stored.%n", places, places)), r.out());
  }

  @Test
  void countryReadsThePerCountryAggregatesAsBruteForceCountsThem() throws Exception {
    List<Place> jp = Importer.load().stream().filter(p -> p.country().equals("JP")).toList();
    Run r = run("country", "jp");
    assertEquals(0, r.exit(), r.all());
    assertEquals(String.format("JP: %,d places, %,d people%n", jp.size(), jp.stream().mapToLong(Place::population).sum()),
        r.out().substring(r.out().indexOf("JP:")));
    Map<String, Long> perCountry = Importer.load().stream().collect(Collectors.groupingBy(Place::country, Collectors.counting()));
    List<String> largest = perCountry.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(2)
        .map(e -> String.format("  %-3s %,7d places", e.getKey(), e.getValue())).toList();
    Run top = run("country", "--limit", "2");
    assertTrue(top.out().contains(perCountry.size() + " countries; the 2 with the most places:\n" + largest.get(0)), top.out());
    assertTrue(top.out().contains(largest.get(1)), top.out());
  }

  @Test
  void likeListsPlacesNearestFirstWithExactDistancesFindingMostOfThoseBruteForceFinds() throws Exception {
    assertLikeFindsMostOfTheExactSix(p -> p.country().equals("FR"), "a French place", "like", "2988507", "--country", "fr");
  }

  @Test
  void likeWithAMinimumPopulationSearchesThroughARunTimeRestrictionKeepingOnlyPlacesThatLarge() throws Exception {
    assertLikeFindsMostOfTheExactSix(p -> p.population() >= 100_000, "a place of 100,000 people or more",
        "like", "2988507", "--min-population", "100000");
  }

  /**
   * Runs {@code like} for Paris and checks what an approximate search promises against brute force over the places
   * {@code eligible} keeps ({@code what} words one in a message): six lines, each an eligible place (its name, country
   * and population) at its exact distance, Paris first at 0, nearest first, and at least 5 of the exact nearest six (docs/indexes.md).
   */
  private void assertLikeFindsMostOfTheExactSix(java.util.function.Predicate<Place> eligible, String what, String... args)
      throws Exception {
    List<Place> places = Importer.load().stream().filter(eligible).toList();
    float[] sketch = Sketch.of(places.stream().filter(p -> p.id() == 2988507L).findFirst().orElseThrow());
    Map<String, List<String>> exactDistances = places.stream().collect(Collectors.groupingBy(
        p -> p.name() + " " + p.country() + " " + String.format("%,d", p.population()), Collectors.mapping(p -> String.format("%.4f", Sketch.distance(Sketch.of(p), sketch)), Collectors.toList())));
    List<String> nearest = places.stream()
        .sorted(Comparator.comparingDouble((Place p) -> Sketch.distance(Sketch.of(p), sketch)).thenComparingLong(Place::id))
        .limit(6).map(Place::name).toList();
    Run r = run(args);
    assertEquals(0, r.exit(), r.all());
    java.util.regex.Matcher line = java.util.regex.Pattern.compile("(?m)^  (.+?) +([A-Z]{2}) +([\\d,]+)  distance (\\d+\\.\\d{4})$")
        .matcher(r.out());
    List<String> names = new ArrayList<>();
    List<Double> distances = new ArrayList<>();
    while (line.find()) {
      names.add(line.group(1));
      distances.add(Double.parseDouble(line.group(4)));
      String place = line.group(1) + " " + line.group(2) + " " + line.group(3);
      assertTrue(exactDistances.getOrDefault(place, List.of()).contains(line.group(4)),
          "the distance printed is the exact distance of " + what + " of that name, country and population: " + line.group());
    }
    assertEquals(6, names.size(), r.out());
    assertEquals("Paris", names.get(0), "the place itself is nearest: " + r.out());
    assertEquals(0.0, distances.get(0), r.out());
    for (int i = 1; i < distances.size(); i++) {
      assertTrue(distances.get(i - 1) <= distances.get(i), "nearest first: " + r.out());
    }
    long found = nearest.stream().filter(names::contains).count();
    assertTrue(found >= 5, found + " of the exact nearest " + nearest + " in:\n" + r.out());
  }

  @Test
  void rankGivesAPlacesPopulationRankWithinItsCountry() throws Exception {
    List<Place> fr = Importer.load().stream().filter(p -> p.country().equals("FR"))
        .sorted(Comparator.comparingLong(Place::population).thenComparingLong(Place::id).reversed()).toList();
    Place tenth = fr.get(9);
    Run r = run("rank", Long.toString(tenth.id()));
    assertEquals(0, r.exit(), r.all());
    assertTrue(r.out().contains(String.format("%s is number 10 of %,d places in FR by population:", tenth.name(), fr.size())), r.out());
    assertListedInOrder(fr.subList(7, 12).stream().map(Place::name).toList(), r.out());
    assertTrue(r.out().contains(String.format(">     10  %-28s", tenth.name())), r.out());
  }

  @Test
  void searchFindsTheNamesContainingAPhraseAsBruteForceDoes() throws Exception {
    List<String> expected = Importer.load().stream().filter(p -> containsPhrase(Words.of(p.name()), List.of("saint", "etienne")))
        .sorted(Comparator.comparingLong(Place::id)).map(Place::name).toList();
    assertTrue(expected.size() >= 2, "the data has several Saint-Étiennes: " + expected);
    Run r = run("search", "SAINT", "Étienne");
    assertEquals(0, r.exit(), r.all());
    assertEquals(expected.size(), r.out().lines().count(), r.out());
    assertListedInOrder(expected, r.out());
    Run none = run("search", "no", "such", "place");
    assertEquals(1, none.exit(), none.all());
    assertTrue(none.err().startsWith("no place name contains the phrase 'no such place'"), none.err());
  }

  @Test
  void aDatabaseOfAnEarlierVersionGetsItsNewIndexesBuiltAndItsRowsRepackedOnceOnOpen(@TempDir Path elsewhere) throws Exception {
    Path data = elsewhere.resolve("old");
    List<Place> some = Importer.load().stream().filter(p -> p.country().equals("NZ")).toList();
    try (StrataDb db = Strata.connect("strata:file:" + data)) {
      // what an earlier version left: rows a key per field, no aggregates, rank, text index or feed, and its marker
      new PlaceV1Repository(db).saveAll(some.stream().map(PlaceV1::of).toList());
      db.database().run(tr -> {
        tr.set(db.root().pack(Tuple.from("imported")), Tuple.from(some.size(), 0L).pack());
        return null;
      });
      assertTrue(perFieldRowKeys(db) > some.size(), "the rows are stored a key per field");
    }
    Run first = run("--data", data.toString(), "country", "NZ");
    assertEquals(0, first.exit(), first.all());
    assertTrue(first.err().startsWith("strata:file:" + data + " was written by an earlier version of the sample: building the"
        + " indexes it lacks, ") && first.err().contains("placesByCountry") && first.err().contains("byPopulationInCountry"), first.err());
    assertTrue(first.err().contains(String.format("Rewrote %,d places an earlier version stored a key per field as one key each",
        some.size())), first.err());
    assertEquals(String.format("NZ: %,d places, %,d people%n", some.size(), some.stream().mapToLong(Place::population).sum()),
        first.out());
    Run second = run("--data", data.toString(), "search", "auckland");
    assertEquals("", second.err(), "upgraded once");
    assertTrue(second.out().startsWith("  Auckland "), second.out());
    Place auckland = some.stream().filter(p -> p.name().equals("Auckland")).findFirst().orElseThrow();
    Run show = run("--data", data.toString(), "show", Long.toString(auckland.id()));
    assertTrue(show.out().contains(new String(auckland.source(), StandardCharsets.UTF_8).replace('\t', ' ')), "its blob: " + show.out());
    try (StrataDb db = Strata.connect("strata:file:" + data)) {
      assertEquals(0, perFieldRowKeys(db), "every row is one key now");
      assertTrue(new PlaceRepository(db).verifyIndexes().isClean());
    }
  }

  /** Row keys {@code (Place, "R", id, field)} of stored fields (documents aside): rows an earlier version wrote. */
  private static long perFieldRowKeys(StrataDb db) {
    Subspace rows = db.root().get("Place").get("R");
    return db.database().read(tr -> tr.getRange(rows.range()).asList().join()).stream()
        .map(kv -> rows.unpack(kv.getKey()))
        .filter(key -> key.size() == 2 && key.get(1) instanceof String field && !field.equals("details"))
        .count();
  }

  private static boolean containsPhrase(List<String> words, List<String> phrase) {
    return java.util.Collections.indexOfSubList(words, phrase) >= 0;
  }

  @Test
  void theInMemoryUrlImportsFirstInEveryRun() throws Exception {
    Run r = run("--url", "strata:mem:", "top", "NZ", "--limit", "1");
    assertEquals(0, r.exit(), r.all());
    assertTrue(r.err().contains("strata:mem: starts empty: importing the places first."), r.err());
    assertTrue(r.out().startsWith("  Auckland "), r.out());
  }

  @Test
  void aDataDirectoryOfItsOwnIsImportedOnceThere(@TempDir Path elsewhere) throws Exception {
    Path data = elsewhere.resolve("nested/my places #1 100%"); // characters a URL must encode
    Run first = run("--data", data.toString(), "show", "2988507");
    assertEquals(0, first.exit(), first.all());
    assertTrue(first.err().contains("importing them first") && first.out().contains("  Paris "), first.all());
    Run second = run("--data", data.toString(), "show", "2988507");
    assertEquals("", second.err());
    assertEquals(first.out(), second.out());
  }

  @Test
  void badCountsAreRejectedBeforeAnythingIsOpenedOrImported(@TempDir Path elsewhere) throws Exception {
    Path data = elsewhere.resolve("never");
    Map<List<String>, String> cases = Map.of(
        List.of("top", "FR", "--limit", "-1"), "--limit must be at least 1, not -1",
        List.of("box", "48", "2", "49", "3", "--limit", "0"), "--limit must be at least 1, not 0",
        List.of("near", "48", "2", "--k", "0"), "--k must be at least 1, not 0",
        List.of("near", "48", "2", "--radius-km", "-5"), "--radius-km must be a number of kilometres above 0",
        List.of("top", "France"), "the country must be a two-letter ISO 3166 code",
        List.of("country", "France"), "the country must be a two-letter ISO 3166 code",
        List.of("country", "--limit", "0"), "--limit must be at least 1, not 0",
        List.of("search", "--", "-!-"), "the phrase '-!-' has no words",
        List.of("like", "2988507", "--candidates", "0"), "--candidates must be at least 1, not 0");
    for (Map.Entry<List<String>, String> c : cases.entrySet()) {
      List<String> args = new ArrayList<>(List.of("--data", data.toString()));
      args.addAll(c.getKey());
      Run r = run(args.toArray(new String[0]));
      assertEquals(2, r.exit(), c.getKey() + ": " + r.all());
      assertTrue(r.err().startsWith(c.getValue()) && !r.all().contains("meters"), c.getKey() + ": " + r.err());
      assertEquals("", r.out());
    }
    assertFalse(Files.exists(data), "nothing was opened, so nothing was imported");
  }

  @Test
  void anEmptyDataDirectoryIsRejectedAndTheWorkingDirectoryIsLeftAlone(@TempDir Path working) throws Exception {
    Files.writeString(working.resolve("notes.txt"), "mine");
    Run r = runIn(working, "--data=", "top", "FR");
    assertEquals(2, r.exit(), r.all());
    assertTrue(r.err().startsWith("--data needs a directory"), r.err());
    try (var left = Files.list(working)) {
      assertEquals(List.of(working.resolve("notes.txt")), left.toList(), "nothing was created in the working directory");
    }
  }

  @Test
  void aDataDirectoryBelowAFileSaysTheParentIsAFile(@TempDir Path elsewhere) throws Exception {
    Path file = Files.writeString(elsewhere.resolve("plain.txt"), "not a directory");
    Run r = run("--data", file.resolve("sub").toString(), "top", "FR");
    assertEquals(1, r.exit(), r.all());
    assertTrue(r.err().contains(file + " is a file, not a directory") && r.err().contains("--data DIR"), r.err());
  }

  @Test
  void urlAndDataTogetherAreRejected() throws Exception {
    Run r = run("--url", "strata:mem:", "--data", home.resolve("x").toString(), "top", "FR");
    assertEquals(2, r.exit(), r.all());
    assertTrue(r.err().startsWith("give --url or --data, not both"), r.err());
  }

  @Test
  void anUnknownCountryCodeIsNamedInsteadOfAnEmptyList() throws Exception {
    Run r = run("top", "XX");
    assertEquals(1, r.exit(), r.all());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith("no places with the country code XX in the data"), r.err());
  }

  @Test
  void kWithARadiusGivesTheKNearestInsideIt() throws Exception {
    GeoPoint center = new GeoPoint(48.85, 2.35);
    List<String> expected = Importer.load().stream()
        .filter(p -> distance(center, p.location()) <= 10_000)
        .sorted(Comparator.comparingDouble((Place p) -> distance(center, p.location()))).limit(2).map(Place::name).toList();
    Run r = run("near", "48.85", "2.35", "--radius-km", "10", "--k", "2");
    assertEquals(0, r.exit(), r.all());
    assertEquals(2, r.out().lines().count(), r.out());
    assertListedInOrder(expected, r.out());
    Run all = run("near", "48.85", "2.35", "--radius-km", "10");
    long inside = Importer.load().stream().filter(p -> distance(center, p.location()) <= 10_000).count();
    assertEquals(inside, all.out().lines().count(), "without --k: every place within the radius");
  }

  @Test
  void boxCountsMatchABruteForceScanOfTheData() throws Exception {
    BoundingBox box = BoundingBox.geo(48.7, 2.1, 49.0, 2.6);
    long expected = Importer.load().stream().filter(p -> box.contains(p.location())).count();
    Run r = run("box", "48.7", "2.1", "49.0", "2.6", "--limit", "3");
    assertEquals(0, r.exit(), r.all());
    assertTrue(r.out().contains(expected + " places in the box; the 3 largest:\n  Paris "), r.out());
  }

  @Test
  void acrossTheAntimeridianToo() throws Exception {
    BoundingBox box = BoundingBox.geo(-25, 170, -10, -170);
    long expected = Importer.load().stream().filter(p -> box.contains(p.location())).count();
    assertTrue(expected > 0, "Fiji and its neighbours are in the data");
    Run r = run("box", "-25", "170", "-10", "-170");
    assertTrue(r.out().contains(expected + " places in the box"), r.out());
  }

  @Test
  void theNearestPlacesAreThoseOfABruteForceDistanceScan() throws Exception {
    GeoPoint center = new GeoPoint(-33.87, 151.21);
    List<String> expected = Importer.load().stream()
        .sorted(Comparator.comparingDouble((Place p) -> distance(center, p.location()))).limit(6).map(Place::name).toList();
    Run r = run("near", "-33.87", "151.21", "--k", "6");
    assertEquals(0, r.exit(), r.all());
    assertListedInOrder(expected, r.out());
  }

  @Test
  void topListsACountrysLargestPlacesLargestFirst() throws Exception {
    List<String> expected = Importer.load().stream().filter(p -> p.country().equals("FR")).sorted(PlaceFinder.byPopulation())
        .limit(4).map(Place::name).toList();
    Run r = run("top", "fr", "--limit", "4");
    assertEquals(0, r.exit(), r.all());
    String listed = r.out(); // results only: progress such as "Imported …" goes to stderr
    assertListedInOrder(expected, listed);
    assertEquals(4, listed.lines().filter(l -> l.contains(" FR ")).count(), listed);
  }

  @Test
  void pagesWalksACountrysPlacesThroughTheJakartaDataRepositoryAsBruteForceOrdersThem() throws Exception {
    List<Place> fr = Importer.load().stream().filter(p -> p.country().equals("FR"))
        .sorted(Comparator.comparingLong(Place::population).thenComparingLong(Place::id).reversed()).toList();
    int pages = (fr.size() + 3) / 4;
    Run r = run("pages", "fr", "--page", "3", "--size", "4");
    assertEquals(0, r.exit(), r.all());
    assertTrue(r.out().startsWith(String.format("FR, page 3 of %d (%,d places, 4 per page):%n", pages, fr.size())), r.out());
    assertListedInOrder(fr.subList(8, 12).stream().map(Place::name).toList(), r.out());
    assertEquals(4, r.out().lines().filter(l -> l.contains(" FR ")).count(), r.out());
    Run last = run("pages", "FR", "--page", Integer.toString(pages), "--size", "4");
    assertListedInOrder(fr.subList(4 * (pages - 1), fr.size()).stream().map(Place::name).toList(), last.out());
    Run past = run("pages", "FR", "--page", Integer.toString(pages + 1), "--size", "4");
    assertEquals(0, past.exit(), past.all());
    assertTrue(past.out().contains("(none)"), "a page past the end is empty but knows the totals: " + past.out());
    Run none = run("pages", "XX");
    assertEquals(1, none.exit(), none.all());
    assertTrue(none.err().startsWith("no places with the country code XX"), none.err());
  }

  @Test
  void aClusterUrlHereFailsWithOneLineSayingWhatToInstallOrFix() throws Exception {
    Run r = run("--url", "strata:fdb:/nonexistent/fdb.cluster", "top", "FR");
    assertEquals(1, r.exit(), r.all());
    assertTrue(r.err().startsWith("strata-samples: ") && r.err().strip().lines().count() == 1, "one line, no stack trace: " + r.err());
    assertTrue(r.err().contains("libfdb_c") || r.err().contains("/nonexistent/fdb.cluster"), r.err());
  }

  @Test
  void aMalformedUrlIsRejectedWithTheAcceptedForms() throws Exception {
    Run r = run("--url", "jdbc:h2:mem:", "import");
    assertEquals(1, r.exit(), r.all());
    assertTrue(r.err().startsWith("strata-samples: malformed Strata URL 'jdbc:h2:mem:'") && r.err().contains("strata:fdb:/path/to/fdb.cluster"),
        r.err());
  }

  @Test
  void helpListsTheSubcommands() throws Exception {
    Run r = run("--help");
    assertEquals(0, r.exit());
    for (String sub : List.of("import", "box", "near", "top", "show", "country", "rank", "search", "pages", "help")) {
      assertTrue(r.out().contains("  " + sub + " "), r.out());
    }
    String help = r.out().replaceAll("\\s+", " ");
    assertTrue(help.contains("~/.strata/samples") && help.contains("every subcommand imports first"), r.out());
    for (String summary : List.of("country How many places a country has and how many people live in them. ",
        "rank Where a place ranks by population within its country, with its neighbours. ",
        "search Places whose name contains the words as a phrase. ")) {
      assertTrue(help.contains(summary), "each summary is a whole sentence: " + r.out());
    }
    Run near = run("near", "--help");
    assertTrue(near.out().contains("R kilometres") && !near.out().contains("meters"), "a km option is described in km: "
        + near.out());
  }

  private static double distance(GeoPoint a, GeoPoint b) {
    return Geodesy.distanceMeters(a.lat(), a.lon(), b.lat(), b.lon());
  }

  /** Each name appears in the output, after the one before it. */
  private static void assertListedInOrder(List<String> names, String out) {
    int at = 0;
    for (String name : names) {
      int next = out.indexOf("  " + name + " ", at);
      assertTrue(next >= 0, name + " listed after the ones before it in:\n" + out);
      at = next + name.length();
    }
  }
}
