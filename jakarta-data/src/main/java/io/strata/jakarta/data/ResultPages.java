package io.strata.jakarta.data;

import jakarta.data.Limit;
import jakarta.data.Sort;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.NonUniqueResultException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.page.impl.CursoredPageRecord;
import jakarta.data.page.impl.PageRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import java.util.Optional;
import java.util.function.Function;

/**
 * Pages, cursors and limits over the results of a query that no index orders: every matching entity, sorted in
 * memory as the read core orders results ({@link Attributes#order}: the sorts, then the id in the last sort's
 * direction). Pages are the API's own records ({@link PageRecord},
 * {@link CursoredPageRecord}), so their next and previous requests are exactly what the specification defines.
 *
 * <p>A cursor holds the sort keys of an entity ({@link Attributes#key}): a page after it starts at the first result
 * whose keys sort strictly after it, a page before it ends at the last one strictly before it, so results saved or
 * deleted between two requests never make a page skip or repeat one that stays.
 */
public final class ResultPages {
  private ResultPages() {}

  /**
   * A query's order: its static sorts ({@code OrderBy} in the method name, {@code @OrderBy}, JDQL {@code ORDER BY}),
   * then each dynamic parameter's sorts in parameter order ({@code Sort}, {@code Order}, {@code Sort...}); a null
   * parameter is an {@link NullPointerException} naming it.
   */
  @SuppressWarnings("unchecked")
  public static <T> List<Sort<? super T>> order(List<Sort<? super T>> fixed, Object... dynamic) {
    List<Sort<? super T>> order = new ArrayList<>(fixed);
    for (Object d : dynamic) {
      Objects.requireNonNull(d, "a Sort, Order or Sort[] parameter must not be null; pass Order.by() for no sorts");
      if (d instanceof Sort<?> sort) {
        order.add((Sort<? super T>) sort);
      } else if (d instanceof Sort<?>[] sorts) {
        for (Sort<?> sort : sorts) {
          order.add((Sort<? super T>) Objects.requireNonNull(sort, "a null Sort among the Sort... parameter"));
        }
      } else {
        for (Object sort : (Iterable<?>) d) {
          order.add((Sort<? super T>) sort);
        }
      }
    }
    return order;
  }

  /** The one result; an {@link EmptyResultException} or {@link NonUniqueResultException} otherwise. */
  public static <T> T single(List<T> results, String query) {
    if (results.isEmpty()) {
      throw new EmptyResultException(query + " found no result");
    }
    return optional(results, query).orElseThrow();
  }

  /** The result, if any; a {@link NonUniqueResultException} when there are several. */
  public static <T> Optional<T> optional(List<T> results, String query) {
    if (results.size() > 1) {
      throw new NonUniqueResultException(query + " found " + results.size() + " results where at most one was expected");
    }
    return results.isEmpty() ? Optional.empty() : Optional.ofNullable(results.get(0));
  }

  /** {@code page} with each element mapped (a {@code SELECT} of one property), keeping its request and totals. */
  public static <T, R> Page<R> map(Page<T> page, Function<? super T, ? extends R> mapper) {
    List<R> content = new ArrayList<>(page.numberOfElements());
    page.content().forEach(e -> content.add(mapper.apply(e)));
    return new PageRecord<>(page.pageRequest(), content, page.hasTotals() ? page.totalElements() : -1, page.hasNext());
  }

  /** A method's {@code Limit} parameter, refused when null with what to pass instead. */
  public static Limit given(Limit limit) {
    return Objects.requireNonNull(limit, "a Limit parameter must not be null; pass Limit.of(n)");
  }

  /** How many of the first results {@code limit} needs: up to its last, {@code startAt - 1 + maxResults}. */
  public static long end(Limit limit) {
    return given(limit).startAt() - 1 + limit.maxResults();
  }

  /** {@code results} sliced by {@code limit} ({@code startAt} counts from 1), lazily. */
  public static <T> Stream<T> limit(Stream<T> results, Limit limit) {
    return results.skip(given(limit).startAt() - 1).limit(limit.maxResults());
  }

  /** The results {@code sorted} by the query's order, sliced by {@code limit} ({@code startAt} counts from 1). */
  public static <T> List<T> limit(List<T> sorted, Limit limit) {
    long from = Math.min(given(limit).startAt() - 1, sorted.size());
    long to = Math.min(from + limit.maxResults(), sorted.size());
    return List.copyOf(sorted.subList((int) from, (int) to));
  }

  /**
   * The offset page {@code request} asks for of {@code matching}, sorted by {@code order} (then the id): it skips
   * {@code (page - 1) * size} results, counts them all when the request asks for totals, and knows whether more follow.
   * A request in a cursor mode needs a {@link CursoredPage}: an {@link IllegalArgumentException} says so.
   */
  public static <T> Page<T> page(Attributes<T> attributes, List<? extends Sort<? super T>> order, List<T> matching,
      PageRequest request) {
    if (request.mode() != PageRequest.Mode.OFFSET) {
      throw new IllegalArgumentException("a PageRequest " + request + " in mode " + request.mode()
          + " needs a repository method that returns CursoredPage; a Page takes PageRequest.ofPage or ofSize");
    }
    List<T> sorted = sorted(attributes, order, matching);
    return page(request, sorted, sorted.size());
  }

  /**
   * The offset page {@code request} asks for, of results read in their order up to at least one past the page's end
   * ({@code firstSorted}, sorted; more may follow) and, when the request asks for totals, {@code total} counted
   * separately.
   *
   * @param total how many results there are in all, or -1 when they were not counted (the request asks for no totals, or
   *     the caller counts them later: {@link LazyPage})
   */
  public static <T> Page<T> page(PageRequest request, List<T> firstSorted, long total) {
    int from = offset(request, firstSorted.size());
    int to = (int) Math.min((long) from + request.size(), firstSorted.size());
    boolean hasNext = total >= 0 ? to < total : to < firstSorted.size();
    return new PageRecord<>(request, List.copyOf(firstSorted.subList(from, to)), request.requestTotal() ? total : -1, hasNext);
  }

  /**
   * The cursored page {@code request} asks for of {@code matching}, sorted by {@code order} (then the id): the first
   * page by offset, then after or before a cursor, which holds one value per sort of {@code order}.
   */
  public static <T> CursoredPage<T> cursoredPage(Attributes<T> attributes, List<? extends Sort<? super T>> order,
      List<T> matching, PageRequest request) {
    List<T> sorted = sorted(attributes, order, matching);
    int from;
    int to;
    if (request.mode() == PageRequest.Mode.OFFSET) {
      from = offset(request, sorted.size());
      to = (int) Math.min((long) from + request.size(), sorted.size());
    } else {
      List<Object> cursor = cursor(request, order);
      Comparator<List<?>> keys = attributes.keyOrder(order);
      if (request.mode() == PageRequest.Mode.CURSOR_NEXT) {
        from = firstSortingAfter(attributes, order, keys, sorted, cursor, true);
        to = Math.min(from + request.size(), sorted.size());
      } else {
        to = firstSortingAfter(attributes, order, keys, sorted, cursor, false);
        from = Math.max(0, to - request.size());
      }
    }
    return cursoredPage(attributes, order, sorted.subList(from, to), request.requestTotal() ? sorted.size() : -1, request,
        from == 0, to == sorted.size());
  }

  /**
   * The cursored page of {@code content} (sorted by {@code order}, then the id), each result's cursor its values of
   * {@code order}'s sorts; an empty page has neither a next nor a previous page.
   *
   * @param total how many results there are in all, or -1 when not counted
   * @param first whether no result comes before the page
   * @param last whether no result comes after it
   */
  static <T> CursoredPage<T> cursoredPage(Attributes<T> attributes, List<? extends Sort<? super T>> order, List<T> content,
      long total, PageRequest request, boolean first, boolean last) {
    List<PageRequest.Cursor> cursors = new ArrayList<>(content.size());
    for (T value : content) {
      cursors.add(PageRequest.Cursor.forKey(attributes.key(value, order).toArray()));
    }
    boolean empty = content.isEmpty();
    return new CursoredPageRecord<>(List.copyOf(content), cursors, total, request, empty || first, empty || last);
  }

  /**
   * The values of the cursor of {@code request} (in a cursor mode), which must hold one per sort of {@code order};
   * {@link PageRequest.Cursor#elements()} cannot hold the null of a property without a value.
   */
  static List<Object> cursor(PageRequest request, List<? extends Sort<?>> order) {
    PageRequest.Cursor cursor = request.cursor().orElseThrow();
    List<Object> values = new ArrayList<>(cursor.size());
    for (int i = 0; i < cursor.size(); i++) {
      values.add(cursor.get(i));
    }
    if (values.size() != order.size()) {
      throw new IllegalArgumentException("the cursor " + values + " has " + values.size() + " values, but the query sorts by "
          + order.size() + " " + order + ": a cursor holds one value per sort, in order");
    }
    return values;
  }

  /** {@code matching} in {@code order} then the id, as the read core orders results ({@link Attributes#order}). */
  private static <T> List<T> sorted(Attributes<T> attributes, List<? extends Sort<? super T>> order, List<T> matching) {
    return attributes.order().sorted(Attributes.sortKeys(order), matching);
  }

  private static int offset(PageRequest request, int results) {
    long skip = skipped(request);
    return skip > results ? results : (int) skip; // a page past the end is empty
  }

  /**
   * How many results come before the offset page {@code request} asks for, {@code (page - 1) * size}; where that is past
   * {@code Long.MAX_VALUE}, {@code Long.MAX_VALUE}, past every store's end, so the page is empty (before, the product
   * wrapped round and such a page could be page 1). Every offset page counts its start here.
   */
  static long skipped(PageRequest request) {
    try {
      return Math.multiplyExact(request.page() - 1, (long) request.size());
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /** How many results an offset page read in order needs: up to one past its end, at most {@code Long.MAX_VALUE}. */
  static long readUpTo(PageRequest request) {
    long skipped = skipped(request);
    return skipped > Long.MAX_VALUE - request.size() - 1 ? Long.MAX_VALUE : skipped + request.size() + 1;
  }

  /**
   * The index of the first result whose sort keys are after {@code cursor} ({@code strictly}), or not before it:
   * the start of a page after the cursor, or the end of a page before it.
   */
  private static <T> int firstSortingAfter(Attributes<T> attributes, List<? extends Sort<? super T>> order,
      Comparator<List<?>> keys, List<T> sorted, List<?> cursor, boolean strictly) {
    int low = 0;
    int high = sorted.size();
    while (low < high) {
      int mid = (low + high) >>> 1;
      int c = keys.compare(attributes.key(sorted.get(mid), order), cursor);
      if (strictly ? c <= 0 : c < 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
}
