package io.strata.query;

import java.util.Locale;

/**
 * How a dialect compares two non-null values in a run-time query's conditions and orders. Strata compares key
 * elements in key order ({@link #KEYS}), so a condition checked on a row agrees with the index that would serve
 * it; Jakarta Data compares Java values as the specification does (its module supplies that order).
 */
public interface ValueOrder {

  /** The sign of {@code a - b}; text upper-cased first when {@code ignoreCase}. */
  int compare(Object a, Object b, boolean ignoreCase);

  /** Whether {@code a} equals {@code b}. */
  default boolean equal(Object a, Object b, boolean ignoreCase) {
    return compare(a, b, ignoreCase) == 0;
  }

  /** Strata's order: tuple-key order of elements (text by UTF-8 bytes, decimals by value), as {@link Matches}. */
  ValueOrder KEYS = (a, b, ignoreCase) -> ignoreCase && a instanceof String x && b instanceof String y
      ? Matches.compare(x.toUpperCase(Locale.ROOT), y.toUpperCase(Locale.ROOT))
      : Matches.compare(a, b);
}
