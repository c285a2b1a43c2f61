package com.example;

import io.strata.Continuation;
import io.strata.CrudRepository;
import io.strata.Page;
import io.strata.Restriction;
import io.strata.annotations.AllowFiltering;
import io.strata.annotations.Repository;
import java.util.List;
import java.util.Optional;

@Repository
public interface AccountSearch extends CrudRepository<Account, String> {
  List<Account> findTop5ByRegionOrderByTierDesc(String region, Restriction<Account> where);

  Optional<Account> findByEmail(String email, Restriction<Account> where);

  Page<Account> findByRegionAndTierBetween(String region, int min, int max, Restriction<Account> where, int limit,
      Continuation after);

  long countByRegion(String region, Restriction<Account> where);

  @AllowFiltering
  boolean existsByRegion(String region, Restriction<Account> where);
}
