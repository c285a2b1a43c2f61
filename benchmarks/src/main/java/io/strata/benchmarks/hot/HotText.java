package io.strata.benchmarks.hot;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Text;

/** An entity with a full-text field. */
@Entity
public record HotText(@Id long id, @Text String city, long qty) {}
