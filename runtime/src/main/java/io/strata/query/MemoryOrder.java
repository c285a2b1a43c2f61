package io.strata.query;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.InvalidContinuationException;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.row.EntityCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A run-time query's order applied to results after they are read, where the plan's keys do not hold it: compared as
 * {@link ResultOrder} compares (the dialect's value order, absent values first, ties by id in the direction of the
 * order's last item, the one tie rule every ordered read follows). It keeps the first results of such an order while reading ({@link Top}: at most
 * the limit in memory), and it writes and reads the position a page of such an order ends at (its last result's order
 * values and id), so the next page resumes strictly after it in any transaction. Thread-safe.
 *
 * @param <E> the entity
 */
final class MemoryOrder<E> {
  private final EntityCodec<E> codec;
  private final ResultOrder<E> order;

  /**
   * @param compared the value of a property that conditions and orders compare (its key element for Strata, its Java
   *     value for Jakarta Data), by property name
   */
  MemoryOrder(EntityCodec<E> codec, Semantics semantics, ValueOrder order, Function<String, Function<E, Object>> compared) {
    this.codec = codec;
    this.order = new ResultOrder<>(semantics, order, codec.fieldNames().get(codec.idIndex()), compared);
  }

  /** The query's order, then the id (descending when the order's last item is, as a reversed index read gives ties). */
  Comparator<E> comparator(List<SortKey> sort) {
    return order.comparator(sort);
  }

  /** The query's order alone, without the id: results equal on every sorted property tie. */
  Comparator<E> ties(List<SortKey> sort) {
    return order.byValues(sort);
  }

  /** {@code items} in {@code comparator}'s order, the first {@code limit} of them. */
  static <E> List<E> sorted(List<E> items, Comparator<E> comparator, int limit) {
    Top<E> top = new Top<>(comparator, limit);
    items.forEach(top);
    return top.items();
  }

  /**
   * Where a page of results sorted after reading ended: the elements of its last result's order properties and id.
   * The next page resumes strictly after it in the order ({@link #after}), so writes between pages neither repeat nor
   * skip an unchanged entity.
   */
  byte[] position(E last, List<SortKey> sort) {
    Object[] elements = codec.toElements(last);
    List<Object> out = new ArrayList<>();
    for (SortKey key : sort) {
      out.add(elements[fieldIndex(key.field())]);
    }
    out.add(elements[codec.idIndex()]);
    return Tuple.fromList(out).pack();
  }

  /**
   * Whether a result comes after {@code position} ({@link #position}) in {@code comparator}'s order: compared with an
   * entity holding the position's values, the other properties (which the order does not read) taken from the first
   * result tested.
   *
   * @throws InvalidContinuationException when {@code position} holds no position of this order
   */
  Predicate<E> after(byte[] position, List<SortKey> sort, Comparator<E> comparator) {
    Tuple values;
    try {
      values = Tuple.fromBytes(position);
    } catch (RuntimeException e) {
      throw invalid(e.getMessage());
    }
    if (values.size() != sort.size() + 1) {
      throw invalid("it holds " + values.size() + " values, not " + (sort.size() + 1));
    }
    List<E> at = new ArrayList<>(1);
    return item -> {
      if (at.isEmpty()) {
        at.add(at(item, values, sort));
      }
      return comparator.compare(item, at.get(0)) > 0;
    };
  }

  private E at(E template, Tuple values, List<SortKey> sort) {
    try {
      Object[] elements = codec.toElements(template);
      for (int i = 0; i < sort.size(); i++) {
        elements[fieldIndex(sort.get(i).field())] = values.get(i);
      }
      elements[codec.idIndex()] = values.get(sort.size());
      return codec.fromElements(elements);
    } catch (RuntimeException e) {
      throw invalid(e.getMessage());
    }
  }

  private static InvalidContinuationException invalid(String why) {
    return new InvalidContinuationException("continuation does not hold a position among this query's results (" + why
        + "); pass the token from Page.next() of this same query, unchanged, or null to start over");
  }

  /** The position of a stored property (one the planner has checked the order names) in the codec's elements. */
  private int fieldIndex(String field) {
    return codec.fieldNames().indexOf(field);
  }

  /**
   * The first {@code keep} results of an order among those offered, in that order, holding no more than {@code keep}
   * (a heap whose top is the last kept), and how many were offered. Without an order it keeps the first offered.
   * Not thread-safe: one per read.
   */
  static final class Top<E> implements Consumer<E> {
    private final Comparator<E> order;
    private final int keep;
    private final PriorityQueue<E> heap;
    private final List<E> first = new ArrayList<>();
    private long offered;

    /** @param order the order kept, or null to keep the first {@code keep} offered */
    Top(Comparator<E> order, int keep) {
      this.order = order;
      this.keep = keep;
      this.heap = order == null ? null : new PriorityQueue<>(order.reversed());
    }

    @Override
    public void accept(E item) {
      offered++;
      if (keep == 0) {
        return;
      }
      if (heap == null) {
        if (first.size() < keep) {
          first.add(item);
        }
      } else if (heap.size() < keep) {
        heap.add(item);
      } else if (order.compare(item, heap.peek()) < 0) {
        heap.poll();
        heap.add(item);
      }
    }

    /** The results kept, in order. */
    List<E> items() {
      if (heap == null) {
        return first;
      }
      List<E> out = new ArrayList<>(heap);
      out.sort(order);
      return out;
    }

    /** How many results were offered, kept or not. */
    long offered() {
      return offered;
    }
  }
}
