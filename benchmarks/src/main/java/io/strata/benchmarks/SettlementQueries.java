package io.strata.benchmarks;

import io.strata.Continuation;
import io.strata.CrudRepository;
import io.strata.Page;
import io.strata.annotations.AllowFiltering;
import io.strata.annotations.Repository;
import java.util.List;

/** The query shapes of {@link QueryShapesMeasurement} in Strata's dialect. */
@Repository
public interface SettlementQueries extends CrudRepository<Settlement, Long> {
  List<Settlement> findByCountry(String country);

  List<Settlement> findByPopulationBetween(long min, long max);

  List<Settlement> findTop5ByCountryOrderByPopulationDesc(String country);

  List<Settlement> findTop5ByCountryOrderByPopulationAsc(String country);

  List<Settlement> findTop5ByCountryAndPopulationLessThanEqualOrderByPopulationDesc(String country, long max);

  Page<Settlement> findByCountryOrderByPopulationDesc(String country, int limit, Continuation after);

  long countByCountry(String country);

  boolean existsByCountry(String country);

  @AllowFiltering
  List<Settlement> findByName(String name);

  List<Settlement> findByCountryOrPopulationGreaterThan(String country, long min);

  @AllowFiltering
  List<Settlement> findTop5ByCountryAndNameStartingWith(String country, String prefix);

  @AllowFiltering
  boolean existsByCountryAndNameStartingWith(String country, String prefix);
}
