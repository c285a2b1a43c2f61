package io.strata.query.schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The text form of an {@link EntitySchema}: a comment header, then one {@code key = value} line per
 * fact, sorted by key, with no timestamps, so a snapshot under version control changes exactly where
 * the schema did. Names in keys are %-escaped where they hold {@code . = % #}, spaces or control
 * characters (index names are free text). Example:
 *
 * <pre>
 * entity.class = com.example.User
 * entity.columnMajor = false
 * entity.fieldOrder = id, age
 * entity.name = User
 * entity.packed = true
 * field.age.encoding = integer(32)
 * field.age.type = int
 * format = 1
 * id = id
 * index.byCityAge.covering = false
 * index.byCityAge.fields = city, age
 * index.byCityAge.unique = false
 * derived.peopleByCity = aggregate COUNT by (city)
 * </pre>
 *
 * <p>Keys added after format 1 was first written, each read as "not recorded" from a snapshot without it:
 * {@code entity.packed}, {@code entity.fieldOrder} (the declaration order of the stored fields) and
 * {@code spatial.<field>.ranges} (a {@code @Spatial} field's {@code maxRanges}).
 */
public final class SchemaFormat {
  /** Bumped when a snapshot written by this version could not be read by an older one. */
  static final int VERSION = 1;

  private SchemaFormat() {}

  /** A snapshot that does not parse: the line (1-based) and what is wrong with it. */
  public static final class MalformedException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedException(int line, String problem) {
      super("line " + line + ": " + problem);
    }
  }

  /** The snapshot text of {@code schema}. */
  public static String write(EntitySchema schema) {
    Map<String, String> lines = new TreeMap<>();
    lines.put("format", Integer.toString(VERSION));
    lines.put("entity.class", schema.className());
    lines.put("entity.name", schema.entityName());
    lines.put("entity.columnMajor", Boolean.toString(schema.columnMajor()));
    if (schema.packed() != null) {
      lines.put("entity.packed", Boolean.toString(schema.packed()));
    }
    if (!schema.fieldOrder().isEmpty()) {
      lines.put("entity.fieldOrder", String.join(", ", schema.fieldOrder()));
    }
    lines.put("id", schema.idField());
    putFields(lines, "field.", schema.fields());
    putIndexes(lines, "index.", schema.indexes());
    schema.spatial().forEach((field, kind) -> lines.put("spatial." + escape(field), kind));
    schema.spatialRanges().forEach((field, ranges) -> lines.put("spatial." + escape(field) + ".ranges", Integer.toString(ranges)));
    putFields(lines, "retired-field.", schema.retiredFields());
    putIndexes(lines, "retired-index.", schema.retiredIndexes());
    schema.derived().forEach((name, definition) -> lines.put("derived." + escape(name), definition));
    schema.retiredDerived().forEach((name, definition) -> lines.put("retired-derived." + escape(name), definition));
    StringBuilder out = new StringBuilder()
        .append("# Strata schema snapshot of ").append(schema.className()).append(".\n")
        .append("# Written by the Strata annotation processor (-Astrata.schemaDir) and compared with the entity at every\n")
        .append("# compile: keep it under version control. The rules: docs/schema-evolution.md in Strata's sources.\n");
    lines.forEach((key, value) -> out.append(key).append(" = ").append(value).append('\n'));
    return out.toString();
  }

  private static void putFields(Map<String, String> lines, String prefix, Map<String, EntitySchema.Field> fields) {
    fields.forEach((name, f) -> {
      lines.put(prefix + escape(name) + ".type", f.type());
      lines.put(prefix + escape(name) + ".encoding", f.encoding().toString());
    });
  }

  private static void putIndexes(Map<String, String> lines, String prefix, Map<String, EntitySchema.Index> indexes) {
    indexes.forEach((name, i) -> {
      lines.put(prefix + escape(name) + ".fields", String.join(", ", i.fields()));
      lines.put(prefix + escape(name) + ".unique", Boolean.toString(i.unique()));
      lines.put(prefix + escape(name) + ".covering", Boolean.toString(i.covering()));
    });
  }

  /** Parses snapshot text written by {@link #write}; a key it does not know is an error. */
  public static EntitySchema read(String text) throws MalformedException {
    return read(text, null);
  }

  /**
   * Parses snapshot text written by {@link #write} or by a later version of Strata: a key this version does not
   * know (a kind of index added since) is handed to {@code unknown} as {@code "line N: key"} and skipped, so a tool
   * that only reads data can still read every key it understands. A malformed line or value is still an error.
   */
  public static EntitySchema readTolerant(String text, java.util.function.Consumer<String> unknown) throws MalformedException {
    return read(text, java.util.Objects.requireNonNull(unknown, "unknown"));
  }

  private static EntitySchema read(String text, java.util.function.Consumer<String> unknown) throws MalformedException {
    Map<String, String> values = new TreeMap<>();
    Map<String, Integer> lineOf = new TreeMap<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int eq = line.indexOf(" = ");
      if (eq < 0) {
        throw new MalformedException(i + 1, "expected 'key = value', found '" + line + "'");
      }
      String key = line.substring(0, eq).strip();
      if (values.put(key, line.substring(eq + 3).strip()) != null) {
        throw new MalformedException(i + 1, "'" + key + "' appears twice");
      }
      lineOf.put(key, i + 1);
    }
    return new Reader(values, lineOf, unknown).schema();
  }

  /** Turns the parsed lines into the model, naming the line of anything it does not understand. */
  private static final class Reader {
    private final Map<String, String> values;
    private final Map<String, Integer> lineOf;
    private final Map<String, Map<String, String>> fields = new TreeMap<>();
    private final Map<String, Map<String, String>> indexes = new TreeMap<>();
    private final Map<String, Map<String, String>> retiredFields = new TreeMap<>();
    private final Map<String, Map<String, String>> retiredIndexes = new TreeMap<>();
    private final Map<String, String> spatial = new TreeMap<>();
    private final Map<String, Integer> spatialRanges = new TreeMap<>();
    private final Map<String, String> derived = new TreeMap<>();
    private final Map<String, String> retiredDerived = new TreeMap<>();
    /** Where unknown keys go when they are skipped rather than refused; null: refused. */
    private final java.util.function.Consumer<String> unknown;

    Reader(Map<String, String> values, Map<String, Integer> lineOf, java.util.function.Consumer<String> unknown) {
      this.values = values;
      this.lineOf = lineOf;
      this.unknown = unknown;
    }

    EntitySchema schema() throws MalformedException {
      for (var e : values.entrySet()) {
        String key = e.getKey();
        String[] parts = key.split("\\.", -1);
        switch (parts[0]) {
          case "format", "id" -> known(parts.length == 1, key);
          case "entity" -> known(parts.length == 2 && List.of("class", "name", "columnMajor", "packed", "fieldOrder").contains(parts[1]), key);
          case "field" -> group(fields, parts, key, List.of("type", "encoding"));
          case "index" -> group(indexes, parts, key, List.of("fields", "unique", "covering"));
          case "retired-field" -> group(retiredFields, parts, key, List.of("type", "encoding"));
          case "retired-index" -> group(retiredIndexes, parts, key, List.of("fields", "unique", "covering"));
          case "spatial" -> {
            if (known(parts.length == 2 || (parts.length == 3 && parts[2].equals("ranges")), key)) {
              if (parts.length == 2) {
                spatial.put(unescape(parts[1]), e.getValue());
              } else {
                spatialRanges.put(unescape(parts[1]), positive(key));
              }
            }
          }
          case "derived", "retired-derived" -> {
            if (known(parts.length == 2 && !e.getValue().isEmpty(), key)) {
              (parts[0].equals("derived") ? derived : retiredDerived).put(unescape(parts[1]), e.getValue());
            }
          }
          default -> known(false, key);
        }
      }
      String format = required("format");
      if (!format.equals(Integer.toString(VERSION))) {
        throw new MalformedException(lineOf.get("format"), "format " + format + " was written by another version of"
            + " Strata; this one reads format " + VERSION);
      }
      return new EntitySchema(required("entity.class"), required("entity.name"), bool("entity.columnMajor"),
          values.containsKey("entity.packed") ? bool("entity.packed") : null, required("id"),
          fields(fields, "field."), indexes(indexes, "index."), spatial, fields(retiredFields, "retired-field."),
          indexes(retiredIndexes, "retired-index."), derived, retiredDerived, fieldOrder(), spatialRanges);
    }

    /** Whether a key is {@code ok}; an unknown one is refused, or handed to {@link #unknown} and skipped. */
    private boolean known(boolean ok, String key) throws MalformedException {
      if (!ok) {
        if (unknown == null) {
          throw new MalformedException(lineOf.get(key), "unknown key '" + key + "'");
        }
        unknown.accept("line " + lineOf.get(key) + ": " + key);
      }
      return ok;
    }

    private void group(Map<String, Map<String, String>> into, String[] parts, String key, List<String> attributes)
        throws MalformedException {
      if (known(parts.length == 3 && attributes.contains(parts[2]), key)) {
        into.computeIfAbsent(unescape(parts[1]), n -> new TreeMap<>()).put(parts[2], values.get(key));
      }
    }

    private String required(String key) throws MalformedException {
      String v = values.get(key);
      if (v == null || v.isEmpty()) {
        throw new MalformedException(1, "'" + key + "' is missing");
      }
      return v;
    }

    /** {@code entity.fieldOrder}: the stored fields, each once; empty when not recorded. */
    private List<String> fieldOrder() throws MalformedException {
      if (!values.containsKey("entity.fieldOrder")) {
        return List.of();
      }
      List<String> order = Arrays.stream(required("entity.fieldOrder").split(",")).map(String::strip).toList();
      if (!new java.util.TreeSet<>(order).equals(fields.keySet()) || order.size() != fields.size()) {
        throw new MalformedException(lineOf.get("entity.fieldOrder"), "'entity.fieldOrder' must name each stored field once"
            + " (the field.* names " + fields.keySet() + "), found " + order);
      }
      return order;
    }

    private int positive(String key) throws MalformedException {
      String v = required(key);
      try {
        int n = Integer.parseInt(v);
        if (n > 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new MalformedException(lineOf.get(key), "'" + key + "' must be a positive whole number, found '" + v + "'");
    }

    private boolean bool(String key) throws MalformedException {
      String v = required(key);
      if (!v.equals("true") && !v.equals("false")) {
        throw new MalformedException(lineOf.get(key), "'" + key + "' must be true or false, found '" + v + "'");
      }
      return Boolean.parseBoolean(v);
    }

    private Map<String, EntitySchema.Field> fields(Map<String, Map<String, String>> raw, String prefix) throws MalformedException {
      Map<String, EntitySchema.Field> out = new TreeMap<>();
      for (var e : raw.entrySet()) {
        String key = prefix + escape(e.getKey());
        String encoding = required(key + ".encoding");
        out.put(e.getKey(), new EntitySchema.Field(required(key + ".type"),
            new EncodingParser(encoding, lineOf.get(key + ".encoding")).parse()));
      }
      return out;
    }

    private Map<String, EntitySchema.Index> indexes(Map<String, Map<String, String>> raw, String prefix) throws MalformedException {
      Map<String, EntitySchema.Index> out = new TreeMap<>();
      for (String name : raw.keySet()) {
        String key = prefix + escape(name);
        List<String> indexed = Arrays.stream(required(key + ".fields").split(",")).map(String::strip).toList();
        out.put(name, new EntitySchema.Index(indexed, bool(key + ".unique"), bool(key + ".covering")));
      }
      return out;
    }
  }

  /** Parses {@link Encoding#toString()}: {@code [label ": "] name ["(" encoding {", " encoding} ")"]}. */
  private static final class EncodingParser {
    private final String text;
    private final int line;
    private int pos;

    EncodingParser(String text, int line) {
      this.text = text;
      this.line = line;
    }

    Encoding parse() throws MalformedException {
      Encoding e = node();
      if (pos != text.length()) {
        throw fail("unexpected '" + text.substring(pos) + "'");
      }
      return e;
    }

    private Encoding node() throws MalformedException {
      String word = word();
      String label = "";
      skipSpaces();
      if (pos < text.length() && text.charAt(pos) == ':') {
        pos++;
        skipSpaces();
        label = word;
        word = word();
      }
      List<Encoding> parts = new ArrayList<>();
      if (pos < text.length() && text.charAt(pos) == '(') {
        pos++;
        while (true) {
          skipSpaces();
          parts.add(node());
          skipSpaces();
          if (pos >= text.length() || text.charAt(pos) != ',') {
            break;
          }
          pos++;
        }
        if (pos >= text.length() || text.charAt(pos) != ')') {
          throw fail("missing ')'");
        }
        pos++;
      }
      return new Encoding(label, word, parts);
    }

    private String word() throws MalformedException {
      int start = pos;
      while (pos < text.length() && (Character.isJavaIdentifierPart(text.charAt(pos)) || text.charAt(pos) == '-')) {
        pos++;
      }
      if (start == pos) {
        throw fail("expected a name at column " + (pos + 1));
      }
      return text.substring(start, pos);
    }

    private void skipSpaces() {
      while (pos < text.length() && text.charAt(pos) == ' ') {
        pos++;
      }
    }

    private MalformedException fail(String problem) {
      return new MalformedException(line, "encoding '" + text + "': " + problem);
    }
  }

  static String escape(String name) {
    StringBuilder out = new StringBuilder();
    for (char c : name.toCharArray()) {
      if (c == '.' || c == '=' || c == '%' || c == '#' || Character.isWhitespace(c) || Character.isISOControl(c)) {
        out.append('%').append(String.format("%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  static String unescape(String name) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '%' && i + 5 <= name.length() && name.substring(i + 1, i + 5).chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
        out.append((char) Integer.parseInt(name.substring(i + 1, i + 5), 16));
        i += 4;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
