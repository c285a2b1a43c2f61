package io.strata.samples;

import io.strata.GeoPoint;
import io.strata.annotations.Aggregate;
import io.strata.annotations.Blob;
import io.strata.annotations.Document;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;
import io.strata.annotations.Rank;
import io.strata.annotations.Spatial;
import io.strata.annotations.Text;
import io.strata.annotations.Versioned;

/**
 * A populated place from GeoNames. The processor generates {@code PlaceRepository} with
 * {@code findByCountry} (the prefix of the composite index, ordered by population), {@code findByPopulationBetween}, {@code findByLocationWithin/Near/Nearest},
 * {@code getPath} and {@code readSource}; the per-country aggregates {@code placesByCountry} and
 * {@code populationByCountry} (also read by the declared {@code Places.countByCountry} and
 * {@code sumPopulationByCountry}), the population rank within a country ({@code byPopulationInCountryRankOf},
 * {@code …At}, {@code …Range}, {@code …Size}), full-text search over names ({@code findByNameContainingPhrase}
 * and its siblings) and a change feed ({@code changesSince}, {@code subscribe}).
 *
 * @param source the GeoNames record this place was imported from, as UTF-8 text (stored in chunks)
 */
@Entity
@Versioned
@Index(name = "byCountryPopulation", fields = {"country", "population"})
@Aggregate(name = "placesByCountry", function = Aggregate.Function.COUNT, groupBy = "country")
@Aggregate(name = "populationByCountry", function = Aggregate.Function.SUM, field = "population", groupBy = "country")
@Rank(name = "byPopulationInCountry", field = "population", groupBy = "country", descending = true)
public record Place(
    @Id long id,
    @Text String name,
    String country,
    @Indexed long population,
    @Spatial GeoPoint location,
    @Document Details details,
    @Blob(chunkSize = 64) byte[] source) {

  /** Facts kept as a hierarchical document. */
  public record Details(String timezone, String continent, Names names, int nameLength) {}

  /** Name variants. */
  public record Names(String display, String upper) {}
}
