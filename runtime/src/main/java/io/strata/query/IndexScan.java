package io.strata.query;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.index.IndexStates;
import io.strata.query.ScanBounds.KeyRange;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.IndexDefinition;
import io.strata.row.Paging;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One planned read of an index, as a declared repository method runs it: equality values for the leading
 * index fields ({@link #equal}, or several alternatives with {@link #in}), at most one range on the next field,
 * a direction and a limit. Every alternative of an {@code In} is its own range read of at most {@code limit}
 * keys; the reads run concurrently and are merged in index order of the fields after the equality prefix (or,
 * with {@link #inKeyOrder()}, of the whole key), so a top-N over several values reads at most N keys per value.
 *
 * <p>A scan is built per call (it is not thread-safe) and read once with one of the terminal methods inside
 * the caller's transaction. Element arguments are tuple elements as stored (see {@link Elements}); a
 * decimal range bound is the nested tuple {@link Elements#ofBigDecimalBound} returns. Which keys it reads is
 * {@link ScanBounds}'; what its entries hold, {@link IndexEntries}'.
 *
 * @param <T> the entity
 */
public final class IndexScan<T> {
  private final EntityStore<T> store;
  private final IndexDefinition index;
  private final ScanBounds bounds;
  private final IndexEntries<T> entries;
  private boolean reverse;
  private int limit = Integer.MAX_VALUE;
  private boolean keyOrder;
  private Predicate<T> filter;
  private byte[] call = new byte[0];
  private MappedRows<T> mapped;

  private IndexScan(EntityStore<T> store, String indexName) {
    this.store = store;
    this.index = store.layout().index(indexName);
    Subspace space = index.unique() ? store.layout().unique(index) : store.layout().index(index);
    this.bounds = new ScanBounds(store.layout().entityName(), index, space);
    this.entries = new IndexEntries<>(store, index, space);
  }

  /** A scan of the named index of {@code store}'s entity. */
  public static <T> IndexScan<T> of(EntityStore<T> store, String indexName) {
    return new IndexScan<>(store, indexName);
  }

  /** The next index field equals {@code element}. */
  public IndexScan<T> equal(Object element) {
    bounds.in(List.of(bounds.require(element)));
    return this;
  }

  /**
   * The next index field equals the element of one of {@code values} (duplicates ignored); none at all
   * matches nothing. A null collection or value is rejected, naming the field.
   */
  public <V> IndexScan<T> in(Collection<V> values, Function<V, ?> element) {
    bounds.in(values, element);
    return this;
  }

  /**
   * The next index field, a decimal, equals one of {@code values} at any scale ({@code 1.5} and {@code 1.50}, as
   * {@link BigDecimal#compareTo} says): each value the range of keys from its bound ({@link Elements#ofBigDecimalBound},
   * which sorts before every scale of it) to past every key that starts with it, merged as {@link #in} alternatives are
   * (a value given at two scales is read once). Nothing may constrain the scan after it, nor position it: a value's keys
   * hold its scale before the later fields. A null collection or value is rejected, naming the field.
   */
  public IndexScan<T> inEveryScale(Collection<BigDecimal> values) {
    bounds.inEveryScale(values);
    return this;
  }

  /** The field after the equality prefix is at least (or, not {@code inclusive}, above) {@code element}. */
  public IndexScan<T> from(Object element, boolean inclusive) {
    bounds.from(element, inclusive);
    return this;
  }

  /** The field after the equality prefix is at most (or, not {@code inclusive}, below) {@code element}. */
  public IndexScan<T> to(Object element, boolean inclusive) {
    bounds.to(element, inclusive);
    return this;
  }

  /** The String field after the equality prefix starts with {@code prefix}: a range over the tuple encoding. */
  public IndexScan<T> startingWith(String prefix) {
    bounds.startingWith(prefix);
    return this;
  }

  /**
   * Reads only the entries after {@code position} in scan order (before it when the scan is {@link #reverse reversed}):
   * {@code position} holds values of the index fields after the equality prefix, in index order, and may end early or
   * go on to the id (the last element of a plain index's key). An entry whose key starts with those values is left out
   * too, so a position of the values alone skips every entry that holds them. With {@code In} alternatives, each
   * resumes at its own prefix followed by {@code position}; merged {@link #inKeyOrder}, the position starts instead with
   * a value of the last equality field (the {@code In} field the order begins with) and is a position in the whole key:
   * an alternative before it is read from none of its keys, one after it from all. This is a keyset position built from values the caller
   * holds (a Jakarta Data cursor); a {@link Continuation} from {@link #page} resumes after a key the scan read.
   */
  public IndexScan<T> after(Tuple position) {
    bounds.position(position, false);
    return this;
  }

  /**
   * Reads only the entries at or after {@code position} in scan order: as {@link #after}, but an entry whose key starts
   * with the position's values is read too. With {@link #after} on the same position read the other way, it splits the
   * index between two reads that together hold every entry once (a Jakarta Data cursor's page, and the entries on the
   * cursor's other side).
   */
  public IndexScan<T> atOrAfter(Tuple position) {
    bounds.position(position, true);
    return this;
  }

  /** Binds this scan's continuations to one call of a query method ({@link QueryResults#query}). */
  public IndexScan<T> boundTo(byte[] query) {
    call = query.clone();
    return this;
  }

  /** Reads a plain index's entries and rows through {@code rows}, whose mappers outlive this scan ({@link #mappable}). */
  IndexScan<T> through(MappedRows<T> rows) {
    mapped = rows;
    return this;
  }

  /** Reads the index backwards (a {@code Desc} order). */
  public IndexScan<T> reverse() {
    reverse = true;
    return this;
  }

  /** Returns at most {@code n} results. */
  public IndexScan<T> limit(int n) {
    limit = n;
    return this;
  }

  /** Merges {@code In} alternatives in order of the whole key (an {@code OrderBy} on an {@code In} field). */
  public IndexScan<T> inKeyOrder() {
    bounds.requireNotEveryScale("a whole-key order");
    keyOrder = true;
    return this;
  }

  /** Keeps only entities {@code test} accepts ({@code @AllowFiltering}): rows are read, the limit applies after it. */
  public IndexScan<T> filter(Predicate<T> test) {
    filter = test;
    return this;
  }

  /** The ranges to read, in key order ({@link ScanBounds#ranges}). */
  private List<KeyRange> ranges() {
    return bounds.ranges(reverse, keyOrder);
  }

  /** What a continuation of this scan is bound to: its index, arguments and direction, through its ranges. */
  private byte[] fingerprint(List<KeyRange> ranges) {
    List<byte[]> parts = new ArrayList<>();
    parts.add(new byte[] {(byte) (reverse ? 1 : 0), (byte) (keyOrder ? 1 : 0), (byte) (filter == null ? 0 : 1)});
    parts.add(call);
    ranges.forEach(r -> {
      parts.add(r.begin());
      parts.add(r.end());
    });
    return ByteArrayUtil.join(new byte[] {1}, parts);
  }

  /** One index key read, with the range it came from. */
  private record Hit(KeyValue kv, int prefixLength) {}

  /**
   * The scan order of hits from several ranges: the whole key's in key order, else {@link ScanBounds#compareFrom}'s;
   * a hit's key is where a page resumes after it, and also tells which alternative it came from.
   */
  private Comparator<Hit> order() {
    Comparator<Hit> c = keyOrder
        ? (a, b) -> ByteArrayUtil.compareUnsigned(a.kv().getKey(), b.kv().getKey())
        : (a, b) -> ScanBounds.compareFrom(a.kv().getKey(), a.prefixLength(), b.kv().getKey(), b.prefixLength());
    return reverse ? c.reversed() : c;
  }

  /** Reads at most {@code perRange} keys of every range (0: all) concurrently and merges them in scan order. */
  private CompletableFuture<List<Hit>> read(ReadTransaction tr, List<KeyRange> ranges, int perRange) {
    return store.states().requireReady(tr, IndexStates.INDEX, index.name()).thenCompose(ready -> {
      List<CompletableFuture<List<Hit>>> reads = new ArrayList<>(ranges.size());
      for (KeyRange r : ranges) {
        if (r.isEmpty()) {
          continue;
        }
        reads.add(tr.getRange(r.begin(), r.end(), perRange, reverse).asList()
            .thenApply(kvs -> kvs.stream().map(kv -> new Hit(kv, r.prefixLength())).toList()));
      }
      return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(v -> {
        List<Hit> all = new ArrayList<>();
        reads.forEach(r -> all.addAll(r.join()));
        if (reads.size() > 1) {
          all.sort(order());
        }
        return all;
      });
    });
  }

  private int perRange() {
    return limit == Integer.MAX_VALUE ? 0 : limit;
  }

  private static <X> List<X> first(List<X> items, int n) {
    return items.size() > n ? items.subList(0, n) : items;
  }

  /** The entities of {@code hits}, in their order ({@link IndexEntries#entities}). */
  private CompletableFuture<List<T>> entities(ReadTransaction tr, List<Hit> hits) {
    return entries.entities(tr, hits.stream().map(Hit::kv).toList());
  }

  /** The entity of each of {@code hits}, in their order, null where its row is missing (so each stays beside its entry). */
  private CompletableFuture<List<T>> aligned(ReadTransaction tr, List<Hit> hits) {
    List<CompletableFuture<List<T>>> rows = hits.stream().map(h -> entities(tr, List.of(h))).toList();
    return CompletableFuture.allOf(rows.toArray(CompletableFuture[]::new))
        .thenApply(v -> rows.stream().map(r -> r.join().isEmpty() ? null : r.join().get(0)).toList());
  }

  /**
   * Whether {@code ranges} can be read with their rows by one mapped range read where FoundationDB allows it (see
   * {@link MappedRows}, which falls back to the entries, then the rows): one range of a plain index, either direction.
   */
  private boolean mappable(List<KeyRange> ranges) {
    return ranges.size() == 1 && !index.unique() && !index.covering();
  }

  private MappedRows<T> mapped() {
    return mapped == null ? (mapped = new MappedRows<>(store)) : mapped;
  }

  /**
   * Up to {@code perRange} entries of {@code range} (0: all) and the entities of the first {@code resolve}, each beside
   * its entry (null for a missing row): through one mapped range read where eligible, else the entries, then the rows.
   */
  private CompletableFuture<MappedRows.Entries<T>> resolved(ReadTransaction tr, KeyRange range, int perRange, int resolve) {
    return store.states().requireReady(tr, IndexStates.INDEX, index.name()).thenCompose(ready -> mapped().read(tr, index,
        range.begin(), range.end(), perRange, reverse, () -> tr.getRange(range.begin(), range.end(), perRange, reverse).asList().thenCompose(kvs -> {
          List<Hit> hits = kvs.stream().map(kv -> new Hit(kv, range.prefixLength())).toList();
          return aligned(tr, first(hits, resolve)).thenApply(list -> new MappedRows.Entries<>(kvs, list));
        })));
  }

  /** The matching entities in scan order, at most the limit; with a filter, read by {@link CandidateReads}' loop. */
  public CompletableFuture<List<T>> entities(ReadTransaction tr) {
    if (filter != null) {
      return CandidateReads.first(tr, store, e -> true, candidates(), limit);
    }
    List<KeyRange> ranges = ranges();
    if (mappable(ranges)) {
      return resolved(tr, ranges.get(0), perRange(), limit).thenApply(e -> e.first(limit));
    }
    return read(tr, ranges, perRange()).thenCompose(hits -> entities(tr, first(hits, limit)));
  }

  /** The matching entries as {@code (v1, ..., vn, id)} tuples in scan order, at most the limit: no row reads. */
  public CompletableFuture<List<Tuple>> keys(ReadTransaction tr) {
    requireNoFilter("keys");
    return read(tr, ranges(), perRange()).thenApply(hits -> first(hits, limit).stream().map(h -> entries.values(h.kv())).toList());
  }

  /** How many entities match (reads the index keys; rows too when filtering). */
  public CompletableFuture<Long> count(ReadTransaction tr) {
    if (filter != null) {
      return entities(tr).thenApply(items -> (long) items.size());
    }
    return read(tr, ranges(), perRange()).thenApply(hits -> (long) Math.min(hits.size(), limit));
  }

  /** Whether any entity matches: at most one key per range; when filtering, entries and rows until one passes. */
  public CompletableFuture<Boolean> exists(ReadTransaction tr) {
    if (filter != null) {
      return CandidateReads.first(tr, store, e -> true, candidates(), 1).thenApply(items -> !items.isEmpty());
    }
    return read(tr, ranges(), 1).thenApply(hits -> !hits.isEmpty());
  }

  /** Deletes every matching entity (at most the limit) with its index entries; returns how many. */
  public CompletableFuture<Long> delete(Transaction tr) {
    CompletableFuture<List<Object>> ids = filter == null
        ? keys(tr).thenApply(keys -> keys.stream().map(IndexEntries::id).toList())
        : entities(tr).thenApply(items -> items.stream().map(e -> store.layout().codec().toElements(e)[store.layout().codec().idIndex()]).toList());
    return ids.thenCompose(list -> QueryResults.delete(tr, store, list));
  }

  /**
   * One page of the matching entities: at most {@code pageLimit}; {@code after} (null for the first page)
   * continues where the previous page of the same method and arguments stopped, in any transaction.
   * When filtering, each page reads the rest of the ranges' keys and the rows it needs.
   */
  public CompletableFuture<Page<T>> page(ReadTransaction tr, int pageLimit, Continuation after) {
    return page(tr, pageLimit, after, false);
  }

  /**
   * One batch of a read its caller stops by itself (a stream, or a limit the caller counts): as {@link #page}, but it
   * reads {@code size} entries, not one more to tell whether a page is the last, so its continuation is present
   * whenever the batch is full, and the batch after it may be empty. A limit of five on an index order reads five
   * entries and their rows, in one mapped range read where FoundationDB allows it.
   */
  public CompletableFuture<Page<T>> batch(ReadTransaction tr, int size, Continuation after) {
    return page(tr, size, after, true);
  }

  /**
   * This scan's entities as the {@link Candidates} of a read (it reads its own store): each batch reads {@code size}
   * entries and their rows ({@link #batch}), and keeps those the {@link #filter} accepts, if any.
   */
  public Candidates<T> candidates() {
    return filter == null ? (ignored, tr, size, after) -> batch(tr, size, after) : (ignored, tr, size, after) -> {
      List<KeyRange> ranges = ranges();
      byte[] query = fingerprint(ranges);
      return filteredPage(tr, resumed(ranges, query, after), query, Integer.MAX_VALUE, size, new ArrayList<>(), size, null);
    };
  }

  /** {@link #page}, or with {@code exact} {@link #batch}. */
  private CompletableFuture<Page<T>> page(ReadTransaction tr, int pageLimit, Continuation after, boolean exact) {
    List<KeyRange> ranges = ranges();
    if (filter == null && mappable(ranges)) {
      return mappedPage(tr, ranges, pageLimit, after, exact);
    }
    if (filter == null) {
      return hitPage(tr, ranges, pageLimit, after, exact, hits -> entities(tr, hits));
    }
    Paging.checkLimit(pageLimit);
    byte[] query = fingerprint(ranges);
    int batch = (int) Math.min(FILTER_MAX_BATCH, Paging.withOneMore(pageLimit));
    return filteredPage(tr, resumed(ranges, query, after), query, pageLimit, batch, new ArrayList<>(), FILTER_BUDGET, null);
  }

  /**
   * Entries a filtered page examines (with their rows) before it returns: a filter that matches little
   * never reads a whole range in one transaction. The page is then short, or empty, with a continuation.
   */
  static final int FILTER_BUDGET = 2_000;
  private static final int FILTER_MAX_BATCH = 500;

  /**
   * Reads {@code batch} entries after {@code ranges}' starts with their rows (one mapped range read where eligible), filters, goes
   * on with twice as many, until the page and one more match, the end, or {@code budget} more examined.
   */
  private CompletableFuture<Page<T>> filteredPage(ReadTransaction tr, List<KeyRange> ranges, byte[] query, int pageLimit, int batch,
      List<T> kept, int budget, byte[] previous) {
    CompletableFuture<MappedRows.Entries<T>> read = mappable(ranges) ? resolved(tr, ranges.get(0), batch, batch)
        : read(tr, ranges, batch).thenCompose(hits -> aligned(tr, first(hits, batch))
            .thenApply(rows -> new MappedRows.Entries<>(hits.stream().map(Hit::kv).toList(), rows)));
    return read.thenCompose(examined -> {
      int taken = Math.min(batch, examined.entries().size());
      byte[] last = previous;
      for (int i = 0; i < taken; i++) {
        T row = examined.entities().get(i);
        if (row != null && filter.test(row)) {
          if (kept.size() == pageLimit) {
            return CompletableFuture.completedFuture(new Page<>(kept, Optional.of(Continuation.of(query, last))));
          }
          kept.add(row);
        }
        last = examined.entries().get(i).getKey();
      }
      if (examined.entries().size() < batch) {
        return CompletableFuture.completedFuture(new Page<>(kept, Optional.<Continuation>empty()));
      }
      if (taken >= budget) {
        return CompletableFuture.completedFuture(new Page<>(kept, Optional.of(Continuation.of(query, last))));
      }
      return filteredPage(tr, ScanBounds.resumed(ranges, last, reverse, keyOrder), query, pageLimit, Math.min(FILTER_MAX_BATCH, 2 * batch), kept,
          budget - taken, last);
    });
  }

  /** {@link #page} through one mapped range read of entries and rows (see {@link #through}). */
  private CompletableFuture<Page<T>> mappedPage(ReadTransaction tr, List<KeyRange> ranges, int pageLimit, Continuation after,
      boolean exact) {
    Paging.checkLimit(pageLimit);
    byte[] query = fingerprint(ranges);
    KeyRange range = resumed(ranges, query, after).get(0);
    if (range.isEmpty()) {
      return CompletableFuture.completedFuture(new Page<>(List.of(), Optional.empty()));
    }
    return resolved(tr, range, exact ? pageLimit : Paging.withOneMore(pageLimit), pageLimit).thenApply(e -> {
      Optional<Continuation> next = e.entries().size() > pageLimit || exact && e.entries().size() == pageLimit
          ? Optional.of(Continuation.of(query, e.entries().get(pageLimit - 1).getKey()))
          : Optional.empty();
      return new Page<>(e.first(pageLimit), next);
    });
  }

  /** {@link #page} of {@code (v1, ..., vn, id)} tuples: index keys only, no row reads. */
  public CompletableFuture<Page<Tuple>> keyPage(ReadTransaction tr, int pageLimit, Continuation after) {
    requireNoFilter("keyPage");
    return hitPage(tr, ranges(), pageLimit, after, false, hits -> CompletableFuture.completedFuture(hits.stream().map(h -> entries.values(h.kv())).toList()));
  }

  /** {@code ranges} narrowed to what follows {@code after} (null: all of them). */
  private List<KeyRange> resumed(List<KeyRange> ranges, byte[] query, Continuation after) {
    if (after == null) {
      return ranges;
    }
    return ScanBounds.resumed(ranges, after.resumeKeyFor(query), reverse, keyOrder);
  }

  private <X> CompletableFuture<Page<X>> hitPage(ReadTransaction tr, List<KeyRange> ranges, int pageLimit, Continuation after,
      boolean exact, Function<List<Hit>, CompletableFuture<List<X>>> convert) {
    Paging.checkLimit(pageLimit);
    byte[] query = fingerprint(ranges);
    return read(tr, resumed(ranges, query, after), exact ? pageLimit : Paging.withOneMore(pageLimit)).thenCompose(hits -> {
      List<Hit> items = first(hits, pageLimit);
      Optional<Continuation> next = hits.size() > pageLimit || exact && hits.size() == pageLimit
          ? Optional.of(Continuation.of(query, items.get(items.size() - 1).kv().getKey()))
          : Optional.empty();
      return convert.apply(items).thenApply(list -> new Page<>(list, next));
    });
  }

  private void requireNoFilter(String what) {
    if (filter != null) {
      throw new IllegalStateException(what + " reads index keys only and cannot apply a row filter");
    }
  }
}
