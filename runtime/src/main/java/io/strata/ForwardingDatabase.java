package io.strata;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.DatabaseOptions;
import com.apple.foundationdb.EventKeeper;
import com.apple.foundationdb.KeyRangeArrayResult;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Tenant;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * A {@link Database} that passes every call to another one: the base of the wrappers a repository can be given in
 * place of a database ({@link TransactionLimits#on(Database)}, {@code io.strata.observation.StrataObservations}), which
 * override only the transaction entry points they change. {@link #close()} closes the wrapped database.
 *
 * <p>A transaction handed out by a wrapper (to a {@code run}/{@code read} body, or by {@code createTransaction}) remembers
 * that wrapper, the outermost when wrappers are nested ({@link #opened}), so code given only the transaction opens its own
 * transactions through the same wrappers ({@link #databaseOf}) rather than through {@code tr.getDatabase()}, the
 * unwrapped database.
 */
public abstract class ForwardingDatabase implements Database {
  /** The wrapper each live transaction attempt was last handed out by (weak keys: an attempt's handle is dropped after it). */
  private static final Map<ReadTransaction, Database> OPENED_BY = Collections.synchronizedMap(new WeakHashMap<>());

  /** The wrapped database. */
  protected final Database db;

  protected ForwardingDatabase(Database db) {
    this.db = Objects.requireNonNull(db, "db");
  }

  /**
   * Records that this wrapper hands out {@code tr}: called by every entry point that gives a transaction to a caller,
   * before the caller sees it, so that the outermost of nested wrappers is the one remembered. Returns {@code tr}.
   */
  protected final <T extends ReadTransaction> T opened(T tr) {
    OPENED_BY.put(tr, this);
    return tr;
  }

  /**
   * The database to open transactions beside {@code tr} with: the wrapper that handed {@code tr} out (so its limits
   * and observations apply to them too), else {@code tr}'s own database.
   */
  public static Database databaseOf(Transaction tr) {
    Database wrapper = OPENED_BY.get(tr);
    return wrapper != null ? wrapper : tr.getDatabase();
  }

  @Override
  public Transaction createTransaction(Executor e) {
    return opened(db.createTransaction(e));
  }

  @Override
  public Transaction createTransaction(Executor e, EventKeeper eventKeeper) {
    return opened(db.createTransaction(e, eventKeeper));
  }

  @Override
  public <T> T run(Function<? super Transaction, T> retryable, Executor e) {
    return db.run(tr -> retryable.apply(opened(tr)), e);
  }

  @Override
  public <T> T read(Function<? super ReadTransaction, T> retryable, Executor e) {
    return db.read(tr -> retryable.apply(opened(tr)), e);
  }

  @Override
  public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable, Executor e) {
    return db.runAsync(tr -> retryable.apply(opened(tr)), e);
  }

  @Override
  public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable,
                                            Executor e) {
    return db.readAsync(tr -> retryable.apply(opened(tr)), e);
  }

  @Override
  public Executor getExecutor() {
    return db.getExecutor();
  }

  @Override
  public DatabaseOptions options() {
    return db.options();
  }

  @Override
  public double getMainThreadBusyness() {
    return db.getMainThreadBusyness();
  }

  @Override
  public void close() {
    db.close();
  }

  @Override
  public Tenant openTenant(Tuple tenantName) {
    return db.openTenant(tenantName);
  }

  @Override
  public Tenant openTenant(byte[] tenantName, Executor e) {
    return db.openTenant(tenantName, e);
  }

  @Override
  public Tenant openTenant(Tuple tenantName, Executor e) {
    return db.openTenant(tenantName, e);
  }

  @Override
  public Tenant openTenant(byte[] tenantName, Executor e, EventKeeper eventKeeper) {
    return db.openTenant(tenantName, e, eventKeeper);
  }

  @Override
  public Tenant openTenant(Tuple tenantName, Executor e, EventKeeper eventKeeper) {
    return db.openTenant(tenantName, e, eventKeeper);
  }

  @Override
  public CompletableFuture<byte[]> purgeBlobGranules(byte[] begin, byte[] end, long version, boolean force, Executor e) {
    return db.purgeBlobGranules(begin, end, version, force, e);
  }

  @Override
  public CompletableFuture<Void> waitPurgeGranulesComplete(byte[] purgeKey, Executor e) {
    return db.waitPurgeGranulesComplete(purgeKey, e);
  }

  @Override
  public CompletableFuture<Boolean> blobbifyRange(byte[] begin, byte[] end, Executor e) {
    return db.blobbifyRange(begin, end, e);
  }

  @Override
  public CompletableFuture<Boolean> blobbifyRangeBlocking(byte[] begin, byte[] end, Executor e) {
    return db.blobbifyRangeBlocking(begin, end, e);
  }

  @Override
  public CompletableFuture<Boolean> unblobbifyRange(byte[] begin, byte[] end, Executor e) {
    return db.unblobbifyRange(begin, end, e);
  }

  @Override
  public CompletableFuture<KeyRangeArrayResult> listBlobbifiedRanges(byte[] begin, byte[] end, int rangeLimit, Executor e) {
    return db.listBlobbifiedRanges(begin, end, rangeLimit, e);
  }

  @Override
  public CompletableFuture<Long> verifyBlobRange(byte[] begin, byte[] end, long version, Executor e) {
    return db.verifyBlobRange(begin, end, version, e);
  }

  @Override
  public CompletableFuture<Boolean> flushBlobRange(byte[] begin, byte[] end, boolean compact, long version, Executor e) {
    return db.flushBlobRange(begin, end, compact, version, e);
  }

  @Override
  public CompletableFuture<byte[]> getClientStatus(Executor e) {
    return db.getClientStatus(e);
  }
}
