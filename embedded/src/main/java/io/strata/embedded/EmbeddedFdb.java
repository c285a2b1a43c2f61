package io.strata.embedded;

import com.apple.foundationdb.Database;
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

    /** Configures a new embedded database. */
    public static final class Builder {
        private Faults faults = Faults.none();
        private Executor executor = ForkJoinPool.commonPool();
        private LongSupplier nanoClock = System::nanoTime;

        private Builder() {}

        /** The seeded fault plan the database follows; {@link Faults#none()} by default. */
        public Builder faults(Faults faults) {
            this.faults = Objects.requireNonNull(faults, "faults");
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
            return new EmbeddedDatabase(faults, executor, nanoClock);
        }
    }
}
