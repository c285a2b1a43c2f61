package io.strata;

import java.util.Objects;

/**
 * One result of a nearest-neighbour query: the entity and its distance to the query vector under the index's
 * metric (smaller is nearer). Queries return them nearest first.
 *
 * @param entity the entity found
 * @param distance its distance to the query vector, computed exactly on its stored vector
 */
public record Scored<T>(T entity, double distance) {
  public Scored {
    Objects.requireNonNull(entity, "entity");
  }
}
