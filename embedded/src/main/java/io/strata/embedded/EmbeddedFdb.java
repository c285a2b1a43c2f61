package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;

/**
 * The in-process FoundationDB engine: an in-memory {@link Database} with FoundationDB's semantics
 * (see docs/engine.md), needing no native client and no server.
 *
 * <pre>{@code
 * Database db = EmbeddedFdb.open();
 * Database flaky = EmbeddedFdb.builder().faults(Faults.seeded(42).notCommitted(0.05)).open();
 * }</pre>
 */
public final class EmbeddedFdb {
    private EmbeddedFdb() {}

    /** A new, empty database with no injected faults. */
    public static Database open() {
        return builder().open();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * What {@code db} has done so far: round trips, keys and bytes read and written, conflicts (see
     * {@link EngineStats}); subtract an earlier snapshot with {@link EngineStats#since(EngineStats)}.
     *
     * @throws IllegalArgumentException when {@code db} was not opened by {@code EmbeddedFdb}
     */
    public static EngineStats stats(Database db) {
        if (db instanceof EmbeddedDatabase embedded) {
            return embedded.network().stats();
        }
        throw new IllegalArgumentException("EmbeddedFdb.stats needs a database opened by EmbeddedFdb, not "
                + (db == null ? "null" : db.getClass().getName()) + ": a cluster's costs are measured with its own tools");
    }

    /** Configures a new embedded database. */
    public static final class Builder {
        private Faults faults = Faults.none();
        private Executor executor = ForkJoinPool.commonPool();
        private LongSupplier nanoClock = System::nanoTime;
        private Duration latency = Duration.ZERO;
        private boolean mappedRanges = true;

        private Builder() {}

        /** The seeded fault plan the database follows; {@link Faults#none()} by default. */
        public Builder faults(Faults faults) {
            this.faults = Objects.requireNonNull(faults, "faults");
            return this;
        }

        /**
         * A simulated network round trip (zero by default): every read-version request, read that reaches
         * storage and read-write commit completes {@code roundTrip} after it is sent (a first read or a
         * blind-write commit also waits for its read version first), without blocking a thread, and
         * concurrent requests overlap as on a real client. Reads answered from the transaction's own
         * writes or read-your-writes cache, and read-only commits, are immediate, as on a cluster. Use it
         * to see round-trip and contention costs as a cluster user pays them.
         *
         * @throws IllegalArgumentException when negative
         */
        public Builder latency(Duration roundTrip) {
            Objects.requireNonNull(roundTrip, "roundTrip");
            if (roundTrip.isNegative()) {
                throw new IllegalArgumentException("latency(" + roundTrip + "): a round trip cannot be negative; use Duration.ZERO for none");
            }
            this.latency = roundTrip;
            return this;
        }

        /**
         * Whether {@code getMappedRange} is served (the default) or refused with unsupported_operation
         * (2108), as by a backend that does not serve it: lets a test run code's read-then-fetch fallback.
         */
        public Builder mappedRanges(boolean served) {
            this.mappedRanges = served;
            return this;
        }

        /** The executor for callbacks and retry loops; the common fork-join pool by default. */
        public Builder executor(Executor executor) {
            this.executor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /**
         * The monotonic clock (nanoseconds) that versions, the MVCC window and timeouts follow; tests in
         * this package use a manual clock to cross the 5-second window without waiting.
         */
        Builder clock(LongSupplier nanoClock) {
            this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
            return this;
        }

        public Database open() {
            return new EmbeddedDatabase(faults, executor, nanoClock, new RoundTrips(latency.toNanos()), mappedRanges);
        }
    }
}
