package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.UniqueConstraintException;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Member;
import io.strata.processor.fixtures.MemberCodec;
import io.strata.processor.fixtures.MemberRepository;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.IndexReport;
import io.strata.testkit.Concurrently;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Indexes, unique entries and the count stay exact under concurrency and under long random histories. */
public abstract class RepositoryConsistencyContract extends BackendContract {
  protected UserRepository users;

  @BeforeEach
  void createRepository() {
    users = new UserRepository(db);
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
  void parallelSavesClaimingOneUniqueValueLetExactlyOneWin() throws Exception {
    java.util.concurrent.atomic.AtomicInteger won = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger rejected = new java.util.concurrent.atomic.AtomicInteger();
    Concurrently.run(8, t -> {
      try {
        users.save(new User("claimant" + t, "z", "shared@x", t));
        won.incrementAndGet();
      } catch (UniqueConstraintException e) {
        rejected.incrementAndGet();
      }
    });
    assertEquals(1, won.get());
    assertEquals(7, rejected.get());
    assertEquals(1, users.count());
    String winner = users.findByEmail("shared@x").orElseThrow().id();
    assertEquals(List.of(winner), users.findIdsByZipcode("z"));
    assertTrue(users.verifyIndexes().isClean());
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

  /** Every key and value the model implies for {@code Member}s, per LAYOUTS.md, except the count. */
  private static Map<Tuple, String> expectedKeys(Map<Integer, Member> model) {
    Map<Tuple, String> keys = new HashMap<>();
    HexFormat hex = HexFormat.of();
    for (Member m : model.values()) {
      long id = m.id();
      keys.put(Tuple.from("Member", "R", id, "id"), hex.formatHex(Tuple.from(id).pack()));
      keys.put(Tuple.from("Member", "R", id, "handle"), hex.formatHex(Tuple.from(m.handle()).pack()));
      keys.put(Tuple.from("Member", "U", "handle", m.handle()), hex.formatHex(Tuple.from(id).pack()));
      if (m.team() != null) {
        keys.put(Tuple.from("Member", "R", id, "team"), hex.formatHex(Tuple.from(m.team()).pack()));
        keys.put(Tuple.from("Member", "I", "team", m.team(), id), hex.formatHex(MemberCodec.INSTANCE.encode(m)));
      }
      if (m.level() != null) {
        keys.put(Tuple.from("Member", "R", id, "level"), hex.formatHex(Tuple.from(m.level()).pack()));
      }
      if (m.team() != null && m.level() != null) {
        keys.put(Tuple.from("Member", "I", "byTeamLevel", m.team(), m.level(), id), "");
      }
      m.nick().ifPresent(nick -> {
        keys.put(Tuple.from("Member", "R", id, "nick"), hex.formatHex(Tuple.from(nick).pack()));
        keys.put(Tuple.from("Member", "I", "nick", nick, id), "");
      });
    }
    return keys;
  }

  private static Member randomMember(Random random) {
    return new Member(random.nextInt(80), "h" + random.nextInt(120), random.nextInt(5) == 0 ? null : "t" + random.nextInt(4),
        random.nextInt(4) == 0 ? null : random.nextInt(3), random.nextBoolean() ? Optional.empty() : Optional.of("n" + random.nextInt(5)));
  }

  @Test
  void randomHistoriesLeaveExactlyTheKeysTheModelImplies() {
    MemberRepository members = new MemberRepository(db);
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    Map<Integer, Member> model = new HashMap<>();
    for (int op = 0; op < 3_000; op++) {
      if (random.nextInt(5) == 0) {
        int id = random.nextInt(80);
        assertEquals(model.remove(id) != null, members.deleteById(id), "seed " + seed + " op " + op);
        continue;
      }
      Member m = randomMember(random);
      boolean clash = model.values().stream().anyMatch(o -> o.id() != m.id() && o.handle().equals(m.handle()));
      try {
        members.save(m);
        assertTrue(!clash, "seed " + seed + ": duplicate handle accepted at op " + op);
        model.put(m.id(), m);
      } catch (UniqueConstraintException e) {
        assertTrue(clash, "seed " + seed + ": spurious unique violation at op " + op);
      }
    }
    Map<Tuple, String> actual = new HashMap<>();
    long[] count = new long[1];
    db.read(tr -> tr.getRange(Tuple.from("Member").range()).asList().join()).forEach(kv -> {
      Tuple key = Tuple.fromBytes(kv.getKey());
      if (key.get(1).equals("#")) {
        count[0] += ByteBuffer.wrap(kv.getValue()).order(ByteOrder.LITTLE_ENDIAN).getLong(); // the count's shards
      } else {
        actual.put(key, HexFormat.of().formatHex(kv.getValue()));
      }
    });
    assertEquals(expectedKeys(model), actual, "seed " + seed);
    assertEquals(model.size(), count[0], "seed " + seed);
    IndexReport report = members.verifyIndexes();
    assertTrue(report.isClean(), "seed " + seed + ": " + report.problems());
    assertEquals(model.size(), report.rowsChecked(), "seed " + seed);
  }
}
