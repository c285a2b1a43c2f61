package io.strata.processor.jakarta;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.strata.processor.StrataProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The in-memory test a Jakarta Data method-name query's generated method applies to each candidate entity
 * ({@code QueryReader}'s conditions over the entity's fields), one operator at a time, pinned before the dialects
 * share one predicate writer with two semantics (issue 38): Jakarta Data's value order, {@code Not} false on a null
 * value, {@code IgnoreCase} comparing upper-cased values. Asserted on the generated method bodies.
 */
class JakartaConditionsTest {
  private static final JavaFileObject SHELF = JavaFileObjects.forSourceLines("test.Shelf",
      "package test;",
      "import jakarta.data.repository.*; import java.util.*;",
      "@Repository",
      "public interface Shelf extends BasicRepository<Book, Long> {",
      "  List<Book> findByTitleContains(String part);",
      "  List<Book> findByTitleEndsWith(String suffix);",
      "  List<Book> findByTitleStartsWith(String prefix);",
      "  List<Book> findByTitleLike(String pattern);",
      "  List<Book> findByTitleNull();",
      "  List<Book> findByTitleNotNull();",
      "  List<Book> findByTitleNotLike(String pattern);",
      "  List<Book> findByYearNotBetween(int low, int high);",
      "  List<Book> findByAuthorNot(String author);",
      "  List<Book> findByAuthorIgnoreCase(String author);",
      "  List<Book> findByYearBetween(int low, int high);",
      "  List<Book> findByYearLessThanEqual(int year);",
      "  List<Book> findByAuthorIn(List<String> authors);",
      "  List<Book> findByInPrintFalse();",
      "  List<Book> findByAuthorAndYearOrTitle(String author, int year, String title);",
      "}");

  private static final String IMPL = generated();

  private static String generated() {
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).compile(JakartaPlansTest.BOOK, SHELF);
    assertThat(c).succeeded();
    try {
      return c.generatedSourceFile("test.ShelfImpl").orElseThrow().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether the body of the generated method declared as {@code declaration} tests each entity {@code e} with {@code test}. */
  private static void assertTests(String declaration, String test) {
    String body = JakartaPlansTest.body(IMPL, declaration);
    assertTrue(body.contains("e -> " + test + ","), body);
  }

  @Test
  void textOperatorsCallTheirValuesHelpers() {
    assertTests("List<Book> findByTitleContains(String part)", "Values.contains(e.title, part)");
    assertTests("List<Book> findByTitleEndsWith(String suffix)", "Values.endsWith(e.title, suffix)");
    assertTests("List<Book> findByTitleStartsWith(String prefix)", "Values.startsWith(e.title, prefix)");
    assertTests("List<Book> findByTitleLike(String pattern)", "Values.like(e.title, pattern)");
  }

  @Test
  void comparisonsCompareInJakartaDatasValueOrder() {
    assertTests("List<Book> findByYearBetween(int low, int high)", "Values.between(e.year, low, high)");
    assertTests("List<Book> findByYearLessThanEqual(int year)", "Values.le(e.year, year)");
    assertTests("List<Book> findByAuthorIn(List<String> authors)", "Values.inAny(e.author, authors)");
    assertTests("List<Book> findByInPrintFalse()", "Values.eq(e.inPrint, false)");
  }

  @Test
  void nullTestsTheNullAndNotNullItsAbsence() {
    assertTests("List<Book> findByTitleNull()", "Values.isNull(e.title)");
    assertTests("List<Book> findByTitleNotNull()", "!Values.isNull(e.title)");
  }

  @Test
  void notIsFalseOnANullValueExceptForEquality() {
    assertTests("List<Book> findByTitleNotLike(String pattern)", "(!Values.isNull(e.title) && !Values.like(e.title, pattern))");
    assertTests("List<Book> findByYearNotBetween(int low, int high)", "(!Values.isNull(e.year) && !Values.between(e.year, low, high))");
    assertTests("List<Book> findByAuthorNot(String author)", "Values.ne(e.author, author)");
  }

  @Test
  void ignoreCaseComparesUpperCasedValues() {
    assertTests("List<Book> findByAuthorIgnoreCase(String author)", "Values.eq(Values.upper(e.author), Values.upper(author))");
  }

  @Test
  void andBindsTighterThanOrInTheTest() {
    assertTests("List<Book> findByAuthorAndYearOrTitle(String author, int year, String title)",
        "Values.eq(e.author, author) && Values.eq(e.year, year) || Values.eq(e.title, title)"); // Java's && binds tighter too
  }
}
