package io.strata.jakarta.data;

import jakarta.data.metamodel.TextAttribute;
import java.util.function.Function;

/**
 * A {@code char} property of a Jakarta Data entity in its generated static metamodel {@code _E}: a Jakarta Data
 * {@link TextAttribute} (the specification treats characters as text) whose restrictions take characters.
 *
 * @param <E> the entity
 */
public final class CharDataAttribute<E> extends SortableDataAttribute<E, Character> implements TextAttribute<E> {
  public CharDataAttribute(String name, Function<E, Character> accessor, Function<Character, Object> element) {
    super(name, accessor, element);
  }
}
