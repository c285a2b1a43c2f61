package io.strata.benchmarks;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;

/**
 * A GeoNames populated place (cities500) for {@link QueryShapesMeasurement}: a composite index whose keys hold a
 * country's places in population order, and an index on the population alone. Both a Strata repository
 * ({@link SettlementQueries}) and a Jakarta Data one ({@link SettlementAtlas}) read it.
 */
@Entity
@Index(name = "byCountryPopulation", fields = {"country", "population"})
public record Settlement(@Id long id, String name, String country, @Indexed long population) {}
