package io.strata.jakarta.data;

import io.strata.Finder;
import io.strata.OrderBy;
import io.strata.query.OffsetPage;
import jakarta.data.Limit;
import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.page.impl.PageRecord;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Jakarta Data's special parameters applied to the run-time finder of a declared method that takes a
 * {@code Restriction<E>} ({@code io.strata.query.RuntimeQueries#declared}): its order ({@code Sort}, {@code Order},
 * {@code Sort...} after the method's static sorts), a {@link Limit} and an offset {@link PageRequest}. The finder plans
 * and reads; these only say how many results it reads and which of them the method returns.
 */
public final class RestrictedReads {
  private RestrictedReads() {}

  /** {@code finder} ordered by the method's static sorts {@code fixed}, then each dynamic parameter's sorts in order. */
  @SuppressWarnings("unchecked")
  public static <E> Finder<E> ordered(Finder<E> finder, List<Sort<? super E>> fixed, Object... dynamic) {
    List<OrderBy<E>> order = FinderOrders.of(ResultPages.order(fixed, dynamic).toArray(Sort[]::new));
    return finder.orderBy(order);
  }

  /** The results {@code limit} slices ({@code startAt} counts from 1): the finder reads up to the last of them. */
  public static <E> List<E> list(Finder<E> finder, Limit limit) {
    return ResultPages.limit(finder.limit(Math.toIntExact(ResultPages.end(limit))).list(), limit);
  }

  /** The results {@code limit} slices, as a stream the finder reads lazily. */
  public static <E> Stream<E> stream(Finder<E> finder, Limit limit) {
    return ResultPages.limit(finder.limit(Math.toIntExact(ResultPages.end(limit))).stream(), limit);
  }

  /**
   * The offset page {@code request} asks for: the finder reads up to one result past it (to know whether another page
   * follows) and, when the request asks for totals, counts every result in the same read transaction, so the page and
   * its total are of one snapshot; where counting reads every result anyway, one pass reads both
   * ({@link OffsetPage#read}).
   *
   * @throws IllegalArgumentException for a request in a cursor mode (such a method returns offset pages; read a
   *     {@code CursoredPage} with a method that takes no restriction, or {@code where(...).page(size, after)})
   */
  public static <E> Page<E> page(Finder<E> finder, PageRequest request, String method) {
    Objects.requireNonNull(request, () -> method + ": the PageRequest parameter must not be null; pass PageRequest.ofSize(n)");
    if (request.mode() != PageRequest.Mode.OFFSET) {
      throw new IllegalArgumentException(method + ": " + request + " asks for a cursor; a method taking a Restriction returns"
          + " offset pages, so pass PageRequest.ofPage(n, size, total)");
    }
    long skipped = (request.page() - 1) * request.size();
    OffsetPage<E> page = OffsetPage.read(finder, skipped, request.size(), request.requestTotal());
    return new PageRecord<>(request, page.content(), page.total(), page.more());
  }

  /** The results of the offset page {@code request} asks for, without counting the others: a list with a PageRequest. */
  public static <E> List<E> content(Finder<E> finder, PageRequest request, String method) {
    Objects.requireNonNull(request, () -> method + ": the PageRequest parameter must not be null; pass PageRequest.ofSize(n)");
    return page(finder, request.withoutTotal(), method).content();
  }
}
