package io.strata.samples;

import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Change;
import io.strata.Page;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code import --tail}: a live tail of {@link Place}'s change feed ({@code @Versioned}), printing each change as
 * its import batch commits. It subscribes after the feed's last change before the import starts, requests a window
 * of changes at a time (the publisher honours that backpressure) and is woken by a FoundationDB watch, not by
 * polling; {@link #finish} waits until every change the import made has been printed.
 */
final class ChangeTail implements Flow.Subscriber<Change<Place, Long>> {
  private static final int WINDOW = 256;

  private final PrintStream out;
  private final Versionstamp start;
  private Flow.Subscription subscription;
  private long printed;
  private Throwable failed;

  private ChangeTail(PrintStream out, Versionstamp start) {
    this.out = out;
    this.start = start;
  }

  /** Starts tailing after the feed's current end. */
  static ChangeTail start(PlaceRepository places, PrintStream out) {
    ChangeTail tail = new ChangeTail(out, end(places, null).version());
    places.subscribe(tail.start).subscribe(tail);
    return tail;
  }

  /** The last change after {@code after} and how many there are, paging through the feed. */
  private record End(Versionstamp version, long changes) {}

  private static End end(PlaceRepository places, Versionstamp after) {
    Versionstamp last = after;
    long changes = 0;
    for (Page<Change<Place, Long>> page = places.changesSince(last, 1000); !page.items().isEmpty();
        page = places.changesSince(last, 1000)) {
      last = page.items().get(page.items().size() - 1).version();
      changes += page.items().size();
    }
    return new End(last, changes);
  }

  @Override
  public synchronized void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(WINDOW);
  }

  @Override
  public synchronized void onNext(Change<Place, Long> c) {
    out.println(c.entity().map(p -> String.format("~ saved   %-9d %s (%s)", p.id(), p.name(), p.country()))
        .orElse(String.format("~ deleted %d", c.id())));
    printed++;
    subscription.request(1);
    notifyAll();
  }

  @Override
  public synchronized void onError(Throwable t) {
    failed = t;
    notifyAll();
  }

  @Override
  public void onComplete() {}

  /**
   * Waits until the tail has printed every change committed since it started (at most {@code timeout}), then
   * cancels it; returns how many it printed.
   */
  synchronized long finish(PlaceRepository places, Duration timeout) throws InterruptedException, TimeoutException {
    long expected = end(places, start).changes();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (printed < expected && failed == null) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        subscription.cancel();
        throw new TimeoutException("the change tail printed " + printed + " of " + expected + " changes in " + timeout);
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    subscription.cancel();
    if (failed != null) {
      throw new IllegalStateException("the change tail failed: " + failed.getMessage(), failed);
    }
    return printed;
  }
}
