/**
 * Z-order (Morton) encoding of points, the bounded cover of a bounding box by z-ranges, geodesy for
 * {@code GeoPoint}s and {@code SpatialIndex}, the key layout of one spatial index.
 *
 * <p>May use: {@code io.strata} (the value types) and fdb-java's tuples. Pure algorithms, tested once.
 */
package io.strata.spatial;
