package io.strata.jakarta.data;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.query.FilteredRows;
import io.strata.query.IndexScan;
import io.strata.query.QueryResults;
import io.strata.query.SharedReadVersion;
import io.strata.query.UnionPages;
import io.strata.repository.EntityStore;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * One entity's rows as a generated Jakarta Data repository reads and writes them: the built-in operations on the
 * primary key, lifecycle methods ({@code @Insert}, {@code @Update}, {@code @Delete}, {@code @Save}) with the
 * exceptions the specification asks for, and the reads of methods no index serves, which read the entity's rows
 * {@code (E, "R", id)} in id order and keep those the generated predicate accepts.
 *
 * <p>A query reads its {@link Candidates}, chosen at compile time: the entries of the index the processor planned it
 * onto ({@link #index}), the rows of the ids it names ({@link #ids}), or every row ({@link #allRows}); the generated
 * predicate then keeps the candidates that match (it always holds every condition, so an index only narrows the read).
 *
 * <p>Every lifecycle method runs in one transaction (retried on conflicts), so a batch is all or nothing; a JDQL
 * {@code UPDATE} or {@code DELETE} runs in transactions of at most {@value #BATCH} entities and about
 * {@value #BATCH_BYTES} bytes written. Query reads
 * run in read transactions of at most {@value #BATCH} candidates each (a read of every row in Strata's batches,
 * {@link FilteredRows#BATCH} rows), the batches of one read sharing one read version ({@link SharedReadVersion}): a
 * query over a large entity costs the round trips of one transaction, never fails on FoundationDB's five-second limit
 * (a batch it stops takes a new version, which the later batches share), and sees each row as committed at the
 * version its batch read at. Strata's own exceptions become {@code jakarta.data.exceptions} ({@link #translate}).
 *
 * <p>{@code DataStore} is the one surface generated code calls; reads in a sort order are {@link OrderedReads}', writes
 * {@link Lifecycle}'s, transactions and their exceptions {@link Transactions}'.
 *
 * @param <T> the entity
 */
public final class DataStore<T> {
  /** Rows per read transaction when a query reads every row. */
  public static final int BATCH = 1_000;
  /**
   * Bytes after which a batch of a JDQL {@code UPDATE}/{@code DELETE} commits (before its {@value #BATCH} entities):
   * a tenth of FoundationDB's 10,000,000-byte transaction limit, so that a batch of rows of any size a save accepts
   * commits, the last entity's writes included.
   */
  public static final long BATCH_BYTES = 1_000_000L;
  private final Transactions tx;
  private final EntityStore<T> store;
  private final Attributes<T> attributes;
  private final OrderedReads<T> ordered;
  private final Lifecycle<T> lifecycle;

  public DataStore(Database db, EntityStore<T> store, Attributes<T> attributes) {
    this.tx = new Transactions(db);
    this.store = Objects.requireNonNull(store, "store");
    this.attributes = Objects.requireNonNull(attributes, "attributes");
    this.ordered = new OrderedReads<>(this, tx, store, attributes);
    this.lifecycle = new Lifecycle<>(tx, store, attributes);
  }

  public Attributes<T> attributes() {
    return attributes;
  }

  /** The entity with this id: one range read of {@code (E, "R", id)}. */
  public Optional<T> findById(Object id) {
    requireId(id);
    return tx.read(tr -> store.load(tr, id));
  }

  /** Whether the entity exists: a read of at most one key of {@code (E, "R", id)}. */
  public boolean existsById(Object id) {
    requireId(id);
    return tx.read(tr -> store.exists(tr, id));
  }

  /** The number of entities: the counter key {@code (E, "#")}. */
  public long countAll() {
    return tx.read(store::count);
  }

  /**
   * Where a query's candidate entities come from: one batch of at most {@code limit}, continuing {@code after} (null
   * for the first). Generated code builds them with {@link #index}, {@link #ids} or {@link #allRows}.
   */
  @FunctionalInterface
  public interface Candidates<T> {
    CompletableFuture<Page<T>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after);
  }

  /** Every row {@code (E, "R", id)}, in id order, in batches of at most {@link FilteredRows#BATCH}, as Strata's reads of every row. */
  public static <T> Candidates<T> allRows() {
    return (store, tr, limit, after) -> FilteredRows.rows(tr, store, limit, after);
  }

  /**
   * The entities an index scan finds. {@code parameters} are the query values the scan was built from: when one is
   * null there is no candidate, since a comparison with null matches nothing (and nulls are not indexed); when an
   * {@code In} collection holds a null, every row is a candidate (the predicate decides, and no scan sees the null).
   */
  public static <T> Candidates<T> index(Function<EntityStore<T>, IndexScan<T>> scan, Object... parameters) {
    return switch (nulls(parameters)) {
      case NULL_VALUE -> (store, tr, limit, after) -> CompletableFuture.completedFuture(Page.last(List.of()));
      case NULL_IN_COLLECTION -> allRows();
      case NONE -> (store, tr, limit, after) -> scan.apply(store).batch(tr, limit, after);
    };
  }

  /** What the query values an index scan is built from hold: nothing null, a null value, or a null in an {@code In}. */
  enum Nulls { NONE, NULL_VALUE, NULL_IN_COLLECTION }

  static Nulls nulls(Object... parameters) {
    for (Object p : parameters) {
      if (p == null) {
        return Nulls.NULL_VALUE;
      }
      if (p instanceof Collection<?> c && c.stream().anyMatch(Objects::isNull)) {
        return Nulls.NULL_IN_COLLECTION;
      }
    }
    return Nulls.NONE;
  }

  /** Identifies the positions of {@link #union} in its continuations (they never leave {@code DataStore}). */
  private static final byte[] UNION = "io.strata.jakarta.data.DataStore.union".getBytes(java.nio.charset.StandardCharsets.UTF_8);

  /**
   * The candidates of a query whose conditions are joined by {@code Or}: each branch's candidates in turn, skipping
   * those that match an earlier branch's condition ({@code conditions}, one per branch), read by the one paged union
   * of the read core ({@link UnionPages}).
   */
  public static <T> Candidates<T> union(List<Candidates<T>> branches, List<Predicate<? super T>> conditions) {
    if (branches.size() != conditions.size()) {
      throw new IllegalArgumentException(branches.size() + " branches but " + conditions.size() + " conditions");
    }
    return (store, tr, limit, after) -> UnionPages.page(branches.stream()
        .<UnionPages.Branch<T>>map(b -> (size, from) -> b.read(store, tr, size, from)).toList(), conditions, limit, after, UNION);
  }

  /**
   * The index keys of a query whose conditions the index applies exactly (the processor decides): matches can be
   * counted and tested on the keys alone, without reading a row. Generated code builds them with {@link #indexKeys}.
   */
  @FunctionalInterface
  public interface Keys<T> {
    CompletableFuture<Page<Tuple>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after);

    /** How many keys there are, read in {@code tr}: page after page of {@value DataStore#BATCH}, unless a scan counts them. */
    default CompletableFuture<Long> count(EntityStore<T> store, ReadTransaction tr) {
      return counted(store, tr, null, 0L);
    }

    private CompletableFuture<Long> counted(EntityStore<T> store, ReadTransaction tr, Continuation after, long before) {
      return read(store, tr, BATCH, after).thenCompose(page -> page.next().isEmpty()
          ? CompletableFuture.completedFuture(before + page.items().size())
          : counted(store, tr, page.next().get(), before + page.items().size()));
    }
  }

  /**
   * The keys an index scan finds, for {@link #count(Predicate, Candidates, Keys)} and {@link #any(Predicate, Candidates,
   * Keys)}: none when a query value is null (as for {@link #index}); null, so that the rows are read instead, when an
   * {@code In} collection holds a null (the scan cannot hold it).
   */
  public static <T> Keys<T> indexKeys(Function<EntityStore<T>, IndexScan<T>> scan, Object... parameters) {
    return switch (nulls(parameters)) {
      case NULL_VALUE -> (store, tr, limit, after) -> CompletableFuture.completedFuture(Page.last(List.of()));
      case NULL_IN_COLLECTION -> null;
      case NONE -> new Keys<>() {
        @Override
        public CompletableFuture<Page<Tuple>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after) {
          return scan.apply(store).keyPage(tr, limit, after);
        }

        /** The scan's own count: its keys in one range read, as a Strata count and a run-time count read them. */
        @Override
        public CompletableFuture<Long> count(EntityStore<T> store, ReadTransaction tr) {
          return scan.apply(store).count(tr);
        }
      };
    };
  }

  /** The rows of these ids (each once; nulls and missing ids skipped), read concurrently in one batch. */
  public static <T> Candidates<T> ids(Collection<?> ids) {
    List<Object> distinct = new ArrayList<>(new LinkedHashSet<>(ids == null ? List.of() : ids));
    distinct.removeIf(Objects::isNull);
    return (store, tr, limit, after) -> store.loadAll(tr, distinct).thenApply(Page::last);
  }

  /** Every entity that {@code where} accepts, in id order (all rows read, in batches). */
  public List<T> matching(Predicate<? super T> where) {
    return matching(where, allRows());
  }

  /** Every candidate that {@code where} accepts, in the candidates' order, read in batches of {@value #BATCH}. */
  public List<T> matching(Predicate<? super T> where, Candidates<T> candidates) {
    return stream(where, candidates).toList();
  }

  /**
   * How many candidates {@code where} accepts: counted on {@code keys} in one read transaction, with no row read, when
   * it is not null (an index scan's keys in one range read, as Strata's own counts read them); else on the rows.
   */
  public long count(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys) {
    if (keys == null) {
      return matching(where, candidates).size();
    }
    return tx.read(tr -> keys.count(store, tr));
  }

  /** Whether any candidate matches: one index key read when {@code keys} is not null; else rows until the first match. */
  public boolean any(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys) {
    if (keys == null) {
      return any(where, candidates);
    }
    return !tx.read(tr -> keys.read(store, tr, 1, null)).items().isEmpty();
  }

  /** Whether any candidate matches: reads batches only until the first match. */
  public boolean any(Predicate<? super T> where, Candidates<T> candidates) {
    return stream(where, candidates).findAny().isPresent();
  }

  /**
   * At most {@code n} candidates {@code where} accepts (the first ones read; in no particular order): what a single
   * result needs to tell none, one and more than one apart ({@code n} = 2) without reading every candidate.
   */
  public List<T> some(Predicate<? super T> where, Candidates<T> candidates, int n) {
    return stream(where, candidates).limit(Math.max(0, n)).toList();
  }

  /**
   * The first {@code n} candidates {@code where} accepts under {@code order} (then the id), sorted: read in the order of
   * the first of {@code orders} that serves {@code order} only as far as they need, else every candidate read and sorted
   * (and all of them returned: the caller applies its limit). See {@link OrderedReads}.
   */
  public List<T> first(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order, long n) {
    return ordered.first(where, candidates, orders, order, n);
  }

  /** The candidates {@code where} accepts, sorted by {@code order} (then the id), as a lazy stream ({@link OrderedReads}). */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order) {
    return ordered.stream(where, candidates, orders, order);
  }

  /** The offset page {@code request} asks for, read in an index order where one serves {@code order} ({@link OrderedReads}). */
  public jakarta.data.page.Page<T> page(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order, PageRequest request) {
    return ordered.page(where, candidates, keys, orders, order, request);
  }

  /**
   * The cursored page {@code request} asks for, its cursor a position in an index where one serves {@code order}
   * ({@link OrderedReads}).
   */
  public CursoredPage<T> cursoredPage(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order, PageRequest request) {
    return ordered.cursoredPage(where, candidates, keys, orders, order, request);
  }

  /**
   * The candidates {@code where} accepts, in the candidates' order, read lazily: one read transaction of {@value #BATCH}
   * candidates (of every row, {@link FilteredRows#BATCH}) when the stream needs more, so a stream over a large entity
   * holds one batch at a time and one that is closed early reads no further. The batches share one read version
   * ({@link SharedReadVersion}), as a read of every row in one Strata transaction does: the stream's round trips are
   * its reads and one read version, and a new version is taken only when FoundationDB's five-second window forces it.
   */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates) {
    SharedReadVersion version = new SharedReadVersion();
    return batches(BATCH, (size, from) -> tx.read(version, tr -> candidates.read(store, tr, size, from))).filter(where);
  }

  /**
   * The items of the pages {@code page} reads of a size from a continuation (null: the first), one page when the stream
   * needs more: the one loop over batches every query read shares. The first page asks for {@code first} items, each
   * later one for twice as many as the one before, up to {@value #BATCH}.
   */
  static <X> Stream<X> batches(int first, BiFunction<Integer, Continuation, Page<X>> page) {
    int[] size = {first};
    return QueryResults.stream(after -> {
      Page<X> read = page.apply(size[0], after);
      size[0] = Math.min(BATCH, 2 * size[0]);
      return read;
    });
  }

  /** The candidates {@code where} accepts, sorted by {@code order} and then by id. */
  public List<T> sorted(Predicate<? super T> where, Candidates<T> candidates, List<? extends Sort<? super T>> order) {
    return ResultPages.sorted(attributes, order, matching(where, candidates));
  }


  /**
   * Inserts or replaces {@code entity} with its index entries; returns it. An entity whose id is null gets one the store
   * assigns: the entity itself with its id set, or, for one built through its constructor, a new instance carrying it.
   */
  public <S extends T> S save(S entity) {
    return lifecycle.save(entity);
  }

  /** Saves every entity in one transaction (null ids assigned as {@link #save} does); returns them in the order given. */
  public <S extends T> List<S> saveAll(List<S> entities) {
    return lifecycle.saveAll(entities);
  }

  /**
   * Inserts {@code entity} (a null id assigned as {@link #save} does); an {@link EntityExistsException} when its id (or
   * a unique value) is already stored.
   */
  public <S extends T> S insert(S entity) {
    return lifecycle.insert(entity);
  }

  /** Inserts every entity in one transaction: none is written when one already exists. */
  public <S extends T> List<S> insertAll(List<S> entities) {
    return lifecycle.insertAll(entities);
  }

  /** Replaces a stored {@code entity}; an {@link OptimisticLockingFailureException} when it is not stored. */
  public <S extends T> S update(S entity) {
    return lifecycle.update(entity);
  }

  /** Replaces every entity in one transaction: none is written when one is missing. */
  public <S extends T> List<S> updateAll(List<S> entities) {
    return lifecycle.updateAll(entities);
  }

  /** Deletes a stored {@code entity}; an {@link OptimisticLockingFailureException} when it is not stored. */
  public void delete(T entity) {
    lifecycle.delete(entity);
  }

  /** Deletes every entity in one transaction: none is deleted when one is missing. */
  public void deleteAll(List<? extends T> entities) {
    lifecycle.deleteAll(entities);
  }

  /** Deletes the entity with this id, if stored (the specification's {@code deleteById} is silent otherwise). */
  public void deleteById(Object id) {
    requireId(id);
    lifecycle.deleteById(id);
  }

  /**
   * Deletes every candidate {@code where} accepts; returns how many: found in read transactions, then deleted in
   * batches of at most {@value #BATCH} entities and about {@value #BATCH_BYTES} bytes written, each batch one
   * transaction that reads the rows again and deletes those that still match.
   */
  public long delete(Predicate<? super T> where, Candidates<T> candidates) {
    return lifecycle.delete(where, matching(where, candidates));
  }

  /**
   * Applies {@code change} to every candidate {@code where} accepts and saves it; returns how many. Batched as
   * {@link #delete(Predicate, Candidates)} is; an entity is changed once however its change moves it among the
   * candidates (the ids to change are known before the first write).
   */
  public long update(Predicate<? super T> where, Candidates<T> candidates, UnaryOperator<T> change) {
    return lifecycle.update(where, matching(where, candidates), change);
  }

  /** The elements of an {@code Iterable} lifecycle parameter, as a list. */
  public static <E> List<E> list(Iterable<E> entities) {
    List<E> out = new ArrayList<>();
    entities.forEach(out::add);
    return out;
  }

  private void requireId(Object id) {
    Objects.requireNonNull(id, () -> "the id of " + attributes.entity() + " must not be null");
  }

  /** The {@code jakarta.data.exceptions} form of a failure ({@link Transactions#translate}). */
  public static RuntimeException translate(RuntimeException e) {
    return Transactions.translate(e);
  }
}
