package io.strata.embedded;

import com.apple.foundationdb.FDBException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * The future {@code getVersionstamp()} returns for one transaction attempt.
 *
 * <p>Invariants: the future is made by the first request (FoundationDB only accepts the request before
 * commit), so an attempt nobody asks for a versionstamp builds neither a future nor an exception; it is
 * settled once: with the 10-byte stamp (8-byte big-endian commit version, 2-byte batch order 0) after a
 * successful commit, with 2021 after a read-only one, 2020 after a failed one, or with the attempt's
 * error when it is cancelled, timed out or reset first. Thread-safe.
 */
final class VersionstampPromise {
    private CompletableFuture<byte[]> future;

    synchronized CompletableFuture<byte[]> future() {
        if (future == null) {
            future = new CompletableFuture<>();
        }
        return future;
    }

    synchronized boolean isOwed() {
        return future != null && !future.isDone();
    }

    synchronized void committed(long version) {
        if (isOwed()) {
            future.complete(ByteBuffer.allocate(10).putLong(version).putShort((short) 0).array());
        }
    }

    /** Fails a requested stamp with {@code code} (2020 failed commit, 2021 read-only commit). */
    synchronized void failWith(int code) {
        if (isOwed()) {
            future.completeExceptionally(FdbErrors.of(code));
        }
    }

    synchronized void fail(FDBException error) {
        if (isOwed()) {
            future.completeExceptionally(error);
        }
    }
}
