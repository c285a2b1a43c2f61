package io.strata;

import com.apple.foundationdb.tuple.Versionstamp;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of a {@code @Versioned} entity's change feed: the latest change of one id.
 *
 * @param version the commit versionstamp of the change; feed entries are ordered by it
 * @param id the entity's id
 * @param entity the entity as it is now, empty when the change was a delete
 * @param <E> the entity type
 * @param <ID> the id type
 */
public record Change<E, ID>(Versionstamp version, ID id, Optional<E> entity) {
  public Change {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(entity, "entity");
  }

  /** Whether the change deleted the entity. */
  public boolean isDelete() {
    return entity.isEmpty();
  }
}
