package io.strata.embedded;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * What survives {@code onError}'s reset of one logical transaction (FoundationDB API 610 and later):
 * the TIMEOUT, RETRY_LIMIT, MAX_RETRY_DELAY and SIZE_LIMIT options, the retry count, and the creation
 * time the timeout counts from.
 *
 * <p>Invariants: shared by the successive {@link EmbeddedTransaction} handles {@code onError} hands out,
 * of which only the newest is open, so it is used by one attempt at a time; the timeout is measured from
 * the creation of the first handle, across retries, as FoundationDB measures it.
 */
final class RetryState {
    private final EmbeddedDatabase db;
    private final long createdNanos;
    private SplittableRandom random;
    volatile long timeoutMillis;
    volatile long retryLimit;
    volatile long maxRetryDelayMillis;
    volatile long sizeLimit;
    int retries;

    RetryState(EmbeddedDatabase db) {
        this.db = db;
        this.createdNanos = db.nanoTime();
        EmbeddedDatabase.TransactionDefaults d = db.defaults();
        this.timeoutMillis = d.timeoutMillis;
        this.retryLimit = d.retryLimit;
        this.maxRetryDelayMillis = d.maxRetryDelayMillis;
        this.sizeLimit = d.sizeLimit;
    }

    /** Whether the TIMEOUT option's time has passed since the transaction was created. */
    boolean timedOut() {
        return timeoutMillis > 0 && db.nanoTime() - createdNanos > TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /** When the TIMEOUT option's time runs out, on the database's clock; 0 without a timeout. */
    long deadlineNanos() {
        return timeoutMillis > 0 ? createdNanos + TimeUnit.MILLISECONDS.toNanos(timeoutMillis) : 0;
    }

    /** The jitter source for retry backoff; made on the first retry (most transactions never retry). */
    SplittableRandom random() {
        if (random == null) {
            random = new SplittableRandom();
        }
        return random;
    }
}
