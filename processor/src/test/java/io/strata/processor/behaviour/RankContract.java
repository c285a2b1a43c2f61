package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Place;
import io.strata.processor.fixtures.PlaceRepository;
import io.strata.IndexReport;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * {@code @Rank}: rank of, entity at, ranges and sizes equal positions in the brute-force sorted groups
 * after random histories (ascending, descending, grouped by one and two fields, ungrouped), damage is
 * reported by {@code verifyIndexes()}, and concurrent writers into one group mostly commit first time.
 */
public abstract class RankContract extends BackendContract {

  /** The group's places in rank order: by {@code key} then id, reversed when descending. */
  static List<Place> ordered(Collection<Place> rows, Predicate<Place> in, Function<Place, Comparable> key, boolean descending) {
    @SuppressWarnings({"unchecked", "rawtypes"})
    Comparator<Place> order = Comparator.comparing((Function) key).thenComparing(p -> ((Place) p).id());
    List<Place> out = new ArrayList<>(rows.stream().filter(in).filter(p -> key.apply(p) != null).sorted(order).toList());
    if (descending) {
      java.util.Collections.reverse(out);
    }
    return out;
  }

  interface RankView {
    OptionalLong rankOf(long id);

    Optional<Place> at(long rank);

    List<Place> range(long from, int count);

    long size();
  }

  static void assertRankMatches(List<Place> expected, RankView view, String what) {
    assertEquals(expected.size(), view.size(), what + " size");
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(OptionalLong.of(i), view.rankOf(expected.get(i).id()), what + " rank of " + expected.get(i));
      if (i % 3 == 0) {
        assertEquals(Optional.of(expected.get(i)), view.at(i), what + " at " + i);
      }
    }
    assertEquals(Optional.empty(), view.at(expected.size()), what + " past the end");
    for (int from : new int[] {0, 1, expected.size() / 2, Math.max(0, expected.size() - 2), expected.size() + 3}) {
      assertEquals(expected.subList(Math.min(from, expected.size()), Math.min(expected.size(), from + 4)), view.range(from, 4),
          what + " range from " + from);
    }
  }

  static void assertRanksMatch(PlaceRepository places, Collection<Place> rows) {
    for (String c : AggregateContract.COUNTRIES.subList(0, 3)) {
      assertRankMatches(ordered(rows, p -> c.equals(p.country()), Place::population, true), new RankView() {
        public OptionalLong rankOf(long id) { return places.byPopulationRankOf(c, id); }
        public Optional<Place> at(long rank) { return places.byPopulationAt(c, rank); }
        public List<Place> range(long from, int count) { return places.byPopulationRange(c, from, count); }
        public long size() { return places.byPopulationSize(c); }
      }, "byPopulation " + c);
      for (String k : AggregateContract.KINDS.subList(0, 2)) {
        assertRankMatches(ordered(rows, p -> c.equals(p.country()) && k.equals(p.kind()), Place::area, false), new RankView() {
          public OptionalLong rankOf(long id) { return places.byAreaInKindRankOf(c, k, id); }
          public Optional<Place> at(long rank) { return places.byAreaInKindAt(c, k, rank); }
          public List<Place> range(long from, int count) { return places.byAreaInKindRange(c, k, from, count); }
          public long size() { return places.byAreaInKindSize(c, k); }
        }, "byAreaInKind " + c + " " + k);
      }
    }
    assertRankMatches(ordered(rows, p -> true, Place::name, false), new RankView() {
      public OptionalLong rankOf(long id) { return places.byNameRankOf(id); }
      public Optional<Place> at(long rank) { return places.byNameAt(rank); }
      public List<Place> range(long from, int count) { return places.byNameRange(from, count); }
      public long size() { return places.byNameSize(); }
    }, "byName");
  }

  @Test
  void ranksEqualBruteForceOverARandomHistory() {
    PlaceRepository places = new PlaceRepository(db);
    Map<Long, Place> model = new TreeMap<>();
    SplittableRandom r = new SplittableRandom(17);
    for (int step = 0; step < 400; step++) {
      long id = r.nextInt(120);
      int op = r.nextInt(10);
      if (op < 7) {
        Place p = AggregateContract.randomPlace(r, id);
        Place q = op == 0 ? AggregateContract.randomPlace(r, r.nextInt(120)) : null;
        db.run(tr -> {
          places.save(tr, p);
          if (q != null) {
            places.save(tr, q);
          }
          return null;
        });
        model.put(id, p);
        if (q != null) {
          model.put(q.id(), q);
        }
      } else {
        assertEquals(model.remove(id) != null, places.deleteById(id));
      }
      if (step % 80 == 79) {
        assertRanksMatch(places, model.values());
      }
    }
    Place some = model.values().stream().filter(p -> "FR".equals(p.country())).findFirst().orElseThrow();
    assertEquals(OptionalLong.empty(), places.byPopulationRankOf("NO", some.id()), "not in that group");
    assertEquals(OptionalLong.empty(), places.byPopulationRankOf("FR", 10_000L), "no such entity");
    assertThrows(IllegalArgumentException.class, () -> places.byPopulationAt("FR", -1));
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }

  /**
   * {@code saveAll} gathers each group's rank inserts and makes them together: random batches of new and existing
   * ids, an id now and then twice in one batch (its second save moves what its first inserted), rank as the places
   * saved one by one would.
   */
  @Test
  void saveAllOfBatchesRanksAsSavingOneByOne() {
    PlaceRepository places = new PlaceRepository(db);
    Map<Long, Place> model = new TreeMap<>();
    SplittableRandom r = new SplittableRandom(23);
    for (int step = 0; step < 40; step++) {
      List<Place> batch = new ArrayList<>();
      for (int n = 1 + r.nextInt(40); n > 0; n--) {
        long id = !batch.isEmpty() && r.nextInt(8) == 0 ? batch.get(r.nextInt(batch.size())).id() : r.nextInt(300);
        batch.add(AggregateContract.randomPlace(r, id));
      }
      places.saveAll(batch);
      batch.forEach(p -> model.put(p.id(), p));
    }
    assertRanksMatch(places, model.values());
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }

  @Test
  void verifyIndexesReportsADamagedSpanAndAMissingNode() {
    PlaceRepository places = new PlaceRepository(db);
    for (long i = 0; i < 200; i++) {
      places.save(new Place(i, "FR", "city", "P" + i, i * 10, null));
    }
    Subspace list = new Subspace().get("Place").get("K").get("byPopulation").get("FR");
    db.run(tr -> {
      byte[] plusOne = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();
      tr.mutate(MutationType.ADD, list.pack(Tuple.from(1)), plusOne); // the level-1 head now counts one too many
      tr.clear(list.pack(Tuple.from(0, 70L, 7L))); // place 7 loses its level-0 node
      return null;
    });
    IndexReport report = places.verifyIndexes();
    String all = String.join("\n", report.problems());
    assertTrue(all.contains("row 7 has no entry (\"FR\", 70, 7) in rank 'byPopulation'"), all);
    assertTrue(all.contains("rank 'byPopulation' group (\"FR\") level 1 head counts"), all);
  }

  @Test
  void eightConcurrentWritersIntoOneGroupMostlyCommitFirstTime() throws Exception {
    PlaceRepository places = new PlaceRepository(db);
    for (long i = 0; i < 400; i++) { // an established group, as a leaderboard would be
      places.save(new Place(-1 - i, "FR", "city", "Seed" + i, i * 97 % 1_000, (int) i));
    }
    AtomicLong attempts = new AtomicLong();
    AtomicLong commits = new AtomicLong();
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 8; w++) {
      int writer = w;
      writers.add(new Thread(() -> {
        SplittableRandom r = new SplittableRandom(writer);
        for (int i = 0; i < 40; i++) {
          Place p = new Place(writer * 1_000L + i, "FR", "city", "W" + writer + "-" + i, r.nextInt(1_000), r.nextInt(100));
          db.run(tr -> {
            attempts.incrementAndGet();
            places.save(tr, p);
            return null;
          });
          commits.incrementAndGet();
        }
      }));
    }
    writers.forEach(Thread::start);
    for (Thread t : writers) {
      t.join();
    }
    double conflictRate = (attempts.get() - commits.get()) / (double) attempts.get();
    assertTrue(conflictRate < 0.5, "conflict rate " + conflictRate + " (" + attempts.get() + " attempts for " + commits.get() + " commits)");
    assertEquals(720, places.byPopulationSize("FR"));
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }
}
