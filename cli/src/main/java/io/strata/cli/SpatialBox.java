package io.strata.cli;

import io.strata.BoundingBox;
import io.strata.Point;
import io.strata.Restriction;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;

/**
 * What {@code --within FIELD=A1,B1,A2,B2} asks: the rows whose spatial field lies in a box, as a run-time query's
 * restriction ({@code Op.WITHIN} on the field, the box as a literal), which the planner serves with the field's spatial
 * index. JDQL has no spatial form, so this is the tool's one way to read (and explain) a spatial index.
 */
record SpatialBox(String field, BoundingBox box) {

  /** {@code FIELD=A1,B1,A2,B2} for a spatial field of {@code e}; an {@code IllegalArgumentException} naming what is wrong. */
  static SpatialBox parse(SchemaEntity e, String text) {
    int eq = text.indexOf('=');
    if (eq < 0) {
      throw new IllegalArgumentException("give FIELD=A1,B1,A2,B2, e.g. location=43.5,5.2,43.7,5.6");
    }
    String field = text.substring(0, eq);
    String kind = e.schema().spatial().get(field);
    if (kind == null) {
      throw new IllegalArgumentException(e.name() + " has no spatial field " + field + "; its spatial fields: "
          + (e.schema().spatial().isEmpty() ? "none" : String.join(", ", e.schema().spatial().keySet())));
    }
    String[] parts = text.substring(eq + 1).split(",", -1);
    if (parts.length != 4) {
      throw new IllegalArgumentException("give four numbers after " + field + "=, two corners of the box: "
          + (kind.equals("geo-point") ? "latitude,longitude,latitude,longitude" : "x,y,x,y"));
    }
    if (kind.equals("geo-point")) {
      double[] c = new double[4];
      for (int i = 0; i < 4; i++) {
        c[i] = number(parts[i], Double::parseDouble);
      }
      return new SpatialBox(field, BoundingBox.geo(Math.min(c[0], c[2]), Math.min(c[1], c[3]), Math.max(c[0], c[2]),
          Math.max(c[1], c[3])));
    }
    long[] c = new long[4];
    for (int i = 0; i < 4; i++) {
      c[i] = number(parts[i], Long::parseLong);
    }
    return new SpatialBox(field, BoundingBox.of(new Point(Math.min(c[0], c[2]), Math.min(c[1], c[3])),
        new Point(Math.max(c[0], c[2]), Math.max(c[1], c[3]))));
  }

  private static <N> N number(String text, java.util.function.Function<String, N> parse) {
    try {
      return parse.apply(text.strip());
    } catch (NumberFormatException ex) {
      throw new IllegalArgumentException("\"" + text + "\" is not a number");
    }
  }

  Restriction<Object[]> restriction() {
    return new Restriction<>(new Compare(field, Op.WITHIN, new Operand.Literal(box)));
  }
}
