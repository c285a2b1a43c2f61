package io.strata;

/**
 * Stored bytes could not be decoded (or a value could not be encoded). Every decoder of stored bytes —
 * rows, index entries, documents, blob chunks and lengths, layer values — throws this, and only this,
 * for bytes it cannot read, and never allocates more than the bytes justify. The message names what and
 * where (entity or layer, id, key) and how to repair it. Tokens are checked separately: see
 * {@link InvalidContinuationException}.
 */
public class CodecException extends StrataException {
  public CodecException(String message) {
    super(message);
  }

  public CodecException(String message, Throwable cause) {
    super(message, cause);
  }
}
