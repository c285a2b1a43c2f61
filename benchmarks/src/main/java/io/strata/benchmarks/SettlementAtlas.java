package io.strata.benchmarks;

import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.By;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import java.util.List;

/**
 * The query shapes of {@link QueryShapesMeasurement} in Jakarta Data's dialect. {@code findByName} reads every row (no
 * index holds names): the processor warns, as the measurement means it to.
 */
@Repository
public interface SettlementAtlas extends BasicRepository<Settlement, Long> {
  List<Settlement> findByCountry(String country);

  List<Settlement> findByPopulationBetween(long min, long max);

  List<Settlement> findByCountryOrderByPopulationDesc(String country, Limit limit);

  List<Settlement> findByCountryOrderByPopulationAsc(String country, Limit limit);

  List<Settlement> findByCountryAndPopulationLessThanEqualOrderByPopulationDesc(String country, long max, Limit limit);

  @Find
  @OrderBy(value = "population", descending = true)
  @OrderBy(value = "id", descending = true)
  Page<Settlement> inCountry(@By("country") String country, PageRequest page);

  @Find
  @OrderBy(value = "population", descending = true)
  @OrderBy(value = "id", descending = true)
  CursoredPage<Settlement> pagesOfCountry(@By("country") String country, PageRequest page);

  long countByCountry(String country);

  boolean existsByCountry(String country);

  List<Settlement> findByName(String name);

  List<Settlement> findByCountryOrPopulationGreaterThan(String country, long min);

  /** A limit with no order: the first places the read finds. */
  @Find
  List<Settlement> someOfCountry(@By("country") String country, Limit limit);

  List<Settlement> findByCountryOrPopulationGreaterThanOrderByPopulationDesc(String country, long min, Limit limit);

  boolean existsByCountryAndNameStartsWith(String country, String prefix);
}
