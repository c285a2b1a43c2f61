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
   * A country's places, largest first (equal populations by id, also descending: the index's own order read backwards),
   * a page at a time with totals: reads {@code byCountryPopulation} backwards from the country's largest place up to
   * the page's end, those rows only, and counts the country's index keys for the totals.
   */
  @Find
  @OrderBy(value = "population", descending = true)
  @OrderBy(value = "id", descending = true)
  Page<Place> inCountry(@By("country") String country, PageRequest pageRequest);

  /** Places of a country with at least {@code min} people, in the order the caller chooses. */
  List<Place> findByCountryAndPopulationGreaterThanEqual(String country, long min, Sort<Place> sort);

  /** JDQL: the names of the places with {@code min} to {@code max} people, through {@code @Indexed population}. */
  @Query("SELECT name WHERE population BETWEEN :min AND :max ORDER BY population DESC")
  List<String> namesWithPopulation(long min, long max);
}
