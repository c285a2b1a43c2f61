package io.strata.query.jdql;

/**
 * A JDQL query that parses but does not become a query of the one query model ({@link JdqlSelect}): a property the
 * entity does not have, a literal of another type than its property, or a form the run-time finder does not take
 * (arithmetic, functions other than {@code UPPER}/{@code LOWER} of a property, a comparison of two properties,
 * {@code UPDATE}, {@code DELETE}); where and what was wrong, as {@link JdqlException} words it.
 */
public final class JdqlTranslationException extends JdqlException {
  private static final long serialVersionUID = 1L;

  JdqlTranslationException(String query, int offset, String reason) {
    super(query, offset, reason);
  }
}
