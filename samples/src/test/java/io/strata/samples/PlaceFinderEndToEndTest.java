package io.strata.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.spatial.Geodesy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Drives the sample as a user would: its own JVM, its command line, its printed output. */
class PlaceFinderEndToEndTest {

  private record Run(int exit, String out) {}

  private static Run run(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), PlaceFinder.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the sample finished");
    return new Run(p.exitValue(), new String(output, StandardCharsets.UTF_8));
  }

  @Test
  void theTourImportsEverythingAndAnswersEachKindOfQuery() throws Exception {
    Run r = run();
    assertEquals(0, r.exit(), r.out());
    int expected = Importer.load().size();
    assertTrue(r.out().contains(String.format("%,d places stored", expected)), r.out());
    assertTrue(r.out().contains("imported " + expected + " of " + expected + " places"), "plain progress lines off a terminal");
    int jobs = (expected + Importer.BATCH - 1) / Importer.BATCH;
    assertTrue(r.out().contains("Queued " + jobs + " import jobs") && r.out().contains("Worked " + jobs + " jobs; the queue is empty."),
        r.out());
    List<String> japan = Importer.load().stream().filter(p -> p.country().equals("JP")).sorted(PlaceFinder.byPopulation())
        .limit(5).map(Place::name).toList();
    assertListedInOrder(japan, r.out().substring(r.out().indexOf("Largest places in Japan")));
    assertTrue(r.out().contains("getPath(1850147, \"details\", \"names\") = {display=Tokyo, upper=TOKYO}"), r.out());
  }

  @Test
  void boxCountsMatchABruteForceScanOfTheData() throws Exception {
    BoundingBox box = BoundingBox.geo(48.7, 2.1, 49.0, 2.6);
    long expected = Importer.load().stream().filter(p -> box.contains(p.location())).count();
    Run r = run("box", "48.7", "2.1", "49.0", "2.6", "--limit", "3");
    assertEquals(0, r.exit(), r.out());
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
    assertEquals(0, r.exit(), r.out());
    assertListedInOrder(expected, r.out());
  }

  @Test
  void topListsACountrysLargestPlacesLargestFirst() throws Exception {
    List<String> expected = Importer.load().stream().filter(p -> p.country().equals("FR")).sorted(PlaceFinder.byPopulation())
        .limit(4).map(Place::name).toList();
    Run r = run("top", "fr", "--limit", "4");
    assertEquals(0, r.exit(), r.out());
    String listed = r.out().substring(r.out().indexOf("Imported"));
    assertListedInOrder(expected, listed);
    assertEquals(4, listed.lines().filter(l -> l.contains(" FR ")).count(), listed);
  }

  @Test
  void aClusterUrlHereFailsWithOneLineSayingWhatToInstallOrFix() throws Exception {
    Run r = run("--url", "strata:fdb:/nonexistent/fdb.cluster", "top", "FR");
    assertEquals(1, r.exit(), r.out());
    assertTrue(r.out().startsWith("strata-samples: ") && r.out().strip().lines().count() == 1, "one line, no stack trace: " + r.out());
    assertTrue(r.out().contains("libfdb_c") || r.out().contains("/nonexistent/fdb.cluster"), r.out());
  }

  @Test
  void aMalformedUrlIsRejectedWithTheAcceptedForms() throws Exception {
    Run r = run("--url", "jdbc:h2:mem:", "import");
    assertEquals(1, r.exit(), r.out());
    assertTrue(r.out().startsWith("strata-samples: malformed Strata URL 'jdbc:h2:mem:'") && r.out().contains("strata:fdb:/path/to/fdb.cluster"),
        r.out());
  }

  @Test
  void helpListsTheSubcommands() throws Exception {
    Run r = run("--help");
    assertEquals(0, r.exit());
    for (String sub : List.of("import", "box", "near", "top", "show", "help")) {
      assertTrue(r.out().contains("  " + sub + " "), r.out());
    }
    assertTrue(r.out().replaceAll("\\s+", " ").contains("every subcommand imports first"), r.out());
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
