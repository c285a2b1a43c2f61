package io.strata.benchmarks.hot;

import io.strata.annotations.Aggregate;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;

/** An entity with a COUNT grouped by a field of 50 values. */
@Entity
@Aggregate(name = "byCity", function = Aggregate.Function.COUNT, groupBy = "city")
public record HotGrouped(@Id long id, String city, long qty) {}
