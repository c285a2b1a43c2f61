package io.strata.samples;

import io.strata.index.text.Words;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * The subcommands that read {@link Place}'s derived indexes: per-country aggregates ({@code country}), the
 * population rank within a country ({@code rank}) and full-text phrase search over names ({@code search}).
 * The live tail of the change feed is {@code import --tail} ({@link ChangeTail}).
 */
final class IndexCommands {
  private IndexCommands() {}

  /** Rejects anything but a two-letter code before anything is opened or imported. */
  static String countryCode(CommandSpec spec, String country) {
    if (!country.matches("[A-Za-z]{2}")) {
      throw new ParameterException(spec.commandLine(), "the country must be a two-letter ISO 3166 code such as FR or JP,"
          + " not '" + country + "'");
    }
    return country.toUpperCase(Locale.ROOT);
  }

  @Command(name = "country", description = {"How many places a country has and how many people live in them.",
      "One key each (a COUNT and a SUM @Aggregate); without a code, the countries with the most places."})
  static final class CountryCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Parameters(index = "0", arity = "0..1", description = "ISO-3166 country code, e.g. FR") String country;

    @Option(names = "--limit", defaultValue = "10", description = "without a code: how many countries (default ${DEFAULT-VALUE})")
    int limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      PlaceFinder.atLeastOne(spec, "--limit", limit);
      String code = country == null ? null : countryCode(spec, country);
      return parent.withPlaces(app -> {
        if (code != null) {
          long places = app.queries().countByCountry(code);
          if (places == 0) {
            parent.err.println("no places with the country code " + code + " in the data");
            return 1;
          }
          parent.out.printf("%s: %,d places, %,d people%n", code, places, app.queries().sumPopulationByCountry(code));
          return 0;
        }
        Map<String, Long> counts = app.places().placesByCountryByGroup();
        Map<String, Long> people = app.places().populationByCountryByGroup();
        parent.out.printf("%d countries; the %d with the most places:%n", counts.size(), Math.min(limit, counts.size()));
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(limit)
            .forEach(e -> parent.out.printf("  %-3s %,7d places %,15d people%n", e.getKey(), e.getValue(), people.get(e.getKey())));
        return 0;
      });
    }
  }

  @Command(name = "rank", description = {"Where a place ranks by population within its country, with its neighbours.",
      "A @Rank: O(log n) keys however many places the country has."})
  static final class RankCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Parameters(index = "0", description = "GeoNames id, e.g. 2995469 (Marseille)") long id;

    @Override
    public Integer call() {
      return parent.withPlaces(app -> app.queries().findById(id).map(p -> {
        PlaceRepository places = app.places();
        OptionalLong rank = places.byPopulationInCountryRankOf(p.country(), id);
        long size = places.byPopulationInCountrySize(p.country());
        long at = rank.orElseThrow();
        parent.out.printf("%s is number %,d of %,d places in %s by population:%n", p.name(), at + 1, size, p.country());
        List<Place> around = places.byPopulationInCountryRange(p.country(), Math.max(0, at - 2), 5);
        long first = Math.max(0, at - 2);
        for (int i = 0; i < around.size(); i++) {
          Place q = around.get(i);
          parent.out.printf("%s %,6d  %-28s %,12d%n", q.id() == id ? ">" : " ", first + i + 1, q.name(), q.population());
        }
        return 0;
      }).orElseGet(() -> {
        parent.err.println("no place with id " + id);
        return 1;
      }));
    }
  }

  @Command(name = "search", description = {"Places whose name contains the words as a phrase.",
      "Adjacent and in order, case and accents ignored, through a @Text index."})
  static final class SearchCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Parameters(arity = "1..*", paramLabel = "WORD", description = "the phrase, e.g. saint etienne") List<String> words;

    @Option(names = "--limit", defaultValue = "20", description = "how many to print, in id order (default ${DEFAULT-VALUE})")
    int limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      PlaceFinder.atLeastOne(spec, "--limit", limit);
      String phrase = String.join(" ", words);
      if (Words.of(phrase).isEmpty()) {
        throw new ParameterException(spec.commandLine(), "the phrase '" + phrase + "' has no words (letters or digits) to search for");
      }
      return parent.withPlaces(app -> {
        List<Place> found = app.places().findByNameContainingPhrase(phrase, limit, null).items();
        if (found.isEmpty()) {
          parent.err.println("no place name contains the phrase '" + phrase + "'");
          return 1;
        }
        parent.printPlaces(found, null);
        return 0;
      });
    }
  }
}
