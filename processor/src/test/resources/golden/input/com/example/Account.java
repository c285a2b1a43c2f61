package com.example;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;
import io.strata.annotations.Spatial;
import io.strata.GeoPoint;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@Entity(name = "Acct")
@Index(name = "byRegionTier", fields = {"region", "tier"})
public record Account(
    @Id String id,
    @Indexed(unique = true) String email,
    @Indexed(covering = true) String region,
    int tier,
    Optional<Instant> closedAt,
    List<String> tags,
    @Spatial(maxRanges = 16) GeoPoint office,
    Address address) {

  public record Address(String street, int number) {}
}
