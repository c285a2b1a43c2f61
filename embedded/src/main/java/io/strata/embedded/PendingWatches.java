package io.strata.embedded;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The watches one transaction attempt has set and not yet handed to the database.
 *
 * <p>Invariants: a watch is here from {@code watch()} until its attempt ends, then exactly once either
 * armed ({@link #armAll}: the commit succeeded or the attempt was read-only) or failed ({@link #failAll}:
 * with the commit's error, or 1025/1031/2017 when the attempt is closed, cancelled, timed out or reset).
 * The expected value is the one the attempt read, copied. Thread-safe.
 */
final class PendingWatches {
    private record Watch(byte[] key, byte[] expected, CompletableFuture<Void> future) {}

    private final List<Watch> watches = new ArrayList<>();

    synchronized void add(byte[] key, byte[] expected, CompletableFuture<Void> future) {
        watches.add(new Watch(key, expected == null ? null : Arrays.copyOf(expected, expected.length), future));
    }

    synchronized boolean isEmpty() {
        return watches.isEmpty();
    }

    synchronized void armAll(EmbeddedDatabase db) {
        for (Watch w : watches) {
            db.arm(w.key(), w.expected(), w.future());
        }
        watches.clear();
    }

    synchronized void failAll(Throwable error) {
        for (Watch w : watches) {
            w.future().completeExceptionally(error);
        }
        watches.clear();
    }
}
