package io.strata;

import io.strata.query.model.Condition;
import java.util.Objects;

/**
 * A condition on entities of type {@code E}, built while the program runs: what a metamodel attribute returns
 * ({@code _Place.country.equalTo("JP")}) and what {@link Restrict} combines. An immutable value wrapping the
 * query model's {@link Condition}, the same tree declared methods are planned from, so a restriction is planned
 * onto the same indexes.
 *
 * @param condition the condition tree (values as literals)
 * @param <E> the entity the restriction is about
 */
public record Restriction<E>(Condition condition) {
  public Restriction {
    Objects.requireNonNull(condition, "condition");
  }
}
