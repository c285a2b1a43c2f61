package io.strata.query.schema;

import java.util.List;

/**
 * How a stored field's value is laid out, as recorded in a schema snapshot: a small tree such as
 * {@code integer(32)}, {@code enum(RED, GREEN)}, {@code collection(string)} or
 * {@code tuple(street: string, zip: integer(32))}. Its text form ({@link #toString()}) is what the
 * snapshot file holds; {@code io.strata.query.schema.SchemaFormat} parses it back.
 *
 * @param label the name of this part inside its parent (a record component), or empty
 * @param name what the value is: {@code integer}, {@code floating}, {@code string}, {@code enum}, a width, a constant…
 * @param parts the arguments in parentheses, in order (empty: none)
 */
public record Encoding(String label, String name, List<Encoding> parts) {
  public Encoding {
    parts = List.copyOf(parts);
  }

  /** An encoding with arguments and no label. */
  public static Encoding of(String name, Encoding... parts) {
    return new Encoding("", name, List.of(parts));
  }

  /** An encoding with arguments and no label. */
  public static Encoding of(String name, List<Encoding> parts) {
    return new Encoding("", name, parts);
  }

  /** The same encoding under {@code label}. */
  public Encoding labelled(String label) {
    return new Encoding(label, name, parts);
  }

  /** The same encoding without its label: what is compared. */
  public Encoding unlabelled() {
    return label.isEmpty() ? this : new Encoding("", name, parts);
  }

  /** The argument at {@code i} read as a word (a width, a chunk size, an enum constant). */
  public String word(int i) {
    return parts.get(i).name();
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    if (!label.isEmpty()) {
      out.append(label).append(": ");
    }
    out.append(name);
    if (!parts.isEmpty()) {
      out.append('(');
      for (int i = 0; i < parts.size(); i++) {
        out.append(i == 0 ? "" : ", ").append(parts.get(i));
      }
      out.append(')');
    }
    return out.toString();
  }
}
