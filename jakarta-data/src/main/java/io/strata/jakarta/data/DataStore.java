package io.strata.jakarta.data;

import com.apple.foundationdb.Database;
import io.strata.query.CandidateReads;
import io.strata.query.Candidates;
import io.strata.query.Candidates.Keys;
import io.strata.query.IndexOrder;
import io.strata.query.OrderedReads;
import io.strata.query.model.SortKey;
import io.strata.repository.EntityStore;
import jakarta.data.Sort;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * One entity's rows as a generated Jakarta Data repository reads and writes them, the Jakarta edge of the read core
 * ({@code io.strata.query}): the built-in operations on the primary key, lifecycle methods ({@code @Insert},
 * {@code @Update}, {@code @Delete}, {@code @Save}) with the exceptions the specification asks for, reads sorted by
 * Jakarta Data's {@link Sort}s, and {@code UPDATE}/{@code DELETE} of every match.
 *
 * <p>A query reads its {@link Candidates}, chosen at compile time (an index's entries, the rows of the ids it names, or
 * every row); the generated predicate then keeps the candidates that match (it always holds every condition, so an
 * index only narrows the read). Reads in no order ({@code matching}, {@code count}, {@code any}, {@code some}, a lazy
 * {@code stream}) are the read core's {@link CandidateReads} ({@link #reads}), which runs them in batches of
 * {@value CandidateReads#BATCH} candidates sharing one read version; Strata's own exceptions become
 * {@code jakarta.data.exceptions} ({@link #translate}).
 *
 * <p>Every lifecycle method runs in one transaction (retried on conflicts), so a batch is all or nothing; a JDQL
 * {@code UPDATE} or {@code DELETE} runs in the read core's batches ({@link CandidateReads#changeInBatches}). Reads in a
 * sort order are the read core's {@link OrderedReads} (its sort keys converted from Jakarta Data's {@link Sort}s here,
 * its reads made Jakarta Data's pages), writes {@link Lifecycle}'s, the exceptions {@link Transactions}'.
 *
 * @param <T> the entity
 */
public final class DataStore<T> {
  private final CandidateReads<T> reads;
  private final EntityStore<T> store;
  private final Attributes<T> attributes;
  private final OrderedReads<T> ordered;
  private final Lifecycle<T> lifecycle;

  public DataStore(Database db, EntityStore<T> store, Attributes<T> attributes) {
    this.store = Objects.requireNonNull(store, "store");
    this.reads = new CandidateReads<>(db, store, Transactions::translate);
    this.attributes = Objects.requireNonNull(attributes, "attributes");
    this.ordered = new OrderedReads<>(reads, attributes.order());
    this.lifecycle = new Lifecycle<>(reads, store, attributes);
  }

  public Attributes<T> attributes() {
    return attributes;
  }

  /**
   * The read core's reads of this entity's candidates in no order ({@code matching}, {@code count}, {@code any},
   * {@code some}, a lazy {@code stream}), their failures Jakarta Data's exceptions ({@link #translate}).
   */
  public CandidateReads<T> reads() {
    return reads;
  }

  /** The entity with this id: one range read of {@code (E, "R", id)}. */
  public Optional<T> findById(Object id) {
    requireId(id);
    return reads.read(tr -> store.load(tr, id));
  }

  /** Whether the entity exists: a read of at most one key of {@code (E, "R", id)}. */
  public boolean existsById(Object id) {
    requireId(id);
    return reads.read(tr -> store.exists(tr, id));
  }

  /** The number of entities: the counter key {@code (E, "#")}. */
  public long countAll() {
    return reads.read(store::count);
  }

  /**
   * The first {@code n} candidates {@code where} accepts under {@code order} (then the id), sorted: read in the order of
   * the first of {@code orders} that serves {@code order} only as far as they need, else every candidate read and sorted
   * (and all of them returned: the caller applies its limit). See {@link OrderedReads}.
   */
  public List<T> first(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order, long n) {
    return ordered.first(where, candidates, orders, Attributes.sortKeys(order), n);
  }

  /** The candidates {@code where} accepts, sorted by {@code order} (then the id), as a lazy stream ({@link OrderedReads}). */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order) {
    return ordered.stream(where, candidates, orders, Attributes.sortKeys(order));
  }

  /**
   * The offset page {@code request} asks for: when one of {@code orders} serves {@code order} (then the id), its index
   * read in that order only up to one past the page's end (and the ties there), the totals, when asked for, counted
   * when first asked ({@link OrderedReads#fromStart}, {@link LazyPage}); with no order at all, the candidates in the order
   * they come in, as far as that. Without an index order, or for a request that is not an offset one, every candidate is read and
   * paged in memory ({@link ResultPages#page}).
   */
  public jakarta.data.page.Page<T> page(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order, PageRequest request) {
    Optional<OrderedReads.Read<T>> read = request.mode() != PageRequest.Mode.OFFSET ? Optional.empty()
        : ordered.fromStart(where, candidates, keys, orders, Attributes.sortKeys(order), ResultPages.readUpTo(request));
    if (read.isEmpty()) {
      return ResultPages.page(attributes, order, reads.matching(where, candidates), request);
    }
    jakarta.data.page.Page<T> page = ResultPages.page(request, read.get().read(), -1);
    return request.requestTotal() ? LazyPage.withTotal(page, read.get().total()) : page;
  }

  /**
   * The cursored page {@code request} asks for, its cursors one value per sort of {@code order}: when one of
   * {@code orders} serves {@code order} (then the id), the first page read in index order as an offset page is, and a
   * page after or before a cursor read from the cursor's position in the index ({@link OrderedReads#fromCursor});
   * whether results lie on the cursor's other side is found when {@code hasPrevious} or {@code hasNext} is first asked,
   * the totals when they are ({@link LazyPage}). Without an index order, or for a cursor whose values no key holds,
   * every candidate is read and paged in memory ({@link ResultPages#cursoredPage}).
   */
  public CursoredPage<T> cursoredPage(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> given, PageRequest request) {
    // a cursor holds the values of the sorts, which must end in a unique key: with none given, the id ascending (the
    // order an unordered query's results come in), so its cursors hold the id instead of nothing
    List<? extends Sort<? super T>> order = given.isEmpty() ? List.of(Sort.<T>asc(attributes.idName())) : given;
    List<SortKey> sort = Attributes.sortKeys(order);
    if (request.mode() == PageRequest.Mode.OFFSET) {
      Optional<OrderedReads.Read<T>> read = ordered.fromStart(where, candidates, keys, orders, sort, ResultPages.readUpTo(request));
      if (read.isEmpty()) {
        return ResultPages.cursoredPage(attributes, order, reads.matching(where, candidates), request);
      }
      List<T> first = read.get().read();
      int start = (int) Math.min(ResultPages.skipped(request), first.size());
      int end = Math.min(start + request.size(), first.size());
      CursoredPage<T> page = ResultPages.cursoredPage(attributes, order, first.subList(start, end), -1, request, start == 0,
          end == first.size());
      return request.requestTotal() ? LazyPage.cursored(page, read.get().total(), null, null) : page;
    }
    boolean before = request.mode() == PageRequest.Mode.CURSOR_PREVIOUS;
    Optional<OrderedReads.CursorRead<T>> read = ordered.fromCursor(where, candidates, keys, orders, sort,
        ResultPages.cursor(request, order), before, request.size());
    if (read.isEmpty()) {
      return ResultPages.cursoredPage(attributes, order, reads.matching(where, candidates), request);
    }
    OrderedReads.CursorRead<T> r = read.get();
    // the record says results may lie on the cursor's other side; LazyPage finds out when asked
    CursoredPage<T> page = ResultPages.cursoredPage(attributes, order, r.content(), -1, request, before && !r.more(),
        !before && !r.more());
    return LazyPage.cursored(page, request.requestTotal() ? r.total() : null, before ? r.otherSide() : null,
        before ? null : r.otherSide());
  }

  /** The candidates {@code where} accepts, sorted by {@code order} and then by id. */
  public List<T> sorted(Predicate<? super T> where, Candidates<T> candidates, List<? extends Sort<? super T>> order) {
    return ordered.sorted(where, candidates, Attributes.sortKeys(order));
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
   * batches of at most {@value CandidateReads#BATCH} entities and about {@value CandidateReads#BATCH_BYTES} bytes
   * written, each batch one transaction that reads the rows again and deletes those that still match
   * ({@link CandidateReads#changeInBatches}).
   */
  public long delete(Predicate<? super T> where, Candidates<T> candidates) {
    return lifecycle.delete(where, reads.matching(where, candidates));
  }

  /**
   * Applies {@code change} to every candidate {@code where} accepts and saves it; returns how many. Batched as
   * {@link #delete(Predicate, Candidates)} is; an entity is changed once however its change moves it among the
   * candidates (the ids to change are known before the first write).
   */
  public long update(Predicate<? super T> where, Candidates<T> candidates, UnaryOperator<T> change) {
    return lifecycle.update(where, reads.matching(where, candidates), change);
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
