package io.strata;

/**
 * A query declared to return at most one result ({@code E} or {@code Optional<E>}) found more. Nothing
 * is returned; declare the method with a {@code List} result, add {@code First} to its name, or make the
 * index it reads unique.
 */
public class IncorrectResultSizeException extends StrataException {
  private final String query;
  private final int found;

  public IncorrectResultSizeException(String query, int found) {
    super(query + " expected at most one result but found " + found + " (or more); return a List, name it find"
        + "First..., or make the index unique");
    this.query = query;
    this.found = found;
  }

  /** The method that found more than one result. */
  public String query() {
    return query;
  }

  /** How many results it saw before stopping (at least 2). */
  public int found() {
    return found;
  }
}
