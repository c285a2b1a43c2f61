package io.strata.benchmarks.hot;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;

/** A plain entity: its row and the count. */
@Entity
public record HotPlain(@Id long id, String city, long qty) {}
