package io.strata.row;

/**
 * A {@code @Spatial} field: its Z-order index lives under {@code (E, "Z", name)}.
 *
 * @param name the stored field holding an {@code io.strata.GeoPoint} ({@code geo}) or {@code io.strata.Point}
 * @param geo whether it holds GeoPoints
 * @param maxRanges the most z-ranges one box query reads
 */
public record SpatialField(String name, boolean geo, int maxRanges) {}
