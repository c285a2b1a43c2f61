package io.strata.metamodel;

import io.strata.Restriction;
import io.strata.query.model.Op;

/**
 * A property whose values have an order, so restrictions can also bound it.
 *
 * @param <E> the entity
 * @param <V> the property's Java type
 */
public interface RangeRestrictable<E, V extends Comparable<?>> extends Restrictable<E, V> {

  default Restriction<E> lessThan(V value) {
    return compare(Op.LESS_THAN, "lessThan", value);
  }

  default Restriction<E> lessThanEqual(V value) {
    return compare(Op.LESS_THAN_EQUAL, "lessThanEqual", value);
  }

  default Restriction<E> greaterThan(V value) {
    return compare(Op.GREATER_THAN, "greaterThan", value);
  }

  default Restriction<E> greaterThanEqual(V value) {
    return compare(Op.GREATER_THAN_EQUAL, "greaterThanEqual", value);
  }

  /** From {@code low} to {@code high}, both included. */
  default Restriction<E> between(V low, V high) {
    return compare(Op.BETWEEN, "between", low, high);
  }
}
