package io.strata.embedded;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

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
     * transaction_timed_out (1031), as a real client cancels a transaction that times out while it waits. On a
     * measured {@code path} the answer carries {@code wave} ({@link Answer}); without latency it is {@code answer}
     * itself, answered at once without asking the clock.
     */
    <T> CompletableFuture<T> deliver(CompletableFuture<T> answer, long dueNanos, Executor executor, long deadlineNanos,
                                     Path path, long wave) {
        if (latencyNanos == 0) {
            return answer;
        }
        Answer<T> delivered = new Answer<>(path, wave);
        long now = System.nanoTime();
        if (dueNanos - now <= 0) {
            answer.whenComplete((v, e) -> complete(delivered, v, e));
            return delivered;
        }
        boolean timesOut = deadlineNanos != 0 && deadlineNanos - dueNanos < 0;
        long wait = (timesOut ? Math.max(deadlineNanos, now) : dueNanos) - now;
        Executor at = CompletableFuture.delayedExecutor(wait, TimeUnit.NANOSECONDS, executor);
        answer.whenComplete((v, e) -> at.execute(
                () -> path.delivering(() -> complete(delivered, v, timesOut ? FdbErrors.of(1031) : e))));
        return delivered;
    }

    private static <T> void complete(CompletableFuture<T> delivered, T value, Throwable error) {
        if (error != null) {
            delivered.completeExceptionally(error);
        } else {
            delivered.complete(value);
        }
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

    /** These counters, with a durable database's log forces, logged commits, log bytes and checkpoints (0 in memory). */
    EngineStats stats(long logForces, long loggedCommits, long logBytes, long checkpoints) {
        return new EngineStats(readVersions.sum(), reads.sum(), commits.sum(), keysRead.sum(), bytesRead.sum(),
                keysWritten.sum(), bytesWritten.sum(), conflicts.sum(), sequential.sum(), logForces, loggedCommits, logBytes,
                checkpoints);
    }

    /**
     * One transaction attempt's critical path, in round trips, counted by causality rather than by the clock. Each
     * request has a <em>wave</em>: the read version is wave 1; a read is one more than the largest of the read
     * version's wave and the waves its issuing code had observed when it sent it ({@link Answer}: joined, or passed
     * to a function of one of its stages); a commit is one more than every request the attempt sent before it (it
     * carries their read-conflict ranges). An answer given from what the attempt already holds (its writes, its read
     * cache) adds no wave. The count is the attempt's largest wave: requests sent before any answer they depend on
     * was observed count once, however late a busy machine gets to sending them, and time spent computing between
     * round trips adds none. Observations are per thread: a function run as an answer's stage observes within its
     * run only; code outside any stage keeps what it joined until the attempt ends.
     */
    final class Path {
        /** What the current thread has observed of this attempt: the largest wave (0: nothing). */
        private final ThreadLocal<long[]> seen = ThreadLocal.withInitial(() -> new long[1]);
        private long counted;

        /** The largest wave the current thread has observed. */
        long seen() {
            return latencyNanos == 0 ? 0 : seen.get()[0];
        }

        /** The current thread has observed an answer of {@code wave}. */
        void observe(long wave) {
            long[] s = seen.get();
            s[0] = Math.max(s[0], wave);
        }

        /** Runs {@code step} having observed {@code wave}; what it observes is forgotten when it returns. */
        void within(long wave, Runnable step) {
            computeWithin(wave, () -> {
                step.run();
                return null;
            });
        }

        /** {@link #within} for a step with a value. */
        <R> R computeWithin(long wave, Supplier<R> step) {
            return scoped(Math.max(seen(), wave), step);
        }

        /**
         * Runs {@code delivery} (completing an answer, which runs the functions waiting for it) having observed
         * nothing: the thread delivering is not the code that waits, and what those functions observe is forgotten
         * when it returns.
         */
        void delivering(Runnable delivery) {
            scoped(0, () -> {
                delivery.run();
                return null;
            });
        }

        /** Runs {@code step} with the current thread having observed {@code observed}, then restores what it had. */
        private <R> R scoped(long observed, Supplier<R> step) {
            long[] s = seen.get();
            long before = s[0];
            s[0] = observed;
            try {
                return step.get();
            } finally {
                s[0] = before;
            }
        }

        /** Notes a read sent after a read version of wave {@code after} (0: none was asked for); returns its wave. */
        long read(long after) {
            return sent(1 + Math.max(after, seen()));
        }

        /** Notes a commit sent now; returns its wave. */
        synchronized long commit() {
            return sent(1 + Math.max(counted, seen()));
        }

        /** Notes a request of {@code wave} (counted only with a latency); returns the wave. */
        synchronized long sent(long wave) {
            if (latencyNanos != 0 && wave > counted) {
                sequential.add(wave - counted);
                counted = wave;
            }
            return wave;
        }
    }
}
