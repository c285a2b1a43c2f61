package io.strata.metamodel;

import java.util.function.Function;

/**
 * A property whose values have an order (numbers, text, dates, times, booleans, enums, UUIDs): restrictions can
 * also bound it.
 *
 * @param <E> the entity
 * @param <V> the property's Java type (boxed)
 */
public class ComparableAttribute<E, V extends Comparable<?>> extends Attribute<E, V> implements RangeRestrictable<E, V> {
  public ComparableAttribute(String name, Function<E, V> accessor, Function<V, Object> element) {
    super(name, accessor, element);
  }
}
