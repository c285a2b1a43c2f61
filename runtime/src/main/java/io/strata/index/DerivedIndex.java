package io.strata.index;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The maintenance side of a {@link DerivedIndexDefinition}: moving one entity's contribution inside a
 * write transaction, and checking the whole index against the rows.
 */
public interface DerivedIndex {
  /** The index-state kind, also the key element: {@code "A"} aggregates, {@code "K"} ranks, {@code "T"} text. */
  String kind();

  String name();

  /**
   * The format of this kind's entries (its key layout), recorded in the index state when the index is built or
   * created: a version whose format differs refuses the stored index until it is built again
   * ({@link IndexStates}). Raise it whenever the layout changes so that old entries no longer read right.
   */
  default int format() {
    return IndexStates.UNNUMBERED;
  }

  /**
   * Replaces the contribution of entity {@code id} with stored elements {@code old} (null: it did not
   * exist) by that of {@code fresh} (null: it is deleted), in {@code tr}.
   */
  CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh);

  /** One entity's move, as {@link #update} takes it: {@code old} null for an insert, {@code fresh} null for a delete. */
  record Change(Object id, Object[] old, Object[] fresh) {}

  /**
   * {@link #update} of several entities, in order, in {@code tr}; the stored result must be the same. By default
   * one after the other; an index whose updates of many entities share reads may do them together.
   */
  default CompletableFuture<Void> updateAll(Transaction tr, List<Change> changes) {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (Change c : changes) {
      chain = chain.thenCompose(v -> update(tr, c.id(), c.old(), c.fresh()));
    }
    return chain;
  }

  /**
   * Throws {@link io.strata.EntityTooLargeException} when a key or value this index would write for entity
   * {@code id} with elements {@code fresh} is over FoundationDB's limits. Writers call it for every derived
   * index, built or not, before the first write of a save, so a caller that catches the exception and
   * commits its own transaction has written nothing of that save; {@link #update} does not check again.
   * Returns the bytes of the keys and values (or atomic operands) this index writes when the entity is saved
   * with {@code fresh}: the entity's total-size checks count them with the row's.
   */
  long checkSizes(Object id, Object[] fresh);

  /**
   * Adds the contribution of an existing row during an online build (default: as an insert, after
   * {@link #checkSizes}). An index that writers keep whatever the build's progress may skip rows they
   * already wrote.
   */
  default CompletableFuture<Void> build(Transaction tr, Object id, Object[] row) {
    checkSizes(id, row);
    return update(tr, id, null, row);
  }

  /**
   * Whether writers maintain this index for every row even while it is built (its entries are
   * idempotent per row), rather than only for rows the build has passed.
   */
  default boolean maintainedWhileBuilding() {
    return false;
  }

  /**
   * Whether this index's writes may ask work after their transaction commits ({@link AfterCommit#of}): then a write
   * that commits its own transaction runs it before returning ({@link io.strata.repository.EntityStore#run}); the
   * writes of an entity none of whose indexes asks run with no such bookkeeping. None by default.
   */
  default boolean asksAfterCommit() {
    return false;
  }

  /**
   * Rows per online-build transaction ({@link IndexMaintenance#DEFAULT_BATCH} unless an index's rows cost
   * more, as a {@code @Rank}'s few sequential reads per row do: shorter steps keep it from conflicting with
   * concurrent writes again and again).
   */
  default int buildBatch() {
    return IndexMaintenance.DEFAULT_BATCH;
  }

  /**
   * Moves, in {@code tr}, keys of a database written before this index's keys every save writes were sharded
   * ({@link io.strata.row.WriteShards}) into their shards, at most about {@code limit} of them; returns how many
   * it moved, 0 once none is left (so steps resume without a cursor). Called by the repack; none by default.
   */
  default CompletableFuture<Integer> reshard(Transaction tr, int limit) {
    return CompletableFuture.completedFuture(0);
  }

  /** A new verification run (it may keep state across batches of rows). */
  Check check();

  /** One verification of a derived index. */
  interface Check {
    /** Problems with one batch of rows read in {@code tr} (each row's entries must exist). */
    CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> rows);

    /** Called once per batch of rows whose read transaction completed (retries excluded), to accumulate totals. */
    default void accepted(List<Object[]> rows) {}

    /**
     * After every row was seen: checks the stored entries (in read transactions of at most {@code batch}
     * keys), reporting problems to {@code report}; returns how many entries it checked.
     */
    long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report);
  }
}
