package io.strata.cli;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import io.strata.embedded.EmbeddedFdb;
import io.strata.samples.Importer;
import io.strata.samples.Place;
import io.strata.samples.PlaceRepository;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The database the tool is tried on: the samples' places (a fixed slice of their bundled GeoNames subset) saved by the
 * samples' generated repository into a {@code strata:file:} directory, and the samples' schema files. And the tool run
 * in this JVM with its output captured.
 */
final class SamplesDatabase {
  /** How many of the bundled places are saved: every kind of key, in a few seconds. */
  static final int PLACES = 1500;
  static final Path SCHEMA = Path.of("..", "samples", "src", "main", "strata-schema");

  private SamplesDatabase() {}

  /** The places saved. */
  static List<Place> places() {
    return Importer.load().subList(0, PLACES);
  }

  /** Saves {@link #places()} into a new database in {@code dir}. */
  static void create(Path dir) {
    try (Database db = EmbeddedFdb.open(dir)) {
      PlaceRepository places = new PlaceRepository(db);
      List<Place> all = places();
      for (int from = 0; from < all.size(); from += 500) {
        places.saveAll(all.subList(from, Math.min(all.size(), from + 500)));
      }
    }
  }

  /** Every key and value of the database in {@code dir}, in order. */
  static List<KeyValue> keys(Path dir) {
    try (Database db = EmbeddedFdb.open(dir)) {
      return db.read(tr -> tr.getRange(new Range(new byte[0], new byte[] {(byte) 0xff})).asList().join());
    }
  }

  /** What one run of the tool printed and returned. */
  record Run(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = StrataCli.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
