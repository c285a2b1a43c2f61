package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The generated sources for a record entity and a class entity, compared with reviewed golden files
 * under {@code src/test/resources/golden}. When the generator changes on purpose, review the new output
 * and replace the golden file.
 */
class GoldenSourcesTest {

  private static Compilation compile(String... inputs) {
    return Compiler.javac().withProcessors(new StrataProcessor())
        .compile(Arrays.stream(inputs).map(i -> JavaFileObjects.forResource("golden/input/com/example/" + i + ".java")).toList());
  }

  private static JavaFileObject golden(String name) {
    return JavaFileObjects.forResource("golden/output/com/example/" + name + ".java");
  }

  @Test
  void recordEntityGeneratesTheGoldenCodecAndRepository() {
    Compilation c = compile("Account");
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.AccountCodec").hasSourceEquivalentTo(golden("AccountCodec"));
    assertThat(c).generatedSourceFile("com.example.AccountRepository").hasSourceEquivalentTo(golden("AccountRepository"));
    assertThat(c).generatedSourceFile("com.example._Account").hasSourceEquivalentTo(golden("_Account"));
  }

  @Test
  void classEntityGeneratesTheGoldenCodecAndRepository() {
    Compilation c = compile("Device");
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.DeviceCodec").hasSourceEquivalentTo(golden("DeviceCodec"));
    assertThat(c).generatedSourceFile("com.example.DeviceRepository").hasSourceEquivalentTo(golden("DeviceRepository"));
  }

  @Test
  void declaredRepositoryGeneratesTheGoldenImpl() {
    Compilation c = compile("Account", "Accounts");
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.AccountsImpl").hasSourceEquivalentTo(golden("AccountsImpl"));
  }

  @Test
  void jakartaDataRepositoryGeneratesTheGoldenCodecImplAndMetamodel() {
    Compilation c = compile("Product", "Products");
    assertThat(c).succeeded();
    // the methods no index serves, each named with why or the index that would serve it (docs/jakarta-data.md)
    assertEquals(List.of("countByKindNot: none of its conditions", "existsByGradeIn: @Index(name = \"byGrade\", fields = {\"grade\"})",
        "deleteByIsFragileTrue: @Index(name = \"byIsFragile\", fields = {\"isFragile\"})",
        "fragile: @Index(name = \"byIsFragile\", fields = {\"isFragile\"})"), // reprice: its enum literal reads index kind
        c.warnings().stream().map(w -> w.getMessage(null)).filter(m -> m.contains("reads every Product row"))
            .map(m -> m.substring("Products.".length(), m.indexOf(" reads")) + ": " + m.substring(m.indexOf("memory: ") + 8)
                .replaceAll("( on Product would serve it| can be read from an index).*", ""))
            .toList());
    assertThat(c).generatedSourceFile("com.example.ProductCodec").hasSourceEquivalentTo(golden("ProductCodec"));
    assertThat(c).generatedSourceFile("com.example.ProductsImpl").hasSourceEquivalentTo(golden("ProductsImpl"));
    assertThat(c).generatedSourceFile("com.example._Product").hasSourceEquivalentTo(golden("_Product"));
    assertFalse(c.generatedSourceFile("com.example.ProductRepository").isPresent(),
        "a jakarta.nosql entity gets no <Type>Repository: Jakarta Data users name their own repositories so");
  }

  @Test
  void outputIsDeterministic() throws IOException {
    String first = compile("Account", "Device").generatedSourceFile("com.example.AccountRepository").orElseThrow().getCharContent(true).toString();
    String second = compile("Device", "Account").generatedSourceFile("com.example.AccountRepository").orElseThrow().getCharContent(true).toString();
    assertTrue(first.equals(second), "the same input in another order generates the same source");
  }

  @Test
  void withoutJakartaInjectOnTheClasspathTheRepositoryDoesNotReferenceIt() throws IOException {
    List<File> classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(p -> !p.contains("jakarta.inject"))
        .map(File::new)
        .toList();
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).withClasspath(classpath)
        .compile(JavaFileObjects.forResource("golden/input/com/example/Account.java"),
            JavaFileObjects.forResource("golden/input/com/example/Accounts.java"));
    assertThat(c).succeeded();
    String source = c.generatedSourceFile("com.example.AccountRepository").orElseThrow().getCharContent(true).toString();
    assertFalse(source.contains("jakarta"), source);
    String impl = c.generatedSourceFile("com.example.AccountsImpl").orElseThrow().getCharContent(true).toString();
    assertFalse(impl.contains("jakarta"), impl);
    assertTrue(impl.contains("public AccountsImpl(StrataDb sdb)"), impl);
  }

  @Test
  void withJakartaInjectTheRepositoryIsAnInjectableSingleton() throws IOException {
    String source = compile("Account").generatedSourceFile("com.example.AccountRepository").orElseThrow().getCharContent(true).toString();
    assertTrue(source.contains("@Singleton") && source.contains("@Inject"), source);
  }

  /**
   * Methods taking a {@code Restriction<Account>}: each one's own query as a {@code DeclaredQuery} constant and a body
   * handing it with the restriction to the run-time planner ({@code RuntimeQueries.declared}).
   */
  @Test
  void restrictedMethodsGenerateTheGoldenImplementation() {
    Compilation c = compile("Account", "AccountSearch");
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.AccountSearchImpl").hasSourceEquivalentTo(golden("AccountSearchImpl"));
  }

  /**
   * Jakarta Data methods taking a {@code Restriction<Product>}: their own query as a {@code DeclaredQuery} constant, a
   * body handing it with the restriction to {@code RuntimeQueries.declared}, then the Jakarta special parameters
   * ({@code RestrictedReads}) and Jakarta's single-result exceptions ({@code ResultPages}).
   */
  @Test
  void jakartaRestrictedMethodsGenerateTheGoldenImplementation() {
    Compilation c = compile("Product", "ProductSearch");
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.ProductSearchImpl").hasSourceEquivalentTo(golden("ProductSearchImpl"));
  }
}
