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
 * {@link Place} as an earlier version of the sample declared it: rows a key per field (Strata's layout before rows were
 * packed), and none of the derived indexes (aggregates, rank, text, change feed) added since. Its generated repository
 * writes the database such a version left, for the upgrade test.
 */
@Entity(name = "Place", packed = false)
@Index(name = "byCountryPopulation", fields = {"country", "population"})
record PlaceV1(
    @Id long id,
    String name,
    String country,
    @Indexed long population,
    @Spatial GeoPoint location,
    @Document Place.Details details,
    @Blob(chunkSize = 64) byte[] source) {

  static PlaceV1 of(Place p) {
    return new PlaceV1(p.id(), p.name(), p.country(), p.population(), p.location(), p.details(), p.source());
  }
}
