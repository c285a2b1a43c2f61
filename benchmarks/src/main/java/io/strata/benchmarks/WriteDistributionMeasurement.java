package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import io.strata.GeoPoint;
import io.strata.benchmarks.hot.HotAll;
import io.strata.benchmarks.hot.HotAllRepository;
import io.strata.benchmarks.hot.HotBlob;
import io.strata.benchmarks.hot.HotBlobRepository;
import io.strata.benchmarks.hot.HotGrouped;
import io.strata.benchmarks.hot.HotGroupedRepository;
import io.strata.benchmarks.hot.HotIndexed;
import io.strata.benchmarks.hot.HotIndexedRepository;
import io.strata.benchmarks.hot.HotPlain;
import io.strata.benchmarks.hot.HotPlainRepository;
import io.strata.benchmarks.hot.HotRanked;
import io.strata.benchmarks.hot.HotRankedRepository;
import io.strata.benchmarks.hot.HotSpatial;
import io.strata.benchmarks.hot.HotSpatialRepository;
import io.strata.benchmarks.hot.HotText;
import io.strata.benchmarks.hot.HotTextRepository;
import io.strata.benchmarks.hot.HotTotal;
import io.strata.benchmarks.hot.HotTotalRepository;
import io.strata.benchmarks.hot.HotVersioned;
import io.strata.benchmarks.hot.HotVersionedRepository;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.WriteDistribution;
import io.strata.embedded.WriteRecorder;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Where uniform saves of each entity feature write: for each feature, a fresh embedded database is loaded with
 * {@code loaded} entities, then {@code saves} new entities (random ids, a city among 50, a random quantity) are
 * saved one per transaction while {@link EmbeddedFdb#recordWrites} records the commits. Prints, per feature, how
 * many keys more than 1/16 of the saves wrote, the share of the saves taken by the hottest key, by the hottest of
 * {@code ranges} ranges cut by size, by the hottest of those ranges split further between keys by writes, and by the
 * hottest versionstamp tail (see {@link WriteDistribution}), naming each; with {@code -v}, every feature's report.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.WriteDistributionMeasurement [saves] [loaded] [ranges] [-v]</pre>
 */
public final class WriteDistributionMeasurement {
  private static final int CITIES = 50;

  /** Saves one new entity of a feature's type with id {@code id}, fields drawn from {@code random}. */
  private interface Saver {
    void save(long id, SplittableRandom random);
  }

  private record Feature(String name, Function<Database, Saver> saver) {}

  private static String city(SplittableRandom r) {
    return "city" + r.nextInt(CITIES);
  }

  private static final List<Feature> FEATURES = List.of(
      new Feature("plain", db -> { var repo = new HotPlainRepository(db); return (id, r) -> repo.save(new HotPlain(id, city(r), r.nextInt(1000))); }),
      new Feature("@Indexed", db -> { var repo = new HotIndexedRepository(db); return (id, r) -> repo.save(new HotIndexed(id, city(r), r.nextInt(1000))); }),
      new Feature("COUNT by city", db -> { var repo = new HotGroupedRepository(db); return (id, r) -> repo.save(new HotGrouped(id, city(r), r.nextInt(1000))); }),
      new Feature("ungrouped SUM", db -> { var repo = new HotTotalRepository(db); return (id, r) -> repo.save(new HotTotal(id, city(r), r.nextInt(1000))); }),
      new Feature("@Versioned", db -> { var repo = new HotVersionedRepository(db); return (id, r) -> repo.save(new HotVersioned(id, city(r), r.nextInt(1000))); }),
      new Feature("@Rank", db -> { var repo = new HotRankedRepository(db); return (id, r) -> repo.save(new HotRanked(id, city(r), r.nextInt(1000))); }),
      new Feature("@Text", db -> { var repo = new HotTextRepository(db); return (id, r) -> repo.save(new HotText(id, city(r) + " " + city(r), r.nextInt(1000))); }),
      new Feature("@Blob", db -> { var repo = new HotBlobRepository(db); return (id, r) -> repo.save(new HotBlob(id, city(r), new byte[100 + r.nextInt(200)])); }),
      new Feature("@Spatial", db -> { var repo = new HotSpatialRepository(db); return (id, r) -> repo.save(new HotSpatial(id, city(r), new GeoPoint(r.nextDouble(-90, 90), r.nextDouble(-180, 180)))); }),
      new Feature("issue 37's WD", db -> { var repo = new HotAllRepository(db); return (id, r) -> repo.save(new HotAll(id, city(r), r.nextInt(1000))); }));

  private WriteDistributionMeasurement() {}

  public static void main(String[] args) {
    List<String> numbers = java.util.Arrays.stream(args).filter(a -> !a.startsWith("-")).toList();
    int saves = numbers.size() > 0 ? Integer.parseInt(numbers.get(0)) : 400;
    int loaded = numbers.size() > 1 ? Integer.parseInt(numbers.get(1)) : 2000;
    int ranges = numbers.size() > 2 ? Integer.parseInt(numbers.get(2)) : 32;
    boolean verbose = List.of(args).contains("-v");
    System.out.printf("%d uniform saves of new entities after %d loaded; key space cut into %d ranges by size%n%n", saves, loaded, ranges);
    System.out.println("| feature | keys over 1/16 | hottest key | share | hottest versionstamp tail | share | hottest range by size | split by writes |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    for (Feature feature : FEATURES) {
      WriteDistribution d = measure(feature, saves, loaded, ranges);
      WriteDistribution.Writes key = d.keys().get(0);
      String tail = d.tails().isEmpty() ? "none" : "`" + d.tails().get(0).printable() + "`";
      long over = d.keys().stream().filter(w -> w.commits() * 16L > d.commits()).count();
      System.out.printf("| %s | %d | `%s` | %d/%d | %s | %s | %.1f%% | %.1f%% |%n", feature.name(), over, key.printable(), key.commits(),
          d.commits(), tail, d.tails().isEmpty() ? "-" : d.tails().get(0).commits() + "/" + d.commits(), 100 * d.hottestRangeShare(),
          100 * d.hottestSplitShare());
      if (verbose) {
        System.out.println(d.report(5));
      }
    }
  }

  private static WriteDistribution measure(Feature feature, int saves, int loaded, int ranges) {
    Database db = EmbeddedFdb.open();
    Saver saver = feature.saver().apply(db);
    SplittableRandom random = new SplittableRandom(37);
    for (int i = 0; i < loaded; i++) {
      saver.save(random.nextLong(), random);
    }
    try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
      for (int i = 0; i < saves; i++) {
        saver.save(random.nextLong(), random);
      }
      return recorder.report(ranges);
    } finally {
      db.close();
    }
  }
}
