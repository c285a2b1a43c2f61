package io.strata.processor.behaviour;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The javadoc the processor wrote on each method of a generated repository, read from the generated source (the
 * compilation the running test classes came from: {@code -Astrata.packed=false}'s own directory in the per-field run):
 * its plan's key lines ({@code PlanText.indexKeys}, one per index read) and the method's parameter names.
 */
final class GeneratedDocs {
  /** A key line: from {@code reads index} to the words saying how the keys are read. */
  private static final Pattern KEY_LINE = Pattern.compile(
      "reads index \\{@code .*?(?=, forwards|, backwards|, one batch|, in the order|, in batches|, one page|, at most| in that order|; |\\.(?: |$))");
  private static final Pattern SIGNATURE = Pattern.compile("\\b(\\w+)\\((.*)\\)\\s*(?:throws [^{]*)?\\{$");

  /** A method's javadoc and parameter names. */
  record Doc(String javadoc, List<String> parameters) {
    /** Its key lines, javadoc's code markers dropped (as {@code Finder.explain()} shows them). */
    List<String> keyLines() {
      List<String> lines = new ArrayList<>();
      Matcher m = KEY_LINE.matcher(javadoc);
      while (m.find()) {
        lines.add(m.group().replaceAll("\\{@code ([^}]*)}", "$1"));
      }
      return lines;
    }
  }

  private final Map<String, Doc> docs = new HashMap<>();

  private GeneratedDocs(List<String> lines) {
    StringBuilder javadoc = null;
    String doc = null;
    StringBuilder signature = null;
    for (String raw : lines) {
      String line = raw.strip();
      if (line.startsWith("/**")) {
        javadoc = new StringBuilder();
        signature = null;
      } else if (javadoc != null && line.startsWith("*/")) {
        doc = javadoc.toString().strip();
        javadoc = null;
        signature = new StringBuilder();
      } else if (javadoc != null) {
        javadoc.append(line.startsWith("*") ? line.substring(1).strip() : line).append(' ');
      } else if (signature != null && !line.startsWith("@")) {
        signature.append(line).append(' ');
        if (line.endsWith("{") || line.endsWith(";")) {
          Matcher m = SIGNATURE.matcher(signature.toString().strip());
          if (m.find()) {
            List<String> types = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (String p : parameters(m.group(2))) {
              int space = p.lastIndexOf(' ');
              types.add(simple(p.substring(0, space)));
              names.add(p.substring(space + 1));
            }
            docs.put(m.group(1) + types, new Doc(doc, names));
          }
          signature = null;
        }
      }
    }
  }

  /** The javadoc of the generated implementation {@code impl}'s methods. */
  static GeneratedDocs of(Class<?> impl) {
    String dir = "per-field".equals(System.getProperty("strata.test.rows")) ? "per-field" : "test-annotations";
    Path source = Path.of("target", "generated-test-sources", dir).resolve(impl.getName().replace('.', '/') + ".java");
    try {
      return new GeneratedDocs(Files.readAllLines(source));
    } catch (IOException e) {
      throw new UncheckedIOException("the generated source of " + impl.getName() + " (run from the processor module)", e);
    }
  }

  /** The generated javadoc of the method {@code m} declares. */
  Doc of(Method m) {
    String key = m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).toList();
    Doc doc = docs.get(key);
    if (doc == null) {
      throw new AssertionError("no generated method " + key + " among " + docs.keySet());
    }
    return doc;
  }

  /** A parameter list split at its top-level commas. */
  private static List<String> parameters(String list) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < list.length(); i++) {
      char c = list.charAt(i);
      depth += c == '<' ? 1 : c == '>' ? -1 : 0;
      if (c == ',' && depth == 0) {
        out.add(list.substring(start, i).strip());
        start = i + 1;
      }
    }
    if (!list.isBlank()) {
      out.add(list.substring(start).strip());
    }
    return out;
  }

  /** A source type as {@link Class#getSimpleName()} writes it: no type arguments or package, varargs an array. */
  private static String simple(String type) {
    String raw = type.replaceAll("<.*>", "").replaceAll("^final ", "").strip();
    boolean array = raw.endsWith("...") || raw.endsWith("[]");
    String element = array ? raw.substring(0, raw.length() - (raw.endsWith("...") ? 3 : 2)) : raw;
    return element.substring(element.lastIndexOf('.') + 1) + (array ? "[]" : "");
  }
}
