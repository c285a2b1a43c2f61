package io.strata.embedded;

import com.apple.foundationdb.FDBException;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * FoundationDB's error codes, messages and client retry policy, without the native library.
 *
 * <p>fdb-java answers {@code FDBException.isRetryable()} and friends through libfdb_c, so
 * the engine uses this table instead. Messages are FoundationDB's own (from
 * {@code flow/error_definitions.h}), so an exception raised by the engine reads exactly
 * like one raised by a real cluster. The retry policy is that of the C client's
 * {@code Transaction::onError}: randomised exponential backoff for conflicts and
 * overload, a short fixed delay for version errors, and no retry for anything else.
 */
final class FdbErrors {

    /** Initial backoff of FoundationDB's client ({@code DEFAULT_BACKOFF}, 10 ms). */
    static final long INITIAL_BACKOFF_MILLIS = 10;
    /** Default of the {@code MAX_RETRY_DELAY} option ({@code DEFAULT_MAX_BACKOFF}, 1 s). */
    static final long DEFAULT_MAX_RETRY_DELAY_MILLIS = 1_000;
    /** Delay before retrying {@code transaction_too_old}/{@code future_version} ({@code FUTURE_VERSION_RETRY_DELAY}). */
    static final long VERSION_RETRY_DELAY_MILLIS = 10;

    private static final Map<Integer, String> MESSAGES = Map.ofEntries(
            Map.entry(1004, "Operation timed out"),
            Map.entry(1007, "Transaction is too old to perform reads or be committed"),
            Map.entry(1009, "Request for future version"),
            Map.entry(1020, "Transaction not committed due to conflict with another transaction"),
            Map.entry(1021, "Transaction may or may not have committed"),
            Map.entry(1025, "Operation aborted because the transaction was cancelled"),
            Map.entry(1031, "Operation aborted because the transaction timed out"),
            Map.entry(1032, "Too many watches currently set"),
            Map.entry(1034, "Watches cannot be set if read your writes is disabled"),
            Map.entry(1036, "Read or wrote an unreadable key"),
            Map.entry(1037, "Storage process does not have recent mutations"),
            Map.entry(1038, "Database is locked"),
            Map.entry(1039, "The protocol version of the cluster has changed"),
            Map.entry(1042, "CommitProxy commit memory limit exceeded"),
            Map.entry(1051, "Batch GRV request rate limit exceeded"),
            Map.entry(1078, "GetReadVersion proxy memory limit exceeded"),
            Map.entry(1079, "BlobGranule request failed"),
            Map.entry(1101, "Asynchronous operation cancelled"),
            Map.entry(1213, "Transaction tag is being throttled"),
            Map.entry(1223, "Exceeded maximum proxy tag throttling duration"),
            Map.entry(2000, "Invalid API call"),
            Map.entry(2004, "Key outside legal range"),
            Map.entry(2005, "Range begin key larger than end key"),
            Map.entry(2006, "Option set with an invalid value"),
            Map.entry(2007, "Option not valid in this context"),
            Map.entry(2010, "Transaction already has a read version set"),
            Map.entry(2011, "Version not valid"),
            Map.entry(2012, "Range limits not valid"),
            Map.entry(2017, "Operation issued while a commit was outstanding"),
            Map.entry(2018, "Unrecognized atomic mutation type"),
            Map.entry(2020, "Transaction does not have a valid commit version"),
            Map.entry(2021, "Transaction is read-only and therefore does not have a commit version"),
            Map.entry(2023, "Attempted to commit a transaction specified as read-only"),
            Map.entry(2030, "The index in K[] or V[] is not a valid number or out of range"),
            Map.entry(2032, "\"{...}\" must be the last element of the mapper tuple"),
            Map.entry(2033, "One of the mapped range queries is too large"),
            Map.entry(2039, "getMappedRange tries to read data that were previously written in the transaction"),
            Map.entry(2041, "The key cannot be parsed as a tuple"),
            Map.entry(2042, "The value cannot be parsed as a tuple"),
            Map.entry(2043, "The mapper cannot be parsed as a tuple"),
            Map.entry(2101, "Transaction exceeds byte limit"),
            Map.entry(2102, "Key length exceeds limit"),
            Map.entry(2103, "Value length exceeds limit"),
            Map.entry(2108, "Operation is not supported"),
            Map.entry(2210, "EXACT streaming mode requires limits, but none were given"),
            Map.entry(4100, "An internal error occurred"));

    /** Codes {@code onError} retries with exponential backoff (conflicts, unknown results, overload). */
    private static final Set<Integer> BACKOFF_CODES =
            Set.of(1020, 1021, 1037, 1038, 1042, 1051, 1078, 1079, 1213, 1223);
    /** Codes {@code onError} retries after a short fixed delay (the read version was unusable). */
    private static final Set<Integer> VERSION_CODES = Set.of(1007, 1009);
    /** Codes after which the transaction may or may not have been applied. */
    private static final Set<Integer> MAYBE_COMMITTED_CODES = Set.of(1021, 1039);

    private FdbErrors() {
    }

    /**
     * The exception a real cluster raises for {@code code}, with FoundationDB's message.
     *
     * @throws IllegalArgumentException when the engine has no message for the code, which
     *                                  is a bug in the engine, not in the caller's data
     */
    static FDBException of(int code) {
        String message = MESSAGES.get(code);
        if (message == null) {
            throw new IllegalArgumentException("FoundationDB error code " + code
                    + " is not in the embedded engine's table; add its message from error_definitions.h to FdbErrors");
        }
        return new FDBException(message, code);
    }

    /**
     * unsupported_operation (2108) for a FoundationDB feature this engine does not have, saying which, so
     * that a caller never mistakes it for a cluster's refusal.
     */
    static FDBException unsupported(String feature) {
        return new FDBException(MESSAGES.get(2108) + ": the embedded engine (EmbeddedFdb) does not support " + feature, 2108);
    }

    /** FoundationDB's exception for {@code code}, its message followed by what exactly was refused. */
    static FDBException of(int code, String detail) {
        return new FDBException(of(code).getMessage() + ": " + detail, code);
    }

    /** unsupported_operation (2108) for a key in the special key space ({@code \xff\xff...}). */
    static FDBException specialKey(byte[] key) {
        String tenantMap = "\u00ff\u00ff/management/tenant";
        String text = new String(key, java.nio.charset.StandardCharsets.ISO_8859_1);
        return unsupported(text.startsWith(tenantMap) ? "tenants (TenantManagement, the tenant map)"
                : "the special key space (keys from \\xff\\xff: management, status, configuration)");
    }

    /**
     * Whether a transaction failing with {@code code} may be retried, as fdb-java's
     * {@code FDBException.isRetryable()} answers: the codes {@code onError} retries plus
     * the maybe-committed ones.
     */
    static boolean isRetryable(int code) {
        return BACKOFF_CODES.contains(code) || VERSION_CODES.contains(code) || MAYBE_COMMITTED_CODES.contains(code);
    }

    /** Whether a commit failing with {@code code} may nevertheless have been applied. */
    static boolean isMaybeCommitted(int code) {
        return MAYBE_COMMITTED_CODES.contains(code);
    }

    /**
     * How long {@code onError} waits before handing back a reset transaction, or empty when
     * the error is not retryable and {@code onError} must fail with it.
     *
     * <p>For conflicts and overload the delay is uniformly random in {@code [0, b)} where
     * {@code b} starts at {@value #INITIAL_BACKOFF_MILLIS} ms and doubles with every retry up
     * to {@code maxRetryDelayMillis}; for {@code transaction_too_old} and
     * {@code future_version} it is {@value #VERSION_RETRY_DELAY_MILLIS} ms (also capped).
     *
     * @param attempt             retries already done on this transaction, from 0
     * @param maxRetryDelayMillis the {@code MAX_RETRY_DELAY} option, FoundationDB's default
     *                            being {@value #DEFAULT_MAX_RETRY_DELAY_MILLIS}
     * @param random              source of the jitter
     */
    static OptionalLong backoffMillis(int code, int attempt, long maxRetryDelayMillis, RandomGenerator random) {
        if (attempt < 0 || maxRetryDelayMillis < 0) {
            throw new IllegalArgumentException("attempt (" + attempt + ") and maxRetryDelayMillis ("
                    + maxRetryDelayMillis + ") must not be negative");
        }
        if (VERSION_CODES.contains(code)) {
            return OptionalLong.of(Math.min(VERSION_RETRY_DELAY_MILLIS, maxRetryDelayMillis));
        }
        if (!BACKOFF_CODES.contains(code)) {
            return OptionalLong.empty();
        }
        long ceiling = INITIAL_BACKOFF_MILLIS << Math.min(attempt, 40); // 10 ms * 2^40 is far past any cap
        long bound = Math.min(ceiling, maxRetryDelayMillis);
        return OptionalLong.of(bound == 0 ? 0 : (long) (random.nextDouble() * bound));
    }
}
