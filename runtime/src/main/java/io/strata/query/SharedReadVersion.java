package io.strata.query;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The read version of one read made of batches, each in its own read transaction (a stream, or a list read batch by
 * batch): the first batch takes a version, each later one reads at it, so the read costs the round trips of one
 * transaction, as a read of every row in one transaction ({@link CandidateReads#all} over {@link Candidates#allRows}) does. A new version is taken only
 * when FoundationDB's five-second window forces one: a batch whose read fails with {@code transaction_too_old} (1007)
 * is retried by the database's retry loop, and that attempt takes a fresh version, which later batches then share.
 * Every batch therefore sees the rows as committed at the version it read at, never older than the read's first batch.
 * Make one per read, never one per repository: a later read must see what was committed before it started.
 */
public final class SharedReadVersion {
  private static final long NONE = -1;
  private volatile long version = NONE;

  /**
   * {@code body} in a read transaction of {@code db} at the shared version, waited for on the calling thread
   * ({@code db.read}'s retry loop, which retries as {@code db.readAsync}'s does): every caller blocks for the batch
   * anyway, and the asynchronous loop hands each completion to the database's executor, a thread switch per batch
   * that cost a small read about ten times its reads (benchmarks/README.md, "Blocking reads and writes").
   */
  public <R> R read(Database db, Function<? super ReadTransaction, ? extends CompletableFuture<R>> body) {
    boolean[] retried = {false};
    return db.read(tr -> {
      long shared = version;
      if (shared != NONE && !retried[0]) {
        tr.setReadVersion(shared);
      }
      retried[0] = true; // a retry (after 1007, or any error the loop retries) takes a fresh version
      R r = body.apply(tr).join();
      version = tr.getReadVersion().join();
      return r;
    });
  }
}
