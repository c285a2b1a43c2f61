package io.strata.embedded;

import com.apple.foundationdb.Transaction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/** The asynchronous retry loop of {@code runAsync}/{@code readAsync}: run, and on error ask {@code onError}. */
final class RetryLoop {
    private RetryLoop() {}

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
                result.complete(value);
                return;
            }
            tr.onError(error).whenCompleteAsync((retry, fatal) -> {
                if (fatal != null) {
                    result.completeExceptionally(EmbeddedDatabase.unwrap(fatal));
                } else {
                    attempt(retry, body, executor, result);
                }
            }, executor);
        }, executor);
    }
}
