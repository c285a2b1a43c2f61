package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The static metamodel {@code _E} generated for a Strata entity types each attribute by its property's Java type:
 * restrictions with values of that type compile, others do not, and only text attributes have the text operators.
 */
class StaticMetamodelTest {
  private static final JavaFileObject PLACE = JavaFileObjects.forSourceLines("test.Place", "package test;",
      "import io.strata.annotations.*;",
      "@Entity public record Place(@Id long id, @Indexed String country, Long population, java.time.Instant founded) {}");

  private static Compilation use(String expression) {
    JavaFileObject use = JavaFileObjects.forSourceLines("test.Use", "package test;",
        "class Use {", "  Object r = " + expression + ";", "}");
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(PLACE, use);
  }

  @Test
  void restrictionsWithValuesOfThePropertysTypeCompile() {
    assertThat(use("io.strata.Restrict.all(_Place.country.equalTo(\"JP\"), _Place.population.greaterThan(1_000_000L), "
        + "_Place.founded.lessThan(java.time.Instant.EPOCH), _Place.country.startsWith(\"J\"), _Place.population.isNull(), "
        + "_Place.id.in(java.util.List.of(1L, 2L)))")).succeeded();
    assertThat(use("_Place.population.desc()")).succeeded();
  }

  @Test
  void aValueOfAnotherTypeDoesNotCompile() {
    assertThat(use("_Place.population.greaterThan(\"x\")")).failed();
    assertThat(use("_Place.country.equalTo(5L)")).failed();
  }

  @Test
  void onlyTextAttributesHaveTextOperators() {
    assertThat(use("_Place.population.startsWith(\"1\")")).failed();
    assertThat(use("_Place.founded.like(\"%\")")).failed();
  }
}
