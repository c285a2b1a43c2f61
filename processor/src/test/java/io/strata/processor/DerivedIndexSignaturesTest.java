package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Continuation;
import io.strata.processor.fixtures.PlaceRepository;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

/**
 * The generated methods of the derived index kinds have exactly the signatures API.md fixes, and the
 * generated repository compiles without a warning under {@code -Xlint:all}.
 */
class DerivedIndexSignaturesTest {
  private static String signature(String name, Class<?>... params) throws NoSuchMethodException {
    Method m = PlaceRepository.class.getMethod(name, params);
    return m.getGenericReturnType().getTypeName();
  }

  @Test
  void aggregateMethods() throws Exception {
    assertEquals("long", signature("placesByCountry", String.class));
    assertEquals("long", signature("places"));
    assertEquals("long", signature("areaByCountryAndKind", String.class, String.class));
    assertEquals("java.util.Optional<java.lang.Long>", signature("largestByCountry", String.class));
    assertEquals("java.util.Optional<java.lang.Integer>", signature("smallestArea"));
    assertEquals("java.util.Map<java.lang.String, java.lang.Long>", signature("populationByCountryByGroup"));
    assertEquals("java.util.Map<java.lang.String, java.lang.String>", signature("firstNameByCountryByGroup"));
  }

  @Test
  void rankMethods() throws Exception {
    assertEquals("java.util.OptionalLong", signature("byPopulationRankOf", String.class, long.class));
    assertEquals("java.util.Optional<io.strata.processor.fixtures.Place>", signature("byPopulationAt", String.class, long.class));
    assertEquals("java.util.List<io.strata.processor.fixtures.Place>",
        signature("byPopulationRange", String.class, long.class, int.class));
    assertEquals("long", signature("byPopulationSize", String.class));
    assertEquals("long", signature("byNameSize"));
  }

  @Test
  void textMethods() throws Exception {
    for (String form : new String[] {"AllWords", "AnyWord", "Phrase", "WordStartingWith"}) {
      String name = "findByNameContaining" + form;
      assertEquals("java.util.List<io.strata.processor.fixtures.Place>", signature(name, String.class));
      assertEquals("io.strata.Page<io.strata.processor.fixtures.Place>", signature(name, String.class, int.class, Continuation.class));
    }
  }

  @Test
  void changeFeedMethods() throws Exception {
    assertEquals("io.strata.Page<io.strata.Change<io.strata.processor.fixtures.Place, java.lang.Long>>",
        signature("changesSince", Versionstamp.class, int.class));
    assertEquals("java.util.Optional<com.apple.foundationdb.tuple.Versionstamp>", signature("versionOf", long.class));
    assertEquals(CompletableFuture.class.getName() + "<java.lang.Void>", signature("watch", long.class));
    assertEquals("long", signature("pruneDeletes", Versionstamp.class));
    assertEquals("java.util.concurrent.Flow$Publisher<io.strata.Change<io.strata.processor.fixtures.Place, java.lang.Long>>",
        signature("subscribe", Versionstamp.class));
  }

  @Test
  void generatedCodeHasNoWarnings() {
    Compilation c = Compiler.javac().withOptions("-Xlint:all", "-Xlint:-processing").withProcessors(new StrataProcessor())
        .compile(JavaFileObjects.forSourceLines("test.Town", "package test;", "import io.strata.annotations.*;",
            "import static io.strata.annotations.Aggregate.Function.*;",
            "@Entity @Versioned",
            "@Aggregate(name = \"towns\", function = COUNT, groupBy = \"region\")",
            "@Aggregate(name = \"people\", function = SUM, field = \"population\", groupBy = \"region\")",
            "@Aggregate(name = \"largest\", function = MAX, field = \"population\", groupBy = \"region\")",
            "@Aggregate(name = \"firstFounded\", function = MIN, field = \"founded\", groupBy = \"code\")",
            "@Rank(name = \"byPopulation\", field = \"population\", groupBy = \"region\", descending = true)",
            "public record Town(@Id String id, int region, int code, @Text String name, long population, java.time.LocalDate founded) {}"));
    assertThat(c).succeeded();
    // the codec is not this feature's (its warnings are another change's); the repository must have none
    assertEquals(List.of(), c.warnings().stream().filter(d -> d.getSource() != null
        && d.getSource().getName().endsWith("TownRepository.java")).map(Object::toString).toList());
  }
}
