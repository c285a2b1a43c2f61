package io.strata.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user copies from the documentation works: every block marked {@code <!-- archetype: path -->} in
 * README.md and docs/getting-started.md is the file the archetype generates (whose build the archetype's
 * integration test runs), and every block marked {@code <!-- compiles: Name.java -->} compiles, with the
 * Strata processor, under {@code -Xlint:all -Werror}.
 */
class GettingStartedDocsTest {
  private static final Path ROOT = Path.of("..");
  private static final Path ARCHETYPE = ROOT.resolve("archetype/src/main/resources/archetype-resources");
  private static final Pattern BLOCK = Pattern.compile("<!-- (archetype|compiles): (\\S+) -->\\n```\\w+\\n(.*?)\\n```", Pattern.DOTALL);

  /** {@code kind:name} → block text, in document order. */
  private static Map<String, String> blocks(String document) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = BLOCK.matcher(Files.readString(ROOT.resolve(document)));
    while (m.find()) {
      out.put(m.group(1) + ":" + m.group(2), m.group(3));
    }
    return out;
  }

  /** The archetype's file as generated for the project {@code artifactId} (package {@code com.example.<artifactId>}). */
  private static String generated(String path, String artifactId) throws IOException {
    return strataFlavour(path, Files.readString(ARCHETYPE.resolve(path))).strip()
        .replace("${groupId}", "com.example").replace("${artifactId}", artifactId).replace("${version}", "1.0-SNAPSHOT")
        .replace("${package}", "com.example." + artifactId).replace("${strataVersion}", System.getProperty("strata.version"));
  }

  /**
   * {@code template} as Velocity renders it for the default flavour, {@code -Dflavour=strata}: the templates choose a
   * flavour's lines with {@code #if ($flavour == "jakarta-data")}, {@code #else} and {@code #end}, each alone on its line
   * and not nested, and Velocity drops such a line whole. Any other directive fails here, so this stays Velocity's
   * rendering (the archetype's integration test builds both flavours from the real generator).
   */
  private static String strataFlavour(String path, String template) {
    StringBuilder out = new StringBuilder();
    String branch = null; // null outside an #if, else "jakarta-data" or "else"
    for (String line : template.split("\n", -1)) {
      String directive = line.strip();
      if (directive.equals("#if ($flavour == \"jakarta-data\")")) {
        assertEquals(null, branch, path + ": flavour #if blocks are not nested");
        branch = "jakarta-data";
      } else if (directive.equals("#else")) {
        assertEquals("jakarta-data", branch, path + ": #else inside a flavour #if");
        branch = "else";
      } else if (directive.equals("#end")) {
        assertTrue(branch != null, path + ": #end closes a flavour #if");
        branch = null;
      } else {
        assertFalse(directive.matches("#\\{?(if|elseif|else|end|set|foreach|macro|parse|include|define)\\b.*"),
            path + ": a Velocity directive this test does not render: " + line);
        if (!"jakarta-data".equals(branch)) {
          out.append(line).append('\n');
        }
      }
    }
    assertEquals(null, branch, path + ": an unclosed flavour #if");
    return out.toString();
  }

  /**
   * The archetype files {@code document} shows, each checked to be exactly what the archetype generates for
   * the project it is about ({@code artifactId}: getting-started.md's tasks, README's users).
   */
  private static Set<String> assertShowsTheArchetypeFiles(String document, String artifactId) throws IOException {
    Set<String> shown = new TreeSet<>();
    for (Map.Entry<String, String> block : blocks(document).entrySet()) {
      if (block.getKey().startsWith("archetype:")) {
        String path = block.getKey().substring("archetype:".length());
        assertEquals(generated(path, artifactId), block.getValue().strip(), document + " shows " + path + " as the archetype generates it");
        shown.add(path);
      }
    }
    return shown;
  }

  @Test
  void gettingStartedShowsEveryFileTheArchetypeGenerates() throws IOException {
    Set<String> templates = new TreeSet<>();
    try (Stream<Path> files = Files.walk(ARCHETYPE)) {
      files.filter(Files::isRegularFile).forEach(f -> templates.add(ARCHETYPE.relativize(f).toString().replace('\\', '/')));
    }
    assertEquals(templates, assertShowsTheArchetypeFiles("docs/getting-started.md", "tasks"),
        "docs/getting-started.md shows each archetype file in a block marked <!-- archetype: path -->");
  }

  @Test
  void theReadmePomIsTheArchetypePom() throws IOException {
    assertEquals(Set.of("pom.xml"), assertShowsTheArchetypeFiles("README.md", "users"));
  }

  @Test
  void theArchetypePomUsesThisBuildsVersionsOfStrataAndOfTheBuildPlugins() throws IOException {
    String pom = Files.readString(ARCHETYPE.resolve("pom.xml"));
    assertTrue(pom.contains("<strata.version>${strataVersion}</strata.version>"), pom);
    assertTrue(Files.readString(ROOT.resolve("archetype/src/main/resources/META-INF/maven/archetype-metadata.xml"))
        .contains("<defaultValue>${project.version}</defaultValue>"), "the default Strata version is the archetype's own");
    String parent = Files.readString(ROOT.resolve("pom.xml"));
    for (String version : List.of("3.14.1", "${surefire.version}")) {
      assertTrue(parent.contains("<version>" + version + "</version>"), version);
    }
    assertTrue(pom.contains("<artifactId>maven-compiler-plugin</artifactId>\n        <version>3.14.1</version>"), pom);
    assertTrue(pom.contains("<artifactId>maven-surefire-plugin</artifactId>\n        <version>" + System.getProperty("surefire.version")
        + "</version>"), pom);
  }

  @Test
  void theReadmeJavaSnippetsCompileWithTheProcessorUnderStrictLintAndTheQuickstartRuns(@TempDir Path out) throws IOException {
    Map<String, String> sources = new LinkedHashMap<>();
    blocks("README.md").forEach((key, text) -> {
      if (key.startsWith("compiles:")) {
        sources.put(key.substring("compiles:".length()), text);
      }
    });
    assertTrue(sources.containsKey("Quickstart.java"), "the README's getting-started code is marked <!-- compiles: Quickstart.java -->");
    String diagnostics = compile(sources, out);
    assertEquals("", diagnostics);
    PrintStream stdout = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader())) {
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      loader.loadClass("Quickstart").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("the README's Quickstart does not run", e);
    } finally {
      System.setOut(stdout);
    }
    assertFalse(printed.toString(StandardCharsets.UTF_8).isBlank(), "the Quickstart prints what it found");
  }

  private static String compile(Map<String, String> sources, Path out) throws IOException {
    Path src = Files.createDirectories(out.resolve("src"));
    List<Path> files = new ArrayList<>();
    for (Map.Entry<String, String> s : sources.entrySet()) {
      files.add(Files.writeString(src.resolve(s.getKey()), s.getValue()));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
      Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
      List<String> options = List.of("-classpath", System.getProperty("java.class.path"), "-d", out.toString(),
          "-s", Files.createDirectories(out.resolve("generated")).toString(),
          "-processor", "io.strata.processor.StrataProcessor", "-Astrata.schemaDir=" + out.resolve("strata-schema"),
          "-Xlint:all", "-Xlint:-processing", "-Werror");
      boolean ok = javac.getTask(diagnostics, fm, null, options, null, units).call();
      assertFalse(!ok && diagnostics.toString().isEmpty(), "javac failed without saying why");
    }
    return diagnostics.toString();
  }
}
