package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Generated code compiles without a single warning under {@code -Xlint:all -Werror}, so users who build
 * with strict flags can use Strata. The inputs cover every field kind: simple, unique, covering,
 * composite and document-path indexes, spatial {@code GeoPoint} and {@code Point}, blobs, documents
 * (typed records and free-form maps and lists), column-major entities, record and class entities, and
 * every supported scalar type.
 */
class LintCleanTest {

  private static final Path FIXTURES = Path.of("src/test/java/io/strata/processor/fixtures");

  @Test
  void generatedCodeCompilesUnderXlintAllAndWerror() throws IOException {
    assertThat(compile(classpath(false), "-Xlint:all", "-Werror")).succeededWithoutWarnings();
  }

  /**
   * With {@code jakarta.inject} on the class path the repositories carry {@code @Singleton} and {@code @Inject},
   * which belong to the application's injection processor (Dagger, …), so Strata must not claim them; only
   * javac's {@code processing} lint about unclaimed annotations is turned off here.
   */
  @Test
  void injectableRepositoriesCompileUnderXlintAllAndWerror() throws IOException {
    assertThat(compile(classpath(true), "-Xlint:all", "-Xlint:-processing", "-Werror")).succeededWithoutWarnings();
  }

  /** The test class path without the fixtures' own compiled classes (they would clash with the sources compiled here). */
  private static List<File> classpath(boolean withJakartaInject) {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(p -> !p.endsWith("test-classes") && (withJakartaInject || !p.contains("jakarta.inject")))
        .map(File::new).toList();
  }

  private static Compilation compile(List<File> classpath, String... options) throws IOException {
    List<JavaFileObject> sources = new ArrayList<>();
    try (Stream<Path> files = Files.list(FIXTURES)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        sources.add(JavaFileObjects.forSourceString("io.strata.processor.fixtures." + p.getFileName().toString().replace(".java", ""),
            Files.readString(p)));
      }
    }
    sources.add(JavaFileObjects.forResource("golden/input/com/example/Account.java"));
    sources.add(JavaFileObjects.forResource("golden/input/com/example/Device.java"));
    sources.add(JavaFileObjects.forResource("lint/com/example/Workshop.java"));
    return Compiler.javac().withProcessors(new StrataProcessor()).withClasspath(classpath).withOptions((Object[]) options).compile(sources);
  }
}
