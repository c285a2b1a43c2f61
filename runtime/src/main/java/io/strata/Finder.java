package io.strata;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A query built while the program runs ({@code repository.where(restriction)}, {@code repository.jdql(text)}):
 * planned by the same planner as declared methods, onto the same indexes, and read by the same read core.
 * Configure it with {@link #orderBy}, {@link #limit} and {@link #allowScan}, then read it with one terminal
 * method. Each terminal runs in its own transaction ({@link #stream} and pages in one per page). A finder is a
 * value: the configuring methods return a new one.
 *
 * @param <E> the entity
 */
public interface Finder<E> {

  /** The results in this order, most significant first (then by id). */
  @SuppressWarnings("unchecked")
  Finder<E> orderBy(OrderBy<E>... order);

  /** At most {@code n} results ({@code n > 0}). */
  Finder<E> limit(int n);

  /**
   * Runs the query even where no index narrows it, reading every row (or every entry of the index it reads) and
   * checking the conditions on each. Without it such a query throws {@link QueryNotServedException}.
   */
  Finder<E> allowScan();

  /** Binds the JDQL parameter {@code :name} (jdql finders only). */
  Finder<E> bind(String name, Object value);

  /** Binds the JDQL parameter {@code ?position} (jdql finders only; the first is 1). */
  Finder<E> bind(int position, Object value);

  /** Every result, in order, read in one transaction. */
  List<E> list();

  /** The results, read lazily a batch per transaction (see {@code docs/queries.md}). */
  Stream<E> stream();

  /** How many entities match (from the index entries alone where no condition needs the rows). */
  long count();

  /** Whether any entity matches. */
  boolean exists();

  /** The first result in order. */
  Optional<E> first();

  /**
   * At most {@code size} results after {@code after} (null: the first page), read in one transaction. A page resumes
   * strictly after the previous page's last result in the order, so under writes between pages an entity that
   * matched throughout and was not written appears exactly once, and results stay in order across pages.
   */
  Page<E> page(int size, Continuation after);

  /** The plan in keys: which index or rows it reads, which ranges, in which order, and what it checks on each. */
  String explain();

  /** Convenience: {@link #orderBy(OrderBy[])} of a list. */
  @SuppressWarnings("unchecked")
  default Finder<E> orderBy(List<OrderBy<E>> order) {
    return orderBy(order.toArray(OrderBy[]::new));
  }
}
