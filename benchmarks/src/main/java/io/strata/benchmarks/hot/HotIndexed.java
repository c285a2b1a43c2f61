package io.strata.benchmarks.hot;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;

/** An entity with an index on a field of 50 values. */
@Entity
public record HotIndexed(@Id long id, @Indexed String city, long qty) {}
