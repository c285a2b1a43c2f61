package io.strata;

/**
 * An index is stored in another format (key layout) than this version of Strata reads and writes: it was written by
 * an earlier (or later) version whose layout for that kind of index differs. Its queries and the entity's saves are
 * refused, nothing is read from it or written to it, until it is built again, which clears its old entries first.
 */
public class IndexFormatException extends StrataException {
  private final String entity;
  private final String index;
  private final int stored;
  private final int expected;

  public IndexFormatException(String entity, String index, String kind, int stored, int expected) {
    super("index " + entity + "." + index + " is stored in format " + stored + " of the " + kind + " layout, but this version"
        + " reads and writes format " + expected + "; rebuild it: `strata build-index " + entity + " " + index + "` or"
        + " repository.maintenance().build(\"" + index + "\") (it clears the old entries and indexes every row again);"
        + " until then its queries and saves of " + entity + " are refused, and nothing was written");
    this.entity = entity;
    this.index = index;
    this.stored = stored;
    this.expected = expected;
  }

  public String entity() {
    return entity;
  }

  public String index() {
    return index;
  }

  /** The format the stored index state records (1 when it records none: written before formats were recorded). */
  public int stored() {
    return stored;
  }

  /** The format this version reads and writes for that kind of index. */
  public int expected() {
    return expected;
  }
}
