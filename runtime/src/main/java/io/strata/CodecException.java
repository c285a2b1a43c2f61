package io.strata;

/** Stored bytes could not be decoded (or a value could not be encoded). The message names what and where. */
public class CodecException extends StrataException {
  public CodecException(String message) {
    super(message);
  }

  public CodecException(String message, Throwable cause) {
    super(message, cause);
  }
}
