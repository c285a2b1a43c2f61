package io.strata.observation;

import com.apple.foundationdb.EventKeeper;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What transactions read and wrote, as the database reports it to the {@code EventKeeper} a transaction is created with:
 * keys and bytes fetched (fdb-java's {@code RANGE_QUERY_RECORDS_FETCHED} and {@code BYTES_FETCHED}: range reads on a
 * cluster, every read on the embedded engine) and, from the embedded engine only, keys and bytes its commits wrote
 * ({@code KEYS_WRITTEN}, {@code BYTES_WRITTEN}). Events are matched by name, so that the embedded engine's own events
 * need no type shared with it. Thread-safe: a transaction's reads may complete on any thread.
 */
final class ReadWriteCounts implements EventKeeper {
  private final AtomicLong keysRead = new AtomicLong();
  private final AtomicLong bytesRead = new AtomicLong();
  private final AtomicLong keysWritten = new AtomicLong();
  private final AtomicLong bytesWritten = new AtomicLong();
  /** Whether the database counted any write: a cluster does not, and then keys written are unknown rather than 0. */
  private volatile boolean writesCounted;

  @Override
  public void count(Event event, long amount) {
    switch (event.name()) {
      case "RANGE_QUERY_RECORDS_FETCHED" -> keysRead.addAndGet(amount);
      case "BYTES_FETCHED" -> bytesRead.addAndGet(amount);
      case "KEYS_WRITTEN" -> {
        writesCounted = true;
        keysWritten.addAndGet(amount);
      }
      case "BYTES_WRITTEN" -> bytesWritten.addAndGet(amount);
      default -> { }
    }
  }

  @Override
  public void timeNanos(Event event, long nanos) {
    // times are not reported: the observations time the calls
  }

  @Override
  public long getCount(Event event) {
    return switch (event.name()) {
      case "RANGE_QUERY_RECORDS_FETCHED" -> keysRead.get();
      case "BYTES_FETCHED" -> bytesRead.get();
      case "KEYS_WRITTEN" -> keysWritten.get();
      case "BYTES_WRITTEN" -> bytesWritten.get();
      default -> 0;
    };
  }

  @Override
  public long getTimeNanos(Event event) {
    return 0;
  }

  /** Adds what {@code other} counted (a transaction's counts to its call's). */
  void add(ReadWriteCounts other) {
    keysRead.addAndGet(other.keysRead.get());
    bytesRead.addAndGet(other.bytesRead.get());
    keysWritten.addAndGet(other.keysWritten.get());
    bytesWritten.addAndGet(other.bytesWritten.get());
    writesCounted |= other.writesCounted;
  }

  long keysRead() {
    return keysRead.get();
  }

  long bytesRead() {
    return bytesRead.get();
  }

  /** Keys written by commits, or -1 when the database does not count them. */
  long keysWritten() {
    return writesCounted ? keysWritten.get() : -1;
  }

  /** Bytes written by commits, or -1 when the database does not count them. */
  long bytesWritten() {
    return writesCounted ? bytesWritten.get() : -1;
  }
}
