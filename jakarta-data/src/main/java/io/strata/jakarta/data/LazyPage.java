package io.strata.jakarta.data;

import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A page read in index order whose total, and for a cursored page whether results lie on the far side of its cursor,
 * are found only when first asked: the content was read up to one past the page's end, and the rest is read then (once;
 * later calls return the same answer). A caller that never asks reads nothing more. The answers are read when asked, in
 * read transactions of their own, so they reflect the writes committed by then, as each batch of a query's read does.
 *
 * <p>It wraps the specification's own page record ({@link jakarta.data.page.impl.PageRecord} or
 * {@link jakarta.data.page.impl.CursoredPageRecord}), built without totals and, for a side asked later, as if results
 * lay there: its next and previous requests stay exactly the specification's.
 *
 * @param <T> the entity
 */
class LazyPage<T> implements Page<T> {
  private final Page<T> page;
  private final LongSupplier total;
  private final BooleanSupplier next;
  private final BooleanSupplier previous;

  /**
   * @param page the record, built with no totals, and saying results may follow (precede) when {@code next}
   *     ({@code previous}) is given
   * @param total counts every result when first asked; null when the request asks for no totals
   * @param next tells whether results follow when first asked; null: as {@code page} says
   * @param previous tells whether results precede when first asked; null: as {@code page} says
   */
  private LazyPage(Page<T> page, LongSupplier total, BooleanSupplier next, BooleanSupplier previous) {
    this.page = page;
    this.total = total == null ? null : once(total);
    this.next = next == null || !page.hasContent() ? null : once(next);
    this.previous = previous == null || !page.hasContent() ? null : once(previous);
  }

  /** {@code page} (read without totals) with the total {@code total} counts when first asked. */
  static <T> Page<T> withTotal(Page<T> page, LongSupplier total) {
    return new LazyPage<>(page, Objects.requireNonNull(total, "total"), null, null);
  }

  /**
   * {@code page} with the total {@code total} counts when first asked (null: no totals), and whether results follow or
   * precede it answered by {@code next} and {@code previous} when first asked (null: as {@code page} says).
   */
  static <T> CursoredPage<T> cursored(CursoredPage<T> page, LongSupplier total, BooleanSupplier next, BooleanSupplier previous) {
    return new Cursored<>(page, total, next, previous);
  }

  private static LongSupplier once(LongSupplier supplier) {
    long[] answer = {-1};
    return () -> {
      synchronized (answer) {
        if (answer[0] < 0) {
          answer[0] = supplier.getAsLong();
        }
        return answer[0];
      }
    };
  }

  private static BooleanSupplier once(BooleanSupplier supplier) {
    LongSupplier answer = once(() -> supplier.getAsBoolean() ? 1 : 0);
    return () -> answer.getAsLong() == 1;
  }

  @Override
  public List<T> content() {
    return page.content();
  }

  @Override
  public boolean hasContent() {
    return page.hasContent();
  }

  @Override
  public int numberOfElements() {
    return page.numberOfElements();
  }

  @Override
  public Iterator<T> iterator() {
    return page.iterator();
  }

  @Override
  public PageRequest pageRequest() {
    return page.pageRequest();
  }

  @Override
  public boolean hasNext() {
    return next == null ? page.hasNext() : next.getAsBoolean();
  }

  @Override
  public boolean hasPrevious() {
    return previous == null ? page.hasPrevious() : previous.getAsBoolean();
  }

  @Override
  public PageRequest nextPageRequest() {
    if (!hasNext()) {
      throw new NoSuchElementException("no page follows " + pageRequest());
    }
    return page.nextPageRequest();
  }

  @Override
  public PageRequest previousPageRequest() {
    if (!hasPrevious()) {
      throw new NoSuchElementException("no page precedes " + pageRequest());
    }
    return page.previousPageRequest();
  }

  @Override
  public boolean hasTotals() {
    return total != null;
  }

  @Override
  public long totalElements() {
    if (total == null) {
      throw new IllegalStateException("total elements are not available: the request " + pageRequest() + " asked for none");
    }
    return total.getAsLong();
  }

  @Override
  public long totalPages() {
    long size = pageRequest().size();
    return (totalElements() + size - 1) / size;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + pageRequest() + ", " + numberOfElements() + " results]";
  }

  /** A cursored page: its cursors are the record's. */
  private static final class Cursored<T> extends LazyPage<T> implements CursoredPage<T> {
    private final CursoredPage<T> cursored;

    Cursored(CursoredPage<T> page, LongSupplier total, BooleanSupplier next, BooleanSupplier previous) {
      super(page, total, next, previous);
      this.cursored = page;
    }

    @Override
    public PageRequest.Cursor cursor(int index) {
      return cursored.cursor(index);
    }
  }
}
