package io.strata.samples;

import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.Scored;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code like}: the places whose {@link Sketch} is nearest a place's, by the vector index of {@link Lookalike} (declared
 * queries {@link Lookalikes}; with {@code --min-population}, a run-time restriction with a nearest order). The sketches
 * are computed and saved the first time they are asked for.
 */
@Command(name = "like", description = {"The places most like a place (GeoNames id): nearest by a vector of its name's",
    "letters, its region and its size, through an @Embedding vector index."})
final class LikeCommand implements Callable<Integer> {
  static final int BATCH = 500;
  /** The candidates a search explores unless {@code --candidates} says: the index is approximate (docs/indexes.md). */
  static final int CANDIDATES = 1000;

  @ParentCommand
  PlaceFinder parent;

  @Parameters(index = "0", description = "GeoNames id, e.g. 2988507 (Paris)") long id;

  @Option(names = "--country", paramLabel = "CC", description = "only places of this country (ISO code, e.g. FR)")
  String country;

  @Option(names = "--min-population", paramLabel = "N",
      description = "only places of at least N people: a run-time restriction, checked on the search's candidates")
  Long minPopulation;

  @Option(names = "--candidates", paramLabel = "N", defaultValue = "" + CANDIDATES,
      description = "candidates the approximate search explores (default ${DEFAULT-VALUE}): more finds the exact nearest more often and reads more")
  int candidates;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    if (candidates < 1) {
      throw new ParameterException(spec.commandLine(), "--candidates must be at least 1, not " + candidates);
    }
    String code = country == null ? null : IndexCommands.countryCode(spec, country);
    return parent.withPlaces(app -> {
      Optional<Place> place = app.queries().findById(id);
      if (place.isEmpty()) {
        parent.err.println("no place with id " + id);
        return 1;
      }
      print(parent.out, minPopulation == null ? like(app, parent.err, place.get(), code, candidates)
          : likeAtLeast(app, parent.err, place.get(), code, minPopulation, candidates));
      return 0;
    });
  }

  /** The places most like {@code place} (in {@code country} when not null), nearest first, the place itself included. */
  static List<Scored<Lookalike>> like(PlacesComponent app, PrintStream err, Place place, String country, int candidates) {
    sketched(app, err);
    float[] sketch = Sketch.of(place);
    return country == null ? app.lookalikes().findTop6BySketchNear(sketch, candidates)
        : app.lookalikes().findTop6ByCountryAndSketchNear(country, sketch, candidates);
  }

  /**
   * The places most like {@code place} of at least {@code minPopulation} people (in {@code country} when not null),
   * nearest first: a run-time restriction with a nearest order, its conditions checked on the candidates.
   */
  static List<Scored<Lookalike>> likeAtLeast(PlacesComponent app, PrintStream err, Place place, String country,
      long minPopulation, int candidates) {
    sketched(app, err);
    Restriction<Lookalike> big = _Lookalike.population.greaterThanEqual(minPopulation);
    Restriction<Lookalike> where = country == null ? big : Restrict.all(_Lookalike.country.equalTo(country), big);
    return app.lookalikes().where(where)
        .nearest(_Lookalike.sketch, Sketch.of(place)).limit(6).candidates(candidates).listScored();
  }

  static void print(PrintStream out, List<Scored<Lookalike>> found) {
    for (Scored<Lookalike> s : found) {
      out.printf("  %-28s %-3s %,12d  distance %.4f%n", s.entity().name(), s.entity().country(), s.entity().population(),
          s.distance());
    }
  }

  /** Saves every place's sketch, once: when fewer sketches than places are stored. */
  static void sketched(PlacesComponent app, PrintStream err) {
    if (app.lookalikes().count() >= app.queries().count()) {
      return;
    }
    List<Place> all = Importer.load();
    long start = System.nanoTime();
    for (int from = 0; from < all.size(); from += BATCH) {
      app.lookalikes().saveAll(all.subList(from, Math.min(all.size(), from + BATCH)).stream().map(Lookalike::of).toList());
    }
    err.printf("Sketched %,d places into the vector index in %.1f s (once).%n", all.size(), (System.nanoTime() - start) / 1e9);
  }
}
