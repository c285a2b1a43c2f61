package io.strata.processor.jakarta;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.strata.processor.StrataProcessor;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Which conditions of a Jakarta Data query Strata hands to an index ({@code ParameterTypes.indexable}): through the
 * generated methods, which parameter types an index read accepts for which property types (the rest is checked in
 * memory on every row). The plans of the accepted ones are {@link JakartaPlansTest}'s; how a JDQL condition splits into
 * Or branches, And conjuncts and leaves is the query model's {@code JdqlConditionTest}.
 */
class JakartaIndexParametersTest {

  /**
   * {@code test.Part}: an int, a {@code Long}, a String, a {@code BigDecimal} and a UUID, each with its own index, and two
   * composite indexes with the decimal last and first.
   */
  private static final JavaFileObject PART = JavaFileObjects.forSourceLines("test.Part",
      "package test;",
      "import io.strata.annotations.*; import jakarta.nosql.*; import jakarta.nosql.Entity; import jakarta.nosql.Id; import java.math.BigDecimal;",
      "import java.util.UUID;",
      "@Entity",
      "@Index(name = \"bySizePrice\", fields = {\"size\", \"price\"})",
      "@Index(name = \"byPriceLabel\", fields = {\"price\", \"label\"})",
      "public class Part {",
      "  @Id public long id;",
      "  @Indexed @Column public BigDecimal price;",
      "  @Indexed @Column public int size;",
      "  @Indexed @Column public Long weight;",
      "  @Indexed @Column public String label;",
      "  @Indexed @Column public UUID batch;",
      "}");

  private static final JavaFileObject PARTS = JavaFileObjects.forSourceLines("test.Parts",
      "package test;",
      "import jakarta.data.repository.*; import java.math.BigDecimal; import java.util.*;",
      "@Repository",
      "public interface Parts extends BasicRepository<Part, Long> {",
      "  List<Part> findBySize(Integer size);",
      "  List<Part> findByWeight(long weight);",
      "  List<Part> findBySizeIn(Set<Integer> sizes);",
      "  List<Part> findByLabelStartsWith(String prefix);",
      "  List<Part> findByBatch(UUID batch);",
      "  List<Part> findByBatchGreaterThan(UUID batch);",
      "  List<Part> findByPriceIn(List<BigDecimal> prices);",
      "  List<Part> findBySizeAndPriceIn(int size, List<BigDecimal> prices);",
      "  List<Part> findByPriceInAndLabel(List<BigDecimal> prices, String label);",
      "}");

  private static final Compilation COMPILED = Compiler.javac().withProcessors(new StrataProcessor()).compile(PART, PARTS);

  private static String plan(Compilation c, String declaration) throws IOException {
    return JakartaPlansTest.javadoc(c.generatedSourceFile("test.PartsImpl").orElseThrow().getCharContent(true).toString(), declaration);
  }

  @Test
  void aParameterOfThePropertysTypeBoxedOrNotIsReadFromTheIndex() throws IOException {
    Compilation c = COMPILED;
    assertThat(c).succeeded();
    assertTrue(plan(c, "List<Part> findBySize(Integer size)").contains("reads index {@code size}"));
    assertTrue(plan(c, "List<Part> findByWeight(long weight)").contains("reads index {@code weight}"));
    assertTrue(plan(c, "List<Part> findBySizeIn(Set<Integer> sizes)").contains("where {@code size} each value of {@code sizes}"),
        "any Collection of the property's type");
    assertTrue(plan(c, "List<Part> findByLabelStartsWith(String prefix)").contains("reads index {@code label}"));
  }

  @Test
  void aUuidEqualityIsReadFromTheIndexButAUuidRangeIsCheckedOnEveryRow() throws IOException {
    Compilation c = COMPILED;
    assertTrue(plan(c, "List<Part> findByBatch(UUID batch)").contains("reads index {@code batch}"));
    assertTrue(plan(c, "List<Part> findByBatchGreaterThan(UUID batch)").contains("Reads every row"),
        "UUID keys do not sort as Jakarta Data orders UUIDs");
    assertThat(c).hadWarningContaining("Parts.findByBatchGreaterThan reads every Part row");
  }

  @Test
  void anInOnADecimalReadsEveryScaleOfEachValueAndOnlyAsTheLastConditionOfARead() throws IOException {
    Compilation c = COMPILED;
    assertTrue(plan(c, "List<Part> findByPriceIn(List<BigDecimal> prices)").contains(
        "reads index {@code price}, keys {@code (\"Part\", \"I\", \"price\", price, id)} where {@code price} each value of"
            + " {@code prices}"), plan(c, "List<Part> findByPriceIn(List<BigDecimal> prices)"));
    String last = plan(c, "List<Part> findBySizeAndPriceIn(int size, List<BigDecimal> prices)");
    String first = plan(c, "List<Part> findByPriceInAndLabel(List<BigDecimal> prices, String label)");
    assertTrue(last.contains("reads index {@code bySizePrice}, keys {@code (\"Part\", \"I\", \"bySizePrice\", size, price, id)}"
        + " where {@code size = size} and {@code price} each value of {@code prices} (one range per value)"), last);
    assertTrue(first.contains("reads index {@code label}, keys {@code (\"Part\", \"I\", \"label\", label, id)} where"
        + " {@code label = label}"), "a decimal In cannot lead byPriceLabel (its keys hold the scale before label): " + first);
  }
}
