package io.strata.embedded;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The simulated network: when a request's answer arrives, and what the database has been asked for
 * ({@link EngineStats}).
 *
 * <p>Invariants: with a round trip of zero every answer is immediate (the engine's default). Otherwise an
 * answer due at some instant completes then, on the caller's executor, from the JDK's shared delay timer,
 * so no thread waits for it and concurrent requests overlap as on a real client. Counters only grow.
 */
final class RoundTrips {
    private final long latencyNanos;
    private final LongAdder readVersions = new LongAdder();
    private final LongAdder reads = new LongAdder();
    private final LongAdder commits = new LongAdder();
    private final LongAdder keysRead = new LongAdder();
    private final LongAdder bytesRead = new LongAdder();
    private final LongAdder keysWritten = new LongAdder();
    private final LongAdder bytesWritten = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private final LongAdder sequential = new LongAdder();

    /** The one path of every attempt when there is no latency: it counts nothing, so it holds no state. */
    private final Path unmeasured = new Path();

    RoundTrips(long latencyNanos) {
        this.latencyNanos = latencyNanos;
    }

    /** A new attempt's critical path (shared, and stateless, when there is no latency to measure). */
    Path path() {
        return latencyNanos == 0 ? unmeasured : new Path();
    }

    /** When a request sent now, which may go out only at {@code notBeforeNanos}, is answered. */
    long dueAfter(long notBeforeNanos) {
        return latencyNanos == 0 ? 0 : Math.max(System.nanoTime(), notBeforeNanos) + latencyNanos;
    }

    long latencyNanos() {
        return latencyNanos;
    }

    /**
     * {@code answer}, completed at {@code dueNanos} (at once if that has passed) — or, when the
     * transaction's {@code deadlineNanos} (TIMEOUT; 0 for none) comes first, failed then with
     * transaction_timed_out (1031), as a real client cancels a transaction that times out while it waits.
     */
    <T> CompletableFuture<T> deliver(CompletableFuture<T> answer, long dueNanos, Executor executor, long deadlineNanos) {
        if (dueNanos == 0) {
            return answer; // no latency: answered at once, without asking the clock
        }
        long now = System.nanoTime();
        if (dueNanos - now <= 0) {
            return answer;
        }
        boolean timesOut = deadlineNanos != 0 && deadlineNanos - dueNanos < 0;
        long wait = (timesOut ? Math.max(deadlineNanos, now) : dueNanos) - now;
        CompletableFuture<T> delivered = new CompletableFuture<>();
        Executor at = CompletableFuture.delayedExecutor(wait, TimeUnit.NANOSECONDS, executor);
        answer.whenComplete((v, e) -> at.execute(() -> {
            if (timesOut) {
                delivered.completeExceptionally(FdbErrors.of(1031));
            } else if (e != null) {
                delivered.completeExceptionally(e);
            } else {
                delivered.complete(v);
            }
        }));
        return delivered;
    }

    void readVersion() {
        readVersions.increment();
    }

    void read(long keys, long bytes) {
        keysRead.add(keys);
        bytesRead.add(bytes);
    }

    void readRequest() {
        reads.increment();
    }

    void commit() {
        commits.increment();
    }

    void written(long keys, long bytes) {
        keysWritten.add(keys);
        bytesWritten.add(bytes);
    }

    void conflict() {
        conflicts.increment();
    }

    /** These counters, with a durable database's log forces and logged commits (0 in memory). */
    EngineStats stats(long logForces, long loggedCommits) {
        return new EngineStats(readVersions.sum(), reads.sum(), commits.sum(), keysRead.sum(), bytesRead.sum(),
                keysWritten.sum(), bytesWritten.sum(), conflicts.sum(), sequential.sum(), logForces, loggedCommits);
    }

    /**
     * One transaction attempt's critical path, in round trips: a request sent once an earlier answer of the attempt
     * was delivered may depend on it, so it is one round trip after that answer's request; requests sent before any
     * earlier answer arrived go out together. The count is the longest such chain. It does not depend on how long the
     * caller computes between round trips (a count by elapsed time would round a long computation into extra round
     * trips on a busy machine), only on the order of sends and deliveries. A request's send is its answer's due time
     * less one round trip: a read sent before the read version arrives goes out when it does.
     */
    final class Path {
        /** The wave of each request by its answer's due time: a later send never has an earlier wave (injected read delays aside). */
        private final TreeMap<Long, Long> waves = new TreeMap<>();
        private long counted;

        /** Notes a request whose answer is due at {@code dueNanos}. */
        synchronized void sent(long dueNanos) {
            if (latencyNanos == 0) {
                return;
            }
            Map.Entry<Long, Long> delivered = waves.floorEntry(dueNanos - latencyNanos);
            long wave = delivered == null ? 1 : delivered.getValue() + 1;
            waves.merge(dueNanos, wave, Math::max);
            if (wave > counted) {
                sequential.add(wave - counted);
                counted = wave;
            }
        }
    }
}
