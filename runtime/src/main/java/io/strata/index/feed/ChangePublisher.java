package io.strata.index.feed;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Change;
import io.strata.StrataException;
import io.strata.repository.EntityStore;
import io.strata.Blocking;
import io.strata.row.EntityLayout;
import io.strata.row.WriteShards;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A live tail of a change feed as a {@link Flow.Publisher}. Each subscription delivers, in version order,
 * every change after its starting version, then waits on FoundationDB watches of the wake keys
 * {@link EntityLayout#feedWakeKey(int)}, one per shard (set in the same transaction that found nothing new, so
 * no change can slip between), and goes on when the first fires, cancelling the others; it never polls. It reads only as many changes as were
 * requested ({@link Flow.Subscription#request}), at most {@value ChangeFeed#BATCH} per transaction. It
 * remembers the place of the last change it delivered (its versionstamp and id, a place in every shard): after a failed read it retries from there (backing
 * off up to 5 s), so nothing is skipped or repeated. Strata's own errors (the feed not built, data it
 * cannot decode) end the subscription with {@code onError}. Each subscription runs on its own daemon
 * thread, which {@code cancel()} stops.
 */
public final class ChangePublisher<T, ID> implements Flow.Publisher<Change<T, ID>> {
  private final Database db;
  private final ChangeFeed<T, ID> feed;
  private final EntityStore<T> store;
  private final Versionstamp after;

  ChangePublisher(Database db, ChangeFeed<T, ID> feed, EntityStore<T> store, Versionstamp after) {
    this.db = db;
    this.feed = feed;
    this.store = store;
    this.after = after;
  }

  @Override
  public void subscribe(Flow.Subscriber<? super Change<T, ID>> subscriber) {
    Tail tail = new Tail(subscriber);
    subscriber.onSubscribe(tail);
  }

  private final class Tail implements Flow.Subscription {
    private final Flow.Subscriber<? super Change<T, ID>> subscriber;
    private final ExecutorService thread;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean done;
    private volatile List<CompletableFuture<Void>> watches = List.of();
    /** Waiting on a watch or backing off after a failure: no drain until {@link #wake()}. */
    private volatile boolean paused;
    private final AtomicBoolean woken = new AtomicBoolean();
    /** Where the next read starts: just after the last delivered entry (null: the feed's beginning). */
    private VersionedIndex.Position begin;
    private int failures;

    Tail(Flow.Subscriber<? super Change<T, ID>> subscriber) {
      this.subscriber = subscriber;
      this.thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "strata-change-feed-" + store.layout().entityName());
        t.setDaemon(true);
        return t;
      });
      this.begin = after == null ? null : new VersionedIndex.Position(after, null);
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        fail(new IllegalArgumentException("request(" + n + "): a subscriber must request a positive number of changes"));
        return;
      }
      demand.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
      schedule();
    }

    @Override
    public void cancel() {
      done = true;
      watches.forEach(w -> w.cancel(true));
      thread.shutdown();
    }

    private void schedule() {
      if (!done && scheduled.compareAndSet(false, true)) {
        try {
          thread.execute(this::drain);
        } catch (java.util.concurrent.RejectedExecutionException e) {
          scheduled.set(false); // cancelled meanwhile
        }
      }
    }

    private void drain() {
      try {
        drainOnce();
      } finally {
        scheduled.set(false);
      }
      if (!done && (woken.getAndSet(false) || (!paused && demand.get() > 0))) {
        schedule(); // woken, or a request arrived, while this drain was finishing
      }
    }

    /** Delivers changes while there is demand; on catching up, waits on a watch. */
    private void drainOnce() {
      try {
        while (!done && demand.get() > 0) {
          int want = (int) Math.min(demand.get(), ChangeFeed.BATCH);
          VersionedIndex.Position from = begin;
          List<ChangeFeed.Entry<T, ID>> entries = Blocking.call(() -> db.read(tr -> feed.entries(tr, VersionedIndex.of(store.indexes()), from, want, false)
              .thenCombine(store.states().requireReady(tr, VersionedIndex.KIND, VersionedDefinition.NAME), (e, v) -> e).join()));
          failures = 0;
          if (entries.isEmpty()) {
            if (waitForChanges(from)) {
              return;
            }
            continue;
          }
          for (ChangeFeed.Entry<T, ID> e : entries) {
            if (done) {
              return;
            }
            begin = e.position();
            demand.decrementAndGet();
            try {
              subscriber.onNext(e.change());
            } catch (RuntimeException thrown) {
              cancel(); // a subscriber that throws has cancelled (Reactive Streams rule 2.13)
              return;
            }
          }
        }
      } catch (StrataException e) {
        fail(e);
      } catch (RuntimeException e) {
        long pause = Math.min(5_000, 10L << Math.min(failures++, 9));
        paused = true;
        CompletableFuture.delayedExecutor(pause, TimeUnit.MILLISECONDS).execute(this::wake);
      }
    }

    /** Ends a pause (a watch fired, or a back-off elapsed) and drains again. */
    private void wake() {
      paused = false;
      woken.set(true);
      schedule();
    }

    /**
     * In one transaction: if nothing follows {@code from} in any stream of the feed, sets a watch on every wake
     * key and returns true (the first to fire wakes the tail, and the others are cancelled); false when changes
     * arrived meanwhile.
     */
    private boolean waitForChanges(VersionedIndex.Position from) {
      VersionedIndex index = VersionedIndex.of(store.indexes());
      List<CompletableFuture<Void>> set = Blocking.call(() -> db.run(tr -> {
        List<CompletableFuture<List<com.apple.foundationdb.KeyValue>>> next = new ArrayList<>();
        for (byte[] stream : index.streams()) {
          next.add(tr.getRange(index.begin(stream, from), index.end(stream, null), 1).asList());
        }
        if (next.stream().anyMatch(f -> !f.join().isEmpty())) {
          return null;
        }
        List<CompletableFuture<Void>> all = new ArrayList<>(WriteShards.SHARDS);
        for (int shard = 0; shard < WriteShards.SHARDS; shard++) {
          all.add(tr.watch(store.layout().feedWakeKey(shard)));
        }
        return all;
      }));
      if (set == null) {
        return false;
      }
      paused = true;
      watches = set;
      AtomicBoolean first = new AtomicBoolean();
      set.forEach(w -> w.whenComplete((v, e) -> {
        if (first.compareAndSet(false, true)) {
          set.forEach(other -> other.cancel(true)); // a fired or failed watch is done already; the rest stop counting
          if (!done) {
            wake(); // fired, or failed (e.g. too many watches): either way, read again
          }
        }
      }));
      return true;
    }

    private void fail(Throwable e) {
      if (!done) {
        cancel();
        subscriber.onError(e);
      }
    }
  }
}
