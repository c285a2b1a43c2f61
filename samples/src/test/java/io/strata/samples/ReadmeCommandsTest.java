package io.strata.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** README.md's two commands stay well-formed, and CI runs exactly README's test command. */
class ReadmeCommandsTest {
  private static final Path ROOT = Path.of("..");

  /** The command in the fenced block right after {@code marker} in README.md. */
  static String command(String marker) throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
    int at = lines.indexOf(marker);
    assertTrue(at >= 0, "README.md has the line " + marker);
    assertEquals("```bash", lines.get(at + 1), "a bash block follows " + marker);
    assertEquals("```", lines.get(at + 3), "the block holds exactly one command line");
    return lines.get(at + 2);
  }

  @Test
  void ciRunsTheReadmeTestCommand() throws IOException {
    String ci = Files.readString(ROOT.resolve(".ci/run"));
    assertTrue(ci.contains("awk '/^<!-- test-command -->$/ {getline; getline; print; exit}' README.md") && ci.contains("eval \"$cmd\""),
        ".ci/run executes the command under <!-- test-command --> in README.md");
    assertTrue(command("<!-- test-command -->").startsWith("mvn "), "the test command is a Maven command");
  }

  @Test
  void theSamplesCommandBuildsAndRunsTheSamplesJar() throws IOException {
    String samples = command("<!-- samples-command -->");
    assertTrue(samples.startsWith("mvn ") && samples.contains("-pl samples -am") && samples.endsWith("java -jar samples/target/strata-samples.jar"),
        samples);
  }
}
