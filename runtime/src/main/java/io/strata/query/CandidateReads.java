package io.strata.query;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.repository.EntityStore;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The reads of one entity's {@link Candidates} that a generated method runs, whatever its dialect: blocking, the
 * candidates a predicate accepts as a list, a count, a test, a few, or a lazy stream, and the batch loop of a write
 * to every match ({@link #changeInBatches}); or, in a transaction the caller holds, the first few or all of them as a
 * future ({@link #first(ReadTransaction, EntityStore, Predicate, Candidates, long)}, {@link #all}: a Strata find, which
 * reads in one transaction), by the same loop over the same batches. A dialect's edge supplies how a blocking read's
 * failure reaches its caller ({@code translate}: Jakarta Data's exceptions, or the failure as it is).
 *
 * <p>Reads run in read transactions of at most {@value #BATCH} candidates each (a read of every row in
 * {@link FilteredRows#BATCH}-row batches), the batches of one read sharing one read version ({@link SharedReadVersion}):
 * a read over a large entity costs the round trips of one transaction, never fails on FoundationDB's five-second limit
 * (a batch it stops takes a new version, which the later batches share), and sees each row as committed at the version
 * its batch read at. A write to every match commits in transactions of at most {@value #BATCH} entities and about
 * {@value #BATCH_BYTES} bytes written.
 *
 * @param <T> the entity
 */
public final class CandidateReads<T> {
  /** Candidates per read transaction (entities per write transaction of {@link #changeInBatches}). */
  public static final int BATCH = 1_000;
  /**
   * Bytes after which a batch of {@link #changeInBatches} commits (before its {@value #BATCH} entities): a tenth of
   * FoundationDB's 10,000,000-byte transaction limit, so that a batch of rows of any size a save accepts commits, the
   * last entity's writes included.
   */
  public static final long BATCH_BYTES = 1_000_000L;
  private final Database db;
  private final EntityStore<T> store;
  private final UnaryOperator<RuntimeException> translate;

  /** Reads of {@code store} in {@code db}; a failure reaches the caller as {@code translate} makes it. */
  public CandidateReads(Database db, EntityStore<T> store, UnaryOperator<RuntimeException> translate) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = Objects.requireNonNull(store, "store");
    this.translate = Objects.requireNonNull(translate, "translate");
  }

  /** The store read. */
  public EntityStore<T> store() {
    return store;
  }

  /** {@code body} in a read transaction, waited for on the calling thread ({@code db.read}), its failure translated. */
  public <R> R read(Function<ReadTransaction, CompletableFuture<R>> body) {
    return blocking(() -> db.read(tr -> body.apply(tr).join()));
  }

  /**
   * {@code body} in a read transaction at {@code version}, one batch of a read made of batches (see
   * {@link SharedReadVersion}), waited for on the calling thread, its failure translated.
   */
  public <R> R read(SharedReadVersion version, Function<ReadTransaction, CompletableFuture<R>> body) {
    return blocking(() -> version.read(db, body));
  }

  /**
   * {@code body} in a write transaction (retried on conflicts), waited for on the calling thread ({@link EntityStore#run},
   * as a generated Strata save runs), its failure translated; what its indexes ask after its commit (the splits of
   * {@code @Embedding} partitions it took over their maximum) done before it returns (for an entity with such an index;
   * others commit with nothing more).
   */
  public <R> R write(Function<Transaction, CompletableFuture<R>> body) {
    return blocking(() -> store.run(db, tr -> body.apply(tr).join()));
  }

  private <R> R blocking(Supplier<R> run) {
    try {
      return Blocking.call(run);
    } catch (RuntimeException e) {
      throw translate.apply(e);
    }
  }

  /** Every candidate {@code where} accepts, in the candidates' order, read in batches of {@value #BATCH}. */
  public List<T> matching(Predicate<? super T> where, Candidates<T> candidates) {
    return stream(where, candidates).toList();
  }

  /**
   * Every candidate of {@code store} that {@code where} accepts, in the candidates' order, read in {@code db} in batches
   * of {@value #BATCH} at one shared read version ({@link #matching(Predicate, Candidates)}), a failure as it is: what a
   * Strata find of every match reads when no transaction is given, so that a list of any size returns (one transaction
   * would fail past FoundationDB's five seconds with {@code transaction_too_old}, which its retry loop retries for ever).
   */
  public static <T> List<T> matching(Database db, EntityStore<T> store, Predicate<? super T> where, Candidates<T> candidates) {
    return new CandidateReads<>(db, store, UnaryOperator.identity()).matching(where, candidates);
  }

  /**
   * Every key {@code keys} holds (an index read's {@code (v1, ..., vn, id)} tuples), in their order, read in {@code db}
   * in batches of {@value #BATCH} at one shared read version, no row read, a failure as it is: what a Strata list of a
   * projection from index keys reads when no transaction is given, so that, as {@link #matching(Database, EntityStore,
   * Predicate, Candidates)} for rows, a list of any size returns.
   */
  public static <T> List<Tuple> keys(Database db, EntityStore<T> store, Candidates.Keys<T> keys) {
    SharedReadVersion version = new SharedReadVersion();
    try (Stream<Tuple> read = batches(BATCH, (size, from) -> QueryResults.readIn(db, version, tr -> keys.read(store, tr, size, from)))) {
      return read.toList();
    }
  }

  /**
   * How many candidates {@code where} accepts: counted on {@code keys} in one read transaction, with no row read, when
   * it is not null (an index scan's keys in one range read, as Strata's own counts read them); else on the rows.
   */
  public long count(Predicate<? super T> where, Candidates<T> candidates, Candidates.Keys<T> keys) {
    if (keys == null) {
      return matching(where, candidates).size();
    }
    return read(tr -> keys.count(store, tr));
  }

  /** Whether any candidate matches: one index key read when {@code keys} is not null; else rows until the first match. */
  public boolean any(Predicate<? super T> where, Candidates<T> candidates, Candidates.Keys<T> keys) {
    if (keys == null) {
      return any(where, candidates);
    }
    return read(tr -> keys.exists(store, tr));
  }

  /**
   * Whether any candidate matches: {@link #some} of one, so batches of one candidate, then twice as many up to
   * {@value #BATCH}, until the first match (as a Strata exists and a run-time {@code exists()} read).
   */
  public boolean any(Predicate<? super T> where, Candidates<T> candidates) {
    return !some(where, candidates, 1).isEmpty();
  }

  /**
   * The first {@code n} candidates {@code where} accepts, in the candidates' order: what a single result needs to tell
   * none, one and more than one apart ({@code n} = 2), and what a limit or page with no order reads. The first batch
   * asks for {@code n} candidates, each later one for twice as many up to {@value #BATCH} (a read that every candidate
   * matches stops after its first), at one read version.
   */
  public List<T> some(Predicate<? super T> where, Candidates<T> candidates, long n) {
    SharedReadVersion version = new SharedReadVersion();
    // each batch waited for on the calling thread (a completed future to the loop), a failure translated once, here
    return blocking(() -> FirstMatches.read((size, from) -> CompletableFuture.completedFuture(version.read(db,
        tr -> candidates.read(store, tr, size, from))), where, Math.min(BATCH, candidates.firstBatch(n)), n).join());
  }

  /**
   * The first {@code n} candidates of {@code store} that {@code where} accepts, in the candidates' order, every batch read
   * in the caller's transaction {@code tr}, as a future (a failure is the future's, untranslated): what a find reads that
   * runs in one transaction (a Strata method's, given by its caller or its own). The same loop over the same batches as
   * {@link #some(Predicate, Candidates, long)}, which reads them in read transactions of their own at one read version;
   * the first batch asks for {@code n} (what {@link Candidates#firstBatch} makes of it), so an {@code n} of
   * {@link Integer#MAX_VALUE} or more reads every candidate as {@link #all} does.
   */
  public static <T> CompletableFuture<List<T>> first(ReadTransaction tr, EntityStore<T> store, Predicate<? super T> where,
      Candidates<T> candidates, long n) {
    Objects.requireNonNull(tr, "tr");
    return FirstMatches.read((size, from) -> candidates.read(store, tr, size, from), where, candidates.firstBatch(n), n);
  }

  /**
   * Every candidate of {@code store} that {@code where} accepts, in the candidates' order, read in the caller's
   * transaction {@code tr} as a future: the first batch asks for every candidate (an index's entries and rows in one range
   * read, as a scan's own {@code entities} reads them), a source that reads in batches of its own (every row,
   * {@link FilteredRows#BATCH}) going on batch after batch.
   */
  public static <T> CompletableFuture<List<T>> all(ReadTransaction tr, EntityStore<T> store, Predicate<? super T> where,
      Candidates<T> candidates) {
    return first(tr, store, where, candidates, Long.MAX_VALUE);
  }

  /**
   * The candidates {@code where} accepts, in the candidates' order, read lazily: one read transaction of {@value #BATCH}
   * candidates (of every row, {@link FilteredRows#BATCH}) when the stream needs more, so a stream over a large entity
   * holds one batch at a time and one that is closed early reads no further. The batches share one read version
   * ({@link SharedReadVersion}): the stream's round trips are its reads and one read version, and a new version is
   * taken only when FoundationDB's five-second window forces it.
   */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates) {
    return stream(where, candidates, BATCH);
  }

  /** {@link #stream(Predicate, Candidates)} with a first batch of {@code expected} candidates (at most {@value #BATCH}). */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates, long expected) {
    return stream(where, candidates, expected, new SharedReadVersion());
  }

  /** {@link #stream(Predicate, Candidates, long)} at {@code version}, which other reads may share. */
  Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates, long expected, SharedReadVersion version) {
    return batches(candidates.firstBatch(expected), (size, from) -> read(version, tr -> candidates.read(store, tr, size, from))).filter(where);
  }

  /**
   * The candidates of {@code store} that {@code where} accepts, in the candidates' order, read lazily in {@code context}
   * batch by batch, a failure as it is: in a database each batch its own read transaction, the batches at one read
   * version ({@link QueryResults#stream(ReadTransactionContext, BiFunction)}'s rule, as {@link #stream(Predicate, Candidates)}
   * reads); in a caller's transaction every batch in it. The first batch asks for {@code expected} candidates (at most
   * {@value #BATCH}), each later one for twice as many, up to {@value #BATCH}: a Strata stream method's read, and a
   * run-time finder's batches.
   */
  public static <T> Stream<T> stream(ReadTransactionContext context, EntityStore<T> store, Predicate<? super T> where,
      Candidates<T> candidates, long expected) {
    SharedReadVersion version = new SharedReadVersion();
    return batches(candidates.firstBatch(expected), (size, from) -> QueryResults.readIn(context, version,
        tr -> candidates.read(store, tr, size, from))).filter(where);
  }

  /**
   * The items of the pages {@code page} reads of a size from a continuation (null: the first), one page when the stream
   * needs more: the one loop over batches every candidate read shares. The first page asks for {@code first} items
   * (at least 1, at most {@value #BATCH}), each later one for twice as many as the one before, up to {@value #BATCH}.
   */
  public static <X> Stream<X> batches(long first, BiFunction<Integer, Continuation, Page<X>> page) {
    int[] size = {(int) Math.min(BATCH, Math.max(1, first))};
    return QueryResults.stream(after -> {
      Page<X> read = page.apply(size[0], after);
      size[0] = FirstMatches.following(size[0]);
      return read;
    });
  }

  /** What one batch of {@link #changeInBatches} did: how many of its ids it got through, how many entities it changed. */
  private record Batch(int taken, long changed) {}

  /**
   * {@code step} on each of {@code matches} that still matches, one write transaction per batch; returns how many it
   * changed. A batch takes up to {@value #BATCH} ids ({@code id} gives them), reads their rows again, and ends early,
   * after the entity that brings what the transaction writes to {@value #BATCH_BYTES} bytes ({@code getApproximateSize},
   * the size FoundationDB checks against its 10,000,000-byte limit), so that a batch of wide rows commits; the next
   * batch starts with the id after it. A change of any size stays within FoundationDB's transaction limits, each batch
   * is all or nothing, and an entity another client changed in between is judged on its new state.
   */
  public long changeInBatches(Predicate<? super T> where, List<T> matches, Function<? super T, Object> id,
      BiFunction<Transaction, T, CompletableFuture<?>> step) {
    List<Object> ids = matches.stream().map(id).toList();
    long done = 0;
    for (int from = 0; from < ids.size(); ) {
      List<Object> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
      Batch b = write(tr -> store.loadAll(tr, batch).thenCompose(rows -> batch(tr, batch, rows, where, id, step)));
      from += b.taken();
      done += b.changed();
    }
    return done;
  }

  /** {@code step} on each of {@code rows} (the stored ones of {@code ids}, in their order) that matches, up to the bytes' bound. */
  private CompletableFuture<Batch> batch(Transaction tr, List<Object> ids, List<T> rows, Predicate<? super T> where,
      Function<? super T, Object> id, BiFunction<Transaction, T, CompletableFuture<?>> step) {
    int[] at = {0};
    long[] changed = {0};
    boolean[] full = {false};
    CompletableFuture<?> chain = CompletableFuture.completedFuture(null);
    for (T row : rows) {
      chain = chain.thenCompose(v -> {
        if (full[0]) {
          return CompletableFuture.completedFuture(null);
        }
        at[0]++;
        if (!where.test(row)) {
          return CompletableFuture.completedFuture(null);
        }
        changed[0]++;
        return step.apply(tr, row).thenCompose(w -> tr.getApproximateSize()).thenAccept(size -> full[0] = size >= BATCH_BYTES);
      });
    }
    return chain.thenApply(v -> new Batch(at[0] == rows.size() ? ids.size() : indexOf(ids, id.apply(rows.get(at[0]))), changed[0]));
  }

  /** Where {@code id} is among {@code ids} (compared as values, byte arrays included). */
  private static int indexOf(List<Object> ids, Object id) {
    for (int i = 0; i < ids.size(); i++) {
      if (Objects.deepEquals(ids.get(i), id)) {
        return i;
      }
    }
    throw new IllegalStateException("id " + id + " was not asked for");
  }
}
