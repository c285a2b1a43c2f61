package io.strata.query.jdql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Jakarta Data 1.0's TCK, read from its sources jar (a test dependency) with javac's tree API (syntax only: no
 * classpath needed): every {@code @Query} it declares, a string literal or a concatenation of them, parses; and its
 * standalone tests for a NoSQL provider are the 75 that docs/jakarta-data.md inventories.
 */
class TckSourcesTest {
  /** How many {@code @Query} annotations jakarta.data-tck 1.0.0 declares; a different count means a different TCK. */
  private static final int TCK_QUERIES = 19;

  /** The annotations named {@code name} in the TCK's sources, by path (under ee/jakarta/tck/data/) and line. */
  private static Map<String, AnnotationTree> annotations(String name) throws IOException {
    URL anchor = TckSourcesTest.class.getClassLoader()
        .getResource("ee/jakarta/tck/data/standalone/entity/EntityTests.java");
    assertNotNull(anchor, "jakarta.data-tck:sources is not on the test classpath");
    List<JavaFileObject> sources = new ArrayList<>();
    try (JarFile jar = ((JarURLConnection) anchor.openConnection()).getJarFile()) {
      for (JarEntry entry : Collections.list(jar.entries())) {
        if (entry.getName().endsWith(".java")) {
          try (InputStream in = jar.getInputStream(entry)) {
            sources.add(source(entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8)));
          }
        }
      }
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    JavacTask task = (JavacTask) javac.getTask(null, null, diagnostic -> {}, List.of("-proc:none"), null, sources);
    Map<String, AnnotationTree> found = new TreeMap<>();
    for (CompilationUnitTree unit : task.parse()) {
      String file = unit.getSourceFile().getName().replaceFirst(".*/ee/jakarta/tck/data/", "");
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitAnnotation(AnnotationTree annotation, Void unused) {
          String type = annotation.getAnnotationType().toString();
          if (type.equals(name) || type.endsWith("." + name)) {
            long line = unit.getLineMap().getLineNumber(
                Trees.instance(task).getSourcePositions().getStartPosition(unit, annotation));
            found.put(file + ":" + line, annotation);
          }
          return super.visitAnnotation(annotation, unused);
        }
      }.scan(unit, null);
    }
    return found;
  }

  /** The TCK's {@code @Query} values, by path and line. */
  private static Map<String, String> tckQueries() throws IOException {
    Map<String, String> queries = new TreeMap<>();
    annotations("Query").forEach((where, annotation) -> {
      ExpressionTree argument = annotation.getArguments().get(0);
      if (argument instanceof AssignmentTree assignment) {
        argument = assignment.getExpression();
      }
      queries.put(where, constant(argument));
    });
    return queries;
  }

  @Test
  void theStandaloneTestsOfANoSqlProviderAreTheInventoried75() throws IOException {
    Map<String, Long> tests = new TreeMap<>();
    annotations("Assertion").keySet().forEach(where -> tests.merge(where.replaceFirst(":.*", ""), 1L, Long::sum));
    assertEquals(73L, tests.get("standalone/entity/EntityTests.java"));
    assertEquals(1L, tests.get("standalone/nosql/example/NoSQLEntityTests.java"));
    assertEquals(1L, tests.get("standalone/signature/SignatureTests.java"));
    assertEquals(10L, tests.get("standalone/persistence/PersistenceEntityTests.java"), "tagged persistence: not run");
  }

  @Test
  void everyQueryOfTheTckParses() throws IOException {
    Map<String, String> queries = tckQueries();
    assertEquals(TCK_QUERIES, queries.size(), () -> "@Query annotations found: " + queries.keySet());
    List<String> failures = new ArrayList<>();
    queries.forEach((where, query) -> {
      try {
        JdqlParser.parse(query);
      } catch (JdqlSyntaxException e) {
        failures.add(where + " \"" + query + "\": " + e.getMessage());
      }
    });
    assertEquals(List.of(), failures);
  }

  @Test
  void theTckQueriesParseToTheIntendedTrees() throws IOException {
    Map<String, String> queries = tckQueries();
    assertEquals("WHERE ((numBitsRequired = :bits) OR ((numType = :type) AND (id < :xmax)))",
        JdqlRendering.render(JdqlParser.parse(queries.get("framework/read/only/PositiveIntegers.java:74"))));
    assertEquals("SELECT thisCharacter WHERE ((((hexadecimal LIKE '4_') AND (hexadecimal NOT LIKE '%0'))"
            + " AND (thisCharacter NOT IN ('E', 'G'))) AND (id NOT BETWEEN 72 AND 78)) ORDER BY id ASC",
        JdqlRendering.render(JdqlParser.parse(queries.get("framework/read/only/AsciiCharacters.java:83"))));
    assertEquals("WHERE ((hexadecimal <> ' ORDER BY isn''t a keyword when inside a literal')"
            + " AND (hexadecimal IN ('4a', '4b', '4c', ?1)))",
        JdqlRendering.render(JdqlParser.parse(queries.get("framework/read/only/AsciiCharacters.java:93"))));
  }

  private static String constant(ExpressionTree expression) {
    if (expression instanceof LiteralTree literal && literal.getValue() instanceof String value) {
      return value;
    }
    if (expression instanceof ParenthesizedTree parenthesized) {
      return constant(parenthesized.getExpression());
    }
    if (expression instanceof BinaryTree binary && binary.getKind() == Tree.Kind.PLUS) {
      return constant(binary.getLeftOperand()) + constant(binary.getRightOperand());
    }
    return fail("a @Query value that is not a string constant: " + expression);
  }

  private static JavaFileObject source(String path, String text) {
    return new SimpleJavaFileObject(URI.create("string:///" + path), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return text;
      }
    };
  }
}
