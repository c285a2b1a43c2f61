package io.strata.query;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.index.IndexStates;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.IndexDefinition;
import io.strata.row.Paging;
import io.strata.row.StoredData;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * decimal range bound is the nested tuple {@link Elements#ofBigDecimalBound} returns.
 *
 * @param <T> the entity
 */
public final class IndexScan<T> {
  private static final byte[] FF = {(byte) 0xff};
  private static final byte[] ZERO = {0};

  private final EntityStore<T> store;
  private final IndexDefinition index;
  private final Subspace space;
  private List<List<Object>> prefixes = List.of(List.of());
  /** How many index fields the equalities constrain: the prefixes' length, also when an empty {@code In} left none. */
  private int prefixFields;
  /** Whether the last equality field is a decimal read over every scale of each value ({@link #inEveryScale}). */
  private boolean everyScale;
  private byte[] low;
  private byte[] high;
  private Object lowBound;
  private boolean lowInclusive;
  private Object highBound;
  private boolean highInclusive;
  private String startsWith;
  private Tuple position;
  private boolean atPosition;
  private boolean reverse;
  private int limit = Integer.MAX_VALUE;
  private boolean keyOrder;
  private Predicate<T> filter;
  private byte[] call = new byte[0];
  private MappedRows<T> mapped;

  private IndexScan(EntityStore<T> store, String indexName) {
    this.store = store;
    this.index = store.layout().index(indexName);
    this.space = index.unique() ? store.layout().unique(index) : store.layout().index(index);
  }

  /** A scan of the named index of {@code store}'s entity. */
  public static <T> IndexScan<T> of(EntityStore<T> store, String indexName) {
    return new IndexScan<>(store, indexName);
  }

  /** The next index field equals {@code element}. */
  public IndexScan<T> equal(Object element) {
    return in(List.of(require(element)));
  }

  /**
   * The next index field equals the element of one of {@code values} (duplicates ignored); none at all
   * matches nothing. A null collection or value is rejected, naming the field.
   */
  public <V> IndexScan<T> in(Collection<V> values, Function<V, ?> element) {
    if (values == null) {
      throw new IllegalArgumentException(store.layout().entityName() + ": the In values for '" + nextField()
          + "' must not be null; pass an empty collection to match nothing");
    }
    List<Object> elements = new ArrayList<>(values.size());
    for (V v : values) {
      elements.add(element.apply(v));
    }
    return in(elements);
  }

  private IndexScan<T> in(Collection<?> elements) {
    Map<Tuple, Object> distinct = new LinkedHashMap<>();
    for (Object e : elements) {
      Object value = require(e); // as index entries hold it (-0.0 as 0.0)
      distinct.putIfAbsent(Tuple.from(value), value);
    }
    List<List<Object>> next = new ArrayList<>();
    for (List<Object> p : prefixes) {
      for (Object e : distinct.values()) {
        List<Object> longer = new ArrayList<>(p);
        longer.add(e);
        next.add(longer);
      }
    }
    prefixes = next;
    prefixFields++;
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
    in(values, v -> v == null ? null : Elements.ofBigDecimalBound(v));
    everyScale = true;
    return this;
  }

  /** The field after the equality prefix is at least (or, not {@code inclusive}, above) {@code element}. */
  public IndexScan<T> from(Object element, boolean inclusive) {
    lowBound = require(element);
    lowInclusive = inclusive;
    return this;
  }

  /** The field after the equality prefix is at most (or, not {@code inclusive}, below) {@code element}. */
  public IndexScan<T> to(Object element, boolean inclusive) {
    highBound = require(element);
    highInclusive = inclusive;
    return this;
  }

  /** The String field after the equality prefix starts with {@code prefix}: a range over the tuple encoding. */
  public IndexScan<T> startingWith(String prefix) {
    startsWith = (String) require(prefix);
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
    requireNotEveryScale("a position");
    this.position = Objects.requireNonNull(position, "position");
    atPosition = false;
    return this;
  }

  /**
   * Reads only the entries at or after {@code position} in scan order: as {@link #after}, but an entry whose key starts
   * with the position's values is read too. With {@link #after} on the same position read the other way, it splits the
   * index between two reads that together hold every entry once (a Jakarta Data cursor's page, and the entries on the
   * cursor's other side).
   */
  public IndexScan<T> atOrAfter(Tuple position) {
    after(position);
    atPosition = true;
    return this;
  }

  /** {@code value}, a query value for the next index field, which must not be null: nulls are not indexed. */
  private Object require(Object value) {
    requireNotEveryScale("other condition");
    return Elements.requireValue(store.layout().entityName(), nextField(), value);
  }

  private void requireNotEveryScale(String what) {
    if (everyScale) {
      throw new IllegalStateException(store.layout().entityName() + ": an In over every scale of '"
          + index.fields().get(prefixFields - 1) + "' must be the scan's last condition, with no " + what + " after it");
    }
  }

  /** The index field the next criterion constrains: the one after the equality prefix. */
  private String nextField() {
    List<String> fields = index.fields();
    int at = prefixFields;
    return at < fields.size() ? fields.get(at) : fields.get(fields.size() - 1);
  }

  /** Binds this scan's continuations to one call of a query method ({@link QueryResults#query}). */
  public IndexScan<T> boundTo(byte[] query) {
    call = query.clone();
    return this;
  }

  /**
   * Reads a plain index's entries and their rows through {@code rows}, whose mappers outlive this scan (a scan
   * without it makes its own): see {@link #mappable}.
   */
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
    requireNotEveryScale("a whole-key order");
    keyOrder = true;
    return this;
  }

  /** Keeps only entities {@code test} accepts ({@code @AllowFiltering}): rows are read, the limit applies after it. */
  public IndexScan<T> filter(Predicate<T> test) {
    filter = test;
    return this;
  }

  // ------------------------------------------------------------------ ranges

  /** One contiguous key range: the keys of one equality alternative. */
  private record KeyRange(int prefixLength, byte[] begin, byte[] end) {}

  private static byte[] after(byte[] key, Object lastElement) {
    byte[] base = lastElement instanceof Tuple ? Arrays.copyOf(key, key.length - 1) : key;
    return ByteArrayUtil.join(base, FF);
  }

  private static byte[] max(byte[] a, byte[] b) {
    return ByteArrayUtil.compareUnsigned(a, b) >= 0 ? a : b;
  }

  private static byte[] min(byte[] a, byte[] b) {
    return ByteArrayUtil.compareUnsigned(a, b) <= 0 ? a : b;
  }

  private byte[] packed(List<Object> prefix, Object element) {
    List<Object> items = new ArrayList<>(prefix);
    items.add(element);
    return space.pack(Tuple.fromList(items));
  }

  /** The ranges to read, in key order; empty ones (an inverted range) left out. */
  private List<KeyRange> ranges() {
    List<KeyRange> out = new ArrayList<>();
    for (List<Object> p : prefixes) {
      Tuple t = Tuple.fromList(p);
      // a unique entry's key is its values alone: a prefix of all of them is the key itself
      byte[] begin = index.unique() || everyScale ? space.pack(t) : space.range(t).begin;
      // every scale: the keys that start with the bound, its nested tuple left open (see from/to's decimal bounds)
      byte[] end = everyScale ? after(begin, p.get(p.size() - 1)) : space.range(t).end;
      if (lowBound != null) {
        byte[] k = packed(p, lowBound);
        begin = max(begin, lowInclusive ? k : after(k, lowBound));
      }
      if (highBound != null) {
        byte[] k = packed(p, highBound);
        end = min(end, highInclusive ? after(k, highBound) : k);
      }
      if (startsWith != null) {
        byte[] k = packed(p, startsWith);
        byte[] open = Arrays.copyOf(k, k.length - 1);
        begin = max(begin, open);
        end = min(end, ByteArrayUtil.join(open, FF));
      }
      if (position != null) {
        // in key order the position holds the In field's value too: it replaces this alternative's own
        byte[] k = space.pack((keyOrder ? Tuple.fromList(p.subList(0, p.size() - 1)) : t).addAll(position));
        byte[] past = ByteArrayUtil.join(k, FF); // after every key that starts with the position
        if (reverse) {
          end = min(end, atPosition ? past : k);
        } else {
          begin = max(begin, atPosition ? k : past);
        }
      }
      if (ByteArrayUtil.compareUnsigned(begin, end) < 0) {
        out.add(new KeyRange(space.pack(t).length - (everyScale ? 1 : 0), begin, end));
      }
    }
    out.sort((a, b) -> ByteArrayUtil.compareUnsigned(a.begin(), b.begin()));
    return out;
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

  // ------------------------------------------------------------------ reading

  /** One index key read, with the range it came from. */
  private record Hit(KeyValue kv, int prefixLength) {}

  private Comparator<Hit> order() {
    Comparator<Hit> c = keyOrder
        ? (a, b) -> ByteArrayUtil.compareUnsigned(a.kv().getKey(), b.kv().getKey())
        : (a, b) -> compareFrom(a, b);
    return reverse ? c.reversed() : c;
  }

  /**
   * Order by the key after the equality prefix, then by the whole key. The second step matters for unique
   * entries, whose keys are their values alone: two {@code In} alternatives can then have equal rests (an
   * empty one, when every field is in the prefix), and without it a page boundary between them could not
   * say which of them was already returned.
   */
  private static int compareFrom(Hit a, Hit b) {
    byte[] x = a.kv().getKey();
    byte[] y = b.kv().getKey();
    int c = Arrays.compareUnsigned(x, a.prefixLength(), x.length, y, b.prefixLength(), y.length);
    return c != 0 ? c : ByteArrayUtil.compareUnsigned(x, y);
  }

  /** The resume point after {@code hit}: its whole key, which also tells which alternative it came from. */
  private static byte[] resumeOf(Hit hit) {
    return hit.kv().getKey();
  }

  /**
   * Narrows every range to the keys after {@code resume}, the key of the last entry returned, in scan order.
   * In key order that is simply the keys after it. Merged by the rest after the prefix ({@link #compareFrom}),
   * each alternative resumes at its own prefix followed by the resume key's rest: after it where that
   * alternative's equal entry came first (its prefix sorts before the resume key's, or is it), at it otherwise.
   */
  private List<KeyRange> resumed(List<KeyRange> ranges, byte[] resume) {
    KeyRange home = ranges.stream()
        .filter(r -> ByteArrayUtil.compareUnsigned(r.begin(), resume) <= 0 && ByteArrayUtil.compareUnsigned(resume, r.end()) < 0)
        .findFirst()
        .orElseThrow(() -> new io.strata.InvalidContinuationException("continuation resumes outside the ranges of its query"
            + " (it was altered, or made by another version); pass the token from Page.next() of this same query, unchanged,"
            + " or null to start over"));
    if (keyOrder) {
      return ranges.stream().map(r -> narrowed(r, resume, true)).toList();
    }
    byte[] homePrefix = Arrays.copyOf(resume, home.prefixLength());
    byte[] rest = Arrays.copyOfRange(resume, home.prefixLength(), resume.length);
    return ranges.stream().map(r -> {
      byte[] prefix = Arrays.copyOf(r.begin(), r.prefixLength());
      int side = ByteArrayUtil.compareUnsigned(prefix, homePrefix);
      return narrowed(r, ByteArrayUtil.join(prefix, rest), reverse ? side >= 0 : side <= 0);
    }).toList();
  }

  /** {@code range} from {@code key} on in scan order, {@code key} itself left out when {@code exclusive}. */
  private KeyRange narrowed(KeyRange range, byte[] key, boolean exclusive) {
    byte[] justAfter = ByteArrayUtil.join(key, ZERO);
    return reverse
        ? new KeyRange(range.prefixLength(), range.begin(), min(range.end(), exclusive ? key : justAfter))
        : new KeyRange(range.prefixLength(), max(range.begin(), exclusive ? justAfter : key), range.end());
  }

  /** Reads at most {@code perRange} keys of every range (0: all) concurrently and merges them in scan order. */
  private CompletableFuture<List<Hit>> read(ReadTransaction tr, List<KeyRange> ranges, int perRange) {
    return store.states().requireReady(tr, IndexStates.INDEX, index.name()).thenCompose(ready -> {
      List<CompletableFuture<List<Hit>>> reads = new ArrayList<>(ranges.size());
      for (KeyRange r : ranges) {
        if (ByteArrayUtil.compareUnsigned(r.begin(), r.end()) >= 0) {
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
    return filter != null || limit == Integer.MAX_VALUE ? 0 : limit;
  }

  private static <X> List<X> first(List<X> items, int n) {
    return items.size() > n ? items.subList(0, n) : items;
  }

  /** The index values then the id of an entry: {@code (v1, ..., vn, id)}. */
  private Tuple valuesOf(KeyValue kv) {
    Tuple key;
    try {
      key = space.unpack(kv.getKey());
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(store.layout(), index, kv.getKey(), "is not a tuple of index values and an id: " + e.getMessage(), e);
    }
    Object id = index.unique() ? StoredData.uniqueOwner(store.layout(), kv.getKey(), kv.getValue()) : key.get(key.size() - 1);
    store.storedId(index, kv.getKey(), id);
    return index.unique() ? key.addObject(id) : key;
  }

  private static Object idOf(Tuple values) {
    return values.get(values.size() - 1);
  }

  private CompletableFuture<List<T>> entities(ReadTransaction tr, List<Hit> hits) {
    if (index.covering() && !index.unique()) {
      List<T> out = new ArrayList<>(hits.size());
      for (Hit h : hits) {
        try {
          out.add(store.layout().codec().decode(h.kv().getValue()));
        } catch (CodecException e) {
          throw StoredData.corruptEntry(store.layout(), index, h.kv().getKey(), "holds a covering row that does not decode: " + e.getMessage(), e);
        }
      }
      return CompletableFuture.completedFuture(out);
    }
    List<Object> ids = new ArrayList<>(hits.size());
    hits.forEach(h -> ids.add(idOf(valuesOf(h.kv()))));
    return store.loadAll(tr, ids);
  }

  private List<T> filtered(List<T> items) {
    return filter == null ? items : items.stream().filter(filter).toList();
  }

  /**
   * Whether {@code ranges} can be read with their rows by one mapped range read where FoundationDB allows it (see
   * {@link MappedRows}, which falls back to the entries, then the rows): one range of a plain index, either
   * direction, unfiltered.
   */
  private boolean mappable(List<KeyRange> ranges) {
    return filter == null && ranges.size() == 1 && !index.unique() && !index.covering();
  }

  private MappedRows<T> mapped() {
    if (mapped == null) {
      mapped = new MappedRows<>(store);
    }
    return mapped;
  }

  /**
   * Up to {@code perRange} entries of {@code range} (0: all) and the entities of the first {@code resolve}:
   * through one mapped range read where eligible, else the entries, then the rows.
   */
  private CompletableFuture<MappedRows.Entries<T>> resolved(ReadTransaction tr, KeyRange range, int perRange, int resolve) {
    return store.states().requireReady(tr, IndexStates.INDEX, index.name()).thenCompose(ready -> mapped().read(tr, index,
        range.begin(), range.end(), perRange, reverse, () -> tr.getRange(range.begin(), range.end(), perRange, reverse).asList().thenCompose(kvs -> {
          List<Hit> hits = kvs.stream().map(kv -> new Hit(kv, range.prefixLength())).toList();
          return entities(tr, first(hits, resolve)).thenApply(list -> new MappedRows.Entries<>(kvs, list));
        })));
  }

  /** The matching entities in scan order, at most the limit. */
  public CompletableFuture<List<T>> entities(ReadTransaction tr) {
    List<KeyRange> ranges = ranges();
    if (mappable(ranges)) {
      return resolved(tr, ranges.get(0), perRange(), limit).thenApply(e -> e.first(limit));
    }
    return read(tr, ranges, perRange()).thenCompose(hits -> entities(tr, filter == null ? first(hits, limit) : hits))
        .thenApply(items -> first(filtered(items), limit));
  }

  /** The matching entries as {@code (v1, ..., vn, id)} tuples in scan order, at most the limit: no row reads. */
  public CompletableFuture<List<Tuple>> keys(ReadTransaction tr) {
    requireNoFilter("keys");
    return read(tr, ranges(), perRange()).thenApply(hits -> first(hits, limit).stream().map(h -> valuesOf(h.kv())).toList());
  }

  /** How many entities match (reads the index keys; rows too when filtering). */
  public CompletableFuture<Long> count(ReadTransaction tr) {
    if (filter != null) {
      return entities(tr).thenApply(items -> (long) items.size());
    }
    return read(tr, ranges(), perRange()).thenApply(hits -> (long) Math.min(hits.size(), limit));
  }

  /** Whether any entity matches: at most one key per range (rows too when filtering). */
  public CompletableFuture<Boolean> exists(ReadTransaction tr) {
    if (filter != null) {
      return entities(tr).thenApply(items -> !items.isEmpty());
    }
    return read(tr, ranges(), 1).thenApply(hits -> !hits.isEmpty());
  }

  /** Deletes every matching entity (at most the limit) with its index entries; returns how many. */
  public CompletableFuture<Long> delete(Transaction tr) {
    CompletableFuture<List<Object>> ids = filter == null
        ? keys(tr).thenApply(keys -> keys.stream().map(IndexScan::idOf).toList())
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

  /** {@link #page}, or with {@code exact} {@link #batch}. */
  private CompletableFuture<Page<T>> page(ReadTransaction tr, int pageLimit, Continuation after, boolean exact) {
    if (filter == null && mappable(ranges())) {
      return mappedPage(tr, pageLimit, after, exact);
    }
    if (filter == null) {
      return hitPage(tr, pageLimit, after, exact, hits -> entities(tr, hits));
    }
    Paging.checkLimit(pageLimit);
    List<KeyRange> ranges = ranges();
    byte[] query = fingerprint(ranges);
    int batch = (int) Math.max(FILTER_MIN_BATCH, Math.min(FILTER_MAX_BATCH, 2L * Paging.withOneMore(pageLimit)));
    return filteredPage(tr, resumed(ranges, query, after), query, pageLimit, batch, new ArrayList<>(), 0, null);
  }

  /**
   * Entries a filtered page examines (with their rows) before it returns: a filter that matches little
   * never reads a whole range in one transaction. The page is then short, or empty, with a continuation.
   */
  static final int FILTER_BUDGET = 2_000;
  private static final int FILTER_MIN_BATCH = 20;
  private static final int FILTER_MAX_BATCH = 500;

  /** Reads {@code batch} entries after {@code ranges}' starts and their rows at once, filters, and goes on. */
  private CompletableFuture<Page<T>> filteredPage(ReadTransaction tr, List<KeyRange> ranges, byte[] query, int pageLimit, int batch,
      List<T> kept, int examined, byte[] previous) {
    return read(tr, ranges, batch).thenCompose(hits -> {
      List<Hit> taken = first(hits, batch);
      List<CompletableFuture<Optional<T>>> rows = new ArrayList<>(taken.size());
      taken.forEach(h -> rows.add(entities(tr, List.of(h)).thenApply(list -> list.stream().findFirst())));
      return CompletableFuture.allOf(rows.toArray(CompletableFuture[]::new)).thenCompose(v -> {
        byte[] last = previous;
        for (int i = 0; i < taken.size(); i++) {
          Optional<T> row = rows.get(i).join().filter(filter);
          if (row.isPresent() && kept.size() == pageLimit) {
            return CompletableFuture.completedFuture(new Page<>(kept, Optional.of(Continuation.of(query, last))));
          }
          row.ifPresent(kept::add);
          last = resumeOf(taken.get(i));
        }
        if (hits.size() < batch) {
          return CompletableFuture.completedFuture(new Page<>(kept, Optional.<Continuation>empty()));
        }
        if (examined + taken.size() >= FILTER_BUDGET) {
          return CompletableFuture.completedFuture(new Page<>(kept, Optional.of(Continuation.of(query, last))));
        }
        return filteredPage(tr, resumed(ranges, last), query, pageLimit, batch, kept, examined + taken.size(), last);
      });
    });
  }

  /** {@link #page} through one mapped range read of entries and rows (see {@link #through}). */
  private CompletableFuture<Page<T>> mappedPage(ReadTransaction tr, int pageLimit, Continuation after, boolean exact) {
    Paging.checkLimit(pageLimit);
    List<KeyRange> ranges = ranges();
    byte[] query = fingerprint(ranges);
    KeyRange range = resumed(ranges, query, after).get(0);
    if (ByteArrayUtil.compareUnsigned(range.begin(), range.end()) >= 0) {
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
    return hitPage(tr, pageLimit, after, false, hits -> CompletableFuture.completedFuture(hits.stream().map(h -> valuesOf(h.kv())).toList()));
  }

  private interface Convert<X> {
    CompletableFuture<List<X>> apply(List<Hit> hits);
  }

  /** {@code ranges} narrowed to what follows {@code after} (null: all of them). */
  private List<KeyRange> resumed(List<KeyRange> ranges, byte[] query, Continuation after) {
    if (after == null) {
      return ranges;
    }
    return resumed(ranges, after.resumeKeyFor(query));
  }

  private <X> CompletableFuture<Page<X>> hitPage(ReadTransaction tr, int pageLimit, Continuation after, boolean exact,
      Convert<X> convert) {
    Paging.checkLimit(pageLimit);
    List<KeyRange> ranges = ranges();
    byte[] query = fingerprint(ranges);
    return read(tr, resumed(ranges, query, after), exact ? pageLimit : Paging.withOneMore(pageLimit)).thenCompose(hits -> {
      List<Hit> items = first(hits, pageLimit);
      Optional<Continuation> next = hits.size() > pageLimit || exact && hits.size() == pageLimit
          ? Optional.of(Continuation.of(query, resumeOf(items.get(items.size() - 1))))
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
