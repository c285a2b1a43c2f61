package io.strata.query.model;

/**
 * Which part of the ordered results a query returns.
 *
 * @param first a fixed limit written in the query ({@code Top10}, {@code First3}), 0 for none
 * @param limitParam a limit given when the query runs ({@code Limit}, {@code limit(n)})
 * @param paging how the results are cut into pages
 */
public record Window(int first, boolean limitParam, Paging paging) {

  /** Every result. */
  public static final Window ALL = new Window(0, false, Paging.NONE);

  /** How results are paged. */
  public enum Paging {
    NONE,
    /** Jakarta's {@code PageRequest} in offset mode. */
    OFFSET,
    /** Jakarta's cursor ({@code CursoredPage}): a key of the order's values. */
    CURSOR,
    /** Strata's opaque {@code Continuation}. */
    CONTINUATION
  }

  /**
   * Whether a read may stop before every result: a fixed or given limit, or pages (a stream reads pages as it is
   * consumed). Only such a read gains by reading an index in the order asked when the index narrows nothing.
   */
  public boolean stopsEarly() {
    return first > 0 || limitParam || paging != Paging.NONE;
  }
}
