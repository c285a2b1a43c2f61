package com.example;

import io.strata.Scored;
import jakarta.data.Limit;
import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Repository;
import java.util.List;

@Repository
public interface DocSearch extends BasicRepository<Doc, Long> {
  List<Scored<Doc>> findByCategoryAndVectorNear(String category, float[] query, Limit limit);
}
