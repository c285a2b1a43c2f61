package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What docs/jakarta-data.md tells a Jakarta Data user to put on the class path — {@code strata-jakarta-data} (with what
 * it brings: {@code jakarta.data-api}, {@code strata-runtime}, fdb-java) and {@code jakarta.nosql-api} — is enough for
 * the processor to generate a repository, even without {@code strata-annotations} there: before, it generated nothing
 * and said nothing.
 */
class DocumentedJakartaDependenciesTest {
  private static final JavaFileObject FRUIT = JavaFileObjects.forSourceLines("test.Fruit",
      "package test;",
      "import jakarta.nosql.*;",
      "@Entity",
      "public class Fruit {",
      "  @Id public String name;",
      "  @Column public int stock;",
      "}");
  private static final JavaFileObject GARDEN = JavaFileObjects.forSourceLines("test.Garden",
      "package test;",
      "import jakarta.data.repository.*;",
      "@Repository",
      "public interface Garden extends BasicRepository<Fruit, String> {",
      "  java.util.List<Fruit> findByStockGreaterThan(int stock);",
      "}");

  @Test
  void aRepositoryIsGeneratedWithoutStrataAnnotationsOnTheClassPath() throws URISyntaxException {
    List<File> classPath = new ArrayList<>();
    for (Class<?> c : List.of(jakarta.data.repository.Repository.class, jakarta.nosql.Entity.class,
        io.strata.jakarta.data.DataStore.class, io.strata.StrataDb.class, com.apple.foundationdb.Database.class)) {
      classPath.add(location(c));
    }
    assertFalse(classPath.contains(location(io.strata.annotations.Entity.class)), "strata-annotations is on " + classPath);
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).withClasspath(classPath).compile(FRUIT, GARDEN);
    assertThat(c).succeeded();
    assertThat(c).generatedSourceFile("test.GardenImpl");
  }

  private static File location(Class<?> c) throws URISyntaxException {
    return new File(c.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
