package io.strata.jakarta.data;

import io.strata.OrderBy;
import io.strata.query.model.SortKey;
import jakarta.data.Order;
import jakarta.data.Sort;
import java.util.ArrayList;
import java.util.List;

/**
 * Jakarta Data's {@link Sort}s and {@link Order} as the order of a run-time {@link io.strata.Finder}:
 * {@code finder.orderBy(FinderOrders.of(_Box.size.desc(), _Box.id.asc()))}.
 */
public final class FinderOrders {
  private FinderOrders() {}

  /** {@code sorts}, most significant first. */
  @SafeVarargs
  public static <E> List<OrderBy<E>> of(Sort<? super E>... sorts) {
    List<OrderBy<E>> out = new ArrayList<>();
    for (SortKey key : Attributes.sortKeys(List.of(sorts))) {
      out.add(new OrderBy<>(key));
    }
    return out;
  }

  /** The sorts of {@code order}, most significant first. */
  @SuppressWarnings("unchecked")
  public static <E> List<OrderBy<E>> of(Order<E> order) {
    return of(order.sorts().toArray(Sort[]::new));
  }
}
