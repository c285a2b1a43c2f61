package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * A snapshot of what the processor generates for every test fixture of both dialects, method by method, for diffing
 * before and after a change of the generator (issue 38 moves both dialects onto one planner and one method writer).
 * It compiles the Strata and Jakarta Data fixtures ({@code fixtures/}) and the golden inputs ({@code golden/input}),
 * and writes under {@code target/generated-methods/}: each generated file whole, each of its methods and constructors
 * (javadoc included) as {@code <class>/<method>(<parameter types>).java}, and each compilation's diagnostics. Nothing
 * is compared here (the golden files and the behaviour contracts are the guards); to see what a change does:
 * <pre>
 * mvn -B -ntp -o -q -pl processor -am test -Dtest=GeneratedMethodsSnapshotTest -Dsurefire.failIfNoSpecifiedTests=false
 * cp -r processor/target/generated-methods /tmp/before   # then change the generator, run it again, and
 * diff -r /tmp/before processor/target/generated-methods
 * </pre>
 */
class GeneratedMethodsSnapshotTest {
  private static final Path OUT = Path.of("target", "generated-methods");
  private static final Path FIXTURES = Path.of("src", "test", "java", "io", "strata", "processor", "fixtures");
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "input");

  @Test
  void everyFixtureRepositoryOfBothDialectsIsSnapshotMethodByMethod() throws IOException {
    clear(OUT);
    Map<String, Integer> methods = new TreeMap<>();
    methods.putAll(snapshot("fixtures", sources(FIXTURES)));
    methods.putAll(snapshot("golden", sources(GOLDEN)));
    for (String impl : List.of("io.strata.processor.fixtures.jakarta.GadgetsImpl", "io.strata.processor.fixtures.queries.TownsImpl",
        "io.strata.processor.fixtures.queries.ReadingsImpl", "com.example.ProductsImpl", "com.example.AccountsImpl")) {
      assertTrue(methods.getOrDefault(impl, 0) > 0, impl + " was generated and split into methods: " + methods.keySet());
    }
  }

  @Test
  void aMethodsSnapshotNameHoldsItsParameterTypesWithoutGenerics() {
    assertEquals("findByCountry(String,int,Continuation).java", fileName("findByCountry", List.of("String", "int", "Continuation")));
    assertEquals("find(List,Map).java", fileName("find", List.of("List<Sort<? super Gadget>>", "java.util.Map<String, Long>")));
    assertEquals("addAll(Product[]).java", fileName("addAll", List.of("Product...")));
  }

  private static List<Path> sources(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }

  /** Compiles {@code sources} with the processor and writes what it generated; returns the methods per generated class. */
  private static Map<String, Integer> snapshot(String name, List<Path> sources) throws IOException {
    List<JavaFileObject> inputs = new ArrayList<>();
    for (Path p : sources) {
      inputs.add(JavaFileObjects.forSourceString(className(p), Files.readString(p)));
    }
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).compile(inputs);
    assertThat(c).succeeded();
    Files.createDirectories(OUT);
    Files.writeString(OUT.resolve(name + "-diagnostics.txt"), c.diagnostics().stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE)
        .map(d -> d.getKind() + " " + (d.getSource() == null ? "" : Path.of(d.getSource().getName()).getFileName() + ":" + d.getLineNumber())
            + " " + d.getMessage(null))
        .sorted().collect(Collectors.joining("\n", "", "\n")), StandardCharsets.UTF_8);
    Map<String, Integer> methods = new TreeMap<>();
    for (JavaFileObject generated : c.generatedSourceFiles()) {
      String source = generated.getCharContent(true).toString();
      String type = generatedName(source, generated);
      Files.writeString(OUT.resolve(type + ".java"), source, StandardCharsets.UTF_8);
      methods.put(type, split(type, source));
    }
    return methods;
  }

  /** Writes each method and constructor of {@code source} to its own file under {@code OUT/type}; returns how many. */
  private static int split(String type, String source) throws IOException {
    JavacTask task = (JavacTask) ToolProvider.getSystemJavaCompiler().getTask(null, null, null, List.of("-proc:none"), null,
        List.of(JavaFileObjects.forSourceString(type, source)));
    SourcePositions positions = Trees.instance(task).getSourcePositions();
    int count = 0;
    for (CompilationUnitTree unit : task.parse()) {
      List<Member> members = new ArrayList<>();
      for (Tree t : unit.getTypeDecls()) {
        collect(unit, positions, (ClassTree) t, "", source, members);
      }
      Path dir = OUT.resolve(type);
      Files.createDirectories(dir);
      Map<String, Integer> seen = new TreeMap<>();
      for (Member m : members) {
        int n = seen.merge(m.file(), 1, Integer::sum);
        String fileName = n == 1 ? m.file() : m.file().replace(".java", "#" + n + ".java");
        Files.writeString(dir.resolve(fileName), m.text() + "\n", StandardCharsets.UTF_8);
        count++;
      }
    }
    return count;
  }

  private record Member(String file, String text) {}

  private static void collect(CompilationUnitTree unit, SourcePositions positions, ClassTree type, String outer, String source,
      List<Member> out) {
    String prefix = outer + (outer.isEmpty() ? "" : ".") + type.getSimpleName();
    for (Tree member : type.getMembers()) {
      if (member instanceof ClassTree nested) {
        collect(unit, positions, nested, prefix, source, out);
      } else if (member instanceof MethodTree m) {
        int start = withJavadoc(source, (int) positions.getStartPosition(unit, m));
        int end = (int) positions.getEndPosition(unit, m);
        String name = m.getName().contentEquals("<init>") ? type.getSimpleName().toString() : m.getName().toString();
        List<String> parameters = m.getParameters().stream().map(VariableTree::getType).map(Tree::toString).toList();
        String nested = prefix.contains(".") ? prefix.substring(prefix.indexOf('.') + 1) + "." : "";
        out.add(new Member(nested + fileName(name, parameters), source.substring(start, end)));
      }
    }
  }

  /** {@code name(T1,T2).java}: the parameter types without type arguments, a varargs parameter as an array. */
  static String fileName(String name, List<String> parameterTypes) {
    return name + "(" + parameterTypes.stream().map(GeneratedMethodsSnapshotTest::erased).collect(Collectors.joining(",")) + ").java";
  }

  private static String erased(String type) {
    StringBuilder b = new StringBuilder();
    int depth = 0;
    for (char ch : type.toCharArray()) {
      if (ch == '<') {
        depth++;
      } else if (ch == '>') {
        depth--;
      } else if (depth == 0) {
        b.append(ch);
      }
    }
    String simple = b.toString().replace("...", "[]").trim();
    return simple.substring(simple.lastIndexOf('.', simple.indexOf('[') < 0 ? simple.length() : simple.indexOf('[')) + 1);
  }

  /** {@code start}, moved back over the javadoc right before it, if any. */
  private static int withJavadoc(String source, int start) {
    int before = start;
    while (before > 0 && Character.isWhitespace(source.charAt(before - 1))) {
      before--;
    }
    if (before >= 2 && source.startsWith("*/", before - 2)) {
      int doc = source.lastIndexOf("/**", before - 2);
      if (doc >= 0) {
        return doc;
      }
    }
    return start;
  }

  /** The qualified name of the class a fixture file declares: its package and file name. */
  private static String className(Path file) throws IOException {
    String pkg = Files.readAllLines(file).stream().filter(l -> l.startsWith("package ")).findFirst()
        .map(l -> l.substring("package ".length(), l.indexOf(';')).trim()).orElse("");
    String simple = file.getFileName().toString().replace(".java", "");
    return pkg.isEmpty() ? simple : pkg + "." + simple;
  }

  /** The qualified name of a generated source: its package and its file's simple name. */
  private static String generatedName(String source, JavaFileObject file) {
    String simple = Path.of(file.getName()).getFileName().toString().replace(".java", "");
    int at = source.indexOf("package ");
    return at < 0 ? simple : source.substring(at + "package ".length(), source.indexOf(';', at)).trim() + "." + simple;
  }

  private static void clear(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
