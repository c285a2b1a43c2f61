package io.strata.metamodel;

import java.util.Objects;
import java.util.function.Function;

/**
 * How a {@code @Convert} property's values become what the database holds, for its generated attribute: the property's
 * Java type, its converter's column value of a Java value, and the key element of a column value. Queries compare such
 * a property by its column values (as its index holds them), and a value already of the column type (a JDQL literal:
 * {@code color = 'G'} for a color stored as its code) is taken as one.
 *
 * @param <V> the property's Java type
 * @param type the property's Java type (boxed)
 * @param toColumn the converter's column value of a Java value (generated: {@code convertToDatabaseColumn})
 * @param columnElement the key element of a column value (generated: the codec's conversion of the column type)
 */
public record Conversion<V>(Class<V> type, Function<V, Object> toColumn, Function<Object, Object> columnElement) {
  public Conversion {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(toColumn, "toColumn");
    Objects.requireNonNull(columnElement, "columnElement");
  }

  /** {@code value}'s column value: converted when it is of the property's Java type, else already one. */
  public Object column(Object value) {
    return type.isInstance(value) ? toColumn.apply(type.cast(value)) : value;
  }

  /** {@code value}'s key element: the element of its column value. */
  public Object element(Object value) {
    return columnElement.apply(column(value));
  }
}
