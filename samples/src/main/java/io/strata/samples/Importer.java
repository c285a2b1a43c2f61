package io.strata.samples;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.GeoPoint;
import io.strata.StrataDb;
import io.strata.layers.FdbQueue;
import jakarta.inject.Inject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * Imports the bundled GeoNames subset: splits it into batches, puts one job per batch on a queue
 * ({@link FdbQueue}), then works the queue, saving each batch in one transaction. A finished import
 * leaves a marker key {@code (root, "imported")} = {@code (places, epoch millis)}, so a database that
 * keeps its data (a file database, a cluster) is imported once.
 */
public final class Importer {
  static final String DATA = "places15k.tsv.gz";
  static final int BATCH = 500;

  private final PlaceRepository places;
  private final FdbQueue<String> jobs;
  private final StrataDb db;

  @Inject
  Importer(PlaceRepository places, FdbQueue<String> jobs, StrataDb db) {
    this.places = places;
    this.jobs = jobs;
    this.db = db;
  }

  private byte[] marker() {
    return db.root().pack(Tuple.from("imported"));
  }

  /** Set once every row is known to be packed: by an import of this version, or by {@link #repackOnce()}. */
  private byte[] packedMarker() {
    return db.root().pack(Tuple.from("rowsPacked"));
  }

  /**
   * Rewrites, once per database, the rows an earlier version of the sample stored a key per field as one key each
   * ({@code maintenance().repack()}: resumable batches while others go on reading and writing); returns how many it
   * rewrote, 0 when there were none or it was done before.
   */
  long repackOnce() {
    if (db.database().read(tr -> tr.get(packedMarker()).join()) != null) {
      return 0;
    }
    long rewritten = places.maintenance().repack();
    db.database().run(tr -> {
      tr.set(packedMarker(), new byte[0]);
      return null;
    });
    return rewritten;
  }

  /** When the last import finished, or empty when the database has not been imported (or the import was cut short). */
  Optional<Instant> importedAt() {
    byte[] marker = db.database().read(tr -> tr.get(marker()).join());
    return marker == null ? Optional.empty() : Optional.of(Instant.ofEpochMilli(Tuple.fromBytes(marker).getLong(1)));
  }

  /** The bundled places, parsed (the import benchmark's data set too). */
  public static List<Place> load() {
    try (InputStream raw = Importer.class.getResourceAsStream(DATA)) {
      if (raw == null) {
        throw new IllegalStateException(DATA + " is missing from the classpath; rebuild it with samples/scripts/BuildPlaces.java");
      }
      BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(raw), StandardCharsets.UTF_8));
      List<Place> out = new ArrayList<>();
      for (String line; (line = in.readLine()) != null; ) {
        out.add(parse(line));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Place parse(String line) {
    String[] f = line.split("\t", -1);
    String name = f[1];
    String zone = f[6];
    String continent = zone.contains("/") ? zone.substring(0, zone.indexOf('/')) : zone;
    Place.Details details = new Place.Details(zone, continent, new Place.Names(name, name.toUpperCase(Locale.ROOT)), name.length());
    return new Place(Long.parseLong(f[0]), name, f[4], Long.parseLong(f[5]),
        new GeoPoint(Double.parseDouble(f[2]), Double.parseDouble(f[3])), details, line.getBytes(StandardCharsets.UTF_8));
  }

  /** Queues the import jobs, then works them; returns how many places were saved. */
  int importAll(PrintStream out, boolean terminal) {
    List<Place> all = load();
    int leftOver = 0;
    while (jobs.dequeue().isPresent()) {
      leftOver++;
    }
    if (leftOver > 0) {
      out.printf("Dropped %d jobs left by an import that was cut short; this import covers every place.%n", leftOver);
    }
    int queued = 0;
    for (int from = 0; from < all.size(); from += BATCH, queued++) {
      jobs.enqueue(from + "-" + Math.min(all.size(), from + BATCH));
    }
    out.printf("Queued %d import jobs on an FdbQueue (head: places %s); each job saves its places in one transaction.%n",
        queued, jobs.peek().orElseThrow());
    Progress progress = new Progress(out, terminal, all.size());
    int saved = 0;
    int worked = 0;
    for (Optional<String> job = jobs.dequeue(); job.isPresent(); job = jobs.dequeue(), worked++) {
      String[] range = job.get().split("-");
      List<Place> batch = all.subList(Integer.parseInt(range[0]), Integer.parseInt(range[1]));
      places.saveAll(batch);
      saved += batch.size();
      progress.update(saved);
    }
    progress.done();
    out.printf("Worked %d jobs; the queue is %s.%n", worked, jobs.isEmpty() ? "empty" : "not empty");
    int count = saved;
    db.database().run(tr -> {
      tr.set(marker(), Tuple.from(count, System.currentTimeMillis()).pack());
      tr.set(packedMarker(), new byte[0]); // this version's saves write packed rows
      return null;
    });
    return saved;
  }

  /** A progress bar on a terminal, a line every 25% otherwise. */
  private static final class Progress {
    private final PrintStream out;
    private final boolean terminal;
    private final int total;
    private int lastQuarter;

    Progress(PrintStream out, boolean terminal, int total) {
      this.out = out;
      this.terminal = terminal;
      this.total = total;
    }

    void update(int done) {
      if (terminal) {
        int width = 40;
        int filled = (int) ((long) done * width / total);
        out.printf("\rimporting [%s%s] %d/%d", "#".repeat(filled), " ".repeat(width - filled), done, total);
        out.flush();
      } else if (done * 4L / total > lastQuarter) {
        lastQuarter = (int) (done * 4L / total);
        out.printf("imported %d of %d places%n", done, total);
      }
    }

    void done() {
      if (terminal) {
        out.println();
      }
    }
  }
}
