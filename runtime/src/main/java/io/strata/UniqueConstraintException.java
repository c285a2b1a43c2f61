package io.strata;

import java.util.List;

/** A save would give a unique index a second entity for the same value; nothing of that save was written. */
public class UniqueConstraintException extends StrataException {
  private final String entity;
  private final String index;
  private final List<Object> value;

  public UniqueConstraintException(String entity, String index, List<Object> value, Object existingId, Object newId) {
    super("unique index " + entity + "." + index + " already maps " + value + " to id " + existingId
        + "; cannot save id " + newId + " with the same value (change the value or delete " + existingId + " first)");
    this.entity = entity;
    this.index = index;
    this.value = List.copyOf(value);
  }

  public String entity() {
    return entity;
  }

  public String index() {
    return index;
  }

  /** The indexed value(s) that clashed, as tuple elements. */
  public List<Object> value() {
    return value;
  }
}
