package io.strata.jakarta.data;

import io.strata.query.CandidateReads;
import io.strata.query.Candidates;
import io.strata.query.Candidates.Keys;
import io.strata.query.SharedReadVersion;
import io.strata.query.UnionPages;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The reads of a generated Jakarta Data repository in a sort order, behind {@link DataStore}'s {@code first},
 * ordered {@code stream}, {@code page} and {@code cursoredPage}: in the order of an index that serves the sort
 * ({@link IndexOrder}), reading keys only as far as the limit, page or cursor needs (ties on the sort's properties
 * sorted by id in runs), or else every candidate read and sorted in memory ({@link ResultPages}).
 *
 * @param <T> the entity
 */
final class OrderedReads<T> {
  private final DataStore<T> data;
  private final CandidateReads<T> core;
  private final Attributes<T> attributes;

  OrderedReads(DataStore<T> data, CandidateReads<T> reads, Attributes<T> attributes) {
    this.data = data;
    this.core = reads;
    this.attributes = attributes;
  }

  /**
   * The first {@code n} candidates {@code where} accepts under {@code order} (then the id), sorted. When one of
   * {@code orders} serves {@code order} ({@link IndexOrder#match}), its index is read in that order only until the
   * {@code n}-th match and the matches that tie with it on {@code order}'s properties (sorted by id in memory), the first
   * read asking for {@code n} keys when the order is the keys' own ({@link IndexOrder.Reading#total}: ties decided on the
   * keys, none to look past), else {@code n + 1}; else every candidate is read and sorted in memory, and all of them are returned
   * (the caller applies its limit).
   */
  List<T> first(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order, long n) {
    if (n <= 0) {
      return List.of();
    }
    Optional<IndexOrder.Reading<T>> served = served(orders, order);
    if (served.isEmpty()) {
      return data.sorted(where, candidates, order);
    }
    return inIndexOrder(where, served.get(), order, false, null, served.get().total() ? n : n + 1).limit(n).toList();
  }

  /**
   * The candidates {@code where} accepts, sorted by {@code order} (then the id), as a stream: read lazily in the order
   * of the first of {@code orders} that serves {@code order} (one read transaction per batch of keys as the stream is
   * consumed, each run of matches that tie on {@code order}'s properties sorted by id), else every candidate read and
   * sorted in memory first.
   */
  Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders,
      List<? extends Sort<? super T>> order) {
    return served(orders, order).map(s -> inIndexOrder(where, s, order, false, null, CandidateReads.BATCH))
        .orElseGet(() -> data.sorted(where, candidates, order).stream());
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
   * double up to {@value CandidateReads#BATCH}. Matches that tie on {@code order}'s properties come in key order, and each run of them
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
   * earlier branch's condition matches. Batches start at {@code expected} keys and double up to {@value CandidateReads#BATCH},
   * each in its own read transaction, all of them (every branch's) at one read version ({@link SharedReadVersion}).
   */
  private Stream<T> inKeyOrder(Predicate<? super T> where, IndexOrder.Reading<T> served, List<? extends Sort<? super T>> order,
      boolean opposite, List<IndexOrder.Position> positions, boolean otherSide, long expected) {
    List<Stream<T>> reads = new ArrayList<>();
    SharedReadVersion version = new SharedReadVersion();
    for (int i = 0; i < served.indexes().size(); i++) {
      IndexOrder.Position p = positions == null ? null : positions.get(i);
      Candidates<T> candidates = served.indexes().get(i).candidates(served.matches().get(i).descending() != opposite,
          p == null ? null : p.values(), p != null && p.at() != otherSide);
      Stream<T> read = CandidateReads.batches((int) Math.min(CandidateReads.BATCH, Math.max(1, expected)),
          (size, from) -> core.read(version, tr -> candidates.read(core.store(), tr, size, from))).filter(where);
      reads.add(served.conditions().isEmpty() ? read : UnionPages.skippingEarlier(read, served.conditions(), i));
    }
    if (reads.size() == 1) {
      return reads.get(0);
    }
    List<? extends Sort<? super T>> direction = opposite ? Attributes.reversed(order) : order;
    Comparator<List<?>> keys = attributes.keyOrder(direction);
    return UnionPages.merged(reads, (a, b) -> keys.compare(attributes.key(a, direction), attributes.key(b, direction)));
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
   * The offset page {@code request} asks for. When one of {@code orders} serves {@code order} (then the id), its index is
   * read in that order only up to one past the page's end (and the ties there, see {@link #first}); the totals, when
   * asked for, are counted when first asked ({@link #total}). Without an index order, or for a request that is not an
   * offset one, every candidate is read and paged in memory.
   */
  jakarta.data.page.Page<T> page(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order, PageRequest request) {
    Optional<IndexOrder.Reading<T>> served = served(orders, order);
    if (request.mode() != PageRequest.Mode.OFFSET || served.isEmpty()) {
      return ResultPages.page(attributes, order, core.matching(where, candidates), request);
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
      return () -> core.count(where, candidates, keys);
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
  CursoredPage<T> cursoredPage(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<? extends Sort<? super T>> order, PageRequest request) {
    Optional<IndexOrder.Reading<T>> served = served(orders, order);
    boolean offset = request.mode() == PageRequest.Mode.OFFSET;
    boolean before = request.mode() == PageRequest.Mode.CURSOR_PREVIOUS;
    Optional<List<IndexOrder.Position>> position = served.isEmpty() || offset ? Optional.empty()
        : positions(served.get(), order, ResultPages.cursor(request, order), before);
    if (served.isEmpty() || (!offset && position.isEmpty())) {
      return ResultPages.cursoredPage(attributes, order, core.matching(where, candidates), request);
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
        inKeyOrder(where, served.get(), order, !before, position.get(), true, CandidateReads.BATCH));
    BooleanSupplier otherSide = () -> inKeyOrder(where, served.get(), order, !before, position.get(), true, 1).findAny().isPresent();
    return LazyPage.cursored(page, request.requestTotal() ? total : null, before ? otherSide : null, before ? null : otherSide);
  }

}
