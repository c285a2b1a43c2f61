package io.strata;

/**
 * An online index build stopped because the existing data breaks the index's rule (a unique index
 * whose value belongs to two entities). The batch that found it wrote nothing; the build resumes from
 * there once the data is fixed.
 */
public class IndexBuildException extends StrataException {
  public IndexBuildException(String message) {
    super(message);
  }
}
