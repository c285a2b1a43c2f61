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
}
