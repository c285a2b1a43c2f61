package io.strata.metamodel;

import io.strata.Restriction;
import io.strata.query.model.Op;

/**
 * A text property: restrictions can also test its beginning, end, a part of it, or a pattern.
 *
 * @param <E> the entity
 */
public interface TextRestrictable<E> extends RangeRestrictable<E, String> {

  default Restriction<E> startsWith(String prefix) {
    return compare(Op.STARTS_WITH, "startsWith", prefix);
  }

  default Restriction<E> endsWith(String suffix) {
    return compare(Op.ENDS_WITH, "endsWith", suffix);
  }

  default Restriction<E> contains(String part) {
    return compare(Op.CONTAINS, "contains", part);
  }

  /** Matches a Jakarta Data pattern: {@code _} is one character, {@code %} any run of them. */
  default Restriction<E> like(String pattern) {
    return compare(Op.LIKE, "like", pattern);
  }
}
