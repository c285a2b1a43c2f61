package io.strata;

/**
 * A key or value an entity save would write exceeds FoundationDB's limits (keys 10,000 bytes, values
 * 100,000 bytes, transactions 10,000,000 bytes); nothing of that save was written.
 */
public class EntityTooLargeException extends StrataException {
  public EntityTooLargeException(String message) {
    super(message);
  }
}
