package io.strata.embedded;

import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.async.AsyncIterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A range read's results. The read runs once, when first asked for (as with fdb-java, iterating twice
 * reads twice: each {@link #iterator()} or {@link #asList()} call issues the read again).
 */
final class RangeIterable<T> implements AsyncIterable<T> {
    private final Supplier<CompletableFuture<List<T>>> read;

    RangeIterable(Supplier<CompletableFuture<List<T>>> read) {
        this.read = read;
    }

    @Override
    public CompletableFuture<List<T>> asList() {
        return read.get();
    }

    @Override
    public AsyncIterator<T> iterator() {
        return new Cursor<>(read.get());
    }

    private static final class Cursor<T> implements AsyncIterator<T> {
        private final CompletableFuture<List<T>> results;
        private int position;
        private boolean cancelled;

        Cursor(CompletableFuture<List<T>> results) {
            this.results = results;
        }

        @Override
        public CompletableFuture<Boolean> onHasNext() {
            return results.thenApply(list -> !cancelled && position < list.size());
        }

        @Override
        public boolean hasNext() {
            return onHasNext().join();
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return results.join().get(position++);
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }
}
