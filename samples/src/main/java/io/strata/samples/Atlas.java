package io.strata.samples;

import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.By;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Query;
import jakarta.data.repository.Repository;
import java.util.List;

/**
 * The sample's Jakarta Data repository, beside Strata's own {@link Places}: the same {@link Place} rows through the
 * standard API ({@code jakarta.data-api} 1.0). The processor plans each method onto {@code Place}'s indexes at compile
 * time and generates {@code AtlasImpl}; each method's javadoc there says which keys it reads.
 */
@Repository
public interface Atlas extends BasicRepository<Place, Long> {
  /**
   * A country's places, largest first, a page at a time with totals: reads the country's entries of
   * {@code byCountryPopulation} and their rows.
   */
  @Find
  @OrderBy(value = "population", descending = true)
  @OrderBy("id")
  Page<Place> inCountry(@By("country") String country, PageRequest pageRequest);

  /** Places of a country with at least {@code min} people, in the order the caller chooses. */
  List<Place> findByCountryAndPopulationGreaterThanEqual(String country, long min, Sort<Place> sort);

  /** JDQL: the names of the places with {@code min} to {@code max} people, through {@code @Indexed population}. */
  @Query("SELECT name WHERE population BETWEEN :min AND :max ORDER BY population DESC")
  List<String> namesWithPopulation(long min, long max);
}
