package io.strata.embedded;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The retry loops of {@code Database.run/read/runAsync/readAsync}, exactly as fdb-java's: run the body
 * (and commit), and on error continue with the transaction {@code onError} completes with, which is a new
 * handle: the failed one is closed by then.
 */
final class RetryLoop {
    private RetryLoop() {}

    static <T> T runBlocking(EmbeddedTransaction first, Function<? super Transaction, T> body) {
        EmbeddedTransaction t = first;
        try {
            while (true) {
                try {
                    T result = body.apply(t);
                    t.commitAndWait();
                    return result;
                } catch (RuntimeException err) {
                    t = (EmbeddedTransaction) t.onError(err).join(); // onError's new handle is of the same class
                }
            }
        } finally {
            t.close();
        }
    }

    static <T> T readBlocking(Transaction first, Function<? super ReadTransaction, T> body) {
        Transaction t = first;
        try {
            while (true) {
                try {
                    return body.apply(t);
                } catch (RuntimeException err) {
                    t = t.onError(err).join();
                }
            }
        } finally {
            t.close();
        }
    }

    /** The asynchronous loop; closes the last transaction (the one still open) when it ends. */
    static <T> CompletableFuture<T> run(
            Transaction first, Function<Transaction, ? extends CompletableFuture<T>> body, Executor executor) {
        CompletableFuture<T> result = new CompletableFuture<>();
        attempt(first, body, executor, result);
        return result;
    }

    private static <T> void attempt(
            Transaction tr, Function<Transaction, ? extends CompletableFuture<T>> body, Executor executor,
            CompletableFuture<T> result) {
        CompletableFuture<T> step;
        try {
            step = body.apply(tr);
        } catch (RuntimeException e) {
            step = CompletableFuture.failedFuture(e);
        }
        step.whenCompleteAsync((value, error) -> {
            if (error == null) {
                tr.close();
                result.complete(value);
                return;
            }
            CompletableFuture<Transaction> next;
            try {
                next = tr.onError(error);
            } catch (RuntimeException e) {
                next = CompletableFuture.failedFuture(e);
            }
            next.whenCompleteAsync((retry, fatal) -> {
                if (fatal != null) {
                    tr.close();
                    result.completeExceptionally(EmbeddedDatabase.unwrap(fatal));
                } else {
                    attempt(retry, body, executor, result);
                }
            }, executor);
        }, executor);
    }
}
