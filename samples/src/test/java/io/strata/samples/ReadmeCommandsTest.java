package io.strata.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * README.md's two commands stay well-formed, and CI runs exactly README's test command: the extraction in
 * {@code .ci/run} is executed here and must yield the command in README's {@code <!-- test-command -->} block.
 */
class ReadmeCommandsTest {
  private static final Path ROOT = Path.of("..");

  /** The command in the fenced bash block right after the line {@code marker} in README.md. */
  static String command(String marker) throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
    int at = lines.indexOf(marker);
    assertTrue(at >= 0, "README.md has the line " + marker);
    assertEquals("```bash", lines.get(at + 1), "a bash block follows " + marker);
    assertEquals("```", lines.get(at + 3), "the block after " + marker + " holds exactly one command line");
    return lines.get(at + 2);
  }

  @Test
  void ciRunsExactlyTheReadmeTestCommand() throws Exception {
    List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run"));
    String extraction = ci.stream().filter(l -> l.startsWith("cmd=$(") && l.endsWith(")")).findFirst()
        .orElseThrow(() -> new AssertionError(".ci/run reads the command into cmd=$(...)"));
    assertTrue(ci.contains("eval \"$cmd\""), ".ci/run executes $cmd");

    Process p = new ProcessBuilder("bash", "-c", extraction.substring("cmd=$(".length(), extraction.length() - 1))
        .directory(ROOT.toFile()).redirectErrorStream(true).start();
    String extracted = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the extraction finished");
    assertEquals(command("<!-- test-command -->"), extracted, ".ci/run runs README's test command");
    assertTrue(extracted.startsWith("mvn "), "the test command is a Maven command: " + extracted);
  }

  @Test
  void theSamplesCommandBuildsAndRunsTheSamplesJar() throws IOException {
    String samples = command("<!-- samples-command -->");
    assertTrue(samples.startsWith("mvn ") && samples.contains("package") && samples.contains("-pl samples -am")
        && samples.endsWith("&& java -jar samples/target/strata-samples.jar"), samples);
  }
}
