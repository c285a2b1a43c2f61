package io.strata;

/**
 * A query used an index that does not yet hold every entity: it was added to an entity that already
 * had data and its online build has not finished. Nothing was read from the incomplete index.
 */
public class IndexNotReadyException extends StrataException {
  private final String entity;
  private final String index;

  public IndexNotReadyException(String entity, String index, String detail) {
    super("index " + entity + "." + index + " is still building (" + detail + "); queries on it fail until"
        + " its build finishes: call repository.maintenance().build(\"" + index + "\") (it resumes where it stopped)");
    this.entity = entity;
    this.index = index;
  }

  public String entity() {
    return entity;
  }

  public String index() {
    return index;
  }
}
