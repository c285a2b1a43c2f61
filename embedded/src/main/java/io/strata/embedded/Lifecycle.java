package io.strata.embedded;

import com.apple.foundationdb.FDBException;
import java.util.function.Consumer;

/**
 * Where one transaction attempt is in its life, and which error now fails its operations: the state
 * machine of FoundationDB's {@code ReadYourWritesTransaction} plus fdb-java's closed handle.
 *
 * <p>Invariants:
 * <ul>
 *   <li><b>closed</b>: the handle was closed, or handed over by {@code onError}; every call throws
 *       {@link IllegalStateException}, as fdb-java's {@code getPtr()} does.
 *   <li><b>deferred error</b>: the first error of a call fdb-java never lets throw ({@code set},
 *       {@code clear}, {@code mutate}, {@code setReadVersion}, ...); it fails every later read,
 *       {@code getReadVersion}, watch and commit, before any other check.
 *   <li><b>commit started</b>: set by the first {@code commit()} that gets past its checks and never
 *       cleared (only the new attempt {@code onError} hands out starts afresh). From then on every
 *       operation but {@code getReadVersion}, {@code getCommittedVersion}, {@code getApproximateSize},
 *       {@code cancel} and setting options fails with used_during_commit (2017), whether the commit is outstanding, succeeded or failed;
 *       unless USED_DURING_COMMIT_PROTECTION_DISABLE is set, the first such operation also fails the
 *       attempt with 2017, so {@code onError} then fails too.
 *   <li><b>reset error</b>: cancel (1025), timeout (1031) or the 2017 above; set at most once, never
 *       changed. Reads, {@code getReadVersion}, commit, watches, the versionstamp and {@code onError}
 *       fail with it. Writes do not check it (FoundationDB buffers them; the commit fails).
 * </ul>
 */
final class Lifecycle {
    private final RetryState retry;
    private final Consumer<FDBException> onReset;
    private volatile boolean closed;
    private volatile boolean commitStarted;
    private volatile boolean protectionDisabled;
    private volatile FDBException resetError;
    private volatile FDBException deferredError;

    /** @param onReset called once, with the error, when the attempt is cancelled, times out or is poisoned */
    Lifecycle(RetryState retry, Consumer<FDBException> onReset) {
        this.retry = retry;
        this.onReset = onReset;
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("Cannot access closed object: this transaction was closed, or onError"
                    + " handed its work to a new transaction (use the one onError returned)");
        }
    }

    void close() {
        closed = true;
    }

    boolean isClosed() {
        return closed;
    }

    boolean commitStarted() {
        return commitStarted;
    }

    void disableProtection() {
        protectionDisabled = true;
    }

    /** Keeps the first error of a call that may not throw; it surfaces on the next read or commit. */
    void defer(FDBException error) {
        if (deferredError == null) {
            deferredError = error;
        }
    }

    /** The error a read, watch, versionstamp request or commit fails with now, or null. */
    FDBException readError() {
        checkOpen();
        if (deferredError != null) {
            return deferredError;
        }
        if (commitStarted) {
            return usedDuringCommit();
        }
        return resetError();
    }

    /** The error {@code getReadVersion} fails with now (it may be called after commit), or null. */
    FDBException versionError() {
        checkOpen();
        return deferredError != null ? deferredError : resetError();
    }

    /** The error a write fails with now (to be deferred by the caller), or null. */
    FDBException writeError() {
        checkOpen();
        return commitStarted ? usedDuringCommit() : null;
    }

    /** used_during_commit (2017) once the commit has started, else null; for {@code getVersionstamp}. */
    FDBException commitStartedError() {
        checkOpen();
        return commitStarted ? usedDuringCommit() : null;
    }

    /** Checks as {@link #readError()} and, when nothing fails, marks the commit as started. */
    FDBException beginCommit() {
        FDBException error = readError();
        if (error == null) {
            commitStarted = true;
        }
        return error;
    }

    /** The cancel, timeout or used-during-commit error, or null; notices a timeout that just passed. */
    FDBException resetError() {
        if (resetError == null && retry.timedOut()) {
            reset(FdbErrors.of(1031));
        }
        return resetError;
    }

    void cancel() {
        checkOpen();
        reset(FdbErrors.of(1025));
    }

    private FDBException usedDuringCommit() {
        if (!protectionDisabled) {
            reset(FdbErrors.of(2017));
        }
        return FdbErrors.of(2017);
    }

    private void reset(FDBException error) {
        boolean first;
        synchronized (this) {
            first = resetError == null;
            if (first) {
                resetError = error;
            }
        }
        if (first) {
            onReset.accept(error);
        }
    }
}
