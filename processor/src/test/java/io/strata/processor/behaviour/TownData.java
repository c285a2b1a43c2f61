package io.strata.processor.behaviour;

import io.strata.GeoPoint;
import io.strata.processor.fixtures.queries.Town;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/** Towns to query and the brute-force answers the declared queries must equal. */
final class TownData {
  static final List<String> COUNTRIES = List.of("JP", "FR", "US", "DE");

  private TownData() {}

  /**
   * {@code n} towns spread over {@link #COUNTRIES}, with populations that repeat (ties are broken by id), names
   * sharing prefixes, a capital every 7th, a code each, founding dates and locations.
   */
  static List<Town> towns(int n) {
    List<Town> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String country = COUNTRIES.get(i % COUNTRIES.size());
      long population = (i * 7919L) % 1000;
      String name = (i % 3 == 0 ? "San" : i % 3 == 1 ? "Saint" : "Port") + "-" + i;
      out.add(new Town(i, name, country, population, i % 7 == 0, "C" + i, LocalDate.of(1800, 1, 1).plusDays(i * 997L % 70_000),
          new GeoPoint(-60 + (i * 37 % 120), -170 + (i * 53 % 340))));
    }
    return out;
  }

  /** The towns {@code test} accepts, in id order. */
  static List<Town> where(List<Town> towns, Predicate<Town> test) {
    return towns.stream().filter(test).sorted(Comparator.comparingLong(Town::id)).toList();
  }

  /** Population then id, the order of the {@code (country, population)} and {@code (population)} indexes. */
  static final Comparator<Town> BY_POPULATION = Comparator.comparingLong(Town::population).thenComparingLong(Town::id);

  static List<Long> ids(List<Town> towns) {
    return towns.stream().map(Town::id).toList();
  }

  static List<Long> sortedIds(List<Town> towns) {
    return towns.stream().map(Town::id).sorted().toList();
  }
}
