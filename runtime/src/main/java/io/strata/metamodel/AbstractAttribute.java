package io.strata.metamodel;

import java.util.Objects;
import java.util.function.Function;

/**
 * What every generated attribute holds: the property's name, its generated accessor and the conversion of its
 * values to key elements. Strata's attributes ({@link Attribute}) and Jakarta Data's (module
 * {@code strata-jakarta-data}, which also sort in Jakarta's API) extend it.
 *
 * @param <E> the entity
 * @param <V> the property's Java type (boxed)
 */
public abstract class AbstractAttribute<E, V> implements Restrictable<E, V> {
  private final String name;
  private final Function<E, V> accessor;
  private final Function<V, Object> element;
  private final Conversion<V> conversion;

  /**
   * @param name the property name
   * @param accessor reads the property of an entity (generated: a lambda over its getter or field)
   * @param element converts a value to its key element (generated: the codec's conversion)
   */
  protected AbstractAttribute(String name, Function<E, V> accessor, Function<V, Object> element) {
    this.name = Objects.requireNonNull(name, "name");
    this.accessor = Objects.requireNonNull(accessor, "accessor");
    this.element = Objects.requireNonNull(element, "element");
    this.conversion = null;
  }

  /**
   * A {@code @Convert} property's attribute: queries compare it by its column values ({@link #column}).
   *
   * @param name the property name
   * @param accessor reads the property of an entity (its Java value)
   * @param conversion how its values become column values and key elements
   */
  protected AbstractAttribute(String name, Function<E, V> accessor, Conversion<V> conversion) {
    this.name = Objects.requireNonNull(name, "name");
    this.accessor = Objects.requireNonNull(accessor, "accessor");
    this.conversion = Objects.requireNonNull(conversion, "conversion");
    this.element = conversion::element;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final V value(E entity) {
    return accessor.apply(entity);
  }

  /** {@inheritDoc} A converted property's column value (a JDQL literal) is encoded as it is ({@link Conversion#element}). */
  @Override
  public final Object element(V value) {
    return value == null ? null : element.apply(value);
  }

  @Override
  public final Object column(Object value) {
    return conversion == null || value == null ? value : conversion.column(value);
  }

  @Override
  public String toString() {
    return name;
  }
}
