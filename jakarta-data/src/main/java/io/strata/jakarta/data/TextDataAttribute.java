package io.strata.jakarta.data;

import io.strata.metamodel.TextRestrictable;
import jakarta.data.metamodel.TextAttribute;
import java.util.function.Function;

/**
 * A text property of a Jakarta Data entity in its generated static metamodel {@code _E}: Jakarta Data's
 * {@link TextAttribute} that also builds run-time restrictions, text ones ({@code startsWith}, {@code like}, ...)
 * included.
 *
 * @param <E> the entity
 */
public final class TextDataAttribute<E> extends SortableDataAttribute<E, String> implements TextAttribute<E>, TextRestrictable<E> {
  public TextDataAttribute(String name, Function<E, String> accessor) {
    super(name, accessor, s -> s);
  }
}
