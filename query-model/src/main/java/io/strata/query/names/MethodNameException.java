package io.strata.query.names;

/**
 * A method name the grammar does not read: what was expected ({@link #getMessage()}) and where, as the 0-based
 * {@link #offset()} into the name.
 */
public final class MethodNameException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int offset;

  MethodNameException(String reason, int offset) {
    super(reason);
    this.offset = offset;
  }

  /** The 0-based offset into the method name of the text the error is about. */
  public int offset() {
    return offset;
  }
}
