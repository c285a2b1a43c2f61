package io.strata.query.jdql;

/**
 * A JDQL query that does not parse: where and what was wrong (e.g. "expected a property name, found ')'"), as
 * {@link JdqlException} words it.
 */
public final class JdqlSyntaxException extends JdqlException {
  private static final long serialVersionUID = 1L;

  JdqlSyntaxException(String query, int offset, String reason) {
    super(query, offset, reason);
  }
}
