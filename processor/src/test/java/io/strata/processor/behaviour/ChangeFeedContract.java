package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Change;
import io.strata.Page;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Place;
import io.strata.processor.fixtures.PlaceRepository;
import io.strata.IndexReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * {@code @Versioned}: the feed holds each id's latest change once, in commit order, equal to brute force
 * over a random history; pages continue without gaps; watches fire on changes only; deletes are pruned;
 * a live tail delivers every change in order and no more than requested.
 */
public abstract class ChangeFeedContract extends BackendContract {

  /** Every change in the feed, oldest first. */
  static List<Change<Place, Long>> feed(PlaceRepository places) {
    return places.changesSince(null, 1_000_000).items();
  }

  /** The saved entities the feed holds, in id order. */
  static List<Place> latestStates(PlaceRepository places) {
    return feed(places).stream().filter(c -> !c.isDelete()).map(c -> c.entity().orElseThrow())
        .sorted(Comparator.comparing(Place::id)).toList();
  }

  /** Every change, read in pages of {@code size}, each continuing from the last version of the one before. */
  static <E> List<Change<E, Long>> pages(java.util.function.BiFunction<Versionstamp, Integer, Page<Change<E, Long>>> changesSince, int size) {
    List<Change<E, Long>> paged = new ArrayList<>();
    Versionstamp after = null;
    Page<Change<E, Long>> page;
    do {
      page = changesSince.apply(after, size);
      paged.addAll(page.items());
      after = page.items().isEmpty() ? after : page.items().get(page.items().size() - 1).version();
    } while (!page.items().isEmpty());
    return paged;
  }

  static void awaitTrue(BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
    }
  }

  @Test
  void theFeedHoldsEachIdsLatestChangeOnceInCommitOrder() {
    PlaceRepository places = new PlaceRepository(db);
    Map<Long, Optional<Place>> state = new TreeMap<>();
    Map<Long, Long> lastChange = new TreeMap<>(); // id -> sequence number of its last change
    long[] seq = {0};
    SplittableRandom r = new SplittableRandom(31);
    for (int step = 0; step < 200; step++) {
      long id = r.nextInt(30);
      long other = r.nextInt(30);
      int op = r.nextInt(10);
      if (op < 6) {
        Place p = AggregateContract.randomPlace(r, id);
        boolean changes = !Optional.of(p).equals(state.get(id));
        places.save(p);
        state.put(id, Optional.of(p));
        if (changes) {
          lastChange.put(id, ++seq[0]);
        }
      } else if (op < 8) {
        if (places.deleteById(id)) {
          state.put(id, Optional.empty());
          lastChange.put(id, ++seq[0]);
        }
      } else { // one commit changing two ids: equal versions, ordered by id
        Place p = AggregateContract.randomPlace(r, id);
        Place q = AggregateContract.randomPlace(r, other);
        db.run(tr -> {
          places.save(tr, p);
          places.deleteById(tr, p.id());
          places.save(tr, p); // the same id three times in one transaction: one entry, the last change
          places.save(tr, q);
          return null;
        });
        seq[0]++;
        state.put(id, Optional.of(p));
        state.put(other, Optional.of(q));
        lastChange.put(id, seq[0]);
        lastChange.put(other, seq[0]);
      }
    }
    List<Change<Place, Long>> feed = feed(places);
    List<Long> byLastChange = new ArrayList<>(lastChange.keySet());
    byLastChange.sort(Comparator.comparing((Long id) -> lastChange.get(id)).thenComparing(id -> id));
    assertEquals(byLastChange, feed.stream().map(Change::id).toList(), "one entry per id, in the order of their last changes");
    for (int i = 1; i < feed.size(); i++) {
      int cmp = feed.get(i - 1).version().compareTo(feed.get(i).version());
      boolean sameCommit = lastChange.get(feed.get(i - 1).id()).equals(lastChange.get(feed.get(i).id()));
      assertTrue(sameCommit ? cmp == 0 : cmp < 0, "versions follow commit order at " + i);
    }
    for (Change<Place, Long> c : feed) {
      assertEquals(state.get(c.id()), c.entity(), "entry of " + c.id());
      assertEquals(Optional.of(c.version()), places.versionOf(c.id()));
    }
    assertEquals(feed, pages(places::changesSince, 3), "pages from each last version add up to the whole feed");
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }

  @Test
  void aSaveThatChangesNothingLeavesTheVersionAlone() {
    PlaceRepository places = new PlaceRepository(db);
    Place p = new Place(1, "FR", "city", "Arles", 52_000, 158);
    places.save(p);
    Versionstamp v = places.versionOf(1L).orElseThrow();
    places.save(p);
    assertEquals(Optional.of(v), places.versionOf(1L));
    places.save(new Place(1, "FR", "city", "Arles", 52_001, 158));
    assertTrue(places.versionOf(1L).orElseThrow().compareTo(v) > 0);
    assertEquals(Optional.empty(), places.versionOf(2L));
  }

  @Test
  void aWatchFiresWhenItsEntityChangesAndNotBefore() throws Exception {
    PlaceRepository places = new PlaceRepository(db);
    Place p = new Place(1, "FR", "city", "Arles", 52_000, 158);
    places.save(p);
    CompletableFuture<Void> watch = places.watch(1L);
    places.save(new Place(2, "FR", "city", "Dax", 21_000, 19));
    places.save(p); // no change
    assertFalse(watch.isDone(), "another entity, or a save without change, does not wake it");
    places.deleteById(1L);
    watch.get(30, TimeUnit.SECONDS);
  }

  @Test
  void pruneDeletesRemovesOldTombstonesOnly() {
    PlaceRepository places = new PlaceRepository(db);
    for (long i = 0; i < 6; i++) {
      places.save(new Place(i, "FR", "city", "P" + i, i, null));
    }
    places.deleteById(0L);
    places.deleteById(1L);
    Versionstamp cut = places.versionOf(1L).orElseThrow();
    places.deleteById(2L);
    assertEquals(1, places.pruneDeletes(cut), "only the delete before the cut");
    assertEquals(List.of(3L, 4L, 5L, 1L, 2L), feed(places).stream().map(Change::id).toList());
    assertEquals(Optional.empty(), places.versionOf(0L));
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }

  /** A subscriber that requests {@code batch} more whenever it has received all it asked for. */
  static final class Tail implements Flow.Subscriber<Change<Place, Long>> {
    final List<Change<Place, Long>> received = new CopyOnWriteArrayList<>();
    final AtomicLong requested = new AtomicLong();
    final AtomicReference<Throwable> error = new AtomicReference<>();
    final AtomicReference<String> violation = new AtomicReference<>();
    final int batch;
    volatile Flow.Subscription subscription;

    Tail(int batch) {
      this.batch = batch;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      requested.addAndGet(batch);
      s.request(batch);
    }

    @Override
    public void onNext(Change<Place, Long> change) {
      received.add(change);
      if (received.size() > requested.get()) {
        violation.set("received " + received.size() + " changes but requested " + requested.get());
      }
      if (received.size() == requested.get()) {
        requested.addAndGet(batch);
        subscription.request(batch);
      }
    }

    @Override
    public void onError(Throwable t) {
      error.set(t);
    }

    @Override
    public void onComplete() {
      violation.set("a live tail never completes");
    }

    /** The latest received change of each id. */
    Map<Long, Change<Place, Long>> latest() {
      Map<Long, Change<Place, Long>> out = new TreeMap<>();
      received.forEach(c -> out.put(c.id(), c));
      return out;
    }
  }

  @Test
  void aLiveTailDeliversEveryChangeInOrderWithinTheDemand() throws Exception {
    PlaceRepository places = new PlaceRepository(db);
    places.save(new Place(100, "NO", "town", "Before", 1, 1));
    Tail tail = new Tail(4);
    places.subscribe(null).subscribe(tail);
    Map<Long, Optional<Place>> state = new TreeMap<>();
    state.put(100L, Optional.of(new Place(100, "NO", "town", "Before", 1, 1)));
    Thread writer = new Thread(() -> {
      SplittableRandom r = new SplittableRandom(9);
      for (int i = 0; i < 120; i++) {
        long id = r.nextInt(25);
        if (r.nextInt(4) == 0) {
          places.deleteById(id);
        } else {
          places.save(AggregateContract.randomPlace(r, id));
        }
      }
    });
    writer.start();
    writer.join();
    List<Change<Place, Long>> feed = feed(places);
    Versionstamp last = feed.get(feed.size() - 1).version();
    awaitTrue(() -> !tail.received.isEmpty() && tail.received.get(tail.received.size() - 1).version().equals(last)
        && tail.latest().size() == feed.size(), "the tail caught up");
    tail.subscription.cancel();
    assertNull(tail.error.get());
    assertNull(tail.violation.get());
    for (int i = 1; i < tail.received.size(); i++) {
      assertTrue(tail.received.get(i - 1).version().compareTo(tail.received.get(i).version()) <= 0, "in version order at " + i);
    }
    Map<Long, Change<Place, Long>> expected = new TreeMap<>();
    feed.forEach(c -> expected.put(c.id(), c));
    assertEquals(expected, tail.latest(), "the tail ends on the feed's latest change of every id");

    Tail late = new Tail(1_000);
    places.subscribe(feed.get(feed.size() / 2).version()).subscribe(late);
    awaitTrue(() -> late.received.size() == feed.size() - feed.size() / 2 - 1, "a tail from a version catches up");
    assertEquals(feed.subList(feed.size() / 2 + 1, feed.size()), late.received, "it starts just after that version");
    late.subscription.cancel();
  }
}
