package io.strata.jakarta.data;

import io.strata.metamodel.AbstractAttribute;
import io.strata.metamodel.Conversion;
import java.util.function.Function;

/**
 * A property of a Jakarta Data entity that cannot be sorted (a byte array, a collection, an embedded value), in
 * its generated static metamodel {@code _E}: a Jakarta Data {@link jakarta.data.metamodel.Attribute} that also builds
 * run-time restrictions (equality and nulls).
 *
 * @param <E> the entity
 * @param <V> the property's Java type (boxed)
 */
public final class DataAttribute<E, V> extends AbstractAttribute<E, V> implements jakarta.data.metamodel.Attribute<E> {
  public DataAttribute(String name, Function<E, V> accessor, Function<V, Object> element) {
    super(name, accessor, element);
  }

  /** A {@code @Convert} property's attribute, compared by its column values (see {@link Conversion}). */
  public DataAttribute(String name, Function<E, V> accessor, Conversion<V> conversion) {
    super(name, accessor, conversion);
  }
}
