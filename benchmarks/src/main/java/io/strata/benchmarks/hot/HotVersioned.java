package io.strata.benchmarks.hot;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Versioned;

/** A {@code @Versioned} entity: a change feed. */
@Entity
@Versioned
public record HotVersioned(@Id long id, String city, long qty) {}
