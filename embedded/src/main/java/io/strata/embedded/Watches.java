package io.strata.embedded;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Active watches: a watch completes once its key's committed value differs from the value its
 * transaction saw. Invariants: the number of watches is limited when they are created
 * ({@link EmbeddedDatabase#reserveWatch}, {@link #DEFAULT_LIMIT} by default), not here; every method
 * is called under the database's commit lock, and futures are completed on the executor, so no
 * caller's callback ever runs while the lock is held.
 */
final class Watches {
    static final int DEFAULT_LIMIT = 10_000;

    private final java.util.concurrent.Executor executor;

    Watches(java.util.concurrent.Executor executor) {
        this.executor = executor;
    }

    private void fire(CompletableFuture<Void> future) {
        executor.execute(() -> future.complete(null));
    }

    private record Watch(byte[] expected, CompletableFuture<Void> future) {}

    private final Map<ByteBuffer, List<Watch>> byKey = new HashMap<>();
    private int active;

    /** Arms a watch (or completes it at once when the value already differs). */
    void arm(byte[] key, byte[] expected, byte[] current, CompletableFuture<Void> future) {
        if (future.isDone()) {
            return;
        }
        if (!Arrays.equals(expected, current)) {
            fire(future);
            return;
        }
        byKey.computeIfAbsent(ByteBuffer.wrap(key), k -> new ArrayList<>()).add(new Watch(expected, future));
        active++;
    }

    /** Called after a commit changed {@code key} to {@code value} (null = cleared). */
    void changed(byte[] key, byte[] value) {
        if (active == 0) {
            return;
        }
        List<Watch> list = byKey.get(ByteBuffer.wrap(key));
        if (list == null) {
            return;
        }
        List<Watch> keep = new ArrayList<>();
        for (Watch w : list) {
            if (w.future().isDone()) {
                active--;
            } else if (!Arrays.equals(w.expected(), value)) {
                fire(w.future());
                active--;
            } else {
                keep.add(w);
            }
        }
        if (keep.isEmpty()) {
            byKey.remove(ByteBuffer.wrap(key));
        } else {
            byKey.put(ByteBuffer.wrap(key), keep);
        }
    }
}
