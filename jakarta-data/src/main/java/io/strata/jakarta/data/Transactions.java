package io.strata.jakarta.data;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import io.strata.Blocking;
import io.strata.StrataException;
import io.strata.UniqueConstraintException;
import io.strata.query.SharedReadVersion;
import jakarta.data.exceptions.DataConnectionException;
import jakarta.data.exceptions.DataException;
import jakarta.data.exceptions.EntityExistsException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The transactions of a generated Jakarta Data repository: a read or a write run blocking on the database, and what
 * Jakarta Data asks of their failures ({@link #translate}: its {@code jakarta.data.exceptions}).
 */
final class Transactions {
  private final Database db;

  Transactions(Database db) {
    this.db = Objects.requireNonNull(db, "db");
  }

  /** {@code body} in a read transaction, its failure translated. */
  <R> R read(Function<ReadTransaction, CompletableFuture<R>> body) {
    return blocking(() -> db.readAsync(body));
  }

  /**
   * {@code body} in a read transaction at {@code version}, one batch of a read made of batches (see
   * {@link SharedReadVersion}: one read version for them all until FoundationDB's five-second window forces a new one),
   * its failure translated.
   */
  <R> R read(SharedReadVersion version, Function<ReadTransaction, CompletableFuture<R>> body) {
    return blocking(() -> version.read(db, body));
  }

  /** {@code body} in a write transaction (retried on conflicts), its failure translated. */
  <R> R write(Function<Transaction, CompletableFuture<R>> body) {
    return blocking(() -> db.runAsync(body));
  }

  /** What {@code run} starts, waited for, its failure translated. */
  private static <R> R blocking(Supplier<CompletableFuture<R>> run) {
    try {
      return Blocking.call(() -> run.get().join());
    } catch (RuntimeException e) {
      throw translate(e);
    }
  }

  /** FoundationDB's {@code transaction_timed_out}: the TIMEOUT option ran out before the database answered. */
  private static final int TIMED_OUT = 1031;
  /**
   * The errors FoundationDB's retry loop retries other than conflicts ({@code not_committed} 1020 and
   * {@code commit_unknown_result} 1021): the cluster is behind, locked, recovering or overloaded. When one surfaces, the
   * retry limit ran out. (Listed here: {@code FDBException.isRetryable()} needs the native client.)
   */
  private static final Set<Integer> UNAVAILABLE = Set.of(1007, 1009, 1037, 1038, 1042, 1051, 1078, 1079, 1213, 1223);

  /**
   * The {@code jakarta.data.exceptions} form of a failure: Jakarta Data's own exceptions pass through, a unique-index
   * clash is an {@link EntityExistsException}, a FoundationDB error that means the database could not be reached or kept
   * failing (a timeout, or a retryable error such as {@code process_behind} still failing when the retry limit ran out)
   * a {@link DataConnectionException}, Strata's other exceptions and FoundationDB's other errors a {@link DataException}
   * (cause kept); argument errors ({@code NullPointerException}, {@code IllegalArgumentException}) stay as they are.
   */
  static RuntimeException translate(RuntimeException e) {
    if (e instanceof DataException || e instanceof IllegalArgumentException || e instanceof NullPointerException
        || e instanceof UnsupportedOperationException) {
      return e;
    }
    if (e instanceof UniqueConstraintException u) {
      return new EntityExistsException(u.getMessage(), u);
    }
    if (e instanceof FDBException f) {
      boolean connection = f.getCode() == TIMED_OUT || UNAVAILABLE.contains(f.getCode());
      String message = "FoundationDB error " + f.getCode() + ": " + f.getMessage();
      return connection ? new DataConnectionException(message + " (the database did not answer in time, or kept failing until"
          + " the retry limit)", f) : new DataException(message, f);
    }
    if (e instanceof StrataException) {
      return new DataException(e.getMessage(), e);
    }
    return e;
  }
}
