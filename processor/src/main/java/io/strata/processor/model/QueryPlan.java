package io.strata.processor.model;

import java.util.List;

/**
 * How one conjunction of criteria is read, decided at compile time.
 *
 * @param index the index read, or null for a spatial plan, an aggregate, rows read by id, or a filtered read of every row
 * @param spatial the {@code @Spatial} field read, or null
 * @param equalities the equality criteria on the index's leading fields, in index order (one per field); for a
 *     plan by id, the id criterion; for an aggregate, one per group field in {@code groupBy} order
 * @param range the range criteria on the next index field (empty, one, or a lower and an upper bound)
 * @param spatialCriterion the {@code Within}/{@code Near} criterion of a spatial plan, or null
 * @param reverse read backwards (an {@code OrderBy ... Desc})
 * @param keyOrder merge {@code In} alternatives in whole-key order ({@code OrderBy} on an {@code In} field)
 * @param fromKeys the result is built from index keys alone (indexed fields and the id)
 * @param rowsRead rows are read (neither {@code fromKeys} nor a covering index)
 * @param filtered criteria checked in memory on each row read ({@code @AllowFiltering})
 * @param aggregate the {@code @Aggregate} whose group key answers the method (one or two key reads), or null
 * @param nearest the vector search answering the method, or null; its group's equalities are {@code equalities} (in
 *     {@code groupBy} order) and the conditions checked on its candidates are {@code filtered}
 */
public record QueryPlan(IndexModel index, SpatialModel spatial, List<BoundCriterion> equalities, List<BoundCriterion> range,
    BoundCriterion spatialCriterion, boolean reverse, boolean keyOrder, boolean fromKeys, boolean rowsRead,
    List<BoundCriterion> filtered, AggregateModel aggregate, NearestSearch nearest) {

  /**
   * A search of an {@code @Embedding}'s vector index.
   *
   * @param embedding the index searched
   * @param query the {@code Near} criterion: its one parameter is the query vector
   * @param k how many results the method name fixes ({@code Top10}), or 0 when a {@code Limit} parameter gives it
   */
  public record NearestSearch(EmbeddingModel embedding, BoundCriterion query, int k) {}

  /** A plan that is no vector search. */
  public QueryPlan(IndexModel index, SpatialModel spatial, List<BoundCriterion> equalities, List<BoundCriterion> range,
      BoundCriterion spatialCriterion, boolean reverse, boolean keyOrder, boolean fromKeys, boolean rowsRead,
      List<BoundCriterion> filtered, AggregateModel aggregate) {
    this(index, spatial, equalities, range, spatialCriterion, reverse, keyOrder, fromKeys, rowsRead, filtered, aggregate, null);
  }

  public QueryPlan {
    equalities = List.copyOf(equalities);
    range = List.copyOf(range);
    filtered = List.copyOf(filtered);
  }

  /** A plan that reads an index, a spatial index, rows by id or every row (no aggregate). */
  public QueryPlan(IndexModel index, SpatialModel spatial, List<BoundCriterion> equalities, List<BoundCriterion> range,
      BoundCriterion spatialCriterion, boolean reverse, boolean keyOrder, boolean fromKeys, boolean rowsRead,
      List<BoundCriterion> filtered) {
    this(index, spatial, equalities, range, spatialCriterion, reverse, keyOrder, fromKeys, rowsRead, filtered, null);
  }

  /** A plan answered by {@code aggregate}'s group {@code groups} (one criterion per group field, in group order). */
  public static QueryPlan ofAggregate(AggregateModel aggregate, List<BoundCriterion> groups) {
    return new QueryPlan(null, null, groups, List.of(), null, false, false, true, false, List.of(), aggregate);
  }

  /** A search of {@code nearest}'s vector index in the group {@code group}, {@code residual} checked on its candidates. */
  public static QueryPlan ofNearest(NearestSearch nearest, List<BoundCriterion> group, List<BoundCriterion> residual) {
    return new QueryPlan(null, null, group, List.of(), null, false, false, false, true, residual, null, nearest);
  }

  /** Whether every row is read in id order and filtered ({@code @AllowFiltering} with no index that helps). */
  public boolean allRows() {
    return index == null && spatial == null && aggregate == null && nearest == null && equalities.isEmpty();
  }

  /** Whether the rows of the ids given ({@code Id} or {@code IdIn}) are read directly; {@link #filtered} checked on them. */
  public boolean byId() {
    return index == null && spatial == null && aggregate == null && nearest == null && !equalities.isEmpty();
  }

  /** The position of a field in the tuples an index scan returns ({@code (v1, ..., vn, id)}), or -1. */
  public int keyPosition(FieldModel field) {
    if (index == null) {
      return -1;
    }
    for (int i = 0; i < index.fields().size(); i++) {
      if (index.fields().get(i).name().equals(field.name())) {
        return i;
      }
    }
    return field.id() ? index.fields().size() : -1;
  }
}
