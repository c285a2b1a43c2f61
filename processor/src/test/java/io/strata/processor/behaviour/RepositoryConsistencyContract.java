package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.UniqueConstraintException;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.repository.IndexReport;
import io.strata.testkit.Concurrently;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Indexes, unique entries and the count stay exact under concurrency and under long random histories. */
public abstract class RepositoryConsistencyContract {
  protected Database db;
  protected UserRepository users;

  protected abstract Database database();

  @BeforeEach
  void open() {
    db = database();
    users = new UserRepository(db);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void parallelSavesOfDistinctIdsKeepTheCountAndIndexesExact() throws Exception {
    Concurrently.run(8, t -> {
      for (int i = 0; i < 40; i++) {
        users.save(new User("t" + t + "-" + i, "z" + (i % 4), "e" + t + "-" + i, i));
      }
    });
    assertEquals(320, users.count());
    assertEquals(80, users.countByZipcode("z1"));
    IndexReport report = users.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
    assertEquals(320, report.rowsChecked());
  }

  @Test
  void parallelSavesOfTheSameIdsLeaveOneEntryPerEntity() throws Exception {
    Concurrently.run(8, t -> {
      Random random = new Random(t);
      for (int i = 0; i < 60; i++) {
        int id = random.nextInt(10);
        users.save(new User("same" + id, "z" + random.nextInt(5), "mail-" + id, t));
      }
    });
    assertEquals(10, users.count());
    int indexed = 0;
    for (int z = 0; z < 5; z++) {
      indexed += users.countByZipcode("z" + z);
    }
    assertEquals(10, indexed);
    IndexReport report = users.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }

  @Test
  void randomHistoriesMatchAnInMemoryModel() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    Map<String, User> model = new HashMap<>();
    for (int op = 0; op < 2_000; op++) {
      String id = "id" + random.nextInt(60);
      if (random.nextInt(4) == 0) {
        boolean existed = model.remove(id) != null;
        assertEquals(existed, users.deleteById(id), "seed " + seed + " op " + op);
        continue;
      }
      User u = new User(id, random.nextBoolean() ? null : "z" + random.nextInt(6), "m" + random.nextInt(80), random.nextInt(100));
      boolean clash = model.values().stream().anyMatch(o -> !o.id().equals(id) && o.email().equals(u.email()));
      try {
        users.save(u);
        assertTrue(!clash, "seed " + seed + ": duplicate email accepted at op " + op);
        model.put(id, u);
      } catch (UniqueConstraintException e) {
        assertTrue(clash, "seed " + seed + ": spurious unique violation at op " + op);
      }
    }
    assertEquals(model.size(), users.count(), "seed " + seed);
    for (User u : model.values()) {
      assertEquals(u, users.findById(u.id()).orElseThrow(), "seed " + seed);
      assertEquals(u, users.findByEmail(u.email()).orElseThrow(), "seed " + seed);
    }
    for (int z = 0; z < 6; z++) {
      String zip = "z" + z;
      List<String> expected = model.values().stream().filter(u -> zip.equals(u.zipcode())).map(User::id).sorted().toList();
      assertEquals(expected, users.findIdsByZipcode(zip), "seed " + seed + " zipcode " + zip);
    }
    long entries = db.read(tr -> tr.getRange(Tuple.from("User", "I").range()).asList().join()).size();
    assertEquals(model.values().stream().filter(u -> u.zipcode() != null).count(), entries, "seed " + seed);
    IndexReport report = users.verifyIndexes();
    assertTrue(report.isClean(), "seed " + seed + ": " + report.problems());
  }
}
