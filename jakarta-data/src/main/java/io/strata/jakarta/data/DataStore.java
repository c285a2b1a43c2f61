package io.strata.jakarta.data;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.StrataException;
import io.strata.Page;
import io.strata.UniqueConstraintException;
import io.strata.query.FilteredRows;
import io.strata.query.IndexScan;
import io.strata.query.QueryResults;
import io.strata.query.UnionPages;
import io.strata.repository.EntityStore;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.exceptions.DataConnectionException;
import jakarta.data.exceptions.DataException;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;
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
 * {@link FilteredRows#BATCH} rows), as Strata's own streams do: a query over a
 * large entity never meets FoundationDB's five-second limit, and sees each row as committed when its batch was
 * read. Strata's own exceptions become {@code jakarta.data.exceptions} ({@link #translate}).
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
  private final Database db;
  private final EntityStore<T> store;
  private final Attributes<T> attributes;

  public DataStore(Database db, EntityStore<T> store, Attributes<T> attributes) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = Objects.requireNonNull(store, "store");
    this.attributes = Objects.requireNonNull(attributes, "attributes");
  }

  public Attributes<T> attributes() {
    return attributes;
  }

  /** The entity with this id: one range read of {@code (E, "R", id)}. */
  public Optional<T> findById(Object id) {
    requireId(id);
    return read(tr -> store.load(tr, id));
  }

  /** Whether the entity exists: a read of at most one key of {@code (E, "R", id)}. */
  public boolean existsById(Object id) {
    requireId(id);
    return read(tr -> store.exists(tr, id));
  }

  /** The number of entities: the counter key {@code (E, "#")}. */
  public long countAll() {
    return read(store::count);
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
    return read(tr -> keys.count(store, tr));
  }

  /** Whether any candidate matches: one index key read when {@code keys} is not null; else rows until the first match. */
  public boolean any(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys) {
    if (keys == null) {
      return any(where, candidates);
    }
    return !read(tr -> keys.read(store, tr, 1, null)).items().isEmpty();
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
   * The first {@code n} candidates {@code where} accepts under {@code order} (then the id), sorted. When one of
   * {@code orders} serves {@code order} ({@link IndexOrder#match}), its index is read in that order only until the
   * {@code n}-th match and the matches that tie with it on {@code order}'s properties (sorted by id in memory), the first
   * read asking for {@code n + 1} keys ({@code n} when the order is the keys' own, {@link IndexOrder.Reading#total}: no
   * tie to look past); else every candidate is read and sorted in memory, and all of them are returned
   * (the caller applies its limit).
   */
  public List<T> first(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order, long n) {
    if (n <= 0) {
      return List.of();
    }
    Optional<IndexOrder.Reading<T>> served = served(orders, order);
    if (served.isEmpty()) {
      return sorted(where, candidates, order);
    }
    return inIndexOrder(where, served.get(), order, false, null, served.get().total() ? n : n + 1).limit(n).toList();
  }

  /**
   * The candidates {@code where} accepts, sorted by {@code order} (then the id), as a stream: read lazily in the order
   * of the first of {@code orders} that serves {@code order} (one read transaction per batch of keys as the stream is
   * consumed, each run of matches that tie on {@code order}'s properties sorted by id), else every candidate read and
   * sorted in memory first.
   */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order) {
    return served(orders, order).map(s -> inIndexOrder(where, s, order, false, null, BATCH))
        .orElseGet(() -> sorted(where, candidates, order).stream());
  }

  /** The reading of the first of {@code orders} that serves {@code order} ({@link IndexOrder#reading}). */
  private Optional<IndexOrder.Reading<T>> served(List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order) {
    for (IndexOrder<T> o : orders) {
      Optional<IndexOrder.Reading<T>> reading = o.reading(order, attributes.idName());
      if (reading.isPresent()) {
        return reading;
      }
    }
    return Optional.empty();
  }

  /**
   * The candidates {@code where} accepts, read lazily from {@code served}'s indexes in {@code order} (then the id), or,
   * when {@code opposite}, in the reverse of that order (the page before a cursor); after {@code positions} in the
   * direction read (one per index, see {@link IndexOrder.Position}; null: from the start). Keys are read in batches that start at {@code expected} and
   * double up to {@value #BATCH}. Matches that tie on {@code order}'s properties come in key order, and each run of them
   * is sorted before it is handed out (reading one match past it), unless the order is the keys' own
   * ({@link IndexOrder.Reading#total}).
   */
  private Stream<T> inIndexOrder(Predicate<? super T> where, IndexOrder.Reading<T> served, List<? extends Sort<? super T>> order,
      boolean opposite, List<IndexOrder.Position> positions, long expected) {
    Stream<T> read = inKeyOrder(where, served, order, opposite, positions, false, expected);
    if (served.total()) {
      return read;
    }
    return opposite ? ResultPages.sortedRuns(attributes, read, Attributes.reversed(order), Attributes.reversed(attributes.totalOrder(order)))
        : ResultPages.sortedRuns(attributes, read, order, attributes.totalOrder(order));
  }

  /**
   * The candidates {@code where} accepts, read lazily from {@code served}'s indexes in key order (each backwards when its
   * order is descending, or else when {@code opposite}), from {@code positions} (null: from the start; {@code otherSide}:
   * the rest of the keys, read from the positions the other way), ties in key order: what {@link #inIndexOrder} sorts, and what a count reads. The reads
   * of a union's branches are merged by {@code order} (reversed when {@code opposite}), each skipping the entities an
   * earlier branch's condition matches. Batches start at {@code expected} keys and double up to {@value #BATCH}.
   */
  private Stream<T> inKeyOrder(Predicate<? super T> where, IndexOrder.Reading<T> served, List<? extends Sort<? super T>> order,
      boolean opposite, List<IndexOrder.Position> positions, boolean otherSide, long expected) {
    List<Stream<T>> reads = new ArrayList<>();
    for (int i = 0; i < served.indexes().size(); i++) {
      IndexOrder.Position p = positions == null ? null : positions.get(i);
      Candidates<T> candidates = served.indexes().get(i).candidates(served.matches().get(i).descending() != opposite,
          p == null ? null : p.values(), p != null && p.at() != otherSide);
      Stream<T> read = batches((int) Math.min(BATCH, Math.max(1, expected)),
          (size, from) -> read(tr -> candidates.read(store, tr, size, from))).filter(where);
      List<Predicate<? super T>> earlier = served.conditions().isEmpty() ? List.of() : served.conditions().subList(0, i);
      reads.add(earlier.isEmpty() ? read : read.filter(e -> earlier.stream().noneMatch(c -> c.test(e))));
    }
    if (reads.size() == 1) {
      return reads.get(0);
    }
    List<? extends Sort<? super T>> direction = opposite ? Attributes.reversed(order) : order;
    Comparator<List<?>> keys = attributes.keyOrder(direction);
    return ResultPages.merged(reads, (a, b) -> keys.compare(attributes.key(a, direction), attributes.key(b, direction)));
  }

  /**
   * The cursor's position in each of {@code served}'s indexes for a page after it (or {@code before} it), or empty when
   * some key cannot hold a cursor value ({@link IndexOrder#position}).
   */
  private static <T> Optional<List<IndexOrder.Position>> positions(IndexOrder.Reading<T> served, List<? extends Sort<?>> order,
      List<?> cursor, boolean before) {
    List<IndexOrder.Position> positions = new ArrayList<>();
    for (IndexOrder<T> index : served.indexes()) {
      Optional<IndexOrder.Position> p = index.position(order, cursor, before);
      if (p.isEmpty()) {
        return Optional.empty();
      }
      positions.add(p.get());
    }
    return Optional.of(positions);
  }

  /**
   * The candidates {@code where} accepts, in the candidates' order, read lazily: one read transaction of {@value #BATCH}
   * candidates when the stream needs more, so a stream over a large entity holds one batch at a time and one that is
   * closed early reads no further. Each batch sees the rows as committed when it was read.
   */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates) {
    return batches(BATCH, (size, from) -> read(tr -> candidates.read(store, tr, size, from))).filter(where);
  }

  /**
   * The items of the pages {@code page} reads of a size from a continuation (null: the first), one page when the stream
   * needs more: the one loop over batches every query read shares. The first page asks for {@code first} items, each
   * later one for twice as many as the one before, up to {@value #BATCH}.
   */
  private static <X> Stream<X> batches(int first, BiFunction<Integer, Continuation, Page<X>> page) {
    int[] size = {first};
    return QueryResults.stream(after -> {
      Page<X> read = page.apply(size[0], after);
      size[0] = Math.min(BATCH, 2 * size[0]);
      return read;
    });
  }

  /**
   * The offset page {@code request} asks for. When one of {@code orders} serves {@code order} (then the id), its index is
   * read in that order only up to one past the page's end (and the ties there, see {@link #first}); the totals, when
   * asked for, are counted when first asked ({@link #total}). Without an index order, or for a request that is not an
   * offset one, every candidate is read and paged in memory.
   */
  public jakarta.data.page.Page<T> page(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order, PageRequest request) {
    Optional<IndexOrder.Reading<T>> served = served(orders, order);
    if (request.mode() != PageRequest.Mode.OFFSET || served.isEmpty()) {
      return ResultPages.page(attributes, order, matching(where, candidates), request);
    }
    long end = ResultPages.readUpTo(request);
    Iterator<T> read = inIndexOrder(where, served.get(), order, false, null, end).iterator();
    List<T> first = take(read, end);
    jakarta.data.page.Page<T> page = ResultPages.page(request, first, -1);
    return request.requestTotal() ? LazyPage.withTotal(page, total(where, candidates, keys, first.size(), read, Stream.empty())) : page;
  }

  /**
   * How a page read in index order counts its total when first asked: on {@code keys} with no row read, when the index
   * applies every condition; else by reading on where the page's read stopped ({@code rest}, after the {@code read}
   * matches it handed out) and reading {@code otherSide}, the matches on the far side of a cursor (none for an offset
   * page, which read from the start). Each candidate is read once, the page's own included: a separate count over the
   * candidates would read the page's rows again, and for an offset page every row before it.
   */
  private LongSupplier total(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys, long read, Iterator<T> rest,
      Stream<T> otherSide) {
    if (keys != null) {
      return () -> count(where, candidates, keys);
    }
    return () -> {
      long n = read;
      for (; rest.hasNext(); rest.next()) {
        n++;
      }
      return n + otherSide.count();
    };
  }

  /** The next {@code n} elements of {@code read} (fewer when it ends first). */
  private static <X> List<X> take(Iterator<X> read, long n) {
    List<X> taken = new ArrayList<>();
    while (taken.size() < n && read.hasNext()) {
      taken.add(read.next());
    }
    return taken;
  }

  /**
   * The cursored page {@code request} asks for, its cursors one value per sort of {@code order}. When one of
   * {@code orders} serves {@code order} (then the id), the cursor becomes a position in its index: a page after the cursor
   * reads the index from just after it, in the order's direction, up to one past the page's end (and the ties there); a
   * page before it reads backwards from just before it, then turns the page round; the first page reads from the start
   * (an offset page reads up to its end). Saves and deletes between two requests never make a page skip or repeat an
   * entity that stayed unchanged, since a page starts from the cursor's values, not a count. A sort on a property the
   * query fixes is compared with the query's value ({@link IndexOrder#position}). Whether results lie on the cursor's
   * other side (before a page after a cursor, after a page before one) is found when {@code hasPrevious} or
   * {@code hasNext} is first asked ({@link LazyPage}), by reading from the cursor the other way up to the first match (one
   * key and its row when it matches). Totals, when asked for, are counted when first asked ({@link #total}): on the
   * page's side by reading on, on the cursor's other side by reading it all. Without an index order, or for a cursor
   * whose values no key holds (a fraction for an integer property), every candidate is read and paged in memory
   * ({@link ResultPages#cursoredPage}).
   */
  public CursoredPage<T> cursoredPage(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order, PageRequest request) {
    Optional<IndexOrder.Reading<T>> served = served(orders, order);
    boolean offset = request.mode() == PageRequest.Mode.OFFSET;
    boolean before = request.mode() == PageRequest.Mode.CURSOR_PREVIOUS;
    Optional<List<IndexOrder.Position>> position = served.isEmpty() || offset ? Optional.empty()
        : positions(served.get(), order, ResultPages.cursor(request, order), before);
    if (served.isEmpty() || (!offset && position.isEmpty())) {
      return ResultPages.cursoredPage(attributes, order, matching(where, candidates), request);
    }
    int size = request.size();
    if (offset) {
      long from = ResultPages.skipped(request);
      long upTo = ResultPages.readUpTo(request);
      Iterator<T> read = inIndexOrder(where, served.get(), order, false, null, upTo).iterator();
      List<T> first = take(read, upTo);
      int start = (int) Math.min(from, first.size());
      int end = Math.min(start + size, first.size());
      CursoredPage<T> page = ResultPages.cursoredPage(attributes, order, first.subList(start, end), -1, request, start == 0,
          end == first.size());
      return request.requestTotal() ? LazyPage.cursored(page, total(where, candidates, keys, first.size(), read, Stream.empty()),
          null, null) : page;
    }
    Iterator<T> read = inIndexOrder(where, served.get(), order, before, position.get(), size + 1L).iterator();
    List<T> taken = take(read, size + 1L);
    List<T> content = new ArrayList<>(taken.subList(0, Math.min(size, taken.size())));
    if (before) {
      Collections.reverse(content);
    }
    boolean more = taken.size() > size;
    // the record says results may lie on the cursor's other side; LazyPage finds out when asked
    CursoredPage<T> page = ResultPages.cursoredPage(attributes, order, content, -1, request, before && !more, !before && !more);
    LongSupplier total = total(where, candidates, keys, taken.size(), read,
        inKeyOrder(where, served.get(), order, !before, position.get(), true, BATCH));
    BooleanSupplier otherSide = () -> inKeyOrder(where, served.get(), order, !before, position.get(), true, 1).findAny().isPresent();
    return LazyPage.cursored(page, request.requestTotal() ? total : null, before ? otherSide : null, before ? null : otherSide);
  }

  /** The candidates {@code where} accepts, sorted by {@code order} and then by id. */
  public List<T> sorted(Predicate<? super T> where, Candidates<T> candidates, List<? extends Sort<? super T>> order) {
    return ResultPages.sorted(attributes, order, matching(where, candidates));
  }

  /**
   * Inserts or replaces {@code entity} with its index entries; returns it. An entity whose id is null gets one the store
   * assigns ({@link #withIds}): the entity itself with its id set, or, for one built through its constructor, a new
   * instance carrying it.
   */
  public <S extends T> S save(S entity) {
    requireEntity(entity);
    List<S> one = List.of(entity);
    boolean[] absent = absentIds(one);
    return write(tr -> withIds(tr, one, absent).thenCompose(saved -> store.save(tr, saved.get(0)).thenApply(v -> saved.get(0))));
  }

  /** Saves every entity in one transaction (null ids assigned as {@link #save} does); returns them in the order given. */
  public <S extends T> List<S> saveAll(List<S> entities) {
    entities.forEach(this::requireEntity);
    boolean[] absent = absentIds(entities);
    return write(tr -> withIds(tr, entities, absent).thenCompose(saved -> store.saveAll(tr, saved).thenApply(v -> saved)));
  }

  /**
   * Inserts {@code entity} (a null id assigned as {@link #save} does); an {@link EntityExistsException} when its id (or a
   * unique value) is already stored.
   */
  public <S extends T> S insert(S entity) {
    return insertAll(List.of(entity)).get(0);
  }

  /** Inserts every entity in one transaction: none is written when one already exists. */
  public <S extends T> List<S> insertAll(List<S> entities) {
    entities.forEach(this::requireEntity);
    boolean[] absent = absentIds(entities);
    try {
      return write(tr -> withIds(tr, entities, absent).thenCompose(saved -> each(saved, e -> store.exists(tr, attributes.id(e))
          .thenCompose(exists -> {
            if (exists) {
              throw new EntityExistsException(attributes.entity() + " with id " + attributes.id(e)
                  + " already exists; use @Save or @Update to replace it");
            }
            return store.save(tr, e);
          })).thenApply(v -> saved)));
    } catch (UniqueConstraintException e) {
      throw new EntityExistsException(e.getMessage(), e);
    }
  }

  /** Which of {@code entities} have a null id, read before the transaction's first attempt. */
  private boolean[] absentIds(List<? extends T> entities) {
    boolean[] absent = new boolean[entities.size()];
    for (int i = 0; i < absent.length; i++) {
      absent[i] = attributes.id(entities.get(i)) == null;
    }
    return absent;
  }

  /**
   * {@code entities} as one attempt of a write transaction stores them: each one {@code absent} marks gets a fresh id
   * from the store ({@link EntityStore#assignId}), drawn again on every attempt (an id set in place by an attempt that
   * conflicted is not kept). When the store assigns no ids (an {@code int} or {@code byte[]} id), the entities are left
   * as they are and the save rejects the null id. A subclass instance of an entity built through its constructor comes
   * back as the entity class itself.
   */
  @SuppressWarnings("unchecked")
  private <S extends T> CompletableFuture<List<S>> withIds(Transaction tr, List<S> entities, boolean[] absent) {
    List<S> out = new ArrayList<>(entities);
    Set<Object> drawn = new java.util.HashSet<>();
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (int i = 0; i < absent.length; i++) {
      if (absent[i] && store.assignsIds()) {
        int at = i;
        chain = chain.thenCompose(v -> store.assignId(tr, entities.get(at), drawn)).thenAccept(e -> out.set(at, (S) e));
      }
    }
    return chain.thenApply(v -> out);
  }

  /** Replaces a stored {@code entity}; an {@link OptimisticLockingFailureException} when it is not stored. */
  public <S extends T> S update(S entity) {
    updateAll(List.of(entity));
    return entity;
  }

  /** Replaces every entity in one transaction: none is written when one is missing. */
  public <S extends T> List<S> updateAll(List<S> entities) {
    entities.forEach(this::requireEntity);
    write(tr -> each(entities, e -> store.exists(tr, attributes.id(e)).thenCompose(exists -> {
      if (!exists) {
        throw missing(e, "update");
      }
      return store.save(tr, e);
    })));
    return entities;
  }

  /** Deletes a stored {@code entity}; an {@link OptimisticLockingFailureException} when it is not stored. */
  public void delete(T entity) {
    deleteAll(List.of(entity));
  }

  /** Deletes every entity in one transaction: none is deleted when one is missing. */
  public void deleteAll(List<? extends T> entities) {
    entities.forEach(this::requireEntity);
    write(tr -> each(entities, e -> store.delete(tr, attributes.id(e)).thenApply(deleted -> {
      if (!deleted) {
        throw missing(e, "delete");
      }
      return null;
    })));
  }

  /** Deletes the entity with this id, if stored (the specification's {@code deleteById} is silent otherwise). */
  public void deleteById(Object id) {
    requireId(id);
    write(tr -> store.delete(tr, id));
  }

  /**
   * Deletes every candidate {@code where} accepts; returns how many. The matches are found in read transactions, then
   * deleted in batches of at most {@value #BATCH} entities and about {@value #BATCH_BYTES} bytes written, each batch one
   * transaction that reads the rows again and deletes those that still match: a delete of any size stays within
   * FoundationDB's transaction limits, each batch is all or nothing, and an entity another client changed in between is
   * judged on its new state.
   */
  public long delete(Predicate<? super T> where, Candidates<T> candidates) {
    return inBatches(where, candidates, (tr, e) -> store.delete(tr, attributes.id(e)));
  }

  /**
   * Applies {@code change} to every candidate {@code where} accepts and saves it; returns how many. Batched as
   * {@link #delete(Predicate, Candidates)} is, by count and by bytes, so rows of any size a save accepts go through
   * however many match: an entity is changed once however its change moves it among the candidates (the ids to change
   * are known before the first write).
   */
  public long update(Predicate<? super T> where, Candidates<T> candidates, UnaryOperator<T> change) {
    return inBatches(where, candidates, (tr, e) -> {
      T next = change.apply(e);
      if (!Objects.equals(attributes.id(next), attributes.id(e))) {
        throw new DataException("an UPDATE of " + attributes.entity() + " cannot change its id " + attributes.id(e));
      }
      return store.save(tr, next);
    });
  }

  /** What one batch of {@link #inBatches} did: how many of its ids it got through, how many entities it changed. */
  private record Batch(int taken, long changed) {}

  /**
   * The ids of the matches, then {@code step} on each of them that still matches, one transaction per batch: a batch
   * takes up to {@value #BATCH} ids and ends early, after the entity that brings what the transaction writes to
   * {@value #BATCH_BYTES} bytes ({@code getApproximateSize}, the size FoundationDB checks against its 10,000,000-byte
   * limit), so that a batch of wide rows commits; the next batch starts with the id after it.
   */
  private long inBatches(Predicate<? super T> where, Candidates<T> candidates, BiFunction<Transaction, T, CompletableFuture<?>> step) {
    List<Object> ids = matching(where, candidates).stream().map(attributes::id).toList();
    long done = 0;
    for (int from = 0; from < ids.size(); ) {
      List<Object> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
      Batch b = write(tr -> store.loadAll(tr, batch).thenCompose(rows -> batch(tr, batch, rows, where, step)));
      from += b.taken();
      done += b.changed();
    }
    return done;
  }

  /** {@code step} on each of {@code rows} (the stored ones of {@code ids}, in their order) that matches, up to the bytes' bound. */
  private CompletableFuture<Batch> batch(Transaction tr, List<Object> ids, List<T> rows, Predicate<? super T> where,
      BiFunction<Transaction, T, CompletableFuture<?>> step) {
    int[] at = {0};
    long[] changed = {0};
    boolean[] full = {false};
    return each(rows, row -> {
      if (full[0]) {
        return CompletableFuture.completedFuture(null);
      }
      at[0]++;
      if (!where.test(row)) {
        return CompletableFuture.completedFuture(null);
      }
      changed[0]++;
      return step.apply(tr, row).thenCompose(v -> tr.getApproximateSize()).thenAccept(size -> full[0] = size >= BATCH_BYTES);
    }).thenApply(v -> new Batch(at[0] == rows.size() ? ids.size() : indexOf(ids, attributes.id(rows.get(at[0]))), changed[0]));
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

  /** The elements of an {@code Iterable} lifecycle parameter, as a list. */
  public static <E> List<E> list(Iterable<E> entities) {
    List<E> out = new ArrayList<>();
    entities.forEach(out::add);
    return out;
  }

  private static <E> CompletableFuture<Void> each(List<E> items, Function<E, CompletableFuture<?>> step) {
    CompletableFuture<?> chain = CompletableFuture.completedFuture(null);
    for (E item : items) {
      chain = chain.thenCompose(v -> step.apply(item));
    }
    return chain.thenApply(v -> null);
  }

  private OptimisticLockingFailureException missing(T entity, String what) {
    return new OptimisticLockingFailureException("cannot " + what + " " + attributes.entity() + " with id "
        + attributes.id(entity) + ": it is not stored (deleted, or never inserted)");
  }

  private void requireEntity(Object entity) {
    Objects.requireNonNull(entity, () -> "a null " + attributes.entity() + " cannot be stored");
  }

  private void requireId(Object id) {
    Objects.requireNonNull(id, () -> "the id of " + attributes.entity() + " must not be null");
  }

  private <R> R read(Function<ReadTransaction, CompletableFuture<R>> body) {
    try {
      return Blocking.call(() -> db.readAsync(body).join());
    } catch (RuntimeException e) {
      throw translate(e);
    }
  }

  private <R> R write(Function<Transaction, CompletableFuture<R>> body) {
    try {
      return Blocking.call(() -> db.runAsync(body).join());
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
  public static RuntimeException translate(RuntimeException e) {
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
