package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged tool as a user runs it, after {@code package}: {@code java -jar target/strata-cli.jar} alone, with no
 * application class in the jar, reads the samples' database from their schema files.
 */
class RunnableJarIT {
  private static final Path JAR = Path.of("target", "strata-cli.jar");

  @TempDir
  Path temp;

  @Test
  void javaDashJarReadsADatabaseWithNoApplicationClasses() throws Exception {
    try (JarFile jar = new JarFile(JAR.toFile())) {
      assertTrue(jar.stream().noneMatch(e -> e.getName().startsWith("io/strata/samples/")), "no application class in the jar");
      assertTrue(jar.stream().noneMatch(e -> e.getName().startsWith("io/strata/processor/")
          || e.getName().startsWith("com/palantir/javapoet/")), "neither the annotation processor nor its code generator");
      assertTrue(jar.getEntry("io/strata/query/schema/SchemaFormat.class") != null, "the schema files' reader");
    }
    Path dir = temp.resolve("places");
    SamplesDatabase.create(dir);
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString(), "show", "Place", Long.toString(SamplesDatabase.places().get(0).id()), "--url", "strata:file:" + dir,
        "--schema", SamplesDatabase.SCHEMA.toString()));
    Path err = temp.resolve("stderr.txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile());
    builder.environment().keySet().removeAll(List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "STRATA_URL"));
    Process p = builder.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the tool finished");
    assertEquals(0, p.exitValue(), out + Files.readString(err));
    assertTrue(out.contains("\"name\":\"" + SamplesDatabase.places().get(0).name() + "\""), out);
  }
}
