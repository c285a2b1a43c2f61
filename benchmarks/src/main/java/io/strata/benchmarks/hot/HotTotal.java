package io.strata.benchmarks.hot;

import io.strata.annotations.Aggregate;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;

/** An entity with an ungrouped SUM. */
@Entity
@Aggregate(name = "totalQty", function = Aggregate.Function.SUM, field = "qty")
public record HotTotal(@Id long id, String city, long qty) {}
