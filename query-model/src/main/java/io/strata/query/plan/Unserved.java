package io.strata.query.plan;

import java.util.List;

/**
 * Why no index serves a query, and which one would: what a compile error, a compile warning or a
 * {@code QueryNotServedException} says, built from these fields (never parsed back from a message).
 *
 * @param reason what is missing
 * @param fields the properties the serving index would hold, in order (empty where no index can help)
 * @param index the index involved, or null: for {@link Reason#INDEX_LEAVES_OUT_NULLS} the one that would serve; for
 *     {@link Reason#NO_INDEX} one that narrows every condition an index can serve, the others (expressions, functions,
 *     comparisons only checked on rows) leaving no index to add, so that only a scan of it serves the query
 * @param detail the part of the query at fault, in words ({@code "equality on city then a range on age"}); for a branch
 *     of an {@code Or}, that branch's own words
 * @param branch which conjunction of an {@code Or} no index serves, from 1; 0 when the fault is not one branch's
 */
public record Unserved(Reason reason, List<String> fields, String index, String detail, int branch) implements Planned {
  public Unserved {
    fields = List.copyOf(fields);
    if (branch < 0) {
      throw new IllegalArgumentException("branch counts from 1 (0: the whole query), got " + branch);
    }
  }

  /** Why a query that is no branch of an {@code Or} is not served. */
  public Unserved(Reason reason, List<String> fields, String index, String detail) {
    this(reason, fields, index, detail, 0);
  }

  /** This reason for branch {@code branch} (from 1) of an {@code Or}. */
  public Unserved ofBranch(int branch) {
    return new Unserved(reason, fields, index, detail, branch);
  }

  /** {@link #detail} naming the branch of the {@code Or} it is about: {@code "branch 2 of the Or (equality on name)"}. */
  public String detailInQuery() {
    return branch == 0 ? detail : "branch " + branch + " of the Or (" + detail + ")";
  }

  /** What is missing. */
  public enum Reason {
    /** No index narrows the conditions: the index of {@code fields} would. */
    NO_INDEX,
    /** Indexes serve the conditions but none holds the order: the index of {@code fields} would. */
    ORDER_NOT_SERVED,
    /** The index that would serve leaves out entities whose {@code fields} are null. */
    INDEX_LEAVES_OUT_NULLS,
    /** A spatial condition combined with others without a scan allowed. */
    SPATIAL_ALONE,
    /** A spatial condition with an order. */
    SPATIAL_ORDER,
    /** A sum/min/max no {@code @Aggregate} answers: the aggregate over {@code fields} would. */
    NO_AGGREGATE,
    /** A sum/min/max in a form no aggregate answers (an Or, an order, a limit, a non-equality). */
    AGGREGATE_FORM,
    /** A nearest-neighbour condition on {@code fields}, which has no vector index. */
    NEAREST_NO_INDEX,
    /** A nearest-neighbour query without a limit ({@code Top}/{@code First}/{@code Limit}): how many is k? */
    NEAREST_WITHOUT_LIMIT,
    /** A nearest-neighbour query with an order: its results are nearest first. */
    NEAREST_ORDER,
    /**
     * A grouped vector index queried without an equality on each of its group fields ({@code fields}): it searches
     * one group at a time.
     */
    NEAREST_GROUP,
    /**
     * A nearest-neighbour condition in a form no vector search answers: under an {@code Or} or a {@code Not}, twice,
     * with a spatial condition, with pages, or counted ({@code detail} says which).
     */
    NEAREST_FORM
  }
}
