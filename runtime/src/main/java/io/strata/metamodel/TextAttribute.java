package io.strata.metamodel;

import java.util.function.Function;

/**
 * A text property: restrictions can also test prefixes, suffixes, parts and patterns.
 *
 * @param <E> the entity
 */
public final class TextAttribute<E> extends ComparableAttribute<E, String> implements TextRestrictable<E> {
  public TextAttribute(String name, Function<E, String> accessor) {
    super(name, accessor, s -> s);
  }
}
