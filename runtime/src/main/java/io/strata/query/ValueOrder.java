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

  /**
   * Strata's order: tuple-key order of elements as index entries hold them (text by UTF-8 bytes, decimals by value,
   * {@code -0.0} as {@code 0.0}), as {@link Matches}; equal where the index looks up the same key (decimals with their
   * scale, {@code 1.0} not {@code 1.00}, as {@link Matches#equal}).
   */
  ValueOrder KEYS = new ValueOrder() {
    @Override
    public int compare(Object a, Object b, boolean ignoreCase) {
      return ignoreCase && a instanceof String x && b instanceof String y
          ? Matches.compare(x.toUpperCase(Locale.ROOT), y.toUpperCase(Locale.ROOT))
          : Matches.compare(a, b);
    }

    @Override
    public boolean equal(Object a, Object b, boolean ignoreCase) {
      return ignoreCase && a instanceof String ? compare(a, b, true) == 0 : Matches.equal(a, b);
    }
  };
}
