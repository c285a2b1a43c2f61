package com.example;

import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.CrudRepository;
import io.strata.Page;
import io.strata.annotations.Repository;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

@Repository
public interface Accounts extends CrudRepository<Account, String> {
  List<Account> findTop5ByRegionOrderByTierDesc(String region);

  Optional<Account> findByEmail(String email);

  Page<Account> findByRegionAndTierBetween(String region, int min, int max, int limit, Continuation after);

  List<String> findIdByRegionIn(Collection<String> regions);

  long countByRegion(String region);

  CompletableFuture<Boolean> existsByEmail(String email);

  List<Account> findByOfficeWithin(BoundingBox box);

  default boolean isKnown(String email) {
    return findByEmail(email).isPresent();
  }
}
