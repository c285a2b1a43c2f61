package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownsImpl;
import io.strata.processor.fixtures.queries._Town;
import io.strata.query.CandidateReads;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A lazy stream, a Strata stream method's or a run-time {@code Finder.stream()}'s, reads its batches each in its own read
 * transaction at one read version (the read core's {@code CandidateReads.stream} over a database): one read version for the whole stream,
 * and a snapshot, so what commits while the stream is consumed is not in its later pages. Counted on the embedded
 * engine's statistics, never on the clock.
 */
class StreamReadsTest {
  /** More than two batches of the read core's loop ({@link CandidateReads#BATCH}). */
  private static final int IN_FRANCE = 2 * CandidateReads.BATCH + 50;
  /** Places in one box, more than two batches too. */
  private static final int IN_BOX = 45 * 45;

  private Database db;
  private TownsImpl towns;

  @BeforeEach
  void saveTowns() {
    db = EmbeddedFdb.open();
    towns = new TownsImpl(db);
    towns.saveAll(IntStream.rangeClosed(1, IN_FRANCE).mapToObj(StreamReadsTest::town).toList());
  }

  @AfterEach
  void close() {
    db.close();
  }

  private static Town town(int id) {
    return new Town(id, "t" + id, "FR", id, false, "c" + id, LocalDate.of(2000, 1, 1), null);
  }

  @Test
  void aStreamMethodReadsItsPagesAtOneReadVersion() {
    try (Stream<Town> first = towns.streamByCountry("FR")) {
      first.findFirst(); // the index's state, read once per repository
    }
    EngineStats before = EmbeddedFdb.stats(db);
    long read;
    try (Stream<Town> all = towns.streamByCountry("FR")) {
      read = all.count();
    }
    EngineStats stats = EmbeddedFdb.stats(db).since(before);
    assertEquals(IN_FRANCE, read);
    assertEquals(1, stats.readVersionRoundTrips(), "three batches, one read version: " + stats);
    assertEquals(3, stats.readRoundTrips(), "1,000, 1,000 and 50 entries, each batch one mapped range read: " + stats);
  }

  @Test
  void aStreamWithTopReadsOnlyThatManyAndStreamsNoMore() {
    try (Stream<Town> first = towns.streamTop3ByCountryOrderByPopulationDesc("FR")) {
      first.findFirst(); // the index's state, read once per repository
    }
    EngineStats before = EmbeddedFdb.stats(db);
    List<Long> top;
    try (Stream<Town> three = towns.streamTop3ByCountryOrderByPopulationDesc("FR")) {
      top = three.map(Town::id).toList();
    }
    EngineStats stats = EmbeddedFdb.stats(db).since(before);
    // populations equal the ids: the three largest
    assertEquals(List.of((long) IN_FRANCE, IN_FRANCE - 1L, IN_FRANCE - 2L), top);
    assertEquals(1, stats.readRoundTrips(), "one batch of three entries and their rows: " + stats);
  }

  @Test
  void aStreamOfAWithinReadsTheBoxInTheLoopsBatchesAtOneReadVersion() {
    // a simulated round trip, so that the engine counts the ones made one after another
    try (Database slow = EmbeddedFdb.builder().latency(java.time.Duration.ofMillis(1)).open()) {
      TownsImpl places = new TownsImpl(slow);
      // each at a place of its own inside the box: 45 rows of 45, a thousandth of a degree apart
      places.saveAll(IntStream.range(0, IN_BOX).mapToObj(i -> new Town(i, "p" + i, "IS", i, false, "p" + i,
          LocalDate.of(2000, 1, 1), new GeoPoint(64.0 + i / 45 * 0.001, -22.0 + i % 45 * 0.001))).toList());
      BoundingBox box = BoundingBox.geo(63.9, -22.1, 64.1, -21.9);
      try (Stream<Town> first = places.streamByLocationWithin(box)) {
        first.findFirst(); // the index's state, read once per repository
      }
      EngineStats before = EmbeddedFdb.stats(slow);
      long read;
      try (Stream<Town> all = places.streamByLocationWithin(box)) {
        read = all.count();
      }
      EngineStats stats = EmbeddedFdb.stats(slow).since(before);
      assertEquals(IN_BOX, read);
      assertEquals(1, stats.readVersionRoundTrips(), "one read version: " + stats);
      long rangeReads = stats.readRoundTrips() - IN_BOX; // a get per row; the rest are the skip-scan's range reads
      // the read version, the box's range reads one after another, and the rows of each of the loop's three batches
      // (1,000, 1,000 and 25) read together: pages of 256 made nine such row reads one after another
      assertEquals(1 + rangeReads + 3, stats.sequentialRoundTrips(), stats.toString());
    }
  }

  @Test
  void aStreamMethodDoesNotSeeWhatCommitsWhileItIsConsumed() {
    assertEquals(List.of(), later(towns.streamByCountry("FR")), "a stream method");
  }

  @Test
  void aRunTimeFinderStreamDoesNotSeeWhatCommitsWhileItIsConsumed() {
    assertEquals(List.of(), later(towns.where(_Town.country.equalTo("FR")).stream()), "Finder.stream()");
  }

  /**
   * The towns of {@code stream} past its first page that were saved after that page was read: a town saved then, with an
   * id after every other, sorts last in the stream's index order; a stream at one read version sees none of them.
   */
  private List<Long> later(Stream<Town> stream) {
    try (stream) {
      Iterator<Town> it = stream.iterator();
      for (int i = 0; i < CandidateReads.BATCH; i++) {
        it.next();
      }
      towns.save(town(IN_FRANCE + 1));
      List<Long> seen = new java.util.ArrayList<>();
      it.forEachRemaining(t -> seen.add(t.id()));
      assertEquals(IN_FRANCE - CandidateReads.BATCH, seen.stream().filter(id -> id <= IN_FRANCE).count(),
          "the rest of the towns saved before");
      return seen.stream().filter(id -> id > IN_FRANCE).toList();
    }
  }
}
