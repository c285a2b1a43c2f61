package io.strata;

/**
 * An operation that needs a stored entity found none with that id: for example {@code readAvatar(id, …)} or
 * {@code avatarSize(id)} of a {@code @Blob} field, which would otherwise be unable to tell a missing entity
 * from an empty blob. Nothing was written.
 */
public class NoSuchEntityException extends StrataException {
  private final String entity;
  private final transient Object id;

  /**
   * @param entity the entity name
   * @param id the id looked up, as a tuple element
   * @param operation what needed the entity, for the message (e.g. "reading @Blob 'avatar'")
   */
  public NoSuchEntityException(String entity, Object id, String operation) {
    super("no " + entity + " with id " + id + ": " + operation + " needs a saved entity (save it first, or check existsById)");
    this.entity = entity;
    this.id = id;
  }

  /** The entity name ({@code @Entity(name)}). */
  public String entity() {
    return entity;
  }

  /** The id that was looked up, as a tuple element (e.g. {@code Long} for an {@code int} id). */
  public Object id() {
    return id;
  }
}
