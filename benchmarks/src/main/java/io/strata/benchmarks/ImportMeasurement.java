package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.samples.Importer;
import io.strata.samples.Place;
import io.strata.samples.PlaceRepository;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * The samples' import against the keys it writes: the GeoNames places saved with {@code saveAll} in the
 * importer's batches of {@value #BATCH} (every index kind maintained: plain, composite, spatial, text,
 * aggregates, rank, change feed, document paths, blob chunks), then the very keys and values that import
 * left in the database written with plain {@code tr.set} in as many transactions, each into a fresh
 * in-memory engine, side by side in every round (the first round warms up). Then keys and bytes per entity,
 * packed rows against a key per field, for {@code Place} and a plain ten-field entity. Run:
 * {@code java -Xmx4g -cp benchmarks/target/benchmarks.jar io.strata.benchmarks.ImportMeasurement [rounds]}.
 */
public final class ImportMeasurement {
  /** The samples importer's batch: one transaction per 500 places. */
  static final int BATCH = 500;

  private ImportMeasurement() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    List<Place> places = Importer.load();
    int transactions = (places.size() + BATCH - 1) / BATCH;
    List<Long> strata = new ArrayList<>();
    List<Long> raw = new ArrayList<>();
    List<KeyValue> written = List.of();
    for (int round = 0; round <= rounds; round++) {
      try (Database db = EmbeddedFdb.open()) {
        PlaceRepository repository = new PlaceRepository(db);
        long start = System.nanoTime();
        for (int from = 0; from < places.size(); from += BATCH) {
          repository.saveAll(places.subList(from, Math.min(places.size(), from + BATCH)));
        }
        long took = System.nanoTime() - start;
        written = dump(db);
        if (round > 0) {
          strata.add(took);
        }
      }
      try (Database db = EmbeddedFdb.open()) {
        long took = replay(db, written, transactions);
        if (round > 0) {
          raw.add(took);
        }
      }
      System.out.printf("round %d: Strata %,d ms, raw %,d ms%n", round, strata.isEmpty() || round == 0 ? 0 : strata.get(round - 1) / 1_000_000,
          raw.isEmpty() || round == 0 ? 0 : raw.get(round - 1) / 1_000_000);
    }
    long s = median(strata);
    long r = median(raw);
    System.out.printf("import of %,d places (%,d keys, %,d transactions): Strata %,d ms, raw replay %,d ms (medians of %d), ratio %.2f%n",
        places.size(), written.size(), transactions, s / 1_000_000, r / 1_000_000, rounds, (double) s / r);

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
        if (com.apple.foundationdb.tuple.ByteArrayUtil.startsWith(kv.getKey(), rows)) {
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
      from = com.apple.foundationdb.tuple.ByteArrayUtil.join(page.get(page.size() - 1).getKey(), new byte[] {0});
    }
  }

  /** Writes {@code kvs} with plain {@code tr.set}, split evenly over {@code transactions}; returns the nanoseconds taken. */
  private static long replay(Database db, List<KeyValue> kvs, int transactions) {
    int per = (kvs.size() + transactions - 1) / transactions;
    long start = System.nanoTime();
    for (int from = 0; from < kvs.size(); from += per) {
      List<KeyValue> chunk = kvs.subList(from, Math.min(kvs.size(), from + per));
      db.run(tr -> {
        chunk.forEach(kv -> tr.set(kv.getKey(), kv.getValue()));
        return null;
      });
    }
    return System.nanoTime() - start;
  }

  private static long median(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
