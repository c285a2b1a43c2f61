package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.NoSuchEntityException;
import io.strata.Page;
import io.strata.UniqueConstraintException;
import io.strata.embedded.Faults;
import io.strata.processor.fixtures.Member;
import io.strata.processor.fixtures.MemberRepository;
import io.strata.processor.fixtures.Parcel;
import io.strata.processor.fixtures.ParcelRepository;
import io.strata.IndexReport;
import io.strata.testkit.Concurrently;
import io.strata.testkit.FaultCampaign;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every repository operation under a seeded fault plan (spurious conflicts, commit results unknown but
 * applied or not applied, too-old and slow reads), from several threads at once; afterwards the data equals
 * an in-memory model of what was acknowledged, every index agrees with it and verifies clean, and the counts
 * are exact.
 *
 * <p>Each thread owns a disjoint set of ids and keeps its own exact model: saves and {@code setPath} are
 * idempotent, so a retry after an unknown result leaves exactly the acknowledged value; a delete that an
 * earlier, applied attempt already did returns {@code false}, which the model accepts only as often as
 * unknown-but-applied results were injected. Unique values are derived from the owner's id, so threads never
 * contend for them; {@link #claimsOfSharedUniqueValuesLeaveOneOwnerEach} contends on purpose. Reads during the
 * campaign are exact for the reading thread's own ids (it is their only writer) and sane for everyone else's.
 *
 * <p>Embedded only (fault injection). Replay a failure with {@code -Dstrata.campaign.seed=<seed>}; run longer
 * with {@code -Dstrata.campaign.ops=<n>}.
 */
class RepositoryFaultCampaignTest {
  private static final int THREADS = 4;
  private static final int IDS_PER_THREAD = 40;
  private static final List<String> REGIONS = List.of("east", "north", "south", "west");
  private static final List<String> STATUSES = List.of("closed", "new", "open");
  private static final List<String> OWNERS = List.of("ann", "bob", "cy", "dee", "eve");
  private static final List<String> TEAMS = List.of("red", "blue", "green");

  private FaultCampaign campaign;
  private Database db;
  private ParcelRepository parcels;
  private MemberRepository members;

  @BeforeEach
  void open() {
    campaign = FaultCampaign.start();
    db = campaign.db();
    parcels = new ParcelRepository(db);
    members = new MemberRepository(db);
  }

  @AfterEach
  void close() {
    campaign.close();
  }

  // ------------------------------------------------------------------ random values

  private static String parcelId(int thread, int n) {
    return "p" + thread + "-" + String.format("%03d", n);
  }

  private static int memberId(int thread, int n) {
    return thread * 1_000 + n;
  }

  private static <T> T pick(SplittableRandom r, List<T> from) {
    return from.get(r.nextInt(from.size()));
  }

  private static List<String> tags(SplittableRandom r) {
    List<String> tags = new ArrayList<>();
    for (int i = r.nextInt(4); i > 0; i--) {
      tags.add("tag" + r.nextInt(6));
    }
    return tags;
  }

  private static Parcel randomParcel(SplittableRandom r, String id) {
    GeoPoint location = r.nextInt(7) == 0 ? null : new GeoPoint(r.nextDouble(-5, 5), r.nextDouble(-5, 5));
    byte[] payload = null;
    if (r.nextInt(5) != 0) {
      payload = new byte[r.nextInt(650)];
      for (int i = 0; i < payload.length; i++) {
        payload[i] = (byte) r.nextInt();
      }
    }
    return new Parcel(id, r.nextInt(8) == 0 ? null : pick(r, REGIONS), pick(r, STATUSES), id + "#" + r.nextInt(3),
        r.nextInt(4), location, new Parcel.Info(new Parcel.Owner(pick(r, OWNERS), r.nextInt(100)), tags(r)), payload);
  }

  private static Member randomMember(SplittableRandom r, int id) {
    return new Member(id, "h" + id + "-" + r.nextInt(3), r.nextInt(5) == 0 ? null : pick(r, TEAMS),
        r.nextInt(4) == 0 ? null : r.nextInt(3), r.nextBoolean() ? Optional.empty() : Optional.of("n" + r.nextInt(4)));
  }

  private static BoundingBox randomBox(SplittableRandom r) {
    double lat = r.nextDouble(-6, 5);
    double lon = r.nextDouble(-6, 5);
    return BoundingBox.geo(lat, lon, lat + r.nextDouble(0.1, 6), lon + r.nextDouble(0.1, 6));
  }

  /** Brute force: whether {@code p} lies in {@code box} (inclusive; the campaign's boxes never cross the antimeridian). */
  private static boolean inside(BoundingBox box, GeoPoint p) {
    return p != null && p.lat() >= box.minLat() && p.lon() >= box.minLon() && p.lat() <= box.maxLat() && p.lon() <= box.maxLon();
  }

  // ------------------------------------------------------------------ the campaign

  /** One thread of the campaign: random operations on its own ids, checked against its own model. */
  private final class Worker {
    final int thread;
    final SplittableRandom r;
    final Map<String, Parcel> parcelModel = new TreeMap<>();
    final Map<Integer, Member> memberModel = new TreeMap<>();
    long deletesConfirmedByRetry;
    long operations;

    Worker(int thread) {
      this.thread = thread;
      this.r = campaign.random(thread);
    }

    String ownParcel() {
      return parcelId(thread, r.nextInt(IDS_PER_THREAD));
    }

    int ownMember() {
      return memberId(thread, r.nextInt(IDS_PER_THREAD));
    }

    boolean owns(String parcelId) {
      return parcelId.startsWith("p" + thread + "-");
    }

    void run(int ops) {
      for (int op = 0; op < ops; op++) {
        operations++;
        String where = "thread " + thread + " op " + op;
        int dice = r.nextInt(100);
        if (dice < 22) {
          Parcel p = randomParcel(r, ownParcel());
          parcels.save(p);
          parcelModel.put(p.id(), p);
        } else if (dice < 30) {
          Map<String, Parcel> batch = new TreeMap<>();
          for (int i = 2 + r.nextInt(3); i > 0; i--) {
            Parcel p = randomParcel(r, ownParcel());
            batch.put(p.id(), p);
          }
          parcels.saveAll(batch.values());
          parcelModel.putAll(batch);
        } else if (dice < 38) {
          delete(where, ownParcel(), parcelModel, parcels::deleteById);
        } else if (dice < 50) {
          setPath(where);
        } else if (dice < 56) {
          Member m = randomMember(r, ownMember());
          members.save(m);
          memberModel.put(m.id(), m);
        } else if (dice < 59) {
          delete(where, ownMember(), memberModel, members::deleteById);
        } else if (dice < 63) {
          // both repositories in one transaction: all or nothing, retried as one
          Parcel p = randomParcel(r, ownParcel());
          Member m = randomMember(r, ownMember());
          db.run(tr -> {
            parcels.save(tr, p);
            members.save(tr, m);
            return null;
          });
          parcelModel.put(p.id(), p);
          memberModel.put(m.id(), m);
        } else {
          read(where, dice);
        }
      }
    }

    <K, V> void delete(String where, K id, Map<K, V> model, Predicate<K> deleteById) {
      boolean existed = model.remove(id) != null;
      boolean deleted = deleteById.test(id);
      if (deleted) {
        assertTrue(existed, campaign.at(where + ": deleteById(" + id + ") deleted an entity that was never saved"));
      } else if (existed) {
        deletesConfirmedByRetry++; // an earlier attempt deleted it, then its commit result was unknown
      }
    }

    void setPath(String where) {
      List<String> existing = new ArrayList<>(parcelModel.keySet());
      if (existing.isEmpty()) {
        return;
      }
      Parcel p = parcelModel.get(pick(r, existing));
      Parcel.Info info = p.info();
      Parcel.Info changed;
      switch (r.nextInt(4)) {
        case 0 -> {
          String name = pick(r, OWNERS);
          parcels.setPath(p.id(), name, "info", "owner", "name");
          changed = new Parcel.Info(new Parcel.Owner(name, info.owner().rank()), info.tags());
        }
        case 1 -> {
          int rank = r.nextInt(100);
          parcels.setPath(p.id(), rank, "info", "owner", "rank");
          changed = new Parcel.Info(new Parcel.Owner(info.owner().name(), rank), info.tags());
        }
        case 2 -> {
          List<String> tags = tags(r);
          parcels.setPath(p.id(), tags, "info", "tags");
          changed = new Parcel.Info(info.owner(), tags);
        }
        default -> {
          Parcel.Owner owner = new Parcel.Owner(pick(r, OWNERS), r.nextInt(100));
          parcels.setPath(p.id(), Map.of("name", owner.name(), "rank", (long) owner.rank()), "info", "owner");
          changed = new Parcel.Info(owner, info.tags());
        }
      }
      parcelModel.put(p.id(), new Parcel(p.id(), p.region(), p.status(), p.code(), p.tier(), p.location(), changed, p.payload()));
    }

    /** Own ids among {@code found}, which must equal the own model entities matching {@code filter}. */
    void assertOwnParcels(String where, List<String> found, Predicate<Parcel> filter) {
      List<String> own = found.stream().filter(this::owns).toList();
      List<String> expected = parcelModel.values().stream().filter(filter).map(Parcel::id).toList();
      assertEquals(expected, own, campaign.at(where));
    }

    void read(String where, int dice) {
      switch (dice % 10) {
        case 0 -> {
          String id = ownParcel();
          assertEquals(Optional.ofNullable(parcelModel.get(id)), parcels.findById(id), campaign.at(where + " findById"));
        }
        case 1 -> {
          int id = ownMember();
          assertEquals(Optional.ofNullable(memberModel.get(id)), members.findById(id), campaign.at(where + " findById"));
        }
        case 2 -> {
          String region = pick(r, REGIONS);
          List<Parcel> found = parcels.findByRegion(region);
          assertTrue(found.stream().allMatch(p -> region.equals(p.region())), campaign.at(where + " findByRegion " + region));
          assertOwnParcels(where + " findByRegion " + region, found.stream().map(Parcel::id).toList(),
              p -> region.equals(p.region()));
        }
        case 3 -> {
          String region = pick(r, REGIONS);
          int tier = r.nextInt(4);
          assertOwnParcels(where + " findIdsByRegionAndTier", parcels.findIdsByRegionAndTier(region, tier),
              p -> region.equals(p.region()) && p.tier() == tier);
        }
        case 4 -> {
          String owner = pick(r, OWNERS);
          List<Parcel> found = parcels.findByInfoOwnerName(owner);
          assertTrue(found.stream().allMatch(p -> owner.equals(p.info().owner().name())), campaign.at(where + " by owner"));
          assertOwnParcels(where + " findByInfoOwnerName " + owner, found.stream().map(Parcel::id).toList(),
              p -> owner.equals(p.info().owner().name()));
        }
        case 5 -> {
          BoundingBox box = randomBox(r);
          List<Parcel> found = parcels.findByLocationWithin(box);
          assertTrue(found.stream().allMatch(p -> inside(box, p.location())), campaign.at(where + " point outside " + box));
          assertOwnParcels(where + " findByLocationWithin " + box,
              found.stream().map(Parcel::id).sorted().toList(), p -> inside(box, p.location()));
        }
        case 6 -> {
          String id = ownParcel();
          Parcel p = parcelModel.get(id);
          Optional<Object> name = parcels.getPath(id, "info", "owner", "name");
          assertEquals(Optional.ofNullable(p == null ? null : p.info().owner().name()), name, campaign.at(where + " getPath"));
        }
        case 7 -> {
          String id = ownParcel();
          Parcel p = parcelModel.get(id);
          int offset = r.nextInt(300);
          int length = r.nextInt(400);
          if (p == null) {
            assertThrows(NoSuchEntityException.class, () -> parcels.readPayload(id, offset, length), campaign.at(where + " readPayload " + id));
            assertThrows(NoSuchEntityException.class, () -> parcels.payloadSize(id), campaign.at(where + " payloadSize " + id));
          } else {
            byte[] expected = p.payload() == null ? new byte[0] : p.payload();
            byte[] slice = java.util.Arrays.copyOfRange(expected, Math.min(offset, expected.length),
                Math.min(expected.length, offset + length));
            assertArrayEquals(slice, parcels.readPayload(id, offset, length), campaign.at(where + " readPayload " + id));
            assertEquals(expected.length, parcels.payloadSize(id), campaign.at(where + " payloadSize " + id));
          }
        }
        case 8 -> {
          String id = ownParcel();
          Parcel p = parcelModel.get(id);
          if (p != null) {
            assertEquals(Optional.of(p), parcels.findByCode(p.code()), campaign.at(where + " findByCode"));
          }
          long count = parcels.count();
          assertTrue(count >= parcelModel.size() && count <= (long) THREADS * IDS_PER_THREAD, campaign.at(where + " count " + count));
        }
        default -> {
          String team = pick(r, TEAMS);
          List<Member> found = members.findByTeam(team);
          assertTrue(found.stream().allMatch(m -> team.equals(m.team())), campaign.at(where + " findByTeam"));
          List<Integer> own = found.stream().map(Member::id).filter(id -> id / 1_000 == thread).toList();
          assertEquals(memberModel.values().stream().filter(m -> team.equals(m.team())).map(Member::id).toList(), own,
              campaign.at(where + " findByTeam " + team));
          Page<Parcel> page = parcels.findAll(25, null);
          List<String> ids = page.items().stream().map(Parcel::id).toList();
          assertEquals(ids.stream().sorted().toList(), ids, campaign.at(where + " findAll out of id order"));
        }
      }
    }
  }

  @Test
  void randomOperationsOnEveryRepositoryFeatureLeaveExactlyWhatWasAcknowledged() throws Exception {
    int opsPerThread = FaultCampaign.ops(3_000) / THREADS;
    List<Worker> workers = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      workers.add(new Worker(t));
    }
    Concurrently.run(THREADS, t -> workers.get(t).run(opsPerThread));

    Map<String, Parcel> model = new TreeMap<>();
    Map<Integer, Member> memberModel = new TreeMap<>();
    long confirmedByRetry = 0;
    for (Worker w : workers) {
      model.putAll(w.parcelModel);
      memberModel.putAll(w.memberModel);
      confirmedByRetry += w.deletesConfirmedByRetry;
    }
    assertTrue(confirmedByRetry <= campaign.faults().injectedCount(Faults.Kind.UNKNOWN_RESULT_APPLIED),
        campaign.at(confirmedByRetry + " deletes found nothing to delete, more than unknown-but-applied commits"));
    assertParcelsEqual(model);
    assertMembersEqual(memberModel);
    campaign.assertInjected(Faults.Kind.NOT_COMMITTED, Faults.Kind.UNKNOWN_RESULT_APPLIED,
        Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED, Faults.Kind.TOO_OLD, Faults.Kind.READ_DELAY);
  }

  /** Rows, every index, spatial entries, blob chunks, the count and verifyIndexes against {@code model}. */
  private void assertParcelsEqual(Map<String, Parcel> model) {
    for (int t = 0; t < THREADS; t++) {
      for (int n = 0; n < IDS_PER_THREAD; n++) {
        String id = parcelId(t, n);
        assertEquals(Optional.ofNullable(model.get(id)), parcels.findById(id), campaign.at("findById " + id));
      }
    }
    assertEquals(model.size(), parcels.count(), campaign.at("count"));
    List<Parcel> scanned = Pages.all(after -> parcels.findAll(37, after));
    assertEquals(new ArrayList<>(model.values()), scanned, campaign.at("findAll"));

    for (String region : REGIONS) {
      assertEquals(ids(model, p -> region.equals(p.region())), parcels.findIdsByRegion(region), campaign.at("region " + region));
      assertEquals(ids(model, p -> region.equals(p.region())).size(), parcels.countByRegion(region), campaign.at("countByRegion"));
      for (int tier = 0; tier < 4; tier++) {
        int t = tier;
        assertEquals(ids(model, p -> region.equals(p.region()) && p.tier() == t), parcels.findIdsByRegionAndTier(region, tier),
            campaign.at("region " + region + " tier " + tier));
      }
    }
    for (String status : STATUSES) {
      assertEquals(model.values().stream().filter(p -> status.equals(p.status())).toList(), parcels.findByStatus(status),
          campaign.at("status " + status));
    }
    for (String owner : OWNERS) {
      assertEquals(ids(model, p -> owner.equals(p.info().owner().name())), parcels.findIdsByInfoOwnerName(owner),
          campaign.at("owner " + owner));
    }
    for (Parcel p : model.values()) {
      assertEquals(Optional.of(p), parcels.findByCode(p.code()), campaign.at("code " + p.code()));
      assertEquals(p.payload() == null ? 0 : p.payload().length, parcels.payloadSize(p.id()), campaign.at("payload size " + p.id()));
    }
    SplittableRandom r = campaign.random(-1);
    List<BoundingBox> boxes = new ArrayList<>(List.of(BoundingBox.geo(-90, -180, 90, 180), BoundingBox.geo(-5, -5, 0, 0)));
    for (int i = 0; i < 20; i++) {
      boxes.add(randomBox(r));
    }
    for (BoundingBox box : boxes) {
      assertEquals(ids(model, p -> inside(box, p.location())), parcels.findIdsByLocationWithin(box).stream().sorted().toList(),
          campaign.at("within " + box));
    }
    // nothing left behind: one spatial entry per located parcel, exactly the chunks of the stored payloads
    Map<Object, Long> spatial = countById(Tuple.from("Parcel", "Z"), 2);
    assertEquals(model.values().stream().filter(p -> p.location() != null).collect(Collectors.toMap(Parcel::id, p -> 1L)), spatial,
        campaign.at("spatial entries"));
    Map<Object, Long> chunks = countById(Tuple.from("Parcel", "B"), 0);
    Map<Object, Long> expectedChunks = new HashMap<>();
    model.values().stream().filter(p -> p.payload() != null && p.payload().length > 0)
        .forEach(p -> expectedChunks.put(p.id(), (p.payload().length + 99L) / 100));
    assertEquals(expectedChunks, chunks, campaign.at("blob chunks"));

    IndexReport report = parcels.verifyIndexes();
    assertTrue(report.isClean(), campaign.at("verifyIndexes: " + report.problems()));
    assertEquals(model.size(), report.rowsChecked(), campaign.at("rows verified"));
  }

  private void assertMembersEqual(Map<Integer, Member> model) {
    for (int t = 0; t < THREADS; t++) {
      for (int n = 0; n < IDS_PER_THREAD; n++) {
        int id = memberId(t, n);
        assertEquals(Optional.ofNullable(model.get(id)), members.findById(id), campaign.at("member " + id));
      }
    }
    assertEquals(model.size(), members.count(), campaign.at("member count"));
    for (String team : TEAMS) {
      assertEquals(model.values().stream().filter(m -> team.equals(m.team())).toList(), members.findByTeam(team),
          campaign.at("covering index team " + team));
      for (int level = 0; level < 3; level++) {
        int l = level;
        assertEquals(model.values().stream().filter(m -> team.equals(m.team()) && Objects.equals(l, m.level())).map(Member::id).toList(),
            members.findIdsByTeamAndLevel(team, level), campaign.at("team " + team + " level " + level));
      }
    }
    for (Member m : model.values()) {
      assertEquals(Optional.of(m), members.findByHandle(m.handle()), campaign.at("handle " + m.handle()));
    }
    IndexReport report = members.verifyIndexes();
    assertTrue(report.isClean(), campaign.at("member verifyIndexes: " + report.problems()));
    assertEquals(model.size(), report.rowsChecked(), campaign.at("member rows verified"));
  }

  private static List<String> ids(Map<String, Parcel> model, Predicate<Parcel> filter) {
    return model.values().stream().filter(filter).map(Parcel::id).sorted().toList();
  }

  /** Keys under {@code prefix} counted by the id at position {@code idAt} of the rest of the key. */
  private Map<Object, Long> countById(Tuple prefix, int idAt) {
    List<KeyValue> kvs = db.read(tr -> tr.getRange(prefix.range()).asList().join());
    return kvs.stream().map(kv -> Tuple.fromBytes(kv.getKey()).popFront().popFront().get(idAt))
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
  }

  // ------------------------------------------------------------------ contended unique values

  @Test
  void claimsOfSharedUniqueValuesLeaveOneOwnerEach() throws Exception {
    int opsPerThread = FaultCampaign.ops(3_000) / THREADS / 3;
    List<Map<Integer, Member>> models = new ArrayList<>();
    AtomicLong accepted = new AtomicLong();
    AtomicLong rejected = new AtomicLong();
    for (int t = 0; t < THREADS; t++) {
      models.add(new HashMap<>());
    }
    Concurrently.run(THREADS, t -> {
      SplittableRandom r = campaign.random(100 + t);
      Map<Integer, Member> model = models.get(t);
      for (int op = 0; op < opsPerThread; op++) {
        int id = memberId(t, r.nextInt(10));
        if (r.nextInt(6) == 0) {
          model.remove(id);
          members.deleteById(id);
          continue;
        }
        Member m = new Member(id, "shared-" + r.nextInt(12), pick(r, TEAMS), r.nextInt(3), Optional.empty());
        try {
          members.save(m);
          model.put(id, m);
          accepted.incrementAndGet();
        } catch (UniqueConstraintException e) {
          rejected.incrementAndGet(); // nothing written: the stored entity (if any) is unchanged
          Member stored = model.get(id);
          assertEquals(Optional.ofNullable(stored), members.findById(id), campaign.at("a rejected save changed " + id));
        }
      }
    });
    Map<Integer, Member> model = new TreeMap<>();
    models.forEach(model::putAll);
    assertTrue(accepted.get() > 0 && rejected.get() > 0, campaign.at("accepted " + accepted + ", rejected " + rejected));
    Set<String> handles = new HashSet<>();
    for (Member m : model.values()) {
      assertTrue(handles.add(m.handle()), campaign.at("two acknowledged members hold " + m.handle() + ": " + model));
    }
    for (int h = 0; h < 12; h++) {
      String handle = "shared-" + h;
      Optional<Member> owner = model.values().stream().filter(m -> m.handle().equals(handle)).findFirst();
      assertEquals(owner, members.findByHandle(handle), campaign.at("owner of " + handle));
    }
    assertMembersEqual(model);
  }
}
