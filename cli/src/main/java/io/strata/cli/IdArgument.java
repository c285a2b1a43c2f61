package io.strata.cli;

import io.strata.query.schema.Encoding;

/** An id given on the command line as the element its entity's id field stores. */
final class IdArgument {
  private IdArgument() {}

  static Object parse(String text, SchemaEntity entity) {
    Encoding encoding = entity.encoding(entity.schema().idField());
    Object json;
    try {
      json = Json.parse(text, "ID");
    } catch (IllegalArgumentException e) {
      json = text; // text written as it is
    }
    if (encoding.name().equals("string") || encoding.name().equals("enum")) {
      json = text;
    } else if (encoding.name().equals("uuid")) {
      json = java.util.Map.of("$uuid", text);
    }
    try {
      Object element = RowJson.toElement(json, encoding);
      if (encoding.name().equals("integer") && !(element instanceof Long || element instanceof java.math.BigInteger)) {
        throw new IllegalArgumentException("it is not an integer");
      }
      return element;
    } catch (IllegalArgumentException e) {
      throw CliException.usage("ID '" + text + "': " + entity.name() + "'s id " + entity.schema().idField() + " is stored as "
          + encoding + "; " + e.getMessage());
    }
  }
}
