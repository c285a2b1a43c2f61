package io.strata.embedded;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A future of a transaction attempt measured by a simulated latency, carrying its <em>wave</em>: how many round trips
 * one after another its value took ({@link RoundTrips.Path}). Code observes an answer by joining it (or {@code get},
 * or {@code getNow} once done) or by running as a function given to one of its stages; while such a function runs,
 * it has observed the answer and what the code that gave it had observed, and the stage it completes carries what
 * it observed. A
 * request the code then sends comes one round trip after everything it observed, however long it took to send.
 *
 * <p>Invariants: a network answer's wave is its request's and never changes; a derived stage's is fixed when it
 * completes. Stages behave as {@link CompletableFuture}'s (the same values, and exceptions wrapped the same way);
 * stages not overridden here, and futures made by {@code CompletableFuture.allOf} and the like, are plain futures:
 * they carry no wave, and code that learns results only through them has observed what it observed itself.
 */
final class Answer<T> extends CompletableFuture<T> {
    private final RoundTrips.Path path;
    private volatile long wave;

    Answer(RoundTrips.Path path, long wave) {
        this.path = path;
        this.wave = wave;
    }

    long wave() {
        return wave;
    }

    /** {@code stage}'s wave if it is an answer of {@code path}, else 0. */
    static long waveOf(CompletionStage<?> stage, RoundTrips.Path path) {
        return stage instanceof Answer<?> a && a.path == path ? a.wave : 0;
    }

    /** Completes a derived stage, carrying what the completing code had observed. */
    private void settle(T value) {
        wave = Math.max(wave, path.seen());
        complete(value);
    }

    private void fail(Throwable e) {
        wave = Math.max(wave, path.seen());
        completeExceptionally(e instanceof CompletionException ? e : new CompletionException(e));
    }

    /** What a stage does when its source completes, inside the source's wave. */
    private interface Step<T, U> {
        void run(T value, Throwable error, Answer<U> out) throws Throwable;
    }

    /**
     * A stage that runs {@code step} when this answer completes, having observed it and what the code making the stage
     * had observed then (the same whether the answer is already here and {@code step} runs at once, or comes later).
     */
    private <U> Answer<U> derive(Step<? super T, U> step) {
        Answer<U> out = new Answer<>(path, 0);
        long known = path.seen();
        super.whenComplete((v, e) -> path.within(Math.max(known, wave), () -> {
            try {
                step.run(v, e, out);
            } catch (Throwable t) {
                out.fail(t);
            }
        }));
        return out;
    }

    /** Runs {@code action} when {@code stage} completes, without making a stage an answer would observe through. */
    private static <U> void onDone(CompletionStage<U> stage, BiConsumer<? super U, ? super Throwable> action) {
        if (stage instanceof Answer<U> a) {
            a.rawWhenComplete(action);
        } else {
            stage.whenComplete(action);
        }
    }

    private void rawWhenComplete(BiConsumer<? super T, ? super Throwable> action) {
        super.whenComplete(action);
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new CompletableFuture<>();
    }

    @Override
    public T join() {
        try {
            return super.join();
        } finally {
            path.observe(wave);
        }
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        try {
            return super.get();
        } finally {
            path.observe(wave);
        }
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        T value = super.get(timeout, unit);
        path.observe(wave);
        return value;
    }

    @Override
    public T getNow(T valueIfAbsent) {
        boolean done = isDone();
        try {
            return super.getNow(valueIfAbsent);
        } finally {
            if (done) {
                path.observe(wave);
            }
        }
    }

    @Override
    public <U> CompletableFuture<U> thenApply(Function<? super T, ? extends U> fn) {
        return derive((v, e, out) -> {
            if (e != null) {
                out.fail(e);
            } else {
                out.settle(fn.apply(v));
            }
        });
    }

    @Override
    public CompletableFuture<Void> thenAccept(Consumer<? super T> action) {
        return derive((v, e, out) -> {
            if (e != null) {
                out.fail(e);
            } else {
                action.accept(v);
                out.settle(null);
            }
        });
    }

    @Override
    public CompletableFuture<Void> thenRun(Runnable action) {
        return derive((v, e, out) -> {
            if (e != null) {
                out.fail(e);
            } else {
                action.run();
                out.settle(null);
            }
        });
    }

    @Override
    public <U> CompletableFuture<U> handle(BiFunction<? super T, Throwable, ? extends U> fn) {
        return derive((v, e, out) -> out.settle(fn.apply(v, e)));
    }

    @Override
    public CompletableFuture<T> whenComplete(BiConsumer<? super T, ? super Throwable> action) {
        return derive((v, e, out) -> {
            try {
                action.accept(v, e);
            } catch (Throwable t) {
                if (e == null) {
                    throw t;
                }
                if (e != t) {
                    e.addSuppressed(t);
                }
            }
            if (e != null) {
                out.fail(e);
            } else {
                out.settle(v);
            }
        });
    }

    @Override
    public CompletableFuture<T> exceptionally(Function<Throwable, ? extends T> fn) {
        return derive((v, e, out) -> out.settle(e == null ? v : fn.apply(e)));
    }

    @Override
    public <U> CompletableFuture<U> thenCompose(Function<? super T, ? extends CompletionStage<U>> fn) {
        return derive((v, e, out) -> {
            if (e != null) {
                out.fail(e);
                return;
            }
            CompletionStage<U> next = fn.apply(v);
            long known = path.seen();
            onDone(next, (u, x) -> path.within(Math.max(known, waveOf(next, path)), () -> {
                if (x != null) {
                    out.fail(x);
                } else {
                    out.settle(u);
                }
            }));
        });
    }

    @Override
    public <U, V> CompletableFuture<V> thenCombine(CompletionStage<? extends U> other,
                                                   BiFunction<? super T, ? super U, ? extends V> fn) {
        return thenCompose(v -> {
            long known = path.seen();
            return other.thenApply(u -> path.computeWithin(known, () -> fn.apply(v, u)));
        });
    }
}
