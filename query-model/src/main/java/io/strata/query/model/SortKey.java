package io.strata.query.model;

/**
 * One item of an order.
 *
 * @param field the property name
 * @param descending largest first
 * @param ignoreCase text compared case-insensitively (Jakarta's {@code Sort.ascIgnoreCase})
 */
public record SortKey(String field, boolean descending, boolean ignoreCase) {}
