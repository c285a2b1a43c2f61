package io.strata.metamodel;

import io.strata.Property;
import io.strata.Restriction;
import io.strata.query.model.Condition;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import java.util.Collection;
import java.util.List;

/**
 * A property restrictions can test for equality and nulls: Jakarta Data 1.1's vocabulary on the static metamodel.
 * A null value given to a comparison is refused (it would match nothing): test nulls with {@link #isNull()}.
 *
 * @param <E> the entity
 * @param <V> the property's Java type
 */
public interface Restrictable<E, V> extends Property<E, V> {

  /** The property's value in {@code entity} (null when absent): the generated accessor. */
  V value(E entity);

  /** {@code value} as a key element, as the property's index entries store it. */
  Object element(V value);

  /**
   * What Jakarta Data's comparisons of this property compare for {@code value}: the value itself, or for a
   * {@code @Convert} property its column value ({@link Conversion}), as a declared method compares it.
   */
  default Object column(Object value) {
    return value;
  }

  default Restriction<E> equalTo(V value) {
    return compare(Op.EQUAL, "equalTo", value);
  }

  default Restriction<E> notEqualTo(V value) {
    return compare(Op.NOT_EQUAL, "notEqualTo", value);
  }

  /** Equal to one of {@code values} (none: no entity). */
  default Restriction<E> in(Collection<? extends V> values) {
    if (values == null || values.stream().anyMatch(v -> v == null)) {
      throw new IllegalArgumentException(name() + ".in(" + values + "): the values must be a collection without nulls; "
          + "use " + name() + ".isNull() to find entities without a value");
    }
    return restriction(new Condition.Compare(name(), Op.IN, new Operand.Literal(List.copyOf(values))));
  }

  default Restriction<E> isNull() {
    return restriction(new Condition.Compare(name(), Op.IS_NULL));
  }

  default Restriction<E> notNull() {
    return restriction(new Condition.Compare(name(), Op.NOT_NULL));
  }

  /** A comparison of this property with {@code values}, none of them null. */
  default Restriction<E> compare(Op op, String method, Object... values) {
    Operand[] operands = new Operand[values.length];
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        throw new IllegalArgumentException(name() + "." + method + "(null): a comparison with null matches no entity; "
            + "use " + name() + ".isNull() to find entities without a value");
      }
      operands[i] = new Operand.Literal(values[i]);
    }
    return restriction(new Condition.Compare(name(), op, operands));
  }

  private Restriction<E> restriction(Condition condition) {
    return new Restriction<>(condition);
  }
}
