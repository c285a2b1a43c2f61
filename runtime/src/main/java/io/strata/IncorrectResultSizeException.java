package io.strata;

/**
 * A declared query found a number of results its return type does not allow: a method returning
 * {@code Optional<E>} or a bare {@code E} found more than one, or a method returning a bare {@code E} found
 * none (a bare {@code E} promises exactly one; declare {@code Optional<E>} when none is a normal outcome).
 * Nothing is returned.
 */
public class IncorrectResultSizeException extends StrataException {
  private final String query;
  private final int expected;
  private final int found;

  /**
   * At most one result was expected and {@code found} (at least 2) were seen.
   *
   * @param query the method that ran
   * @param found how many results it saw before stopping
   */
  public IncorrectResultSizeException(String query, int found) {
    this(query, 1, found);
  }

  /**
   * @param query the method that ran
   * @param expected how many results its return type allows (1)
   * @param found how many results it saw before stopping: 0, or more than {@code expected}
   */
  public IncorrectResultSizeException(String query, int expected, int found) {
    super(found == 0
        ? query + " expected exactly one result but found none; declare it to return Optional<...> when finding none is"
            + " a normal outcome"
        : query + " expected at most one result but found " + found + " (or more); return a List, name it find"
            + "First..., or make the index unique");
    this.query = query;
    this.expected = expected;
    this.found = found;
  }

  /** The method that found the wrong number of results. */
  public String query() {
    return query;
  }

  /** How many results the method's return type allows: 1. */
  public int expected() {
    return expected;
  }

  /** How many results it saw before stopping: 0 (a bare {@code E} found nothing) or at least 2. */
  public int found() {
    return found;
  }
}
