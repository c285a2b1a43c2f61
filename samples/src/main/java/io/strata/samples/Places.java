package io.strata.samples;

import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.CrudRepository;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.annotations.Repository;
import java.util.List;

/**
 * The sample's queries, declared: the processor plans each onto {@link Place}'s indexes at compile time and
 * generates {@code PlacesImpl}; each method's javadoc there says which keys it reads.
 */
@Repository
public interface Places extends CrudRepository<Place, Long> {
  /** A country's largest places: a reverse scan of {@code byCountryPopulation} reading 5 entries and 5 rows. */
  List<Place> findTop5ByCountryOrderByPopulationDesc(String country);

  /** The same, {@code limit} at a time: reads {@code limit + 1} index entries (the extra one says whether more follow). */
  Page<Place> findByCountryOrderByPopulationDesc(String country, int limit, Continuation after);

  /** Places with {@code min} to {@code max} people, both inclusive, through {@code @Indexed population}. */
  List<Place> findByPopulationBetween(long min, long max);

  List<Place> findByLocationWithin(BoundingBox box);

  List<Place> findByLocationNear(GeoPoint centre, double radiusMeters);

  /** How many places a country has: one key of the COUNT aggregate {@code placesByCountry}, however many there are. */
  long countByCountry(String country);

  /** The people of a country's places: one key of the SUM aggregate {@code populationByCountry}. */
  long sumPopulationByCountry(String country);
}
