package io.strata.query;

import io.strata.query.Candidates.Keys;
import io.strata.query.model.SortKey;
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
 * The reads of a generated repository in a sort order (the query model's {@link SortKey}s, then the id:
 * {@link ResultOrder#total}): in the order of an index that serves the sort ({@link IndexOrder}), reading keys only as
 * far as the limit, page or cursor needs (ties on the sort's properties sorted by id in runs), or else every candidate
 * read and sorted in memory ({@link ResultOrder#sorted}). The dialect's edge turns its own sorts into sort keys and
 * these reads into its pages (Jakarta Data's {@code DataStore}).
 *
 * @param <T> the entity
 */
public final class OrderedReads<T> {
  private final CandidateReads<T> core;
  private final ResultOrder<T> order;

  /** Ordered reads of {@code reads}' store, results compared as {@code order} compares them. */
  public OrderedReads(CandidateReads<T> reads, ResultOrder<T> order) {
    this.core = reads;
    this.order = order;
  }

  /**
   * The first {@code n} candidates {@code where} accepts under {@code sort} (then the id), sorted. When one of
   * {@code orders} serves {@code sort} ({@link IndexOrder#match}), its index is read in that order only until the
   * {@code n}-th match and the matches that tie with it on {@code sort}'s properties (sorted by id in memory), the first
   * read asking for {@code n} keys when the order is the keys' own ({@link IndexOrder.Reading#total}: ties decided on the
   * keys, none to look past), else {@code n + 1}; else every candidate is read and sorted in memory, and all of them are
   * returned (the caller applies its limit). With no sort at all, the first {@code n} matches in the order the
   * candidates come in ({@link CandidateReads#some}: an index's keys, ids as given, every row by id, an {@code Or}'s
   * branches in turn), the first read asking for {@code n}: nothing is sorted, so nothing past them is read.
   */
  public List<T> first(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders, List<SortKey> sort,
      long n) {
    if (n <= 0) {
      return List.of();
    }
    if (sort.isEmpty()) {
      return core.some(where, candidates, n);
    }
    Optional<IndexOrder.Reading<T>> served = served(orders, sort);
    if (served.isEmpty()) {
      return sorted(where, candidates, sort);
    }
    return inIndexOrder(where, served.get(), sort, false, null, served.get().total() ? n : n + 1).limit(n).toList();
  }

  /**
   * The candidates {@code where} accepts, sorted by {@code sort} (then the id), as a stream: read lazily in the order
   * of the first of {@code orders} that serves {@code sort} (one read transaction per batch of keys as the stream is
   * consumed, each run of matches that tie on {@code sort}'s properties sorted by id), else every candidate read and
   * sorted in memory first.
   */
  public Stream<T> stream(Predicate<? super T> where, Candidates<T> candidates, List<IndexOrder<T>> orders, List<SortKey> sort) {
    return served(orders, sort).map(s -> inIndexOrder(where, s, sort, false, null, CandidateReads.BATCH))
        .orElseGet(() -> sorted(where, candidates, sort).stream());
  }

  /** The candidates {@code where} accepts, every one read, sorted by {@code sort} and then by id. */
  public List<T> sorted(Predicate<? super T> where, Candidates<T> candidates, List<SortKey> sort) {
    return order.sorted(sort, core.matching(where, candidates));
  }

  /**
   * The first results read in an index order, up to {@code upTo} of them, and their total.
   *
   * @param read the first {@code upTo} results in the order (fewer when there are no more)
   * @param total how many results there are in all, counted when first asked ({@link #total})
   */
  public record Read<T>(List<T> read, LongSupplier total) {}

  /**
   * The first {@code upTo} candidates {@code where} accepts in {@code sort} (then the id), read in the order of the
   * first of {@code orders} that serves it up to {@code upTo} (and the ties there, see {@link #first}), for an offset
   * page: {@code upTo} is one past the page's end. With no sort at all, the candidates in the order they come in (as
   * {@link #first} reads them). Empty when no index serves the order (the caller then sorts every candidate in memory).
   */
  public Optional<Read<T>> fromStart(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<SortKey> sort, long upTo) {
    Optional<Stream<T>> ordered = sort.isEmpty() ? Optional.of(core.stream(where, candidates, upTo))
        : served(orders, sort).map(served -> inIndexOrder(where, served, sort, false, null, upTo));
    return ordered.map(stream -> {
      Iterator<T> read = stream.iterator();
      List<T> first = take(read, upTo);
      return new Read<>(first, total(where, candidates, keys, first.size(), read, Stream.empty()));
    });
  }

  /**
   * A page of results next to a cursor, read in an index order.
   *
   * @param content the page's results in the order (then the id)
   * @param more whether results follow the page in the direction it was read (after it, or before it for a page
   *     before a cursor)
   * @param total how many results there are in all, counted when first asked
   * @param otherSide whether results lie on the cursor's other side, found when first asked by reading from the cursor
   *     the other way up to the first match (one key and its row when it matches)
   */
  public record CursorRead<T>(List<T> content, boolean more, LongSupplier total, BooleanSupplier otherSide) {}

  /**
   * The {@code size} results after {@code cursor} (one value per item of {@code sort}), or, {@code before}, before it,
   * when one of {@code orders} serves {@code sort} (then the id): the cursor becomes a position in its index; a page
   * after the cursor reads the index from just after it, in the order's direction, up to one past the page's end (and
   * the ties there); a page before it reads backwards from just before it, then turns the page round. Saves and deletes
   * between two requests never make a page skip or repeat an entity that stayed unchanged, since a page starts from the
   * cursor's values, not a count. A sort on a property the query fixes is compared with the query's value
   * ({@link IndexOrder#position}). Totals are counted when first asked ({@link #total}): on the page's side by reading
   * on, on the cursor's other side by reading it all. Empty without an index order, or for a cursor whose values no key
   * holds (a fraction for an integer property): the caller then pages every candidate in memory.
   */
  public Optional<CursorRead<T>> fromCursor(Predicate<? super T> where, Candidates<T> candidates, Keys<T> keys,
      List<IndexOrder<T>> orders, List<SortKey> sort, List<?> cursor, boolean before, int size) {
    Optional<IndexOrder.Reading<T>> served = served(orders, sort);
    Optional<List<IndexOrder.Position>> position = served.flatMap(s -> positions(s, sort, cursor, before));
    if (position.isEmpty()) {
      return Optional.empty();
    }
    Iterator<T> read = inIndexOrder(where, served.get(), sort, before, position.get(), size + 1L).iterator();
    List<T> taken = take(read, size + 1L);
    List<T> content = new ArrayList<>(taken.subList(0, Math.min(size, taken.size())));
    if (before) {
      Collections.reverse(content);
    }
    LongSupplier total = total(where, candidates, keys, taken.size(), read,
        inKeyOrder(where, served.get(), sort, !before, position.get(), true, CandidateReads.BATCH));
    BooleanSupplier otherSide = () -> inKeyOrder(where, served.get(), sort, !before, position.get(), true, 1).findAny().isPresent();
    return Optional.of(new CursorRead<>(content, taken.size() > size, total, otherSide));
  }

  /** The reading of the first of {@code orders} that serves {@code sort} ({@link IndexOrder#reading}). */
  private Optional<IndexOrder.Reading<T>> served(List<IndexOrder<T>> orders, List<SortKey> sort) {
    for (IndexOrder<T> o : orders) {
      Optional<IndexOrder.Reading<T>> reading = o.reading(sort, order.id());
      if (reading.isPresent()) {
        return reading;
      }
    }
    return Optional.empty();
  }

  /**
   * The candidates {@code where} accepts, read lazily from {@code served}'s indexes in {@code sort} (then the id), or,
   * when {@code opposite}, in the reverse of that order (the page before a cursor); after {@code positions} in the
   * direction read (one per index, see {@link IndexOrder.Position}; null: from the start). Keys are read in batches that
   * start at {@code expected} and double up to {@value CandidateReads#BATCH}. Matches that tie on {@code sort}'s
   * properties come in key order, and each run of them is sorted before it is handed out (reading one match past it),
   * unless the order is the keys' own ({@link IndexOrder.Reading#total}).
   */
  private Stream<T> inIndexOrder(Predicate<? super T> where, IndexOrder.Reading<T> served, List<SortKey> sort,
      boolean opposite, List<IndexOrder.Position> positions, long expected) {
    Stream<T> read = inKeyOrder(where, served, sort, opposite, positions, false, expected);
    if (served.total()) {
      return read;
    }
    return opposite ? order.sortedRuns(read, ResultOrder.reversed(sort), ResultOrder.reversed(order.total(sort)))
        : order.sortedRuns(read, sort, order.total(sort));
  }

  /**
   * The candidates {@code where} accepts, read lazily from {@code served}'s indexes in key order (each backwards when its
   * order is descending, or else when {@code opposite}), from {@code positions} (null: from the start; {@code otherSide}:
   * the rest of the keys, read from the positions the other way), ties in key order: what {@link #inIndexOrder} sorts,
   * and what a count reads. The reads of a union's branches are merged by {@code sort} (reversed when {@code opposite}):
   * when every branch's keys hold that order then the id ({@link IndexOrder.Reading#total}), an entity several branches
   * hold comes from each at the same place, so the merge hands it out once and no branch reads past it (a limit of
   * {@code n} reads at most {@code n} of each branch); else each branch skips the entities an earlier branch's condition
   * matches. Batches start at {@code expected} keys and double
   * up to {@value CandidateReads#BATCH}, each in its own read transaction, all of them (every branch's) at one read
   * version ({@link SharedReadVersion}).
   */
  private Stream<T> inKeyOrder(Predicate<? super T> where, IndexOrder.Reading<T> served, List<SortKey> sort,
      boolean opposite, List<IndexOrder.Position> positions, boolean otherSide, long expected) {
    List<Stream<T>> reads = new ArrayList<>();
    SharedReadVersion version = new SharedReadVersion();
    for (int i = 0; i < served.indexes().size(); i++) {
      IndexOrder.Position p = positions == null ? null : positions.get(i);
      Candidates<T> candidates = served.indexes().get(i).candidates(served.matches().get(i).descending() != opposite,
          p == null ? null : p.values(), p != null && p.at() != otherSide);
      Stream<T> read = core.stream(where, candidates, expected, version);
      reads.add(served.conditions().isEmpty() || served.total() ? read : UnionPages.firstMatchedBy(read, served.conditions(), i));
    }
    if (reads.size() == 1) {
      return reads.get(0);
    }
    List<SortKey> by = served.total() ? order.total(sort) : sort;
    Comparator<T> merge = order.byValues(opposite ? ResultOrder.reversed(by) : by);
    return served.total() ? UnionPages.mergedOnce(reads, merge) : UnionPages.merged(reads, merge);
  }

  /**
   * The cursor's position in each of {@code served}'s indexes for a page after it (or {@code before} it), or empty when
   * some key cannot hold a cursor value ({@link IndexOrder#position}).
   */
  private Optional<List<IndexOrder.Position>> positions(IndexOrder.Reading<T> served, List<SortKey> sort, List<?> cursor,
      boolean before) {
    List<IndexOrder.Position> positions = new ArrayList<>();
    for (IndexOrder<T> index : served.indexes()) {
      Optional<IndexOrder.Position> p = index.position(sort, cursor, before, order);
      if (p.isEmpty()) {
        return Optional.empty();
      }
      positions.add(p.get());
    }
    return Optional.of(positions);
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
}
