package io.strata.samples;

import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.StrataException;
import io.strata.IndexState;
import io.strata.spatial.Geodesy;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToIntFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * The place-finder sample: imports GeoNames places into Strata and answers queries. With no
 * subcommand it runs the whole tour. The places are kept in a file database (the durable embedded
 * engine) in {@code ~/.strata/samples} unless {@code --data} or {@code --url} says otherwise; the first
 * run imports them, later runs answer at once. Results go to stdout; import progress and notes to stderr.
 */
@Command(name = "strata-samples", mixinStandardHelpOptions = true, version = "Strata samples 0.1.0",
    scope = CommandLine.ScopeType.INHERIT,
    description = {
        "Finds places (GeoNames, CC BY 4.0) with Strata repositories on FoundationDB.",
        "Without a subcommand: runs every kind of query.",
        "The places are kept in a file database in ~/.strata/samples (or --data DIR): the first run imports them,",
        "later runs answer at once. With --url strata:mem: the database starts empty, so every subcommand imports first."},
    subcommands = {PlaceFinder.ImportCommand.class, PlaceFinder.BoxCommand.class, PlaceFinder.NearCommand.class,
        PlaceFinder.TopCommand.class, PlaceFinder.ShowCommand.class, IndexCommands.CountryCommand.class,
        IndexCommands.RankCommand.class, IndexCommands.SearchCommand.class, PagesCommand.class, LikeCommand.class,
        CommandLine.HelpCommand.class})
public final class PlaceFinder implements Callable<Integer> {
  @Option(names = "--url", paramLabel = "<url>", description = {
      "the database instead of the --data directory:",
      "strata:mem: (in memory), strata:file:DIR,",
      "strata:fdb: (the default cluster file) or",
      "strata:fdb:/path/to/fdb.cluster; add ?root=dir/path",
      "and &tenant=name to use a directory as root"})
  String url;

  @Option(names = "--data", paramLabel = "<dir>", description = {
      "the file database's directory (created if missing;",
      "default ~/.strata/samples)"})
  Path data;

  @Spec
  CommandSpec spec;

  final PrintStream out = System.out;
  final PrintStream err = System.err;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line, reporting a bad URL or an unreachable database as one message instead of a stack trace. */
  static CommandLine commandLine() {
    return new CommandLine(new PlaceFinder()).setExecutionExceptionHandler((e, cmd, parsed) -> {
      if (!(e instanceof StrataException || e instanceof IllegalArgumentException)) {
        throw e;
      }
      cmd.getErr().println(cmd.getColorScheme().errorText("strata-samples: " + e.getMessage()));
      return cmd.getCommandSpec().exitCodeOnExecutionException();
    });
  }

  /** The default home of the file database: {@code ~/.strata/samples}. */
  static Path defaultData() {
    return Path.of(System.getProperty("user.home"), ".strata", "samples");
  }

  /** The URL to open: {@code --url}, else the {@code --data} directory (or the default one) as {@code strata:file:}. */
  String url() {
    if (url != null && data != null) {
      throw new ParameterException(spec.commandLine(), "give --url or --data, not both (--data DIR is short for"
          + " --url strata:file:DIR)");
    }
    if (url != null) {
      return url;
    }
    if (data != null && data.toString().isEmpty()) { // Path.of("") is the working directory
      throw new ParameterException(spec.commandLine(), "--data needs a directory, e.g. --data places (an empty one"
          + " would make the working directory the database)");
    }
    Path dir = (data != null ? data : defaultData()).toAbsolutePath();
    for (Path above = dir.getParent(); above != null; above = above.getParent()) {
      if (Files.exists(above) && !Files.isDirectory(above)) {
        throw new StrataException("cannot keep the sample's data in " + dir + ": " + above + " is a file, not a"
            + " directory; choose another place with --data DIR");
      }
    }
    try {
      Files.createDirectories(dir.getParent());
    } catch (IOException e) {
      throw new StrataException("cannot create " + dir.getParent() + " for the sample's data: " + e.getMessage()
          + "; choose another place with --data DIR", e);
    }
    return "strata:file:" + encodePath(dir.toString());
  }

  /**
   * {@code path} as a {@code strata:file:} URL holds it: {@code %}, {@code #}, {@code ?}, spaces, control and non-ASCII
   * characters percent-encoded as UTF-8 (the URL decodes them back).
   */
  static String encodePath(String path) {
    StringBuilder url = new StringBuilder();
    for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      url.append(c <= ' ' || c >= 0x7f || c == '%' || c == '#' || c == '?' ? String.format(Locale.ROOT, "%%%02X", c) : String.valueOf((char) c));
    }
    return url.toString();
  }

  /**
   * Builds the object graph on {@code db}, and upgrades a database written by an earlier version of the sample: builds
   * online the indexes it lacks (it added aggregates, a rank, a text index and a change feed to {@link Place}: until
   * built, their queries would fail with {@code IndexNotReadyException}), then rewrites rows it stored a key per field
   * as one key each (they read correctly either way; packed rows are smaller and read in one key).
   */
  PlacesComponent component(StrataDb db) {
    PlacesComponent app = DaggerPlacesComponent.builder().placesModule(new PlacesModule(db)).build();
    List<String> missing = app.places().maintenance().states().values().stream().filter(s -> !s.ready())
        .map(IndexState::index).toList();
    if (!missing.isEmpty()) {
      err.println(db.url() + " was written by an earlier version of the sample: building the indexes it lacks, "
          + String.join(", ", missing) + ", over the places stored (once, online).");
      long start = System.nanoTime();
      app.places().maintenance().buildAll();
      err.printf("Built %d indexes in %.1f s.%n", missing.size(), (System.nanoTime() - start) / 1e9);
    }
    if (app.importer().importedAt().isPresent()) {
      long start = System.nanoTime();
      long rewritten = app.importer().repackOnce();
      if (rewritten > 0) {
        err.printf("Rewrote %,d places an earlier version stored a key per field as one key each, in %.1f s (once).%n",
            rewritten, (System.nanoTime() - start) / 1e9);
      }
    }
    return app;
  }

  /** Imports into {@code app} when asked to or when the data is not there yet. */
  PlacesComponent imported(PlacesComponent app, StrataDb db, boolean alwaysImport) {
    boolean missing = !alwaysImport && app.importer().importedAt().isEmpty();
    if (missing) {
      err.println(db.url().startsWith("strata:mem:")
          ? "strata:mem: starts empty: importing the places first."
          : "No places in " + db.url() + " yet: importing them first (once; later runs answer at once).");
    }
    if (alwaysImport || missing) {
      long start = System.nanoTime();
      int n = app.importer().importAll(err, System.console() != null);
      err.printf("Imported %,d places in %.1f s (one queue job per %d places).%n%n", n, (System.nanoTime() - start) / 1e9,
          Importer.BATCH);
    }
    return app;
  }

  @Override
  public Integer call() {
    return withPlaces(app -> {
      Places places = app.queries();
      out.printf("%,d places stored; count() reads one key.%n%n", places.count());

      BoundingBox paris = BoundingBox.geo(48.70, 2.10, 49.00, 2.60);
      out.println("Places in the box " + paris + ", largest first:");
      printPlaces(places.findByLocationWithin(paris).stream().sorted(byPopulation()).limit(5).toList(), null);

      GeoPoint eiffel = new GeoPoint(48.8584, 2.2945);
      out.println("\nThe 5 places nearest to the Eiffel Tower (48.8584, 2.2945):");
      printPlaces(app.places().findByLocationNearest(eiffel, 5), eiffel);

      out.println("\nLargest places in Japan (findTop5ByCountryOrderByPopulationDesc: 5 index entries, read backwards):");
      List<Place> japan = places.findTop5ByCountryOrderByPopulationDesc("JP");
      printPlaces(japan, null);

      Page<Place> second = app.atlas().inCountry("JP", PageRequest.ofPage(2, 3, true));
      out.printf("%nJakarta Data: Atlas.inCountry(\"JP\", PageRequest.ofPage(2, 3)), page 2 of %d (byCountryPopulation's JP"
          + " entries):%n", second.totalPages());
      printPlaces(second.content(), null);

      Place tokyo = japan.get(0);
      out.println("\nDocument path getPath(" + tokyo.id() + ", \"details\", \"names\") = "
          + app.places().getPath(tokyo.id(), "details", "names").orElseThrow());
      out.println("Blob readSource(" + tokyo.id() + ", 0, 40) = \""
          + new String(app.places().readSource(tokyo.id(), 0, 40), StandardCharsets.UTF_8).replace('\t', ' ') + "…\" of "
          + app.places().sourceSize(tokyo.id()) + " bytes");
      out.println("Places with 5 to 6 million people: "
          + places.findByPopulationBetween(5_000_000L, 6_000_000L).stream().map(Place::name).sorted().toList());
      out.println("JDQL SELECT name WHERE population BETWEEN 5000000 AND 6000000 ORDER BY population DESC: "
          + app.atlas().namesWithPopulation(5_000_000L, 6_000_000L));
      out.printf("Japan: %,d places, %,d people (countByCountry, sumPopulationByCountry: one aggregate key each).%n",
          places.countByCountry("JP"), places.sumPopulationByCountry("JP"));
      out.println("Names containing the phrase \"saint denis\": " + app.places().findByNameContainingPhrase("saint denis").stream()
          .map(p -> p.name() + " (" + p.country() + ")").toList());
      Place parisPlace = places.findById(2988507L).orElseThrow();
      out.println("\nPlaces like Paris (findTop6BySketchNear: a vector index over sketches of name, region and size):");
      LikeCommand.print(out, LikeCommand.like(app, err, parisPlace, null, LikeCommand.CANDIDATES));
      return 0;
    });
  }

  /** Opens the database, builds missing indexes and imports when needed, and runs {@code body} on the object graph. */
  int withPlaces(ToIntFunction<PlacesComponent> body) {
    try (StrataDb db = Strata.connect(url())) {
      return body.applyAsInt(imported(component(db), db, false));
    }
  }

  static Comparator<Place> byPopulation() {
    return Comparator.comparingLong(Place::population).reversed();
  }

  /**
   * The largest places of a country: one page of a reverse scan of the composite index {@code (country, population)},
   * reading {@code limit + 1} index entries and {@code limit} rows however many places the country has.
   */
  static List<Place> largest(Places places, String country, int limit) {
    return places.findByCountryOrderByPopulationDesc(country.toUpperCase(Locale.ROOT), limit, null).items();
  }

  /** Rejects a count option below 1 before anything is opened or imported. */
  static void atLeastOne(CommandSpec spec, String option, int value) {
    if (value < 1) {
      throw new ParameterException(spec.commandLine(), option + " must be at least 1, not " + value);
    }
  }

  void printPlaces(List<Place> found, GeoPoint from) {
    if (found.isEmpty()) {
      out.println("  (none)");
    }
    for (Place p : found) {
      String distance = from == null ? ""
          : String.format("  %7.2f km", Geodesy.distanceMeters(from.lat(), from.lon(), p.location().lat(), p.location().lon()) / 1000);
      out.printf("  %-28s %-3s %,12d  (%8.4f, %9.4f)%s%n", p.name(), p.country(), p.population(),
          p.location().lat(), p.location().lon(), distance);
    }
  }

  @Command(name = "import", description = "Import the bundled places (once: the other commands import first when"
      + " the database has none; again is harmless, saves are idempotent).")
  static final class ImportCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Option(names = "--tail", description = {"print each change of the @Versioned change feed while the import",
        "runs (a live tail: Flow.Publisher woken by a FoundationDB watch)"})
    boolean tail;

    @Override
    public Integer call() throws Exception {
      try (StrataDb db = Strata.connect(parent.url())) {
        PlacesComponent app = parent.component(db);
        ChangeTail changes = tail ? ChangeTail.start(app.places(), parent.out) : null;
        parent.imported(app, db, true);
        if (changes != null) {
          parent.out.printf("%,d changes tailed while importing.%n", changes.finish(app.places(), Duration.ofMinutes(2)));
        }
        parent.out.printf("%,d places stored.%n", app.queries().count());
        return 0;
      }
    }
  }

  @Command(name = "box", description = "Places inside a bounding box (minLon > maxLon crosses the antimeridian).")
  static final class BoxCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Parameters(index = "0", description = "minimum latitude") double minLat;
    @Parameters(index = "1", description = "minimum longitude") double minLon;
    @Parameters(index = "2", description = "maximum latitude") double maxLat;
    @Parameters(index = "3", description = "maximum longitude") double maxLon;

    @Option(names = "--limit", defaultValue = "10", description = "how many to print, largest first (default ${DEFAULT-VALUE})")
    int limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      atLeastOne(spec, "--limit", limit);
      BoundingBox box = BoundingBox.geo(minLat, minLon, maxLat, maxLon);  // checked before the import
      return parent.withPlaces(app -> {
        List<Place> found = app.queries().findByLocationWithin(box);
        parent.out.printf("%d places in the box; the %d largest:%n", found.size(), Math.min(limit, found.size()));
        parent.printPlaces(found.stream().sorted(byPopulation()).limit(limit).toList(), null);
        return 0;
      });
    }
  }

  @Command(name = "near", description = "The places nearest to a point, or all within a radius.")
  static final class NearCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Parameters(index = "0", description = "latitude") double lat;
    @Parameters(index = "1", description = "longitude") double lon;

    @Option(names = "--k", paramLabel = "N", description = {"how many nearest places (default 5); with --radius-km,",
        "the N nearest within the radius (default: all of them)"})
    Integer k;

    @Option(names = "--radius-km", paramLabel = "R", description = "the places within R kilometres, nearest first")
    Double radiusKm;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      if (k != null) {
        atLeastOne(spec, "--k", k);
      }
      if (radiusKm != null && !(radiusKm > 0 && radiusKm <= 20_038)) {
        throw new ParameterException(spec.commandLine(), "--radius-km must be a number of kilometres above 0 and at most"
            + " 20038 (half the Earth's circumference), not " + radiusKm);
      }
      GeoPoint center = new GeoPoint(lat, lon);  // checked before the import
      return parent.withPlaces(app -> {
        List<Place> found;
        if (radiusKm == null) {
          found = app.places().findByLocationNearest(center, k == null ? 5 : k);
        } else {
          found = app.queries().findByLocationNear(center, radiusKm * 1000);
          found = found.subList(0, Math.min(found.size(), k == null ? found.size() : k));
        }
        if (found.isEmpty() && radiusKm != null) {
          parent.err.printf("no places within %s km of (%s, %s)%n", radiusKm, lat, lon);
          return 1;
        }
        parent.printPlaces(found, center);
        return 0;
      });
    }
  }

  @Command(name = "top", description = "The largest places of a country (ISO code, e.g. FR).")
  static final class TopCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Parameters(index = "0", description = "ISO-3166 country code") String country;

    @Option(names = "--limit", defaultValue = "10", description = "how many (default ${DEFAULT-VALUE})")
    int limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      atLeastOne(spec, "--limit", limit);
      IndexCommands.countryCode(spec, country);
      return parent.withPlaces(app -> {
        List<Place> found = largest(app.queries(), country, limit);
        if (found.isEmpty()) {
          parent.err.println("no places with the country code " + country.toUpperCase(Locale.ROOT) + " in the data (it"
              + " holds places of 15,000+ people; codes are ISO 3166 alpha-2, e.g. FR, JP, US)");
          return 1;
        }
        parent.printPlaces(found, null);
        return 0;
      });
    }
  }

  @Command(name = "show", description = "One place: its row, its details document and its source record.")
  static final class ShowCommand implements Callable<Integer> {
    @ParentCommand
    PlaceFinder parent;

    @Parameters(index = "0", description = "GeoNames id, e.g. 2988507 (Paris)") long id;

    @Override
    public Integer call() {
      return parent.withPlaces(app -> app.queries().findById(id).map(p -> {
          parent.printPlaces(List.of(p), null);
          parent.out.println("  details: " + app.places().getPath(id, "details").orElseThrow());
          parent.out.println("  source:  " + new String(p.source(), StandardCharsets.UTF_8).replace('\t', ' '));
          return 0;
        }).orElseGet(() -> {
          parent.err.println("no place with id " + id);
          return 1;
        }));
    }
  }
}
