package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.GeoPoint;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Customer;
import io.strata.processor.fixtures.CustomerCodec;
import io.strata.processor.fixtures.CustomerRepository;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.IndexReport;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** verifyIndexes finds every kind of damage, names it, and checks stores larger than one batch. */
public abstract class IndexVerificationContract extends BackendContract {
  protected UserRepository users;

  @BeforeEach
  void createRepository() {
    users = new UserRepository(db);
  }

  private void damage(Consumer<com.apple.foundationdb.Transaction> change) {
    db.run(tr -> {
      change.accept(tr);
      return null;
    });
  }

  private static void assertReports(IndexReport report, String... fragments) {
    assertFalse(report.isClean(), "damage went unreported");
    assertEquals(fragments.length, report.problemCount(), report.problems().toString());
    for (int i = 0; i < fragments.length; i++) {
      assertTrue(report.problems().get(i).contains(fragments[i]), report.problems().get(i) + " should mention " + fragments[i]);
    }
  }

  @Test
  void aStoreLargerThanOneBatchIsCheckedRowByRowAndEntryByEntry() {
    for (int from = 0; from < 2_300; from += 500) {
      int start = from;
      db.run(tr -> {
        for (int i = start; i < start + 500 && i < 2_300; i++) {
          users.save(tr, new User("u" + i, i % 3 == 0 ? null : "z" + i % 7, "m" + i, i));
        }
        return null;
      });
    }
    IndexReport report = users.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
    assertEquals(2_300, report.rowsChecked());
    long zipcodes = 2_300 - (2_300 + 2) / 3;
    assertEquals(2_300 + zipcodes, report.entriesChecked());
  }

  @Test
  void anEntryWhoseRowIsGoneIsReported() {
    users.save(new User("u1", "10001", "a@x", 30));
    damage(tr -> tr.clear(Tuple.from("User", "R", "u1").range()));
    assertReports(users.verifyIndexes(), "index 'zipcode' entry (\"10001\", \"u1\") has no row",
        "index 'email' entry (\"a@x\") has no row");
  }

  @Test
  void aRowMissingItsEntryIsReported() {
    users.save(new User("u1", "10001", "a@x", 30));
    damage(tr -> tr.clear(Tuple.from("User", "I", "zipcode", "10001", "u1").pack()));
    assertReports(users.verifyIndexes(), "row u1 has no entry in index 'zipcode' for [10001]");
  }

  /** The key of u1's spatial entry, found by reading the only entry of (User, "Z", "home"). */
  private byte[] onlySpatialKey() {
    return db.read(tr -> tr.getRange(Tuple.from("User", "Z", "home").range()).asList().join()).get(0).getKey();
  }

  @Test
  void aPointMissingItsSpatialEntryIsReported() {
    users.save(new User("u1", "10001", "a@x", new GeoPoint(48.85, 2.35), 30));
    byte[] key = onlySpatialKey();
    damage(tr -> tr.clear(key));
    assertReports(users.verifyIndexes(), "row u1 has no entry in spatial index 'home'");
  }

  @Test
  void aSpatialEntryWithoutItsRowOrWithAnotherPointIsReported() {
    users.save(new User("u1", "10001", "a@x", new GeoPoint(48.85, 2.35), 30));
    byte[] key = onlySpatialKey();
    damage(tr -> {
      tr.set(key, Tuple.from(10.0, 20.0).pack());
      tr.set(Tuple.from("User", "Z", "home", 12345L, "ghost").pack(), Tuple.from(1.0, 1.0).pack());
    });
    IndexReport report = users.verifyIndexes();
    assertEquals(3, report.problemCount(), report.problems().toString());
    assertTrue(report.problems().get(0).contains("spatial index 'home' entry of row u1 holds (10.0, 20.0), not the row's point"),
        report.problems().toString());
    assertTrue(report.problems().stream().anyMatch(p -> p.contains("entry (12345, \"ghost\") has no row with a point")),
        report.problems().toString());
    assertTrue(report.problems().stream().anyMatch(p -> p.contains("does not match its row's point (48.85, 2.35)")),
        report.problems().toString());
  }

  @Test
  void aUniqueEntryNamingAnotherRowIsReported() {
    users.save(new User("u1", "10001", "a@x", 30));
    damage(tr -> tr.set(Tuple.from("User", "U", "email", "a@x").pack(), Tuple.from("u9").pack()));
    assertReports(users.verifyIndexes(), "unique index 'email' maps [a@x] to (\"u9\"), not to row u1",
        "index 'email' entry (\"a@x\") has no row");
  }

  @Test
  void anEntryWithAStaleValueIsReported() {
    users.save(new User("u1", "10001", "a@x", 30));
    damage(tr -> tr.set(Tuple.from("User", "I", "zipcode", "99999", "u1").pack(), new byte[0]));
    assertReports(users.verifyIndexes(), "index 'zipcode' entry (\"99999\", \"u1\") does not match its row's values [10001]");
  }

  @Test
  void aCoveringEntryHoldingAStaleCopyIsReported() {
    CustomerRepository customers = new CustomerRepository(db);
    Customer c = new Customer();
    c.setId(7);
    c.setCity("Lyon");
    c.setVisits(1);
    customers.save(c);
    c.setVisits(2);
    byte[] stale = CustomerCodec.INSTANCE.encode(c);
    damage(tr -> tr.set(Tuple.from("Cust", "I", "city", "Lyon", 7L).pack(), stale));
    assertReports(customers.verifyIndexes(), "covering index 'city' entry (\"Lyon\", 7) holds a stale copy of the row");
  }

  @Test
  void aUniqueEntryThatIsNotAnIdIsReportedNotThrown() {
    users.save(new User("u1", "10001", "a@x", 30));
    damage(tr -> tr.set(Tuple.from("User", "U", "email", "b@x").pack(), new byte[] {(byte) 0xff, 1}));
    IndexReport report = users.verifyIndexes();
    assertEquals(List.of("unique index 'email' entry (\"b@x\") holds 0x\\xff\\x01, not a packed id"), report.problems());
  }
}
