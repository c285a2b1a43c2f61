package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.samples.Importer;
import io.strata.samples.Place;
import io.strata.samples.PlaceRepository;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * The samples' import against the keys it writes: the GeoNames places saved with {@code saveAll} in the
 * importer's batches of {@value #BATCH} (every index kind maintained: plain, composite, spatial, text,
 * aggregates, rank, change feed, document paths, blob chunks), then the very keys and values that import
 * wrote, with plain {@code tr.set}, each into a fresh in-memory engine, side by side in every round (the first
 * round warms up), twice: the keys it left in key order in as many transactions (the cheapest way to write
 * them: each transaction's keys lie together), and the keys each of Strata's transactions wrote, transaction by
 * transaction (the same keys in the same batches, spread over the key space as the import spreads them). Wall
 * and thread CPU time of each. Then keys and bytes per entity, packed rows against a key per field, for
 * {@code Place} and a plain ten-field entity. Run:
 * {@code java -Xmx6g -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.ImportMeasurement [rounds]}.
 */
public final class ImportMeasurement {
  /** The samples importer's batch: one transaction per 500 places. */
  static final int BATCH = 500;

  private ImportMeasurement() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    List<Place> places = Importer.load();
    int transactions = (places.size() + BATCH - 1) / BATCH;
    List<List<KeyValue>> batches = new ArrayList<>();
    List<KeyValue> written = importOnce(places, batches);
    Times strata = new Times();
    Times keyOrder = new Times();
    Times sameBatches = new Times();
    for (int round = 0; round <= rounds; round++) {
      boolean counted = round > 0; // the first round warms up
      try (Database db = EmbeddedFdb.open()) {
        PlaceRepository repository = new PlaceRepository(db);
        strata.time(counted, () -> {
          for (int from = 0; from < places.size(); from += BATCH) {
            repository.saveAll(places.subList(from, Math.min(places.size(), from + BATCH)));
          }
        });
      }
      try (Database db = EmbeddedFdb.open()) {
        keyOrder.time(counted, () -> replay(db, evenly(written, transactions)));
      }
      try (Database db = EmbeddedFdb.open()) {
        sameBatches.time(counted, () -> replay(db, batches));
      }
      if (counted) {
        System.out.printf("round %d: Strata %s; raw in key order %s; raw in Strata's transactions %s%n", round, strata.last(),
            keyOrder.last(), sameBatches.last());
      }
    }
    System.out.printf("import of %,d places (%,d keys, %,d transactions; Strata's transactions wrote %,d keys in all), medians of %d"
        + " (ratios: the median of each round's ratio):%n",
        places.size(), written.size(), transactions, batches.stream().mapToInt(List::size).sum(), rounds);
    System.out.printf("  Strata %s%n  raw replay in key order %s: ratio %.2f wall, %.2f CPU%n", strata.median(), keyOrder.median(),
        strata.ratio(keyOrder, true), strata.ratio(keyOrder, false));
    System.out.printf("  raw replay of Strata's transactions %s: ratio %.2f wall, %.2f CPU%n", sameBatches.median(),
        strata.ratio(sameBatches, true), strata.ratio(sameBatches, false));

    perEntity("Place, packed", places.size(), "Place", db -> {
      PlaceRepository repository = new PlaceRepository(db);
      for (int from = 0; from < places.size(); from += BATCH) {
        repository.saveAll(places.subList(from, Math.min(places.size(), from + BATCH)));
      }
    });
    perEntity("Place, a key per field", places.size(), "PlaceF", db -> {
      PlacePerFieldRepository repository = new PlacePerFieldRepository(db);
      for (int from = 0; from < places.size(); from += BATCH) {
        repository.saveAll(places.subList(from, Math.min(places.size(), from + BATCH)).stream().map(PlacePerField::of).toList());
      }
    });
    int plain = 10_000;
    perEntity("Plain10, packed", plain, "Plain10", db -> {
      Plain10Repository repository = new Plain10Repository(db);
      for (int from = 0; from < plain; from += BATCH) {
        List<Plain10> batch = new ArrayList<>();
        for (long i = from; i < from + BATCH; i++) {
          batch.add(Plain10.of(i));
        }
        repository.saveAll(batch);
      }
    });
    perEntity("Plain10, a key per field", plain, "Plain10F", db -> {
      Plain10PerFieldRepository repository = new Plain10PerFieldRepository(db);
      for (int from = 0; from < plain; from += BATCH) {
        List<Plain10PerField> batch = new ArrayList<>();
        for (long i = from; i < from + BATCH; i++) {
          batch.add(Plain10PerField.of(Plain10.of(i)));
        }
        repository.saveAll(batch);
      }
    });
  }

  /** Rows' keys and bytes, and all keys and bytes, per entity after {@code load} into a fresh engine. */
  private static void perEntity(String what, int entities, String entity, Consumer<Database> load) {
    try (Database db = EmbeddedFdb.open()) {
      load.accept(db);
      List<KeyValue> all = dump(db);
      byte[] rows = Tuple.from(entity, "R").pack();
      long rowKeys = 0;
      long rowBytes = 0;
      long bytes = 0;
      for (KeyValue kv : all) {
        bytes += kv.getKey().length + kv.getValue().length;
        if (ByteArrayUtil.startsWith(kv.getKey(), rows)) {
          rowKeys++;
          rowBytes += kv.getKey().length + kv.getValue().length;
        }
      }
      System.out.printf("%s: %.2f row keys and %,.0f row bytes per entity; %.2f keys and %,.0f bytes per entity in all%n", what,
          (double) rowKeys / entities, (double) rowBytes / entities, (double) all.size() / entities, (double) bytes / entities);
    }
  }

  /** Every key and value of the normal key space, in key order, read in short transactions. */
  private static List<KeyValue> dump(Database db) {
    List<KeyValue> out = new ArrayList<>();
    byte[] end = {(byte) 0xff};
    byte[] from = new byte[0];
    while (true) {
      byte[] begin = from;
      List<KeyValue> page = db.read(tr -> tr.getRange(KeySelector.firstGreaterOrEqual(begin), KeySelector.firstGreaterOrEqual(end), 50_000)
          .asList().join());
      out.addAll(page);
      if (page.size() < 50_000) {
        return out;
      }
      from = ByteArrayUtil.join(page.get(page.size() - 1).getKey(), new byte[] {0});
    }
  }

  /**
   * Imports {@code places} once and returns every key-value it left; {@code batches} receives, per transaction, the
   * keys that transaction wrote (set or changed, taken by comparing the database before and after it; the import
   * clears nothing it wrote before).
   */
  private static List<KeyValue> importOnce(List<Place> places, List<List<KeyValue>> batches) {
    try (Database db = EmbeddedFdb.open()) {
      PlaceRepository repository = new PlaceRepository(db);
      List<KeyValue> before = List.of();
      for (int from = 0; from < places.size(); from += BATCH) {
        repository.saveAll(places.subList(from, Math.min(places.size(), from + BATCH)));
        List<KeyValue> after = dump(db);
        batches.add(changed(before, after));
        before = after;
      }
      return before;
    }
  }

  /** The key-values of {@code after} (in key order, as {@code before}) that are new or hold another value. */
  private static List<KeyValue> changed(List<KeyValue> before, List<KeyValue> after) {
    List<KeyValue> out = new ArrayList<>();
    int i = 0;
    for (KeyValue kv : after) {
      while (i < before.size() && ByteArrayUtil.compareUnsigned(before.get(i).getKey(), kv.getKey()) < 0) {
        i++;
      }
      boolean same = i < before.size() && Arrays.equals(before.get(i).getKey(), kv.getKey()) && Arrays.equals(before.get(i).getValue(), kv.getValue());
      if (!same) {
        out.add(kv);
      }
    }
    return out;
  }

  /** {@code kvs} split evenly, in order, into {@code transactions} lists. */
  private static List<List<KeyValue>> evenly(List<KeyValue> kvs, int transactions) {
    int per = (kvs.size() + transactions - 1) / transactions;
    List<List<KeyValue>> out = new ArrayList<>();
    for (int from = 0; from < kvs.size(); from += per) {
      out.add(kvs.subList(from, Math.min(kvs.size(), from + per)));
    }
    return out;
  }

  /** Writes each list with plain {@code tr.set}, one transaction per list. */
  private static void replay(Database db, List<List<KeyValue>> transactions) {
    for (List<KeyValue> chunk : transactions) {
      db.run(tr -> {
        chunk.forEach(kv -> tr.set(kv.getKey(), kv.getValue()));
        return null;
      });
    }
  }

  /**
   * Wall and thread CPU times of one measured run per round. The thread's CPU time leaves out what other
   * processes on a shared machine take from it (and the collector's own threads), so it is steadier under load.
   */
  private static final class Times {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final List<Long> wall = new ArrayList<>();
    private final List<Long> cpu = new ArrayList<>();

    void time(boolean counted, Runnable run) {
      long cpuStart = THREADS.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      run.run();
      long took = System.nanoTime() - start;
      long cpuTook = THREADS.getCurrentThreadCpuTime() - cpuStart;
      if (counted) {
        wall.add(took);
        cpu.add(cpuTook);
      }
    }

    String last() {
      return format(wall.get(wall.size() - 1), cpu.get(cpu.size() - 1));
    }

    String median() {
      return format(ImportMeasurement.median(wall), ImportMeasurement.median(cpu));
    }

    /**
     * The median over the rounds of this time over {@code baseline}'s in the same round: the two ran back to back,
     * so a round the shared machine slowed down slows both (a ratio of the two medians would pair rounds run
     * minutes apart).
     */
    double ratio(Times baseline, boolean byWall) {
      List<Long> mine = byWall ? wall : cpu;
      List<Long> theirs = byWall ? baseline.wall : baseline.cpu;
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < mine.size(); i++) {
        ratios.add((double) mine.get(i) / theirs.get(i));
      }
      Collections.sort(ratios);
      return ratios.get(ratios.size() / 2);
    }

    private static String format(long wallNanos, long cpuNanos) {
      return String.format("%,d ms (thread CPU %,d ms)", wallNanos / 1_000_000, cpuNanos / 1_000_000);
    }
  }

  private static long median(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
