package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One test per diagnostic of {@code @Aggregate}, {@code @Rank}, {@code @Text} and {@code @Versioned} misuse (kept apart from {@link CompileErrorsTest}): the message and its line. */
class DerivedIndexCompileErrorsTest {
  private static final String IMPORTS = "import io.strata.annotations.*; import static io.strata.annotations.Aggregate.Function.*;";

  private static JavaFileObject place(String... annotations) {
    String[] lines = new String[annotations.length + 4];
    lines[0] = "package test;";
    lines[1] = IMPORTS;
    lines[2] = "@Entity";
    System.arraycopy(annotations, 0, lines, 3, annotations.length);
    lines[lines.length - 1] = "public record Place(@Id long id, String country, String name, long population, java.util.UUID code,"
        + " java.util.List<String> tags) {}";
    return JavaFileObjects.forSourceLines("test.Place", lines);
  }

  private static Compilation compile(JavaFileObject f) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(f);
  }

  @Test
  void sumOfAString() {
    JavaFileObject f = place("@Aggregate(name = \"names\", function = SUM, field = \"name\")");
    assertThat(compile(f)).hadErrorContaining("@Aggregate 'names' sums field 'name' of type java.lang.String: SUM needs an integral"
        + " field (long, int, short, byte or their boxes); use COUNT, MIN or MAX for other types").inFile(f).onLine(5);
  }

  @Test
  void maxOfAFieldWithoutAnOrder() {
    JavaFileObject f = place("@Aggregate(name = \"lastCode\", function = MAX, field = \"code\")");
    assertThat(compile(f)).hadErrorContaining("@Aggregate 'lastCode' takes the MAX of field 'code' of type java.util.UUID, which has"
        + " no meaningful order").inFile(f).onLine(5);
  }

  @Test
  void sumWithoutAField() {
    JavaFileObject f = place("@Aggregate(name = \"total\", function = SUM, groupBy = \"country\")");
    assertThat(compile(f)).hadErrorContaining("@Aggregate 'total' computes SUM, which needs a field: add field = \"...\" naming an"
        + " integral field").inFile(f).onLine(5);
  }

  @Test
  void unknownGroupFieldSuggestsTheClosestName() {
    JavaFileObject f = place("@Aggregate(name = \"perCountry\", function = COUNT, groupBy = \"contry\")");
    assertThat(compile(f)).hadErrorContaining("@Aggregate 'perCountry' names field 'contry', which Place does not store; did you mean"
        + " 'country'?").inFile(f).onLine(5);
  }

  @Test
  void unknownAggregatedField() {
    JavaFileObject f = place("@Aggregate(name = \"people\", function = SUM, field = \"inhabitants\")");
    assertThat(compile(f)).hadErrorContaining("@Aggregate 'people' names field 'inhabitants', which Place does not store; its stored"
        + " fields are").inFile(f).onLine(5);
  }

  @Test
  void groupByACollection() {
    JavaFileObject f = place("@Aggregate(name = \"perTag\", function = COUNT, groupBy = \"tags\")");
    assertThat(compile(f)).hadErrorContaining("@Aggregate 'perTag' groups by field 'tags' of type java.util.List<java.lang.String>: a"
        + " group field must be a scalar").inFile(f).onLine(5);
  }

  @Test
  void aNameThatClashesWithARepositoryMethod() {
    JavaFileObject f = place("@Aggregate(name = \"count\", function = COUNT)");
    assertThat(compile(f)).hadErrorContaining("@Aggregate name 'count' would generate a method that clashes with the repository's own"
        + " count(): choose another name").inFile(f).onLine(5);
  }

  @Test
  void aNameThatIsNotAnIdentifier() {
    JavaFileObject f = place("@Aggregate(name = \"places per country\", function = COUNT)");
    assertThat(compile(f)).hadErrorContaining("@Aggregate name 'places per country' is not a Java identifier").inFile(f).onLine(5);
  }

  @Test
  void aNameUsedTwice() {
    JavaFileObject f = place("@Aggregate(name = \"places\", function = COUNT)", "@Aggregate(name = \"places\", function = COUNT, groupBy = \"country\")");
    assertThat(compile(f)).hadErrorContaining("index name 'places' is used more than once in Place").inFile(f).onLine(6);
  }

  @Test
  void rankOnAFieldWithoutAnOrder() {
    JavaFileObject f = place("@Rank(name = \"byCode\", field = \"code\")");
    assertThat(compile(f)).hadErrorContaining("@Rank 'byCode' ranks field 'code' of type java.util.UUID, which has no meaningful order:"
        + " rank a number, String, boolean, byte[], Instant, LocalDate, BigInteger or BigDecimal field").inFile(f).onLine(5);
  }

  @Test
  void rankOnACollection() {
    JavaFileObject f = place("@Rank(name = \"byTags\", field = \"tags\")");
    assertThat(compile(f)).hadErrorContaining("@Rank 'byTags' ranks field 'tags' of type java.util.List<java.lang.String>, which has no"
        + " meaningful order").inFile(f).onLine(5);
  }

  @Test
  void rankWithAnUnknownGroupField() {
    JavaFileObject f = place("@Rank(name = \"byPopulation\", field = \"population\", groupBy = \"cuntry\")");
    assertThat(compile(f)).hadErrorContaining("@Rank 'byPopulation' names field 'cuntry', which Place does not store; did you mean"
        + " 'country'?").inFile(f).onLine(5);
  }

  @Test
  void rankSharingANameWithAnAggregate() {
    JavaFileObject f = place("@Aggregate(name = \"top\", function = COUNT)", "@Rank(name = \"top\", field = \"population\")");
    assertThat(compile(f)).hadErrorContaining("index name 'top' is used more than once in Place").inFile(f).onLine(6);
  }

  @Test
  void textOnANonString() {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Note", "package test;", IMPORTS, "@Entity", "public record Note(@Id long id,",
        "  @Text int pages) {}");
    assertThat(compile(f)).hadErrorContaining("@Text goes on String fields only; 'pages' is int").inFile(f).onLine(5);
  }

  @Test
  void textAndAnIndexOfTheSameName() {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Note", "package test;", IMPORTS, "@Entity", "public record Note(@Id long id,",
        "  @Text @Indexed String title) {}");
    assertThat(compile(f)).hadErrorContaining("@Text field 'title' keeps its text index under the index name 'title', which another"
        + " index of Note (an @Indexed, @Index, @Aggregate or @Rank) already uses: give that one another name, e.g."
        + " @Indexed(name = \"titleIndex\"); a text index is always named after its field").inFile(f).onLine(5);
  }

  @Test
  void anAggregateNamedLikeAnIndexQuery() {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Item", "package test;", IMPORTS, "@Entity",
        "@Aggregate(name = \"countByC\", function = COUNT, groupBy = \"c\")",
        "public record Item(@Id long id, @Indexed String c) {}");
    Compilation compilation = compile(f);
    assertThat(compilation).hadErrorContaining("@Aggregate 'countByC' would generate the method countByC(java.lang.String), which an"
        + " @Indexed/@Index index already generates: give the @Aggregate another name").inFile(f).onLine(5);
    assertThat(compilation).hadErrorCount(1);
    JavaFileObject findBy = JavaFileObjects.forSourceLines("test.Item", "package test;", IMPORTS, "@Entity",
        "@Aggregate(name = \"findByC\", function = COUNT, groupBy = \"c\")",
        "public record Item(@Id long id, @Indexed String c) {}");
    assertThat(compile(findBy)).hadErrorContaining("@Aggregate 'findByC' would generate the method findByC(java.lang.String), which an"
        + " @Indexed/@Index index already generates").inFile(findBy).onLine(5);
  }

  @Test
  void aRankWhoseMethodAnAggregateAlreadyGenerates() {
    JavaFileObject f = place("@Aggregate(name = \"topSize\", function = COUNT, groupBy = \"country\")",
        "@Rank(name = \"top\", field = \"population\", groupBy = \"country\")");
    assertThat(compile(f)).hadErrorContaining("@Rank 'top' would generate the method topSize(java.lang.String), which @Aggregate"
        + " 'topSize' already generates: give the @Rank another name").inFile(f).onLine(6);
  }

  @Test
  void aTextFieldWhoseMethodAnIndexAlreadyGenerates() {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Note", "package test;", IMPORTS, "@Entity", "public record Note(@Id long id,",
        "  @Text String name,", "  @Indexed String nameContainingAllWords) {}");
    assertThat(compile(f)).hadErrorContaining("@Text field 'name' would generate the method findByNameContainingAllWords(java.lang.String),"
        + " which an @Indexed/@Index index already generates: rename the field, or the declaration that generates the other one")
        .inFile(f).onLine(5);
  }

  @Test
  void versionedEntityWithAnIndexNamedLikeItsFeed() {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Note", "package test;", IMPORTS, "@Entity @Versioned",
        "public record Note(@Id long id, @Indexed(name = \"changes\") int pages) {}");
    assertThat(compile(f)).hadErrorContaining("@Versioned Note keeps its change feed under the index name 'changes', which another"
        + " index of Note already uses: rename that index").inFile(f).onLine(4);
  }
}
