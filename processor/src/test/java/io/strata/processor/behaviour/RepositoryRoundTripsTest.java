package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * What repository operations cost a cluster user, in round trips and keys read: deterministic counts
 * from {@link EmbeddedFdb#stats} (embedded only). Sequential round trips need a simulated latency, so the
 * database here has a 100 ms round trip; each expectation says where its numbers come from.
 */
class RepositoryRoundTripsTest {
  private static final int USERS_IN_ZIP = 5;
  /** Pinned by the box query below; benchmarks/README.md explains them (cover waves, rows). */
  private static final long SPATIAL_READS = 37;
  private static final long SPATIAL_WAVES = 3;
  private static final long SPATIAL_KEYS = 30;

  /** Runs {@code operation} on a repository over a database with (or without) mapped ranges and returns its cost. */
  private static EngineStats cost(boolean mappedRanges, Consumer<UserRepository> operation) {
    try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(100)).mappedRanges(mappedRanges).open()) {
      UserRepository users = new UserRepository(db);
      for (int i = 0; i < USERS_IN_ZIP; i++) {
        users.save(new User("u" + i, "75001", "u" + i + "@x", new GeoPoint(48.85 + i * 0.001, 2.35), 30 + i));
      }
      users.save(new User("other", "10001", "o@x", new GeoPoint(40.7, -74.0), 40));
      // an index's state is read once per repository, then remembered: measure the steady state
      users.findByZipcode("75001");
      users.findByHomeWithin(BoundingBox.geo(0, 0, 1, 1));
      EngineStats before = EmbeddedFdb.stats(db);
      operation.accept(users);
      return EmbeddedFdb.stats(db).since(before);
    }
  }

  /** Keys of one stored user's row: id, zipcode, email, home, age (no avatar). */
  private static long rowKeys() {
    try (Database db = EmbeddedFdb.open()) {
      new UserRepository(db).save(new User("u0", "75001", "u0@x", new GeoPoint(48.85, 2.35), 30));
      return db.read(tr -> tr.getRange(Tuple.from("User", "R", "u0").range()).asList().join()).size();
    }
  }

  @Test
  void findByIdIsOneReadAfterTheReadVersion() {
    EngineStats cost = cost(true, users -> users.findById("u1"));
    assertEquals(2, cost.roundTrips());
    assertEquals(2, cost.sequentialRoundTrips());
    assertEquals(rowKeys(), cost.keysRead());
  }

  @Test
  void findByIndexWithMappedRangesReadsEntriesAndRowsInOneRoundTrip() {
    EngineStats cost = cost(true, users -> assertEquals(USERS_IN_ZIP, users.findByZipcode("75001").size()));
    assertEquals(2, cost.roundTrips()); // read version + one mapped range read
    assertEquals(2, cost.sequentialRoundTrips());
    assertEquals(USERS_IN_ZIP + USERS_IN_ZIP * rowKeys(), cost.keysRead()); // the entries, then each row
  }

  @Test
  void findByIndexWithoutMappedRangesReadsTheEntriesThenEveryRow() {
    EngineStats cost = cost(false, users -> assertEquals(USERS_IN_ZIP, users.findByZipcode("75001").size()));
    assertEquals(2 + USERS_IN_ZIP, cost.roundTrips()); // read version, the entries, one read per row
    assertEquals(3, cost.sequentialRoundTrips()); // the row reads go out together
    assertEquals(USERS_IN_ZIP + USERS_IN_ZIP * rowKeys(), cost.keysRead());
  }

  @Test
  void saveReadsTheOldRowAndTheUniqueKeyTogetherThenCommits() {
    EngineStats cost = cost(true, users -> users.save(new User("u9", "75001", "u9@x", new GeoPoint(48.9, 2.3), 50)));
    // read version; the old row (to find the index entries to move) and the email's unique key, sent
    // together; the commit: three round trips one after another (four before the reads were sent together)
    assertEquals(1, cost.readVersionRoundTrips());
    assertEquals(2, cost.readRoundTrips());
    assertEquals(1, cost.commitRoundTrips());
    assertEquals(3, cost.sequentialRoundTrips());
    assertEquals(1, cost.keysRead()); // the unique key, absent; the new id has no row yet
    // the row's keys, the zipcode and spatial index entries, the unique key and the count
    assertEquals(rowKeys() + 4, cost.keysWritten());
  }

  @Test
  void saveAllReadsEveryOldRowAndUniqueKeyTogetherThenCommits() {
    List<User> batch = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      batch.add(new User("n" + i, "75002", "n" + i + "@x", new GeoPoint(48.9, 2.3), 20 + i));
    }
    EngineStats cost = cost(true, users -> users.saveAll(batch));
    assertEquals(40, cost.readRoundTrips(), "twenty rows and twenty unique keys");
    assertEquals(3, cost.sequentialRoundTrips(), "read version, the forty reads together, the commit");
  }

  @Test
  void spatialBoxQueryReadsItsCoverInFewWaves() {
    BoundingBox box = BoundingBox.geo(48.84, 2.34, 48.86, 2.36);
    EngineStats cost = cost(true, users -> assertEquals(USERS_IN_ZIP, users.findByHomeWithin(box).size()));
    // the read version; every z-range of the cover in one wave (this sparse box needs no second); the rows, together
    assertEquals(1, cost.readVersionRoundTrips());
    assertEquals(SPATIAL_READS, cost.readRoundTrips());
    assertEquals(SPATIAL_WAVES, cost.sequentialRoundTrips());
    assertEquals(SPATIAL_KEYS, cost.keysRead());
  }
}
