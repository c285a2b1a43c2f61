package io.strata;

import io.strata.query.model.SortKey;
import java.util.Objects;

/**
 * One item of a run-time query's order, as a metamodel attribute gives it ({@code _Place.population.desc()}).
 *
 * @param key the property and its direction
 * @param <E> the entity ordered
 */
public record OrderBy<E>(SortKey key) {
  public OrderBy {
    Objects.requireNonNull(key, "key");
  }
}
