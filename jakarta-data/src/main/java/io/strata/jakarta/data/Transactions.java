package io.strata.jakarta.data;

import com.apple.foundationdb.FDBException;
import io.strata.StrataException;
import io.strata.UniqueConstraintException;
import jakarta.data.exceptions.DataConnectionException;
import jakarta.data.exceptions.DataException;
import jakarta.data.exceptions.EntityExistsException;
import java.util.Set;

/**
 * What Jakarta Data asks of the failures of a generated repository's transactions ({@link #translate}: its
 * {@code jakarta.data.exceptions}); the transactions themselves run in the read core's
 * {@link io.strata.query.CandidateReads}, which hands every failure to {@link #translate}.
 */
final class Transactions {
  private Transactions() {}

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
