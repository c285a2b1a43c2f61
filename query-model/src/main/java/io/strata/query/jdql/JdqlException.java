package io.strata.query.jdql;

/**
 * A JDQL query that cannot be used: where (0-based {@link #offset()} into the query, 1-based {@link #line()} and
 * {@link #column()}) and what was wrong ({@link #reason()}). The message is {@code at column C: reason} for a one-line
 * query and {@code at line L, column C: reason} otherwise. A {@link JdqlSyntaxException} is a query that does not
 * parse; a {@link JdqlTranslationException} one that parses but does not become a query of the one query model.
 */
public abstract sealed class JdqlException extends RuntimeException
    permits JdqlSyntaxException, JdqlTranslationException {
  private static final long serialVersionUID = 1L;

  private final int offset;
  private final int line;
  private final int column;
  private final String reason;

  JdqlException(String query, int offset, String reason) {
    super(describe(query, offset, reason));
    this.offset = offset;
    this.line = lineOf(query, offset);
    this.column = columnOf(query, offset);
    this.reason = reason;
  }

  /** The 0-based offset into the query of the character the error is about. */
  public int offset() {
    return offset;
  }

  /** The 1-based line of {@link #offset()}. */
  public int line() {
    return line;
  }

  /** The 1-based column of {@link #offset()} within its line. */
  public int column() {
    return column;
  }

  /** What was wrong, without the position. */
  public String reason() {
    return reason;
  }

  private static String describe(String query, int offset, String reason) {
    String where = query.indexOf('\n') < 0
        ? "at column " + columnOf(query, offset)
        : "at line " + lineOf(query, offset) + ", column " + columnOf(query, offset);
    return where + ": " + reason;
  }

  private static int lineOf(String query, int offset) {
    int line = 1;
    for (int i = 0; i < offset && i < query.length(); i++) {
      if (query.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  static int columnOf(String query, int offset) {
    int lineStart = query.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
    return offset - lineStart + 1;
  }
}
