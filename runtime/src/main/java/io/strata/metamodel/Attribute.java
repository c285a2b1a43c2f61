package io.strata.metamodel;

import io.strata.OrderBy;
import io.strata.query.model.SortKey;
import java.util.Objects;
import java.util.function.Function;

/**
 * One stored property of a Strata entity in its generated static metamodel {@code _E}: builds restrictions
 * (equality and nulls) and orders. Properties with an order use {@link ComparableAttribute}, text
 * {@link TextAttribute}.
 *
 * @param <E> the entity
 * @param <V> the property's Java type (boxed)
 */
public class Attribute<E, V> implements Restrictable<E, V> {
  private final String name;
  private final Function<E, V> accessor;
  private final Function<V, Object> element;

  /**
   * @param name the property name
   * @param accessor reads the property of an entity (generated: a method reference)
   * @param element converts a value to its key element (generated: the codec's conversion)
   */
  public Attribute(String name, Function<E, V> accessor, Function<V, Object> element) {
    this.name = Objects.requireNonNull(name, "name");
    this.accessor = Objects.requireNonNull(accessor, "accessor");
    this.element = Objects.requireNonNull(element, "element");
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final V value(E entity) {
    return accessor.apply(entity);
  }

  @Override
  public final Object element(V value) {
    return value == null ? null : element.apply(value);
  }

  /** Smallest first. */
  public final OrderBy<E> asc() {
    return new OrderBy<>(new SortKey(name, false, false));
  }

  /** Largest first. */
  public final OrderBy<E> desc() {
    return new OrderBy<>(new SortKey(name, true, false));
  }

  @Override
  public String toString() {
    return name;
  }
}
