package io.strata.benchmarks.hot;

import io.strata.GeoPoint;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Spatial;

/** An entity with a spatial point. */
@Entity
public record HotSpatial(@Id long id, String city, @Spatial GeoPoint at) {}
