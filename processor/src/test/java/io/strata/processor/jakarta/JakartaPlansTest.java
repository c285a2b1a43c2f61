package io.strata.processor.jakarta;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.strata.processor.StrataProcessor;
import io.strata.query.plan.Planner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The plans Strata's Jakarta Data planner ({@code JakartaPlanner}, fed by {@code QueryReader} and
 * {@code ParameterTypes.indexable}) picks today, pinned before both dialects move onto one planner (issue 38): for
 * representative queries of every front end (method names, {@code @Find}, JDQL) over an entity with a composite, a
 * unique and single-property indexes, which keys each generated method reads (its javadoc, the plan it states), which
 * orders an index's keys serve, what a count or an exists reads, and why the unserved ones read every row (their
 * warnings). Assertions are on the generated sources and diagnostics only, so they hold whatever the planner's API
 * becomes; a deliberate change of plan or wording updates them here, one shape at a time.
 */
class JakartaPlansTest {
  /** {@code test.Book}: a Jakarta NoSQL entity with a composite, a unique and single-property indexes, and a property none holds. */
  static final JavaFileObject BOOK = JavaFileObjects.forSourceLines("test.Book",
      "package test;",
      "import io.strata.annotations.Index; import io.strata.annotations.Indexed; import jakarta.nosql.*; import java.math.BigDecimal;",
      "@Entity",
      "@Index(name = \"byAuthorYear\", fields = {\"author\", \"year\"})",
      "public class Book {",
      "  public enum Genre { NOVEL, POETRY }",
      "  @Id public long id;",
      "  @Column public String author;",
      "  @Column public int year;",
      "  @Column public String title;",
      "  @Indexed(unique = true) @Column public String isbn;",
      "  @Indexed @Column public BigDecimal price;",
      "  @Indexed @Column public double rating;",
      "  @Indexed @Column public Genre genre;",
      "  @Indexed @Column public boolean inPrint;",
      "}");

  private static final JavaFileObject BOOKS = JavaFileObjects.forSourceLines("test.Books",
      "package test;",
      "import jakarta.data.*; import jakarta.data.page.*; import jakarta.data.repository.*; import java.math.BigDecimal; import java.util.*;",
      "@Repository",
      "public interface Books extends BasicRepository<Book, Long> {",
      "  List<Book> findByAuthor(String author);",
      "  List<Book> findByAuthorAndYearGreaterThan(String author, int year);",
      "  List<Book> findByAuthorAndYearBetween(String author, int low, int high);",
      "  List<Book> findByAuthorOrderByYearDesc(String author, Limit limit);",
      "  List<Book> findByAuthorOrderByYearAsc(String author, Limit limit);",
      "  List<Book> findByAuthorOrderByTitle(String author, Limit limit);",
      "  List<Book> findByAuthorOrderByYearDescIdAsc(String author, Limit limit);",
      "  List<Book> findByAuthor(String author, Sort<Book> sort);",
      "  List<Book> findByAuthorIn(List<String> authors);",
      "  List<Book> findByIdIn(List<Long> ids);",
      "  List<Book> findByIdAndAuthor(long id, String author);",
      "  Optional<Book> findByIsbn(String isbn);",
      "  List<Book> findByPriceBetween(BigDecimal low, BigDecimal high);",
      "  List<Book> findByPrice(BigDecimal price);",
      "  List<Book> findByRatingGreaterThanEqual(double rating);",
      "  List<Book> findByGenre(Book.Genre genre);",
      "  List<Book> findByGenreGreaterThan(Book.Genre genre);",
      "  List<Book> findByTitleStartsWith(String prefix);",
      "  List<Book> findByInPrintTrue();",
      "  List<Book> findByAuthorNot(String author);",
      "  List<Book> findByAuthorIgnoreCase(String author);",
      "  List<Book> findByTitle(String title);",
      "  List<Book> findByYear(int year);",
      "  List<Book> findByAuthorOrIsbn(String author, String isbn);",
      "  List<Book> findByAuthorOrTitle(String author, String title);",
      "  List<Book> findByAuthorOrIsbnOrderByYear(String author, String isbn, Limit limit);",
      "  long countByAuthorAndYear(String author, int year);",
      "  long countByAuthorAndTitle(String author, String title);",
      "  long countByRatingGreaterThan(double rating);",
      "  boolean existsByInPrintTrue();",
      "  boolean existsByIsbn(String isbn);",
      "  @Find @OrderBy(value = \"year\", descending = true) List<Book> byAuthor(@By(\"author\") String author, Limit limit);",
      "  @Find CursoredPage<Book> pageOfAuthor(@By(\"author\") String author, PageRequest page, Order<Book> order);",
      "  @Query(\"WHERE author = :a AND year >= 2000\") List<Book> sinceTwoThousand(@Param(\"a\") String a);",
      "  @Query(\"WHERE 2000 <= year AND author = :a\") List<Book> sinceTwoThousandMirrored(@Param(\"a\") String a);",
      "  @Query(\"WHERE author = :a AND year > 2000.5\") List<Book> afterHalf(@Param(\"a\") String a);",
      "  @Query(\"WHERE author = :a AND year = 2000.5\") List<Book> inHalf(@Param(\"a\") String a);",
      "  @Query(\"WHERE author = :a OR isbn = :i\") List<Book> authorOrIsbn(@Param(\"a\") String a, @Param(\"i\") String i);",
      "  @Query(\"WHERE author <> :a\") List<Book> notBy(@Param(\"a\") String a);",
      "  @Query(\"WHERE author = :a ORDER BY year DESC\") List<Book> latestBy(@Param(\"a\") String a, Limit limit);",
      "}");

  private static final Compilation COMPILED = Compiler.javac().withProcessors(new StrataProcessor()).compile(BOOK, BOOKS);
  private static final String IMPL = generated();

  private static String generated() {
    try {
      return COMPILED.generatedSourceFile("test.BooksImpl").orElseThrow().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The javadoc of the generated method declared as {@code declaration} (its text up to the opening brace). */
  private static String plan(String declaration) {
    return javadoc(IMPL, declaration);
  }

  /**
   * The javadoc of the method of {@code generated} declared as {@code declaration} (its text up to the opening brace),
   * {@code CandidateReads.BATCH} written {@code BATCH}.
   */
  static String javadoc(String generated, String declaration) {
    int start = generated.lastIndexOf("/**", declared(generated, declaration));
    return generated.substring(start, generated.indexOf("*/", start)).replace("{@value io.strata.query.CandidateReads#BATCH}", "BATCH");
  }

  /** The body of the generated method declared as {@code declaration}. */
  private static String body(String declaration) {
    return body(IMPL, declaration);
  }

  /** The declaration and body of the method of {@code generated} declared as {@code declaration}. */
  static String body(String generated, String declaration) {
    int at = declared(generated, declaration);
    return generated.substring(at, generated.indexOf("\n  }\n", at));
  }

  /** Where {@code generated} declares the public method {@code declaration} (its text up to the opening brace). */
  private static int declared(String generated, String declaration) {
    int at = generated.indexOf("  public " + declaration + " {");
    assertTrue(at > 0, "no generated method " + declaration);
    return at;
  }

  /**
   * Each method warned of reading every row, by simple name, with why (the warning's words after "in memory: "). Other
   * warnings (about pages, say) are not this test's.
   */
  private static Map<String, String> unserved() {
    Map<String, String> out = new TreeMap<>();
    Pattern warning = Pattern.compile("Books\\.(\\w+) reads every Book row and checks its conditions in memory: (.*)\\."
        + " \\(A warning; compile with -Astrata\\.requireIndexes=true to make it an error\\)");
    COMPILED.warnings().forEach(w -> {
      Matcher m = warning.matcher(w.getMessage(null));
      if (m.matches()) {
        out.put(m.group(1), m.group(2));
      }
    });
    return out;
  }

  private static final String AUTHOR_YEAR_KEYS = "reads index {@code byAuthorYear}, keys {@code (\"Book\", \"I\", \"byAuthorYear\", author, year, id)}";
  /** A read of every row names the batch it really reads in, the all-rows reader's ({@code FilteredRows.BATCH}, 500). */
  private static final String EVERY_ROW = "every row {@code (\"Book\", \"R\", id)} in id order, in batches of"
      + " {@value io.strata.query.FilteredRows#BATCH}, and checks the conditions on each.";
  private static final String ROWS_OF_KEYS = "one batch of BATCH keys at a time; then reads the row of each key found, and checks the conditions on it";
  private static final String IN_KEY_ORDER = "in batches of keys that start at the size the limit or the page needs and double up to BATCH;"
      + " reads the row of each key found and checks the conditions on it, and stops once it has the results the limit or"
      + " the page asks for and those that tie with the last";
  private static final String NO_INDEX_CAN_READ = "none of its conditions can be read from an index (Not, Like, Contains, EndsWith,"
      + " IgnoreCase, Null, <>, functions, arithmetic and null literals are checked on each row; an index serves =, In, <, <=, >,"
      + " >=, Between, StartsWith, True and False against a parameter of the property's own type, or a JDQL string, integer,"
      + " decimal, boolean or enum literal)";

  @Test
  void theRepositoryCompiles() {
    assertThat(COMPILED).succeeded();
  }

  @Test
  void anEqualityOnTheFirstFieldOfACompositeIndexReadsThatIndexThenTheRows() {
    assertTrue(plan("List<Book> findByAuthor(String author)").contains(
        "sorted in memory. Plan: " + AUTHOR_YEAR_KEYS + " where {@code author = author}, " + ROWS_OF_KEYS + "."), plan("List<Book> findByAuthor(String author)"));
  }

  @Test
  void aRangeOnTheNextFieldOfTheIndexNarrowsTheSameRead() {
    assertTrue(plan("List<Book> findByAuthorAndYearGreaterThan(String author, int year)").contains(
        AUTHOR_YEAR_KEYS + " where {@code author = author} and {@code year > year}, " + ROWS_OF_KEYS));
    assertTrue(plan("List<Book> findByAuthorAndYearBetween(String author, int low, int high)").contains(
        AUTHOR_YEAR_KEYS + " where {@code author = author} and {@code low <= year <= high}, " + ROWS_OF_KEYS));
  }

  @Test
  void anEqualityOnTheSecondFieldOfACompositeIndexAloneIsUnservedAndNamesTheIndexToAdd() {
    assertTrue(plan("List<Book> findByYear(int year)").contains("No index narrows this read: reads " + EVERY_ROW));
    assertEquals("@Index(name = \"byYear\", fields = {\"year\"}) on Book would serve it", unserved().get("findByYear"));
  }

  @Test
  void anOrderTheIndexKeysHoldAfterTheEqualityIsReadInKeyOrderAndStopsEarly() {
    String desc = plan("List<Book> findByAuthorOrderByYearDesc(String author, Limit limit)");
    assertTrue(desc.contains("sorted in memory among the first ones read in order. Plan: " + AUTHOR_YEAR_KEYS
        + " where {@code author = author}, in the order of its keys, backwards, " + IN_KEY_ORDER), desc);
    String asc = plan("List<Book> findByAuthorOrderByYearAsc(String author, Limit limit)");
    assertTrue(asc.contains(AUTHOR_YEAR_KEYS + " where {@code author = author}, in the order of its keys, " + IN_KEY_ORDER), asc);
    assertTrue(plan("List<Book> byAuthor(String author, Limit limit)").contains("in the order of its keys, backwards, "),
        "@Find with @OrderBy(descending) reads the same way");
    assertTrue(plan("List<Book> latestBy(String a, Limit limit)").contains(
        AUTHOR_YEAR_KEYS + " where {@code author = a}, in the order of its keys, backwards, "), "so does JDQL's ORDER BY ... DESC");
  }

  @Test
  void anOrderReadInKeyOrderIsAReverseIndexReadWithTheIndexOrderOfItsKeys() {
    String read = body("List<Book> findByAuthorOrderByYearDesc(String author, Limit limit)");
    assertTrue(read.contains("Candidates.index(store$ -> IndexScan.of(store$, \"byAuthorYear\").equal(author).reverse(), author)"), read);
    assertTrue(read.contains("IndexOrder.<Book>of(store$ -> IndexScan.of(store$, \"byAuthorYear\").equal(author), author)"
        + ".fixed(\"author\", author).key(\"year\", ValueKind.INT).key(\"id\", ValueKind.LONG)"), read);
    assertTrue(read.contains("ResultPages.end(limit)"), read);
  }

  @Test
  void anOrderTheKeysDoNotHoldIsSortedInMemoryAfterTheNarrowingRead() {
    for (String declaration : List.of("List<Book> findByAuthorOrderByTitle(String author, Limit limit)",
        "List<Book> findByAuthorOrderByYearDescIdAsc(String author, Limit limit)")) {
      String plan = plan(declaration);
      assertTrue(plan.contains("sorted in memory. Plan: " + AUTHOR_YEAR_KEYS + " where {@code author = author}, " + ROWS_OF_KEYS), plan);
      assertFalse(plan.contains("in the order of its keys"), declaration + " (mixed directions or a sort the keys do not hold)");
    }
  }

  @Test
  void aRunTimeOrderOnAPageNamesTheKeysThatCouldHoldIt() {
    String plan = plan("CursoredPage<Book> pageOfAuthor(String author, PageRequest page, Order<Book> order)");
    assertTrue(plan.contains("Order chosen at run time: when the order (static, then run time) is a leading part of"
        + " {@code (year, id)}, all ascending or all descending, it " + AUTHOR_YEAR_KEYS + " where {@code author = author} in"
        + " that order, forwards or backwards"), plan);
    assertTrue(plan.contains("The cursor of a page read in index order is a position in its keys"), plan);
  }

  @Test
  void aSortParameterOnAnUnlimitedListIsSortedInMemory() {
    String plan = plan("List<Book> findByAuthor(String author, Sort<Book> sort)");
    assertTrue(plan.contains("sorted in memory. Plan: " + AUTHOR_YEAR_KEYS + " where {@code author = author}, " + ROWS_OF_KEYS), plan);
    assertFalse(plan.contains("Order chosen at run time"), plan);
  }

  @Test
  void inOnAnIndexedPropertyReadsOneRangePerValue() {
    assertTrue(plan("List<Book> findByAuthorIn(List<String> authors)").contains(
        AUTHOR_YEAR_KEYS + " where {@code author} each value of {@code authors} (one range per value), " + ROWS_OF_KEYS));
  }

  @Test
  void equalityOrInOnTheIdReadsRowsByIdWithNoIndex() {
    assertTrue(plan("List<Book> findByIdIn(List<Long> ids)").contains(
        "Reads the row {@code (\"Book\", \"R\", id)} of each distinct id of {@code ids}, concurrently; no index."));
    assertTrue(plan("List<Book> findByIdAndAuthor(long id, String author)").contains(
        "Reads the row {@code (\"Book\", \"R\", id)} of {@code id}; no index. Checks the other conditions on it."),
        "the id wins over an index prefix");
  }

  @Test
  void aUniqueIndexIsReadByItsKey() {
    assertTrue(plan("Optional<Book> findByIsbn(String isbn)").contains("reading up to the second (a single result). Plan: reads index"
        + " {@code isbn}, keys {@code (\"Book\", \"U\", \"isbn\", isbn) = id} where {@code isbn = isbn}, " + ROWS_OF_KEYS));
  }

  @Test
  void anEqualityOnADecimalIsReadAsTheRangeOfEveryScale() {
    assertTrue(plan("List<Book> findByPrice(BigDecimal price)").contains(
        "reads index {@code price}, keys {@code (\"Book\", \"I\", \"price\", price, id)} where {@code price <= price <= price}"));
    assertTrue(plan("List<Book> findByPriceBetween(BigDecimal low, BigDecimal high)").contains("where {@code low <= price <= high}"));
  }

  @Test
  void aRangeOnADoubleIsReadFromItsIndex() {
    assertTrue(plan("List<Book> findByRatingGreaterThanEqual(double rating)").contains(
        "reads index {@code rating}, keys {@code (\"Book\", \"I\", \"rating\", rating, id)} where {@code rating >= rating}, " + ROWS_OF_KEYS));
  }

  @Test
  void anEnumEqualityIsReadFromItsIndexButAnEnumRangeIsCheckedOnEveryRow() {
    assertTrue(plan("List<Book> findByGenre(Book.Genre genre)").contains("reads index {@code genre}, keys"
        + " {@code (\"Book\", \"I\", \"genre\", genre, id)} where {@code genre = genre}"));
    assertTrue(plan("List<Book> findByGenreGreaterThan(Book.Genre genre)").contains("sorted in memory. Reads " + EVERY_ROW));
    assertEquals(NO_INDEX_CAN_READ, unserved().get("findByGenreGreaterThan"));
  }

  @Test
  void trueAndFalseAreEqualitiesOnABooleanIndex() {
    assertTrue(plan("List<Book> findByInPrintTrue()").contains(
        "reads index {@code inPrint}, keys {@code (\"Book\", \"I\", \"inPrint\", inPrint, id)} where {@code inPrint = true}"));
  }

  @Test
  void notIgnoreCaseAndNotEqualAreCheckedOnEveryRow() {
    Map<String, String> unserved = unserved();
    for (String method : List.of("findByAuthorNot", "findByAuthorIgnoreCase", "notBy")) {
      assertEquals(NO_INDEX_CAN_READ, unserved.get(method), method);
    }
    assertTrue(plan("List<Book> findByAuthorNot(String author)").contains("sorted in memory. Reads " + EVERY_ROW));
  }

  @Test
  void aConditionOnAPropertyWithNoIndexNamesTheIndexToAdd() {
    Map<String, String> unserved = unserved();
    assertEquals("@Index(name = \"byTitle\", fields = {\"title\"}) on Book would serve it", unserved.get("findByTitle"));
    assertEquals("@Index(name = \"byTitle\", fields = {\"title\"}) on Book would serve it", unserved.get("findByTitleStartsWith"));
    assertTrue(plan("List<Book> findByTitle(String title)").contains("No index narrows this read: reads " + EVERY_ROW));
  }

  @Test
  void orOfBranchesEachWithAnIndexIsAUnionOfTheirReads() {
    String union = "Plan: for each of its 2 Or branches in turn (an entity an earlier branch matches is skipped): "
        + AUTHOR_YEAR_KEYS + " where {@code author = %s}, " + ROWS_OF_KEYS + "; reads index {@code isbn}, keys"
        + " {@code (\"Book\", \"U\", \"isbn\", isbn) = id} where {@code isbn = %s}, " + ROWS_OF_KEYS;
    assertTrue(plan("List<Book> findByAuthorOrIsbn(String author, String isbn)").contains(union.formatted("author", "isbn")));
    assertTrue(plan("List<Book> authorOrIsbn(String a, String i)").contains(union.formatted("a", "i")), "JDQL's OR alike");
    String ordered = plan("List<Book> findByAuthorOrIsbnOrderByYear(String author, String isbn, Limit limit)");
    assertTrue(ordered.contains("sorted in memory. " + union.formatted("author", "isbn")), "the unique index holds no year order: " + ordered);
  }

  @Test
  void anOrOfMoreBranchesThanThePlannerReadsOneByOneReadsEveryRowAndSaysWhy() {
    int branches = Planner.MAX_BRANCHES + 1;
    List<String> isbns = IntStream.range(0, branches).mapToObj(i -> "'" + i + "'").toList();
    JavaFileObject wide = JavaFileObjects.forSourceLines("test.WideBooks",
        "package test;",
        "import jakarta.data.repository.*; import java.util.*;",
        "@Repository",
        "public interface WideBooks extends BasicRepository<Book, Long> {",
        "  @Query(\"WHERE isbn = " + String.join(" OR isbn = ", isbns) + "\") List<Book> anyOf();",
        "}");
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).compile(BOOK, wide);
    assertThat(c).hadWarningContaining("WideBooks.anyOf reads every Book row and checks its conditions in memory: its conditions"
        + " are joined by Or in " + branches + " branches, and at most " + Planner.MAX_BRANCHES + " are read one index read per"
        + " branch (declare several methods, or use In for alternatives of one property)");
  }

  @Test
  void orWithABranchNoIndexServesReadsEveryRow() {
    assertTrue(plan("List<Book> findByAuthorOrTitle(String author, String title)").contains("sorted in memory. Reads " + EVERY_ROW));
    assertEquals("its conditions are joined by Or, and not every branch can be read from an index or by id (each Or branch needs"
        + " an index serving one of its conditions; or declare one method per branch)", unserved().get("findByAuthorOrTitle"));
  }

  @Test
  void countsAndExistsReadOnlyIndexKeysWhenTheIndexAppliesEveryCondition() {
    String noRows = "one batch of BATCH keys at a time; no row reads (the index applies every condition).";
    assertTrue(plan("long countByAuthorAndYear(String author, int year)").contains("Counts the entities that match. Plan: "
        + AUTHOR_YEAR_KEYS + " where {@code author = author} and {@code year = year}, " + noRows));
    assertTrue(plan("boolean existsByInPrintTrue()").contains("Whether an entity matches. Plan: reads index {@code inPrint}"));
    assertTrue(plan("boolean existsByInPrintTrue()").contains(noRows));
    assertTrue(plan("boolean existsByIsbn(String isbn)").contains(noRows));
  }

  @Test
  void countsReadRowsWhenAConditionIsLeftToThemOrTheKeysAreFloating() {
    assertTrue(plan("long countByAuthorAndTitle(String author, String title)").contains(
        AUTHOR_YEAR_KEYS + " where {@code author = author}, " + ROWS_OF_KEYS));
    assertTrue(plan("long countByRatingGreaterThan(double rating)").contains(
        "where {@code rating > rating}, " + ROWS_OF_KEYS), "-0.0 and 0.0 share a key; only rows tell them apart");
  }

  @Test
  void jdqlLiteralsAndMirroredComparisonsAreServedLikeParameters() {
    String since = AUTHOR_YEAR_KEYS + " where {@code author = a} and {@code year >= 2000}, " + ROWS_OF_KEYS;
    assertTrue(plan("List<Book> sinceTwoThousand(String a)").contains(since));
    assertTrue(plan("List<Book> sinceTwoThousandMirrored(String a)").contains(since), "2000 <= year is year >= 2000");
  }

  @Test
  void jdqlDecimalLiteralsOnAnIntegerPropertyAreRoundedToTheIntegersTheyAccept() {
    assertTrue(plan("List<Book> afterHalf(String a)").contains("{@code year > 2000.5 rounded down to 2000}"));
    assertTrue(plan("List<Book> inHalf(String a)").contains("{@code 2000.5 rounded up to 2001 <= year <= 2000.5 rounded down to 2000}"),
        "an equality no integer meets reads an empty range");
  }

  @Test
  void exactlyTheMethodsNoIndexServesWarnOfReadingEveryRow() {
    assertEquals(List.of("findByAuthorIgnoreCase", "findByAuthorNot", "findByAuthorOrTitle", "findByGenreGreaterThan", "findByTitle",
        "findByTitleStartsWith", "findByYear", "notBy"), List.copyOf(unserved().keySet()));
  }
}
