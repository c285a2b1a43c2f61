/**
 * Z-order (Morton) encoding of points, the bounded cover of a bounding box by z-ranges, geodesy for
 * {@code GeoPoint}s and {@code SpatialIndex}, the key layout of one spatial index.
 *
 * <p>May use: {@code io.strata} (the value types), fdb-java's tuples and {@code io.strata.tuple}. Pure algorithms,
 * tested once.
 */
package io.strata.spatial;
