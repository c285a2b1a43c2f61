package com.example;

import io.strata.CrudRepository;
import io.strata.Scored;
import io.strata.annotations.Repository;
import java.util.List;

@Repository
public interface Docs extends CrudRepository<Doc, Long> {
  List<Doc> findTop10ByCategoryAndVectorNear(String category, float[] query);

  List<Scored<Doc>> findTop10ByCategoryAndYearGreaterThanAndVectorNear(String category, int after, float[] query,
      int candidates);
}
