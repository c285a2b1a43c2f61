package io.strata;

/**
 * Whether one index can answer queries.
 *
 * @param index the index name ({@code @Spatial} indexes are named after their field)
 * @param ready true when the index holds every entity; queries on an index that is not ready fail with
 *     {@link io.strata.IndexNotReadyException}
 * @param rowsIndexed rows the online build has indexed so far (0 for an index that never needed one)
 */
public record IndexState(String index, boolean ready, long rowsIndexed) {}
