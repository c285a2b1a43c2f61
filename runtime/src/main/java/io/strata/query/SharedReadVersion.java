package io.strata.query;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The read version of one read made of batches, each in its own read transaction (a stream, or a list read batch by
 * batch): the first batch takes a version, each later one reads at it, so the read costs the round trips of one
 * transaction, as a read of every row in one transaction ({@link FilteredRows#all}) does. A new version is taken only
 * when FoundationDB's five-second window forces one: a batch whose read fails with {@code transaction_too_old} (1007)
 * is retried by the database's retry loop, and that attempt takes a fresh version, which later batches then share.
 * Every batch therefore sees the rows as committed at the version it read at, never older than the read's first batch.
 * Make one per read, never one per repository: a later read must see what was committed before it started.
 */
public final class SharedReadVersion {
  private static final long NONE = -1;
  private volatile long version = NONE;

  /** {@code body} in a read transaction of {@code db} (retried as {@code db.readAsync} retries), at the shared version. */
  public <R> CompletableFuture<R> read(Database db, Function<? super ReadTransaction, ? extends CompletableFuture<R>> body) {
    boolean[] retried = {false};
    return db.readAsync(tr -> {
      long shared = version;
      if (shared != NONE && !retried[0]) {
        tr.setReadVersion(shared);
      }
      retried[0] = true; // a retry (after 1007, or any error the loop retries) takes a fresh version
      return body.apply(tr).thenCompose(r -> tr.getReadVersion().thenApply(taken -> {
        version = taken;
        return r;
      }));
    });
  }
}
