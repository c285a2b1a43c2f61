package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One test per diagnostic of vector indexes ({@code @Embedding}) and their {@code Near} queries, with where it lands. */
class VectorCompileErrorsTest {

  /** {@code test.Doc}, its components {@code components} (declared on line 4). */
  private static JavaFileObject doc(String components) {
    return JavaFileObjects.forSourceLines("test.Doc",
        "package test;",
        "import io.strata.annotations.*;",
        "@Entity",
        "public record Doc(@Id long id, @Indexed String category, " + components + ") {}");
  }

  /** {@code test.Docs}, a repository of {@code Doc} declaring {@code method} on line 5. */
  private static JavaFileObject docs(String method) {
    return JavaFileObjects.forSourceLines("test.Docs",
        "package test;",
        "import io.strata.*; import io.strata.annotations.*; import java.util.*;",
        "@Repository",
        "public interface Docs extends CrudRepository<Doc, Long> {",
        "  " + method,
        "}");
  }

  private static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
  }

  private static void methodFails(String components, String method, String message) {
    JavaFileObject repo = docs(method);
    Compilation c = compile(doc(components), repo);
    assertThat(c).hadErrorContaining(message).inFile(repo).onLine(5);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void aFloatArrayFieldWithoutAnIndexIsStored() {
    assertThat(compile(doc("float[] vector"), docs("List<Doc> findByCategory(String category);")))
        .succeededWithoutWarnings();
  }

  @Test
  void nearOnAFloatArrayWithoutEmbeddingNamesTheAnnotationToAdd() {
    methodFails("float[] vector", "List<Doc> findTop10ByVectorNear(float[] query);",
        "findTop10ByVectorNear: Near on 'vector' asks for its nearest neighbours, but 'vector' has no @Embedding: store the"
            + " vectors in a float[] field annotated @Embedding(dimensions = ...), or use another operator");
  }

  private static final String EMBEDDED = "@Embedding(dimensions = 4, groupBy = \"category\") float[] vector, String title";

  /** {@code test.DocSearch}, a Jakarta Data repository of {@code Doc} declaring {@code method} on line 5. */
  private static JavaFileObject docSearch(String method) {
    return JavaFileObjects.forSourceLines("test.DocSearch",
        "package test;",
        "import io.strata.Scored; import jakarta.data.*; import jakarta.data.repository.*; import java.util.*;",
        "@Repository",
        "public interface DocSearch extends BasicRepository<Doc, Long> {",
        "  " + method,
        "}");
  }

  private static void jakartaFails(String method, String message) {
    JavaFileObject repo = docSearch(method);
    Compilation c = compile(doc(EMBEDDED), repo);
    assertThat(c).hadErrorContaining(message).inFile(repo).onLine(5);
    assertThat(c).hadErrorCount(1);
  }

  private static void entityFails(String components, String message) {
    JavaFileObject doc = doc(components);
    Compilation c = compile(doc);
    assertThat(c).hadErrorContaining(message).inFile(doc).onLine(4);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void embeddingOnAFieldThatIsNoFloatArrayIsAnError() {
    entityFails("@Embedding(dimensions = 4) String vector",
        "@Embedding goes on float[] fields only; 'vector' is java.lang.String: store the vector as a float[]");
  }

  @Test
  void embeddingWithoutPositiveDimensionsIsAnError() {
    entityFails("@Embedding(dimensions = 0) float[] vector", "@Embedding on 'vector' has dimensions = 0: say how many"
        + " components every vector has, at least 1 (e.g. @Embedding(dimensions = 384))");
  }

  @Test
  void embeddingGroupedByAFieldTheEntityDoesNotStoreIsAnErrorWithASuggestion() {
    entityFails("@Embedding(dimensions = 4, groupBy = \"categry\") float[] vector",
        "@Embedding 'vector' names field 'categry', which Doc does not store");
  }

  @Test
  void aGroupedIndexAndItsNearMethodsCompileWithoutWarnings() {
    assertThat(compile(doc(EMBEDDED), docs("List<Scored<Doc>> findTop10ByCategoryAndVectorNear(String category, float[] q);"),
        docSearch("List<Doc> findByCategoryAndVectorNear(String category, float[] q, Limit limit);")))
        .succeededWithoutWarnings();
  }

  @Test
  void jakartaNearOnAFieldWithoutEmbeddingIsAnError() {
    jakartaFails("List<Doc> findFirst3ByTitleNear(float[] q);", "DocSearch.findFirst3ByTitleNear: Near on 'title' asks for"
        + " its nearest neighbours, but 'title' has no @Embedding");
  }

  @Test
  void aQueryVectorThatIsNoFloatArrayIsAnError() {
    methodFails(EMBEDDED, "List<Doc> findTop3ByCategoryAndVectorNear(String category, double[] q);",
        "findTop3ByCategoryAndVectorNear: parameter 'q' is double[], but Near on vector (the query vector, 4 components)"
            + " needs float[]");
  }

  @Test
  void aNearWithoutKIsAnErrorInBothDialects() {
    String message = "Near on 'vector' returns the k nearest entities, but the method does not say k: write"
        + " findTop10By...Near (Strata) or findFirst10By...Near, or take a jakarta.data.Limit parameter (Jakarta Data)";
    methodFails(EMBEDDED, "List<Doc> findByCategoryAndVectorNear(String category, float[] q);", message);
    jakartaFails("List<Doc> findByCategoryAndVectorNear(String category, float[] q);", message);
  }

  @Test
  void aNearWithAnOrderByIsAnError() {
    methodFails(EMBEDDED, "List<Doc> findTop3ByCategoryAndVectorNearOrderByTitle(String category, float[] q);",
        "findTop3ByCategoryAndVectorNearOrderByTitle: the results of a Near come nearest first, not in an OrderBy order"
            + " (title): remove the OrderBy");
  }

  @Test
  void aNearOnAGroupedIndexWithoutTheGroupIsAnError() {
    methodFails(EMBEDDED, "List<Doc> findTop3ByVectorNear(float[] q);",
        "findTop3ByVectorNear: a Near on vector grouped by category searches one group at a time: add an equality on"
            + " category before the Near");
  }

  @Test
  void aNearUnderAnOrIsAnError() {
    methodFails(EMBEDDED, "List<Doc> findTop3ByCategoryAndVectorNearOrTitle(String category, float[] q, String title);",
        "findTop3ByCategoryAndVectorNearOrTitle: a Near under an Or: a Near is a condition joined to the others by And");
  }

  @Test
  void aNearMethodReturningAPageIsAnError() {
    methodFails(EMBEDDED, "Page<Doc> findTop3ByCategoryAndVectorNear(String category, float[] q);",
        "findTop3ByCategoryAndVectorNear: return type io.strata.Page<test.Doc> is not supported; a Near method returns"
            + " List<Doc>, List<Scored<Doc>>");
  }
}
