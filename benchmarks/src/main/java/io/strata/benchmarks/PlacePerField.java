package io.strata.benchmarks;

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
import io.strata.samples.Place;

/**
 * The samples' {@link Place} with the same indexes, stored a key per field ({@code packed = false}): the
 * "before" of {@link ImportMeasurement}'s keys and bytes per place.
 */
@Entity(name = "PlaceF", packed = false)
@Versioned
@Index(name = "byCountryPopulation", fields = {"country", "population"})
@Aggregate(name = "placesByCountry", function = Aggregate.Function.COUNT, groupBy = "country")
@Aggregate(name = "populationByCountry", function = Aggregate.Function.SUM, field = "population", groupBy = "country")
@Rank(name = "byPopulationInCountry", field = "population", groupBy = "country", descending = true)
public record PlacePerField(@Id long id, @Text String name, String country, @Indexed long population, @Spatial GeoPoint location,
    @Document Place.Details details, @Blob(chunkSize = 64) byte[] source) {
  static PlacePerField of(Place p) {
    return new PlacePerField(p.id(), p.name(), p.country(), p.population(), p.location(), p.details(), p.source());
  }
}
