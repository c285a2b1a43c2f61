package io.strata.benchmarks.hot;

import io.strata.annotations.Aggregate;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Versioned;

/** Issue 37's entity: a change feed, a COUNT grouped by a field of 50 values and an ungrouped SUM. */
@Entity(name = "WD")
@Versioned
@Aggregate(name = "byCity", function = Aggregate.Function.COUNT, groupBy = "city")
@Aggregate(name = "totalQty", function = Aggregate.Function.SUM, field = "qty")
public record HotAll(@Id long id, String city, long qty) {}
