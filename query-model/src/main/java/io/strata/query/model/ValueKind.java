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

  /** Whether values of this kind can be indexed and used as ids. */
  public boolean isScalar() {
    return this != POINT && this != GEO_POINT && this != VECTOR && this != OTHER;
  }
}
