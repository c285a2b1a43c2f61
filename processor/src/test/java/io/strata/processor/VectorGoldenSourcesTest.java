package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The generated sources of an entity with a grouped vector index ({@code golden/input/com/example/Doc.java}) and of its
 * {@code Near} methods in both dialects and of the generated repository's {@code nearest<Field>} searches, compared with reviewed golden files: the store's vector definition, the row's
 * {@code float[]}, and each search call with its plan javadoc.
 */
class VectorGoldenSourcesTest {
  private static JavaFileObject golden(String name) {
    return JavaFileObjects.forResource("golden/output/com/example/" + name + ".java");
  }

  @Test
  void aVectorIndexAndItsNearMethodsGenerateTheGoldenCodecAndImplementations() {
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).compile(Stream.of("Doc", "Docs", "DocSearch")
        .map(i -> JavaFileObjects.forResource("golden/input/com/example/" + i + ".java")).toList());
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.DocCodec").hasSourceEquivalentTo(golden("DocCodec"));
    assertThat(c).generatedSourceFile("com.example.DocsImpl").hasSourceEquivalentTo(golden("DocsImpl"));
    assertThat(c).generatedSourceFile("com.example.DocSearchImpl").hasSourceEquivalentTo(golden("DocSearchImpl"));
    assertThat(c).generatedSourceFile("com.example.DocRepository").hasSourceEquivalentTo(golden("DocRepository"));
  }
}
