package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * The in-process FoundationDB engine: a {@link Database} with FoundationDB's semantics (see
 * docs/engine.md), needing no native client and no server; in memory, or kept durably in a directory
 * (docs/durable.md).
 *
 * <pre>{@code
 * Database db = EmbeddedFdb.open();
 * Database flaky = EmbeddedFdb.builder().faults(Faults.seeded(42).notCommitted(0.05)).open();
 * Database kept = EmbeddedFdb.open(Path.of("data/places"));
 * }</pre>
 */
public final class EmbeddedFdb {
    static final long DEFAULT_CHECKPOINT_BYTES = 64L << 20;

    private EmbeddedFdb() {}

    /** A new, empty database with no injected faults. */
    public static Database open() {
        return builder().open();
    }

    /**
     * The database kept in {@code directory}, with the same engine and semantics as {@link #open()}: every
     * commit whose future completed is on disk (written and forced; concurrent commits share one force) and
     * survives the process being killed at any instant; a transaction is never half recovered. The directory
     * is created when only it is missing. Data lives in memory while the database is open; {@code close()}
     * writes a checkpoint and releases the directory. Format, guarantees and limits: docs/durable.md.
     *
     * @throws DirectoryLockedException when the directory is open already, here or in another process
     * @throws DamagedFileException when a checkpoint or log file is damaged (the message names file and offset)
     * @throws StorageException when the directory cannot be used (missing parent, read-only, not a directory, or
     *     holding other files but no database)
     */
    public static Database open(Path directory) {
        return builder().open(directory);
    }

    /** A builder for a database with faults, an executor or checkpoint settings of its own. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * What {@code db} has done so far: round trips, keys and bytes read and written, conflicts, and for a durable
     * database the log's forces and the commits they made durable (see
     * {@link EngineStats}); subtract an earlier snapshot with {@link EngineStats#since(EngineStats)}.
     *
     * @throws IllegalArgumentException when {@code db} was not opened by {@code EmbeddedFdb}
     */
    public static EngineStats stats(Database db) {
        if (db instanceof EmbeddedDatabase embedded) {
            return embedded.stats();
        }
        throw new IllegalArgumentException("EmbeddedFdb.stats needs a database opened by EmbeddedFdb, not "
                + (db == null ? "null" : db.getClass().getName()) + ": a cluster's costs are measured with its own tools");
    }

    /**
     * Starts recording which keys {@code db}'s commits write, until the recorder is closed, for a
     * {@link WriteDistribution} report: the keys, ranges (cut by size, as FoundationDB's data distribution cuts
     * shards) and versionstamp tails a workload writes, and the share of its commits each takes. A second call
     * replaces the first recorder. Costs memory for every key of every commit while recording.
     *
     * @throws IllegalArgumentException when {@code db} was not opened by {@code EmbeddedFdb}
     */
    public static WriteRecorder recordWrites(Database db) {
        if (db instanceof EmbeddedDatabase embedded) {
            return embedded.recordWrites();
        }
        throw new IllegalArgumentException("EmbeddedFdb.recordWrites needs a database opened by EmbeddedFdb, not "
                + (db == null ? "null" : db.getClass().getName()));
    }

    /**
     * The writes {@code db}'s write-ahead log holds: each mutation of each commit since the last checkpoint, in version
     * order, handed to {@code each}; returns the number of commits. That is all the engine keeps of past writes, and
     * only until the next checkpoint (which a clean close writes, so after one the log is empty). Reads the log as it
     * stands: call it with no commit in flight (a tool holding the directory alone, say).
     *
     * @throws IllegalArgumentException when {@code db} was not opened by {@code EmbeddedFdb} on a directory
     * @throws java.io.IOException when a log cannot be read ({@link DamagedFileException} when a check fails)
     */
    public static long loggedWrites(Database db, java.util.function.Consumer<LoggedWrite> each) throws java.io.IOException {
        if (db instanceof EmbeddedDatabase embedded) {
            return LoggedWrites.read(embedded.logDirectory(), each);
        }
        throw new IllegalArgumentException("EmbeddedFdb.loggedWrites needs a database opened by EmbeddedFdb on a directory,"
                + " not " + (db == null ? "null" : db.getClass().getName()));
    }

    /** Configures a new embedded database. */
    public static final class Builder {
        private Faults faults = Faults.none();
        private Executor executor = ForkJoinPool.commonPool();
        private LongSupplier nanoClock = System::nanoTime;
        private long checkpointBytes = DEFAULT_CHECKPOINT_BYTES;
        private Duration latency = Duration.ZERO;
        private boolean mappedRanges = true;
        private UnaryOperator<LogChannel> logDisk = UnaryOperator.identity();

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

        /**
         * For a durable database: the disk its log is appended through, as a wrapper of the file system's channel
         * (unchanged by default); tests in this package wrap it to make a write or force fail, or take time.
         */
        Builder logDisk(UnaryOperator<LogChannel> disk) {
            this.logDisk = Objects.requireNonNull(disk, "disk");
            return this;
        }

        /**
         * For a durable database: the log size (bytes) at which a checkpoint is written in the background and
         * the logs it covers are deleted; 64 MiB by default. Smaller means faster reopening, more writing.
         */
        public Builder checkpointAfter(long logBytes) {
            if (logBytes <= 0) {
                throw new IllegalArgumentException("checkpointAfter needs a positive number of bytes, not " + logBytes);
            }
            this.checkpointBytes = logBytes;
            return this;
        }

        /** A new, empty in-memory database. */
        public Database open() {
            return new EmbeddedDatabase(faults, executor, nanoClock, new RoundTrips(latency.toNanos()), mappedRanges, null);
        }

        /**
         * The database kept in {@code directory}; see {@link EmbeddedFdb#open(Path)}.
         *
         * @throws StorageException when the directory cannot be used, is in use or holds a damaged file
         */
        public Database open(Path directory) {
            return new EmbeddedDatabase(faults, executor, nanoClock, new RoundTrips(latency.toNanos()), mappedRanges,
                    new Journal.Settings(Objects.requireNonNull(directory, "directory"), checkpointBytes, logDisk));
        }
    }
}
