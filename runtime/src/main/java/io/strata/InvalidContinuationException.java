package io.strata;

/** A continuation token that Strata did not produce, was altered, or belongs to another query. */
public class InvalidContinuationException extends StrataException {
  public InvalidContinuationException(String message) {
    super(message);
  }
}
