package io.strata.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every method shape Jakarta Data 1.0's Query by Method Name allows either compiles (its generated code included) or
 * gets an error on the method itself: never a syntax error in generated code, never a silent miss. The shapes are
 * generated here by combining the grammar's parts — actions, {@code First[N]}, conditions {@code Property[IgnoreCase][Not]
 * [Operator]} joined by {@code And}/{@code Or}, {@code OrderBy...Asc/Desc}, the special parameters and the result types
 * — over an entity with properties of several types.
 *
 * <p>They are compiled together, spread over repository interfaces so that no two share a signature, with per-method
 * attribution: a first compile finds the methods the processor rejects (an error on the method's own line), a second
 * compiles the rest, whose generated code must then compile without an error. (Before, {@code long countBy();}
 * generated {@code matching(e -> , ...)}.)
 */
class MethodNameGrammarCorpusTest {
  /** The entity's persistent properties and their Java types. */
  private static final Map<String, String> PROPERTIES = new LinkedHashMap<>();

  static {
    PROPERTIES.put("id", "long");
    PROPERTIES.put("name", "String");
    PROPERTIES.put("count", "int");
    PROPERTIES.put("active", "boolean");
    PROPERTIES.put("price", "double");
    PROPERTIES.put("made", "java.time.LocalDate");
    PROPERTIES.put("stock", "Long");
  }

  private static final List<String> ACTIONS = List.of("find", "count", "exists", "delete");
  private static final List<String> LIMITS = List.of("", "First", "First3");
  private static final List<String> IGNORED_TEXT = List.of("", "Items");
  private static final List<String> ORDERS = List.of("", "OrderByName", "OrderByNameAsc", "OrderByPriceDesc",
      "OrderByCountDescIdAsc", "OrderByActiveAscMadeDesc");
  /** The grammar's operators (and {@code Empty}, which some providers accept), each with its parameter count. */
  private static final Map<String, Integer> OPERATORS = new LinkedHashMap<>();

  static {
    OPERATORS.put("", 1);
    for (String comparison : List.of("GreaterThan", "GreaterThanEqual", "LessThan", "LessThanEqual", "Contains", "EndsWith",
        "StartsWith", "Like", "In")) {
      OPERATORS.put(comparison, 1);
    }
    OPERATORS.put("Between", 2);
    for (String unary : List.of("Null", "True", "False", "Empty")) {
      OPERATORS.put(unary, 0);
    }
  }

  private static final List<String> MODIFIERS = List.of("", "Not", "IgnoreCase", "IgnoreCaseNot");
  private static final List<String> FIND_RESULTS = List.of("List<Item>", "Stream<Item>", "Item[]", "Optional<Item>", "Item",
      "long", "int", "boolean", "void", "Page<Item>", "CursoredPage<Item>");
  private static final List<String> COUNT_RESULTS = List.of("long", "int", "boolean", "void", "Long", "List<Item>",
      "Optional<Item>");
  /** Special parameters after the query's own: none, {@code Limit}, sorts, a page request, combinations. */
  private static final List<List<String>> SPECIAL = List.of(List.of(), List.of("Limit"), List.of("Sort<Item>"),
      List.of("Order<Item>"), List.of("Sort<Item>[]"), List.of("Sort<Item>..."), List.of("PageRequest"),
      List.of("Limit", "Sort<Item>"), List.of("PageRequest", "Order<Item>"));

  /** One generated repository method: result type, name (the query), parameter types. */
  private record Shape(String result, String name, List<String> parameters) {
    String declaration() {
      List<String> declared = new ArrayList<>();
      for (int i = 0; i < parameters.size(); i++) {
        declared.add(parameters.get(i) + " a" + i);
      }
      return result + " " + name + "(" + String.join(", ", declared) + ");";
    }

    String signature() {
      return name + parameters.stream().map(p -> p.replace("...", "[]")).toList();
    }
  }

  /** A condition's text and the types of the parameters it takes. */
  private record Condition(String text, List<String> parameters) {}

  private static Condition condition(String property, String modifier, String operator) {
    String type = PROPERTIES.get(property);
    String parameter = switch (operator) {
      case "Contains", "EndsWith", "StartsWith", "Like" -> "String";
      case "In" -> "List<" + boxed(type) + ">";
      default -> type;
    };
    List<String> parameters = new ArrayList<>();
    for (int i = 0; i < OPERATORS.get(operator); i++) {
      parameters.add(parameter);
    }
    return new Condition(capitalized(property) + modifier + operator, parameters);
  }

  private static List<Shape> corpus() {
    List<Shape> out = new ArrayList<>();
    // every property with every operator and modifier
    for (String property : PROPERTIES.keySet()) {
      for (String modifier : MODIFIERS) {
        for (String operator : OPERATORS.keySet()) {
          Condition c = condition(property, modifier, operator);
          out.add(new Shape("List<Item>", "findBy" + c.text(), c.parameters()));
        }
      }
    }
    // every action, limit, ignored text and result, with no condition, an empty By and one condition
    List<Condition> restrictions = List.of(new Condition("", List.of()), new Condition("By", List.of()),
        new Condition("ByName", List.of("String")), new Condition("ByCountLessThan", List.of("int")));
    for (String action : ACTIONS) {
      for (String limit : LIMITS) {
        for (String ignored : limit.isEmpty() ? IGNORED_TEXT : List.of("")) {
          for (Condition r : restrictions) {
            for (String result : action.equals("find") ? FIND_RESULTS : COUNT_RESULTS) {
              List<String> parameters = new ArrayList<>(r.parameters());
              if (result.contains("Page")) {
                parameters.add("PageRequest");
              }
              out.add(new Shape(result, action + limit + ignored + r.text(), parameters));
            }
          }
        }
      }
    }
    // conditions joined by And and Or, two and three at a time
    List<Condition> seeds = List.of(condition("name", "", "StartsWith"), condition("count", "", "GreaterThan"),
        condition("active", "", "True"), condition("price", "", "Between"), condition("id", "", "In"),
        condition("name", "IgnoreCaseNot", "Like"), condition("stock", "Not", "Null"), condition("made", "", "LessThanEqual"));
    for (int i = 0; i < seeds.size(); i++) {
      Condition next = seeds.get((i + 1) % seeds.size());
      Condition after = seeds.get((i + 2) % seeds.size());
      for (String join : List.of("And", "Or")) {
        out.add(joined("findBy", List.of(seeds.get(i), next), List.of(join), "List<Item>"));
        for (String second : List.of("And", "Or")) {
          out.add(joined("countBy", List.of(seeds.get(i), next, after), List.of(join, second), "long"));
        }
      }
    }
    // static orders with each special parameter, and each result with each special parameter
    for (String prefix : List.of("findByCountGreaterThan", "findFirst2ByCountGreaterThan", "find")) {
      List<String> own = prefix.endsWith("GreaterThan") ? List.of("int") : List.of();
      for (List<String> special : SPECIAL) {
        for (String order : ORDERS) {
          String result = special.contains("PageRequest") ? "CursoredPage<Item>" : "List<Item>";
          out.add(new Shape(result, prefix + order, concat(own, special)));
        }
        for (String result : List.of("List<Item>", "Stream<Item>", "Item[]", "Optional<Item>", "Item", "Page<Item>",
            "CursoredPage<Item>")) {
          out.add(new Shape(result, prefix + "OrderByPriceDesc", concat(own, special)));
        }
      }
    }
    return out;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private static Shape joined(String start, List<Condition> conditions, List<String> joins, String result) {
    StringBuilder name = new StringBuilder(start);
    List<String> parameters = new ArrayList<>();
    for (int i = 0; i < conditions.size(); i++) {
      name.append(i == 0 ? "" : joins.get(i - 1)).append(conditions.get(i).text());
      parameters.addAll(conditions.get(i).parameters());
    }
    return new Shape(result, name.toString(), parameters);
  }

  @Test
  void everyMethodShapeOfTheGrammarCompilesOrIsAnErrorOnTheMethod() throws IOException {
    List<List<Shape>> repositories = spread(corpus());
    Map<String, Shape> rejected = new LinkedHashMap<>();
    List<List<Shape>> accepted = repositories;
    Compilation c;
    // a repository with a rejected method is not generated, so its other methods' code is compiled once it has none
    do {
      c = compile(accepted);
      List<String> misplaced = new ArrayList<>();
      int before = rejected.size();
      for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
        if (d.getSource() != null && d.getSource().getName().contains("SOURCE_OUTPUT")) {
          continue; // generated code: reported by method once no repository has a rejected method
        }
        Shape s = at(accepted, d);
        if (s == null) {
          misplaced.add(describe(d));
        } else {
          rejected.put(s.declaration(), s);
        }
      }
      assertEquals(List.of(), misplaced, "errors on no repository method");
      if (rejected.size() == before) {
        break;
      }
      Set<Shape> dropped = new HashSet<>(rejected.values());
      accepted = accepted.stream().map(r -> r.stream().filter(s -> !dropped.contains(s)).toList()).toList();
    } while (true);
    Set<String> broken = new TreeSet<>();
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      broken.add(generatedMethod(d) + ": " + describe(d));
    }
    assertEquals(Set.of(), broken, "generated code that does not compile");
    for (int r = 0; r < accepted.size(); r++) {
      String impl = "test.Repo" + r + "Impl";
      assertTrue(c.generatedSourceFile(impl).isPresent() || accepted.get(r).isEmpty(), impl + " was not generated");
    }
    int total = repositories.stream().mapToInt(List::size).sum();
    assertTrue(rejected.size() < total / 2, rejected.size() + " of " + total + " shapes rejected: " + rejected.keySet());
  }

  /** Each shape in the first repository that has no method of its signature yet, one per name and parameters. */
  private static List<List<Shape>> spread(List<Shape> shapes) {
    List<List<Shape>> repositories = new ArrayList<>();
    List<Set<String>> signatures = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Shape s : shapes) {
      if (!seen.add(s.declaration())) {
        continue;
      }
      int r = 0;
      while (r < repositories.size() && signatures.get(r).contains(s.signature())) {
        r++;
      }
      if (r == repositories.size()) {
        repositories.add(new ArrayList<>());
        signatures.add(new HashSet<>());
      }
      repositories.get(r).add(s);
      signatures.get(r).add(s.signature());
    }
    return repositories;
  }

  private static Compilation compile(List<List<Shape>> repositories) {
    List<JavaFileObject> sources = new ArrayList<>();
    sources.add(JavaFileObjects.forSourceLines("test.Item", "package test;", "import jakarta.nosql.*;", "@Entity",
        "public class Item {", "  @Id public long id;", "  @Column public String name;", "  @Column public int count;",
        "  @Column public boolean active;", "  @Column public double price;", "  @Column public java.time.LocalDate made;",
        "  @Column public Long stock;", "}"));
    for (int r = 0; r < repositories.size(); r++) {
      List<String> lines = new ArrayList<>(List.of("package test;",
          "import jakarta.data.*; import jakarta.data.page.*; import jakarta.data.repository.*; import java.util.*;"
              + " import java.util.stream.*;",
          "@Repository", "public interface Repo" + r + " extends DataRepository<Item, Long> {"));
      repositories.get(r).forEach(s -> lines.add("  " + s.declaration()));
      lines.add("}");
      sources.add(JavaFileObjects.forSourceLines("test.Repo" + r, lines.toArray(String[]::new)));
    }
    return Compiler.javac().withProcessors(new StrataProcessor()).withOptions("-Xmaxerrs", "100000").compile(sources);
  }

  /** The shape declared on the line of {@code d} in a repository's source, or null when it is on none. */
  private static Shape at(List<List<Shape>> repositories, Diagnostic<? extends JavaFileObject> d) {
    if (d.getSource() == null || !d.getSource().getName().matches("(.*/)?test/Repo\\d+\\.java")) {
      return null;
    }
    String file = d.getSource().getName();
    int r = Integer.parseInt(file.substring(file.lastIndexOf("Repo") + 4, file.length() - 5));
    int method = (int) d.getLineNumber() - 5;
    return method >= 0 && method < repositories.get(r).size() ? repositories.get(r).get(method) : null;
  }

  /** The generated method an error in generated code lies in: the nearest method declaration above its line. */
  private static String generatedMethod(Diagnostic<? extends JavaFileObject> d) {
    if (d.getSource() == null) {
      return "(no source)";
    }
    try {
      String[] lines = d.getSource().getCharContent(true).toString().split("\n", -1);
      for (int i = (int) d.getLineNumber() - 1; i >= 0 && i < lines.length; i--) {
        if (lines[i].matches("  public .*\\(.*")) {
          return d.getSource().getName() + " " + lines[i].trim();
        }
      }
      return d.getSource().getName();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String describe(Diagnostic<? extends JavaFileObject> d) {
    return (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ") + d.getMessage(Locale.ROOT);
  }

  private static String boxed(String type) {
    return switch (type) {
      case "long" -> "Long";
      case "int" -> "Integer";
      case "boolean" -> "Boolean";
      case "double" -> "Double";
      default -> type;
    };
  }

  private static String capitalized(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
