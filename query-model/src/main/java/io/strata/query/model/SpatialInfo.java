package io.strata.query.model;

/**
 * One Z-order index.
 *
 * @param field the {@code Point} or {@code GeoPoint} property
 * @param geo whether it holds {@code GeoPoint}s
 * @param maxRanges the cover's range budget per query
 */
public record SpatialInfo(String field, boolean geo, int maxRanges) {}
