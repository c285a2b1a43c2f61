package io.strata.query.model;

/**
 * How a field's values are stored in tuple keys. Whether keys of a kind sort as its values do is asked of
 * {@link Semantics#keyOrdered}, the one place that knows it.
 */
public enum ValueKind {
  LONG, INT, SHORT, BYTE, CHAR, DOUBLE, FLOAT, BOOLEAN, STRING, UUID, BYTES, ENUM, INSTANT, LOCAL_DATE, LOCAL_DATE_TIME,
  LOCAL_TIME, DURATION, BIG_INTEGER, BIG_DECIMAL, POINT, GEO_POINT,
  /**
   * A {@code float[]} embedding: stored whole, never indexed by value, compared or ordered; a query asks for its
   * nearest neighbours ({@link Op#NEAREST}) through its {@link VectorInfo vector index}, or whether it is null.
   */
  VECTOR,
  /** A container, record or document value: stored, never indexed or compared. */
  OTHER;

  /**
   * {@code value} as a number of this kind (its Java type: {@code Long}, {@code Integer}, ..., {@code BigDecimal}), or
   * null when the kind holds no such value exactly (or no number at all): how a JDQL number literal, or a number bound
   * to a parameter, is typed for its property.
   */
  public Object exact(java.math.BigDecimal value) {
    try {
      return switch (this) {
        case LONG -> value.longValueExact();
        case INT -> value.intValueExact();
        case SHORT -> value.shortValueExact();
        case BYTE -> value.byteValueExact();
        case BIG_INTEGER -> value.toBigIntegerExact();
        case BIG_DECIMAL -> value;
        case DOUBLE -> new java.math.BigDecimal(value.doubleValue()).compareTo(value) == 0 ? value.doubleValue() : null;
        case FLOAT -> new java.math.BigDecimal(value.floatValue()).compareTo(value) == 0 ? value.floatValue() : null;
        default -> null;
      };
    } catch (ArithmeticException notExact) {
      return null;
    }
  }

  /** Whether values of this kind can be indexed and used as ids. */
  public boolean isScalar() {
    return this != POINT && this != GEO_POINT && this != VECTOR && this != OTHER;
  }
}
