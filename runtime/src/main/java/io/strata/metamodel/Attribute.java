package io.strata.metamodel;

import io.strata.OrderBy;
import io.strata.query.model.SortKey;
import java.util.function.Function;

/**
 * One stored property of a Strata entity in its generated static metamodel {@code _E}: builds restrictions
 * (equality and nulls) and orders. Properties with an order use {@link ComparableAttribute}, text
 * {@link TextAttribute}.
 *
 * @param <E> the entity
 * @param <V> the property's Java type (boxed)
 */
public class Attribute<E, V> extends AbstractAttribute<E, V> {
  /**
   * @param name the property name
   * @param accessor reads the property of an entity (generated: a lambda over its getter or field)
   * @param element converts a value to its key element (generated: the codec's conversion)
   */
  public Attribute(String name, Function<E, V> accessor, Function<V, Object> element) {
    super(name, accessor, element);
  }

  /** A {@code @Convert} property's attribute, compared by its column values (see {@link Conversion}). */
  public Attribute(String name, Function<E, V> accessor, Conversion<V> conversion) {
    super(name, accessor, conversion);
  }

  /** Smallest first. */
  public final OrderBy<E> asc() {
    return new OrderBy<>(new SortKey(name(), false, false));
  }

  /** Largest first. */
  public final OrderBy<E> desc() {
    return new OrderBy<>(new SortKey(name(), true, false));
  }
}
