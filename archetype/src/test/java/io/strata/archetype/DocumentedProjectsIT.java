package io.strata.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation's projects, built the way a newcomer builds them: the files a page shows, written into a new
 * directory outside the checkout, and the page's command block run as written with {@code bash}, with the Maven
 * that runs this build. The home directory is empty but for {@code ~/.m2/settings.xml}, whose local repository
 * holds this reactor's Strata artifacts (what "{@code mvn install -DskipTests}" in the checkout installs; that
 * step itself is not run here, as it would rebuild the checkout inside its own build).
 *
 * <p>A page marks its blocks: {@code <!-- run: … -->} before a {@code bash} block to run (getting-started.md's
 * {@code <!-- run-jakarta-data: … -->} block, the archetype's Jakarta Data flavour, is run by its own test),
 * {@code <!-- file: path -->} before a file of the project; README's files are its {@code <!-- archetype: pom.xml -->} and
 * {@code <!-- compiles: Name.java -->} blocks (tests, {@code *Test.java}, under {@code src/test/java}).
 */
class DocumentedProjectsIT {
  private static final Path CHECKOUT = Path.of(System.getProperty("strata.checkout")).normalize();
  private static final Pattern BLOCK = Pattern.compile("<!-- (run|run-jakarta-data|file|archetype|compiles): ([^>]+?) -->\\n```\\w+\\n(.*?)\\n```",
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
    return theBlock(page, blocks, "run");
  }

  /** The one block of {@code kind} on the page ({@code run}, or {@code run-jakarta-data} for the Jakarta Data flavour). */
  private static Block theBlock(String page, List<Block> blocks, String kind) {
    List<Block> runs = blocks.stream().filter(b -> b.kind().equals(kind)).toList();
    assertEquals(1, runs.size(), page + " marks one command block <!-- " + kind + ": ... -->");
    return runs.get(0);
  }

  /** Runs {@code commands} with bash in {@code dir} and returns what they printed; fails when one of them fails. */
  private String run(String name, String commands, Path dir) throws IOException, InterruptedException {
    return run(name, commands, dir, true);
  }

  /** Runs {@code commands} as {@link #run(String, String, Path)} does, and fails when they do not fail. */
  private String runExpectingFailure(String name, String commands, Path dir) throws IOException, InterruptedException {
    return run(name, commands, dir, false);
  }

  private String run(String name, String commands, Path dir, boolean succeeds) throws IOException, InterruptedException {
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
    assertTrue(done && (process.exitValue() == 0) == succeeds, () -> "the commands of " + name + (succeeds ? " failed" : " did not fail")
        + " (full log: " + log + "):\n" + commands + "\n---\n" + tail(printed));
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
    List<Block> blocks = blocks(page);
    String printed = run("getting-started", theRunBlock(page, blocks).text(), home);
    assertPrinted(printed, "Tests run: 3, Failures: 0, Errors: 0, Skipped: 0", "the generated project's 3 tests");
    assertPrinted(printed, "all:   [Task[id=t1", "App lists all tasks");
    assertPrinted(printed, "to do: [Task[id=t2", "App lists the tasks to do");
    // the page's files are what the generator wrote (GettingStartedDocsTest compares them with the templates)
    Path project = home.resolve("projects/tasks");
    for (Block b : blocks) {
      if (b.kind().equals("archetype")) {
        String path = b.name().replaceFirst("^(src/(main|test)/java/)", "$1com/example/tasks/");
        assertEquals(b.text(), Files.readString(project.resolve(path)).strip(), page + " shows " + path + " as generated");
      }
    }
  }

  @Test
  void theJakartaDataFlavourGeneratesAJakartaDataRepositoryServedByIndexesAndItsTestsPassAndItsAppRuns() throws Exception {
    String page = "docs/getting-started.md";
    String printed = run("getting-started-jakarta-data", theBlock(page, blocks(page), "run-jakarta-data").text(), home);
    Path project = home.resolve("projects/tasks");
    String tasks = Files.readString(project.resolve("src/main/java/com/example/tasks/Tasks.java"));
    assertTrue(tasks.contains("@Repository\npublic interface Tasks extends CrudRepository<Task, String>")
        && tasks.contains("import jakarta.data.repository.Repository;"), "Tasks is a Jakarta Data repository:\n" + tasks);
    assertTrue(Files.readString(project.resolve("pom.xml")).contains("<artifactId>strata-jakarta-data</artifactId>"),
        "the pom depends on strata-jakarta-data");
    // the pom compiles with -Astrata.requireIndexes=true; no method reads every row, not even with a warning
    assertFalse(printed.contains("reads every"), () -> "a method of Tasks is not served by an index:\n" + tail(printed));
    String impl = Files.readString(project.resolve("target/generated-sources/annotations/com/example/tasks/TasksImpl.java"));
    // only the inherited findAll methods, which have no condition, read every row; Tasks' four queries read indexes
    assertEquals(4, impl.split("Plan: reads index \\{@code (project|byProjectAndDone)}", -1).length - 1,
        "each of Tasks' four queries is planned onto an index of Task:\n" + impl);
    assertPrinted(printed, "Tests run: 4, Failures: 0, Errors: 0, Skipped: 0", "the Jakarta Data project's 4 tests");
    assertPrinted(printed, "all:   [Task[id=t1", "App lists all tasks");
    assertPrinted(printed, "to do: [Task[id=t2", "App lists the tasks to do");
    assertPrinted(printed, "last:  [Task[id=t2", "App shows a page of one task, newest first");
  }

  @Test
  void anUnknownFlavourFailsGenerationAndNamesTheFlavours() throws Exception {
    String command = theRunBlock("docs/getting-started.md", blocks("docs/getting-started.md")).text().lines()
        .filter(l -> l.startsWith("mvn archetype:generate") || l.startsWith("  -D")).collect(Collectors.joining("\n"))
        + " -Dflavour=jakarta";
    String printed = runExpectingFailure("unknown-flavour", command, home);
    assertPrinted(printed, "-Dflavour=jakarta is not a flavour of strata-archetype: use -Dflavour=strata (the default: a"
        + " Strata @Repository) or -Dflavour=jakarta-data", "the failure names the flavours");
    assertFalse(Files.exists(home.resolve("tasks")), "no project is generated");
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
