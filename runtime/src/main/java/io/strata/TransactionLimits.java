package io.strata;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.EventKeeper;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionOptions;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * A timeout and a retry limit for every transaction a repository opens, without changing the database's
 * defaults for anyone else: give a repository {@code limits.on(db)} instead of {@code db}.
 *
 * <pre>{@code
 * CustomerRepository customers = new CustomerRepository(
 *     TransactionLimits.none().timeout(Duration.ofSeconds(2)).retryLimit(5).on(db));
 * customers.findById(id);   // fails with FDBException 1031 after 2 s, or with the last error after 5 retries
 * }</pre>
 *
 * <p>The limits are FoundationDB's own transaction options ({@code TIMEOUT}, counted from the first
 * attempt, and {@code RETRY_LIMIT}), set on each transaction the returned database creates and on each
 * attempt of its {@code run}/{@code read} loops (setting them again on a retry is harmless: neither resets
 * on {@code onError}). Operations passed a caller's transaction keep that transaction's options. Immutable.
 */
public final class TransactionLimits {
  private static final TransactionLimits NONE = new TransactionLimits(0, -1);

  private final long timeoutMillis;
  private final long retryLimit;

  private TransactionLimits(long timeoutMillis, long retryLimit) {
    this.timeoutMillis = timeoutMillis;
    this.retryLimit = retryLimit;
  }

  /** No timeout and no retry limit (FoundationDB's defaults), to add limits to. */
  public static TransactionLimits none() {
    return NONE;
  }

  /** Each transaction fails with transaction_timed_out (1031) once {@code timeout} has passed since it began. */
  public TransactionLimits timeout(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout + "; use TransactionLimits.none() for no timeout");
    }
    return new TransactionLimits(timeout.toMillis(), retryLimit);
  }

  /** A retry loop gives up after {@code retries} retries, with the error of the last attempt. */
  public TransactionLimits retryLimit(int retries) {
    if (retries < 0) {
      throw new IllegalArgumentException("retryLimit must not be negative, was " + retries + "; use TransactionLimits.none() for no limit");
    }
    return new TransactionLimits(timeoutMillis, retries);
  }

  /** {@code db}, with these limits on every transaction it opens. */
  public Database on(Database db) {
    return new Limited(Objects.requireNonNull(db, "db"), this);
  }

  private void applyTo(TransactionOptions options) {
    if (timeoutMillis > 0) {
      options.setTimeout(timeoutMillis);
    }
    if (retryLimit >= 0) {
      options.setRetryLimit(retryLimit);
    }
  }

  /** The database a repository is given: every transaction it creates carries the limits. */
  private static final class Limited extends ForwardingDatabase {
    private final TransactionLimits limits;

    Limited(Database db, TransactionLimits limits) {
      super(db);
      this.limits = limits;
    }

    private <T extends ReadTransaction> T limited(T tr) {
      limits.applyTo(tr.options());
      return opened(tr);
    }

    @Override
    public Transaction createTransaction(Executor e) {
      return limited(db.createTransaction(e));
    }

    @Override
    public Transaction createTransaction(Executor e, EventKeeper eventKeeper) {
      return limited(db.createTransaction(e, eventKeeper));
    }

    @Override
    public <T> T run(Function<? super Transaction, T> retryable, Executor e) {
      return db.run(tr -> retryable.apply(limited(tr)), e);
    }

    @Override
    public <T> T read(Function<? super ReadTransaction, T> retryable, Executor e) {
      return db.read(tr -> retryable.apply(limited(tr)), e);
    }

    @Override
    public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable, Executor e) {
      return db.runAsync(tr -> retryable.apply(limited(tr)), e);
    }

    @Override
    public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable,
                                              Executor e) {
      return db.readAsync(tr -> retryable.apply(limited(tr)), e);
    }
  }
}
