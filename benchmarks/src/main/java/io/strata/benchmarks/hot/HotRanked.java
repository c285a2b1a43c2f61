package io.strata.benchmarks.hot;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Rank;

/** An entity ranked by a field. */
@Entity
@Rank(name = "byQty", field = "qty")
public record HotRanked(@Id long id, String city, long qty) {}
