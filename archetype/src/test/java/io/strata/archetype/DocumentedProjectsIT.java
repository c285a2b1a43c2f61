package io.strata.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation's projects, built the way a newcomer builds them: the files a page shows, written into a new
 * directory outside the checkout, and the page's command block run as written with {@code bash}, with the Maven
 * that runs this build. The home directory is empty but for {@code ~/.m2/settings.xml}, whose local repository
 * holds this reactor's Strata artifacts (what "{@code mvn install -DskipTests}" in the checkout installs; that
 * step itself is not run here, as it would rebuild the checkout inside its own build).
 *
 * <p>A page marks its blocks: {@code <!-- run: … -->} before a {@code bash} block to run, {@code <!-- file: path -->}
 * before a file of the project; README's files are its {@code <!-- archetype: pom.xml -->} and
 * {@code <!-- compiles: Name.java -->} blocks (tests, {@code *Test.java}, under {@code src/test/java}).
 */
class DocumentedProjectsIT {
  private static final Path CHECKOUT = Path.of(System.getProperty("strata.checkout")).normalize();
  private static final Pattern BLOCK = Pattern.compile("<!-- (run|file|archetype|compiles): ([^>]+?) -->\\n```\\w+\\n(.*?)\\n```",
      Pattern.DOTALL);
  private static final Pattern PRINTS = Pattern.compile("# prints: (.+)");

  @TempDir Path home;

  private record Block(String kind, String name, String text) {}

  private static List<Block> blocks(String page) throws IOException {
    List<Block> out = new ArrayList<>();
    Matcher m = BLOCK.matcher(Files.readString(CHECKOUT.resolve(page)));
    while (m.find()) {
      out.add(new Block(m.group(1), m.group(2), m.group(3)));
    }
    return out;
  }

  private static Block theRunBlock(String page, List<Block> blocks) {
    List<Block> runs = blocks.stream().filter(b -> b.kind().equals("run")).toList();
    assertEquals(1, runs.size(), page + " marks one command block <!-- run: ... -->");
    return runs.get(0);
  }

  /** Runs {@code commands} with bash in {@code dir} and returns what they printed; fails when one of them fails. */
  private String run(String name, String commands, Path dir) throws IOException, InterruptedException {
    Path m2 = Files.createDirectories(home.resolve(".m2"));
    Files.writeString(m2.resolve("settings.xml"), Files.readString(Path.of(System.getProperty("it.settings")))
        .replace("@itRepository@", System.getProperty("it.repository"))
        .replace("@localRepositoryUrl@", System.getProperty("main.repository.url")));
    Path log = Files.createDirectories(Path.of(System.getProperty("it.logs"))).resolve(name + ".log");
    ProcessBuilder bash = new ProcessBuilder("bash", "-e", "-c", commands).directory(dir.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    Map<String, String> env = bash.environment();
    env.put("HOME", home.toString());
    // Maven takes ~/.m2 from user.home, which Java reads from the password database, not from HOME
    env.put("MAVEN_OPTS", "-Duser.home=" + home);
    env.put("PATH", Path.of(System.getProperty("maven.home"), "bin") + ":" + env.get("PATH"));
    Process process = bash.start();
    boolean done = process.waitFor(10, TimeUnit.MINUTES);
    if (!done) {
      process.destroyForcibly();
    }
    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(done && process.exitValue() == 0, () -> "the commands of " + name + " failed (full log: " + log + "):\n"
        + commands + "\n---\n" + tail(printed));
    return printed;
  }

  private static String tail(String printed) {
    List<String> lines = printed.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
  }

  private static void assertPrinted(String printed, String expected, String what) {
    assertTrue(printed.contains(expected), () -> what + ": expected the output to contain \"" + expected + "\":\n" + tail(printed));
  }

  @Test
  void gettingStartedGeneratesTheArchetypeProjectAndItsTestsPassAndItsAppRuns() throws Exception {
    String page = "docs/getting-started.md";
    String printed = run("getting-started", theRunBlock(page, blocks(page)).text(), home);
    assertPrinted(printed, "Tests run: 3, Failures: 0, Errors: 0, Skipped: 0", "the generated project's 3 tests");
    assertPrinted(printed, "all:   [Task[id=t1", "App lists all tasks");
    assertPrinted(printed, "to do: [Task[id=t2", "App lists the tasks to do");
  }

  @Test
  void theReadmeProjectRunsItsQuickstartAndItsTest() throws Exception {
    List<Block> blocks = blocks("README.md");
    Path project = Files.createDirectories(home.resolve("users"));
    for (Block b : blocks) {
      if (b.kind().equals("archetype")) {
        write(project, b.name(), b.text());
      } else if (b.kind().equals("compiles")) {
        write(project, (b.name().endsWith("Test.java") ? "src/test/java/" : "src/main/java/") + b.name(), b.text());
      }
    }
    String commands = theRunBlock("README.md", blocks).text();
    Matcher prints = PRINTS.matcher(commands);
    assertTrue(prints.find(), "README's run block says what the Quickstart prints (# prints: ...)");
    String printed = run("readme", commands, project);
    assertPrinted(printed, prints.group(1).strip(), "the Quickstart's line");
    assertPrinted(printed, "Tests run: 1, Failures: 0, Errors: 0, Skipped: 0", "UserRepositoryTest");
  }

  @Test
  void theSpringBootApplicationBuildsAndItsTestPasses() throws Exception {
    String page = "docs/spring-boot.md";
    List<Block> blocks = blocks(page);
    Path project = Files.createDirectories(home.resolve("greetings"));
    for (Block b : blocks) {
      if (b.kind().equals("file")) {
        write(project, b.name(), b.text());
      }
    }
    assertTrue(Files.exists(project.resolve("pom.xml")), page + " shows its pom.xml");
    String printed = run("spring-boot", theRunBlock(page, blocks).text(), project);
    assertPrinted(printed, "Tests run: 1, Failures: 0, Errors: 0, Skipped: 0", "GreetingServiceTest");
  }

  private static void write(Path project, String path, String text) throws IOException {
    Path file = project.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text + "\n");
  }
}
