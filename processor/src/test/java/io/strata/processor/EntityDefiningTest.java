package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.strata.annotations.Entity;
import jakarta.data.spi.EntityDefining;
import java.io.File;
import java.net.URISyntaxException;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Strata's {@code @Entity} carries Jakarta Data's {@code @EntityDefining} marker where {@code jakarta.data-api} is present,
 * and costs nothing where it is not: {@code strata-annotations} compiles against the API with scope {@code provided}.
 */
class EntityDefiningTest {
  private static final JavaFileObject USER = JavaFileObjects.forSourceLines("test.User",
      "package test;",
      "@io.strata.annotations.Entity",
      "public record User(@io.strata.annotations.Id long id, String name) {}");

  @Test
  void jakartaDataToolsSeeTheEntityAnnotationAsAnEntityDefiningOne() {
    assertTrue(Entity.class.isAnnotationPresent(EntityDefining.class));
  }

  @Test
  void anEntityCompilesWithoutWarningsWhereJakartaDataIsNotOnTheClasspath() throws URISyntaxException {
    File annotations = new File(Entity.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    File api = new File(EntityDefining.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Compilation c = Compiler.javac().withClasspath(List.of(annotations)).withOptions("-Xlint:all", "-Werror", "-proc:none")
        .compile(USER);
    assertThat(c).succeededWithoutWarnings();
    assertTrue(!annotations.equals(api), "the classpath of that compile holds strata-annotations only, not " + api);
  }
}
