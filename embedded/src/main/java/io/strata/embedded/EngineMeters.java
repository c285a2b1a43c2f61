package io.strata.embedded;

import com.apple.foundationdb.Database;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The embedded engine's own counters ({@link EngineStats}) as Micrometer meters: function counters read from
 * {@link EmbeddedFdb#stats} whenever the registry publishes, so the engine pays nothing between scrapes. The only class
 * of this module that names Micrometer (an optional dependency): nothing loads it unless an application binds it.
 *
 * <pre>{@code
 * Database db = EmbeddedFdb.open(dir);
 * new EngineMeters(db, Tags.of("db", "places")).bindTo(meterRegistry);
 * }</pre>
 *
 * <p>docs/observability.md lists every meter. Round trips are {@code strata.engine.round.trips} (read versions and reads)
 * plus {@code strata.engine.commits}. The group-commit batch size is the ratio of two of them:
 * {@code strata.engine.log.commits} over {@code strata.engine.log.forces}, per interval.
 */
public final class EngineMeters implements MeterBinder {
  private final EmbeddedDatabase db;
  private final Tags tags;

  /**
   * The meters of {@code db}, tagged with {@code tags} (e.g. the database's name, when an application has several).
   *
   * @throws IllegalArgumentException when {@code db} was not opened by {@code EmbeddedFdb}
   */
  public EngineMeters(Database db, Iterable<Tag> tags) {
    if (!(db instanceof EmbeddedDatabase embedded)) {
      throw new IllegalArgumentException("EngineMeters needs a database opened by EmbeddedFdb, not "
          + (db == null ? "null" : db.getClass().getName()) + ": a cluster reports its own metrics (fdbcli status, "
          + "its trace files), and a repository's calls are observed with StrataObservations on any database");
    }
    this.db = embedded;
    this.tags = Tags.of(tags);
  }

  /** The meters of {@code db}, untagged. */
  public EngineMeters(Database db) {
    this(db, List.of());
  }

  /** One counter: its name, unit (null: a count), description, and the counter it reads. */
  private record Counter(String name, String unit, String description, Tags tags, ToLongFunction<EngineStats> read) {}

  private static final List<Counter> COUNTERS = List.of(
      new Counter("strata.engine.round.trips", null, "Requests answered by the engine, as a cluster would count them",
          Tags.of("kind", "read.version"), EngineStats::readVersionRoundTrips),
      new Counter("strata.engine.round.trips", null, "Requests answered by the engine, as a cluster would count them",
          Tags.of("kind", "read"), EngineStats::readRoundTrips),
      new Counter("strata.engine.commits", null, "Read-write commits sent, whatever their outcome", Tags.empty(),
          EngineStats::commitRoundTrips),
      new Counter("strata.engine.conflicts", null, "Commits refused with not_committed (1020) on a real conflict",
          Tags.empty(), EngineStats::conflicts),
      new Counter("strata.engine.keys.read", null, "Keys read from storage", Tags.empty(), EngineStats::keysRead),
      new Counter("strata.engine.bytes.read", "bytes", "Bytes (keys and values) read from storage", Tags.empty(),
          EngineStats::bytesRead),
      new Counter("strata.engine.keys.written", null, "Mutations applied by successful commits", Tags.empty(),
          EngineStats::keysWritten),
      new Counter("strata.engine.bytes.written", "bytes", "Bytes of the mutations applied by successful commits",
          Tags.empty(), EngineStats::bytesWritten),
      new Counter("strata.engine.log.forces", null, "Forces of the write-ahead log, one per group of commits",
          Tags.empty(), EngineStats::logForces),
      new Counter("strata.engine.log.commits", null, "Commits written to the log and forced", Tags.empty(),
          EngineStats::loggedCommits),
      new Counter("strata.engine.log.bytes", "bytes", "Bytes appended to the write-ahead log", Tags.empty(),
          EngineStats::logBytes),
      new Counter("strata.engine.checkpoints", null, "Checkpoints written in the background", Tags.empty(),
          EngineStats::checkpoints));

  @Override
  public void bindTo(MeterRegistry registry) {
    for (Counter c : COUNTERS) {
      FunctionCounter.builder(c.name(), db, d -> c.read().applyAsLong(d.stats()))
          .description(c.description())
          .baseUnit(c.unit())
          .tags(c.tags().and(tags))
          .register(registry);
    }
  }
}
