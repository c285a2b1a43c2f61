package io.strata.embedded;

import java.time.Duration;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A seeded plan of the failures a real FoundationDB cluster produces, for proving that
 * code survives them on the embedded engine.
 *
 * <pre>{@code
 * Database db = EmbeddedFdb.builder()
 *     .faults(Faults.seeded(42)
 *         .notCommitted(0.05)                    // spurious not_committed (1020) per commit
 *         .unknownResultApplied(0.02)            // commit applied, then commit_unknown_result (1021)
 *         .unknownResultNotApplied(0.02)         // nothing applied, commit_unknown_result (1021)
 *         .tooOld(0.01)                          // a transaction's storage reads fail with transaction_too_old (1007)
 *         .readDelay(Duration.ofMillis(2), 0.05))
 *     .open();
 * }</pre>
 *
 * <p>Invariants: the configuration is immutable (each fluent call returns a new plan with
 * fresh decision state); every probability is in {@code [0, 1]} and the three commit
 * probabilities sum to at most 1. Commit, too-old and delay decisions each draw from their
 * own stream derived from the seed, so the same seed yields the same sequence of decisions
 * of each kind, whatever the mix of calls. Thread-safe; with several threads the sequence
 * is the same but which transaction receives which decision depends on scheduling. A plan
 * holds its decision state, so give each database its own plan.
 */
public final class Faults {

    /** The kinds of fault a plan injects, for {@link #injectedCount(Kind)}. */
    public enum Kind {
        /** A commit failed with {@code not_committed} (1020) and nothing was written. */
        NOT_COMMITTED,
        /** A commit was applied, then failed with {@code commit_unknown_result} (1021). */
        UNKNOWN_RESULT_APPLIED,
        /** A commit failed with {@code commit_unknown_result} (1021) and nothing was written. */
        UNKNOWN_RESULT_NOT_APPLIED,
        /** A transaction attempt got a stale read version: its reads failed with {@code transaction_too_old} (1007). */
        TOO_OLD,
        /** A read was delayed. */
        READ_DELAY,
        /** A batch-priority transaction's read version request was refused with {@code batch_transaction_throttled} (1051). */
        BATCH_THROTTLED
    }

    /** What the engine does to one commit. */
    enum CommitFault { NONE, NOT_COMMITTED, UNKNOWN_APPLIED, UNKNOWN_NOT_APPLIED }

    private static final Faults NONE = new Faults(0, 0, 0, 0, 0, Duration.ZERO, 0, 0);

    private final long seed;
    private final double notCommitted;
    private final double unknownApplied;
    private final double unknownNotApplied;
    private final double tooOld;
    private final Duration readDelay;
    private final double readDelayProbability;
    private final double batchThrottled;

    private final SplittableRandom commitStream;
    private final SplittableRandom tooOldStream;
    private final SplittableRandom delayStream;
    private final SplittableRandom batchStream;
    private final AtomicLongArray injected = new AtomicLongArray(Kind.values().length);

    private Faults(long seed, double notCommitted, double unknownApplied, double unknownNotApplied,
                   double tooOld, Duration readDelay, double readDelayProbability, double batchThrottled) {
        this.seed = seed;
        this.notCommitted = notCommitted;
        this.unknownApplied = unknownApplied;
        this.unknownNotApplied = unknownNotApplied;
        this.tooOld = tooOld;
        this.readDelay = readDelay;
        this.readDelayProbability = readDelayProbability;
        this.batchThrottled = batchThrottled;
        SplittableRandom root = new SplittableRandom(seed);
        this.commitStream = root.split();
        this.tooOldStream = root.split();
        this.delayStream = root.split();
        this.batchStream = root.split();
    }

    /** A plan that injects no faults; the default of every embedded database. */
    public static Faults none() {
        return NONE;
    }

    /** An empty plan whose random decisions derive from {@code seed}; add faults with the fluent methods. */
    public static Faults seeded(long seed) {
        return new Faults(seed, 0, 0, 0, 0, Duration.ZERO, 0, 0);
    }

    /** Fails each commit with probability {@code p} with {@code not_committed} (1020), writing nothing. */
    public Faults notCommitted(double p) {
        return commitFaults(probability("notCommitted", p), unknownApplied, unknownNotApplied);
    }

    /** Applies each commit, then with probability {@code p} fails it with {@code commit_unknown_result} (1021). */
    public Faults unknownResultApplied(double p) {
        return commitFaults(notCommitted, probability("unknownResultApplied", p), unknownNotApplied);
    }

    /** Fails each commit with probability {@code p} with {@code commit_unknown_result} (1021), writing nothing. */
    public Faults unknownResultNotApplied(double p) {
        return commitFaults(notCommitted, unknownApplied, probability("unknownResultNotApplied", p));
    }

    /**
     * Gives each transaction attempt, with probability {@code p}, a read version already outside the
     * 5-second window: every read of that attempt that reaches storage, and its read-write commit, fails
     * with {@code transaction_too_old} (1007), as on a real cluster, where the age of the read version
     * (not the number of reads) decides it; reads answered from its read-your-writes cache succeed. The
     * retry takes a fresh read version and decides again.
     */
    public Faults tooOld(double p) {
        return new Faults(seed, notCommitted, unknownApplied, unknownNotApplied,
                probability("tooOld", p), readDelay, readDelayProbability, batchThrottled);
    }

    /** Delays each read by {@code delay} with probability {@code p}. */
    public Faults readDelay(Duration delay, double p) {
        Objects.requireNonNull(delay, "readDelay: delay must not be null (use Duration.ZERO for no delay)");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("readDelay: delay must not be negative, got " + delay);
        }
        return new Faults(seed, notCommitted, unknownApplied, unknownNotApplied,
                tooOld, delay, probability("readDelay", p), batchThrottled);
    }

    /**
     * Refuses each read-version request of a batch-priority transaction ({@code PRIORITY_BATCH}) with
     * probability {@code p} with {@code batch_transaction_throttled} (1051), as a saturated cluster
     * throttles batch work first; other transactions are never refused. {@code onError} retries it.
     */
    public Faults batchThrottled(double p) {
        return new Faults(seed, notCommitted, unknownApplied, unknownNotApplied, tooOld, readDelay, readDelayProbability,
                probability("batchThrottled", p));
    }

    /** How many faults of {@code kind} this plan has injected so far. */
    public long injectedCount(Kind kind) {
        return injected.get(Objects.requireNonNull(kind, "kind").ordinal());
    }

    /** Decides the fate of the next commit of a read-write transaction. */
    CommitFault nextCommitFault() {
        if (notCommitted + unknownApplied + unknownNotApplied == 0) {
            return CommitFault.NONE;
        }
        double u = draw(commitStream);
        if (u < notCommitted) {
            return count(Kind.NOT_COMMITTED, CommitFault.NOT_COMMITTED);
        }
        if (u < notCommitted + unknownApplied) {
            return count(Kind.UNKNOWN_RESULT_APPLIED, CommitFault.UNKNOWN_APPLIED);
        }
        if (u < notCommitted + unknownApplied + unknownNotApplied) {
            return count(Kind.UNKNOWN_RESULT_NOT_APPLIED, CommitFault.UNKNOWN_NOT_APPLIED);
        }
        return CommitFault.NONE;
    }

    /** Decides whether a batch-priority read-version request is throttled. */
    boolean nextBatchThrottled() {
        if (batchThrottled == 0 || draw(batchStream) >= batchThrottled) {
            return false;
        }
        injected.incrementAndGet(Kind.BATCH_THROTTLED.ordinal());
        return true;
    }

    /** Decides whether the transaction attempt taking a read version now gets a stale one. */
    boolean nextTransactionTooOld() {
        if (tooOld == 0 || draw(tooOldStream) >= tooOld) {
            return false;
        }
        injected.incrementAndGet(Kind.TOO_OLD.ordinal());
        return true;
    }

    /** Decides how long the next read waits before being served, in nanoseconds; 0 for no delay. */
    long nextReadDelayNanos() {
        if (readDelayProbability == 0 || readDelay.isZero() || draw(delayStream) >= readDelayProbability) {
            return 0;
        }
        injected.incrementAndGet(Kind.READ_DELAY.ordinal());
        return readDelay.toNanos();
    }

    @Override
    public String toString() {
        return "Faults[seed=" + seed + ", notCommitted=" + notCommitted + ", unknownResultApplied=" + unknownApplied
                + ", unknownResultNotApplied=" + unknownNotApplied + ", tooOld=" + tooOld
                + ", readDelay=" + readDelay + " p=" + readDelayProbability + "]";
    }

    private Faults commitFaults(double nc, double ua, double una) {
        if (nc + ua + una > 1 + 1e-9) { // tolerate rounding, e.g. 0.1 + 0.2 + 0.7
            throw new IllegalArgumentException("commit fault probabilities must sum to at most 1, but notCommitted ("
                    + nc + ") + unknownResultApplied (" + ua + ") + unknownResultNotApplied (" + una + ") = "
                    + (nc + ua + una) + "; lower one of them");
        }
        return new Faults(seed, nc, ua, una, tooOld, readDelay, readDelayProbability, batchThrottled);
    }

    private CommitFault count(Kind kind, CommitFault fault) {
        injected.incrementAndGet(kind.ordinal());
        return fault;
    }

    private static double draw(SplittableRandom stream) {
        synchronized (stream) {
            return stream.nextDouble();
        }
    }

    private static double probability(String name, double p) {
        if (!(p >= 0 && p <= 1)) { // also rejects NaN
            throw new IllegalArgumentException(name + ": probability must be between 0 and 1 (e.g. 0.05 for 5%), got " + p);
        }
        return p;
    }
}
