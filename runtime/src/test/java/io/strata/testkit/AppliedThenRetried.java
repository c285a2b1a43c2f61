package io.strata.testkit;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The retry loop after a commit that was applied but reported {@code commit_unknown_result} (1021), on any
 * backend: {@link #run} runs the body in a transaction that commits, then once more in a fresh one, exactly as
 * fdb-java's loop re-runs a body whose commit outcome it cannot know. Pass it as the {@code TransactionContext}
 * of an operation to prove, deterministically, that the operation takes effect once. Reads run once.
 */
public final class AppliedThenRetried implements TransactionContext {
  private final Database db;

  public AppliedThenRetried(Database db) {
    this.db = db;
  }

  @Override
  public <T> T run(Function<? super Transaction, T> body) {
    db.run(body);
    return db.run(body);
  }

  @Override
  public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> body) {
    return db.runAsync(body).thenCompose(first -> db.runAsync(body));
  }

  @Override
  public <T> T read(Function<? super ReadTransaction, T> body) {
    return db.read(body);
  }

  @Override
  public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> body) {
    return db.readAsync(body);
  }

  @Override
  public Executor getExecutor() {
    return db.getExecutor();
  }
}
