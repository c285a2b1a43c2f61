package io.strata.query;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * How results are ordered by a query's {@link SortKey}s where they are compared in memory: the dialect's comparison of
 * values ({@link ValueOrder}; Strata's key order, Jakarta Data's value order), absent values first, and the one tie
 * rule of every ordered read: <em>the order, then the id in the direction of the order's last item</em> (ascending when
 * there is none; nothing added when the order sorts by the id). That is the order of an index's keys, which end with
 * the id, read forwards for an ascending order and backwards for a descending one, so a read in index order decides
 * ties on its keys and stops at its limit ({@link OrderedReads}), and results sorted in memory ({@link MemoryOrder},
 * Jakarta Data's pages) come in the same order. Thread-safe.
 *
 * @param <E> the entity
 */
public final class ResultOrder<E> {
  private final Semantics semantics;
  private final ValueOrder order;
  private final String id;
  private final Function<String, Function<E, Object>> compared;

  /**
   * @param id the entity's id property
   * @param compared the value of a property that orders compare (its key element for Strata, its Java value for Jakarta
   *     Data), by property name; it may refuse an unknown name with the dialect's own exception
   */
  public ResultOrder(Semantics semantics, ValueOrder order, String id, Function<String, Function<E, Object>> compared) {
    this.semantics = Objects.requireNonNull(semantics, "semantics");
    this.order = Objects.requireNonNull(order, "order");
    this.id = Objects.requireNonNull(id, "id");
    this.compared = Objects.requireNonNull(compared, "compared");
  }

  /** The entity's id property. */
  public String id() {
    return id;
  }

  /** {@code sort} then the id in the direction of its last item, unless it sorts by the id: the order of every result. */
  public List<SortKey> total(List<SortKey> sort) {
    if (sort.stream().anyMatch(k -> k.field().equals(id))) {
      return sort;
    }
    List<SortKey> total = new ArrayList<>(sort);
    total.add(new SortKey(id, !sort.isEmpty() && sort.get(sort.size() - 1).descending(), false));
    return total;
  }

  /** {@code sort} read backwards: every item's direction turned round. */
  public static List<SortKey> reversed(List<SortKey> sort) {
    return sort.stream().map(k -> new SortKey(k.field(), !k.descending(), k.ignoreCase())).toList();
  }

  /** Results in {@code sort}'s order then the id ({@link #total}). */
  public Comparator<E> comparator(List<SortKey> sort) {
    return byValues(total(sort));
  }

  /** Results by {@code sort}'s values alone: those equal on every item tie. */
  public Comparator<E> byValues(List<SortKey> sort) {
    Comparator<E> out = (a, b) -> 0;
    for (SortKey key : sort) {
      Function<E, Object> read = compared.apply(key.field());
      Comparator<E> one = (a, b) -> compare(read.apply(a), read.apply(b), key.ignoreCase());
      out = out.thenComparing(key.descending() ? one.reversed() : one);
    }
    return out;
  }

  /** The values of {@code value} under {@code sort}, one per item: what a cursor holds. */
  public List<Object> key(E value, List<SortKey> sort) {
    List<Object> key = new ArrayList<>(sort.size());
    for (SortKey k : sort) {
      key.add(compared.apply(k.field()).apply(value));
    }
    return key;
  }

  /** Compares two value lists of {@code sort} ({@link #key}, or a cursor's values) item by item. */
  public Comparator<List<?>> keys(List<SortKey> sort) {
    sort.forEach(k -> compared.apply(k.field()));
    return (a, b) -> {
      for (int i = 0; i < sort.size(); i++) {
        SortKey k = sort.get(i);
        int c = compare(a.get(i), b.get(i), k.ignoreCase());
        if (c != 0) {
          return k.descending() ? -c : c;
        }
      }
      return 0;
    };
  }

  /**
   * Two values as this order compares them: absent first, then the dialect's order; Strata sorts in key order, where
   * a decimal's key holds its scale after its value (1.0 before 1.00), as an index read in that order returns them (the
   * dialect's comparison of values, for conditions, is by value alone).
   */
  public int compare(Object a, Object b, boolean ignoreCase) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    int c = order.compare(a, b, ignoreCase);
    return c == 0 && semantics == Semantics.STRATA && a instanceof Tuple x && b instanceof Tuple y ? x.compareTo(y) : c;
  }

  /** {@code results} in {@code sort}'s order then the id ({@link #total}), each result's values read once. */
  public List<E> sorted(List<SortKey> sort, Collection<E> results) {
    List<SortKey> total = total(sort);
    Comparator<List<?>> keys = keys(total);
    record Keyed<E>(List<Object> key, E value) {}
    List<Keyed<E>> keyed = new ArrayList<>(results.size());
    for (E value : results) {
      keyed.add(new Keyed<>(key(value, total), value));
    }
    keyed.sort((a, b) -> keys.compare(a.key(), b.key()));
    List<E> sorted = new ArrayList<>(keyed.size());
    keyed.forEach(k -> sorted.add(k.value()));
    return sorted;
  }

  /**
   * {@code read}, whose results come in {@code ties}' order, with each run of results that tie on it sorted by
   * {@code total} (an order that ends with the id): lazily, one run at a time, reading one result past each run.
   */
  Stream<E> sortedRuns(Stream<E> read, List<SortKey> ties, List<SortKey> total) {
    Comparator<E> tie = byValues(ties);
    Iterator<E> in = read.iterator();
    Iterator<E> runs = new Iterator<>() {
      private Iterator<E> run = Collections.emptyIterator();
      private E next; // the first result of the next run, read already

      @Override
      public boolean hasNext() {
        if (run.hasNext()) {
          return true;
        }
        if (next == null && !in.hasNext()) {
          return false;
        }
        List<E> tied = new ArrayList<>();
        tied.add(next != null ? next : in.next());
        next = null;
        while (in.hasNext()) {
          E e = in.next();
          if (tie.compare(e, tied.get(0)) != 0) {
            next = e;
            break;
          }
          tied.add(e);
        }
        run = sorted(total, tied).iterator();
        return true;
      }

      @Override
      public E next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return run.next();
      }
    };
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(runs, Spliterator.ORDERED | Spliterator.NONNULL), false)
        .onClose(read::close);
  }
}
