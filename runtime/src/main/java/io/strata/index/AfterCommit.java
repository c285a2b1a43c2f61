package io.strata.index;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Work an index asks to run after the transaction that asked it commits, each piece in transactions of its own, joined
 * before the write that committed returns: a {@code @Embedding} partition the transaction took over its maximum is split
 * once the vectors that took it over are committed (the split, a transaction of its own, cannot see them before).
 *
 * <p>Only a write that commits its transaction itself runs it: {@link #run}/{@link #runAsync} given a {@link Database}
 * (a generated repository's {@code save}/{@code saveAll} without a caller's transaction, a Jakarta Data repository's
 * writes). Given any other context (a caller's {@code Transaction}), they run the body in it as before and nothing is
 * asked: {@link #of} answers null for that transaction, and the index leaves the work to the next transaction that
 * meets it (a split to the next insert into the partition). No work is left running when the write returns: there is
 * no background work a caller cannot join.
 *
 * <p>The write's transaction has committed before the work starts, so a failure of the work does not fail the write: it
 * is left undone (the asking index must leave a state its next transaction redoes: an over-full partition is asked to
 * split again by the next insert into it) and reported to the {@code System.Logger} of this class, the work's own
 * transactions being observed as any other through the database's wrappers.
 */
public final class AfterCommit {
  private static final System.Logger LOG = System.getLogger(AfterCommit.class.getName());
  /** The attempts of writes that commit them and run what they ask after (weak keys: an attempt's handle is dropped after it). */
  private static final Map<Transaction, AfterCommit> OWNED = Collections.synchronizedMap(new WeakHashMap<>());

  private final List<Supplier<CompletableFuture<Void>>> work = Collections.synchronizedList(new ArrayList<>());

  private AfterCommit() {}

  /**
   * What runs after {@code tr} commits, to {@link #add} to, or null when {@code tr} is not committed by a write that
   * runs it (a caller's transaction, an online build's step): then the asker leaves the work to a later transaction.
   */
  public static AfterCommit of(Transaction tr) {
    return OWNED.get(tr);
  }

  /**
   * Asks {@code next} to run once this attempt has committed, after what was asked before it; it is dropped when the
   * attempt does not commit (the retry asks again). {@code next} opens its own transactions (through the database
   * wrappers of the asking transaction: {@link io.strata.ForwardingDatabase#databaseOf}).
   */
  public void add(Supplier<CompletableFuture<Void>> next) {
    work.add(next);
  }

  /**
   * {@code body} in a transaction of {@code tc}: when {@code tc} is a {@link Database}, retried on conflicts, committed,
   * then followed by what its committed attempt asked ({@link #add}), all done when this returns; otherwise
   * {@code tc.run(body)}.
   */
  public static <T> T run(TransactionContext tc, Function<? super Transaction, T> body) {
    if (!(tc instanceof Database db)) {
      return tc.run(body);
    }
    AtomicReference<Attempt> last = new AtomicReference<>();
    try {
      T result = db.run(tr -> body.apply(attempt(tr, last)));
      last.get().after().follow().join();
      return result;
    } finally {
      forget(last);
    }
  }

  /** {@link #run} of an asynchronous body: the future completes once what the committed attempt asked is done. */
  public static <T> CompletableFuture<T> runAsync(TransactionContext tc,
      Function<? super Transaction, ? extends CompletableFuture<T>> body) {
    if (!(tc instanceof Database db)) {
      return tc.runAsync(body);
    }
    AtomicReference<Attempt> last = new AtomicReference<>();
    return db.runAsync(tr -> body.apply(attempt(tr, last)))
        .thenCompose(result -> last.get().after().follow().thenApply(v -> result))
        .whenComplete((r, e) -> forget(last));
  }

  /** One attempt of a write that commits it, and what it asked. */
  private record Attempt(Transaction tr, AfterCommit after) {}

  /**
   * Registers a fresh attempt of a write that commits it, dropping the attempt before it (by its key: no scan of the
   * other writes' attempts); the last one registered is the one that committed.
   */
  private static Transaction attempt(Transaction tr, AtomicReference<Attempt> last) {
    AfterCommit after = new AfterCommit();
    Attempt before = last.getAndSet(new Attempt(tr, after));
    if (before != null) {
      OWNED.remove(before.tr());
    }
    OWNED.put(tr, after);
    return tr;
  }

  private static void forget(AtomicReference<Attempt> last) {
    Attempt attempt = last.get();
    if (attempt != null) {
      OWNED.remove(attempt.tr());
    }
  }

  /** The asked work one piece after the other; a failed piece is reported and left undone, the next still runs. */
  private CompletableFuture<Void> follow() {
    List<Supplier<CompletableFuture<Void>>> pieces;
    synchronized (work) {
      pieces = List.copyOf(work);
    }
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (Supplier<CompletableFuture<Void>> piece : pieces) {
      chain = chain.thenCompose(v -> {
        CompletableFuture<Void> done;
        try {
          done = piece.get();
        } catch (RuntimeException e) {
          done = CompletableFuture.failedFuture(e);
        }
        return done.exceptionally(e -> {
          LOG.log(System.Logger.Level.WARNING, "work asked after a commit failed and is left to a later transaction", e);
          return null;
        });
      });
    }
    return chain;
  }
}
