package io.strata.processor.model;

/**
 * A {@code @Spatial} field.
 *
 * @param field the stored field holding the point
 * @param geo whether it is an {@code io.strata.GeoPoint} (else an {@code io.strata.Point})
 * @param maxRanges the range budget of a box query
 */
public record SpatialModel(FieldModel field, boolean geo, int maxRanges) {}
