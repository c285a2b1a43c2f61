package io.strata.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.BoundingBox;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
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
    assertTrue(r.out().matches("(?s).*Largest places in Japan.*\\n  Tokyo .*"), r.out());
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
  void aClusterUrlWithoutAClusterFailsWithOneClearMessage() throws Exception {
    Run r = run("--url", "strata:fdb:/nonexistent/fdb.cluster", "top", "FR");
    assertNotEquals(0, r.exit());
    assertTrue(r.out().contains("/nonexistent/fdb.cluster") && !r.out().contains("UnsatisfiedLinkError"), r.out());
  }

  @Test
  void helpListsTheSubcommands() throws Exception {
    Run r = run("--help");
    assertEquals(0, r.exit());
    for (String sub : List.of("import", "box", "near", "top", "show")) {
      assertTrue(r.out().contains("  " + sub + " "), r.out());
    }
  }
}
