package io.strata;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.directory.DirectorySubspace;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import java.util.Optional;
import java.util.function.Function;

/**
 * An open Strata database, from {@link Strata#connect(String)}: the fdb-java {@link Database} plus the root chosen by
 * the URL ({@code ?root=} and {@code tenant=}). Pass both to generated repositories:
 * {@code new UserRepository(sdb)} (or {@code new UserRepository(sdb.database(), sdb.root())}). Closing it closes the
 * database.
 */
public final class StrataDb implements AutoCloseable {
  private final String url;
  private final Database database;
  private final Optional<DirectorySubspace> directory;

  StrataDb(String url, Database database, Optional<DirectorySubspace> directory) {
    this.url = url;
    this.database = database;
    this.directory = directory;
  }

  /**
   * A {@code StrataDb} on a database the caller opened, rooted at the empty prefix: for example an embedded engine
   * with a fault plan ({@code StrataDb.of(EmbeddedFdb.builder().faults(plan).open())}). Closing it closes
   * {@code database}; {@link #url()} is {@code "strata:database"}.
   */
  public static StrataDb of(Database database) {
    return new StrataDb("strata:database", java.util.Objects.requireNonNull(database, "database"), Optional.empty());
  }

  /**
   * This database at the same root and URL, with its {@link Database} replaced by {@code wrapper.apply(database())}:
   * for example one that limits or observes every transaction
   * ({@code sdb.wrap(TransactionLimits.none().retryLimit(5)::on)}, {@code StrataObservations.observe}). Closing the
   * result closes the wrapper, which closes this database.
   */
  public StrataDb wrap(java.util.function.UnaryOperator<Database> wrapper) {
    return new StrataDb(url, java.util.Objects.requireNonNull(wrapper.apply(database), "wrapper result"), directory);
  }

  /** The database; every repository and layer runs its transactions here. */
  public Database database() {
    return database;
  }

  /** The root subspace: the URL's directory when it names one, else the empty prefix (the whole key space). */
  public Subspace root() {
    return directory.<Subspace>map(d -> d).orElseGet(Subspace::new);
  }

  /**
   * The directory-layer directory the URL names ({@code root/tenant}), to open subdirectories below it; empty when the
   * URL has neither {@code root=} nor {@code tenant=}.
   */
  public Optional<DirectorySubspace> directory() {
    return directory;
  }

  /**
   * Runs {@code body} in one transaction, committed when it returns and retried from the start on conflicts, so it
   * must be safe to run more than once. Pass the transaction to repositories' {@code TransactionContext} overloads
   * to compose one ACID unit of work across them. Strata's own exceptions (such as
   * {@link UniqueConstraintException}) and FoundationDB's come out as themselves, never wrapped in a
   * {@code CompletionException}; nothing of a failed attempt is committed.
   */
  public <T> T run(Function<Transaction, T> body) {
    return Blocking.call(() -> database.run(body));
  }

  /**
   * Runs {@code body} in one read-only transaction (retried on retryable errors) and returns its result;
   * exceptions come out as in {@link #run(Function)}.
   */
  public <T> T read(Function<ReadTransaction, T> body) {
    return Blocking.call(() -> database.read(body));
  }

  /** The URL this database was opened with ({@code "strata:database"} for {@link #of(Database)}). */
  public String url() {
    return url;
  }

  @Override
  public void close() {
    database.close();
  }

  @Override
  public String toString() {
    return "StrataDb[" + url + "]";
  }
}
