package io.strata.samples;

import io.strata.GeoPoint;
import io.strata.annotations.Blob;
import io.strata.annotations.Document;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;
import io.strata.annotations.Spatial;

/**
 * A populated place from GeoNames. The processor generates {@code PlaceRepository} with
 * {@code findByCountry} (the prefix of the composite index, ordered by population), {@code findByPopulationBetween}, {@code findByLocationWithin/Near/Nearest},
 * {@code getPath} and {@code readSource}.
 *
 * @param source the GeoNames record this place was imported from, as UTF-8 text (stored in chunks)
 */
@Entity
@Index(name = "byCountryPopulation", fields = {"country", "population"})
public record Place(
    @Id long id,
    String name,
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
