package io.strata;

/** The root of every exception Strata throws for a reason of its own (not FoundationDB's). */
public class StrataException extends RuntimeException {
  public StrataException(String message) {
    super(message);
  }

  public StrataException(String message, Throwable cause) {
    super(message, cause);
  }
}
