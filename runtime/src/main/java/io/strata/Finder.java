package io.strata;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A query built while the program runs ({@code repository.where(restriction)}, {@code repository.jdql(text)}):
 * planned by the same planner as declared methods, onto the same indexes, and read by the same read core.
 * Configure it with {@link #orderBy}, {@link #limit} and {@link #allowScan} (or, for the entities nearest a query
 * vector, {@link #nearest}, {@link #limit} and {@link #candidates}), then read it with one terminal method. Each terminal runs in its own transaction (pages in one per page; {@link #stream} in one per batch, all at one read version). A finder is a
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

  /**
   * The {@link #limit} entities whose {@code vector} (an {@code @Embedding} field: {@code _Doc.vector}) is nearest
   * {@code query}, nearest first: a search of its vector index, as the generated {@code nearest<Field>(...)} and
   * declared {@code ...Near} methods search it. An equality ({@code equalTo}) on each of the index's {@code groupBy}
   * fields picks the one group searched; every other condition of the restriction is checked on the candidates, the
   * search widening, within a bound, until {@code limit} pass (so a condition that rejects nearly every candidate may
   * leave fewer). The search is approximate: {@link #candidates} trades reads for finding the true nearest.
   * Read with {@link #list}, {@link #stream}, {@link #first} or {@link #listScored} (with distances); a nearest
   * finder needs a {@link #limit} (except for {@link #first}), takes no {@link #orderBy} (replacing an earlier
   * nearest), and has no {@link #count}, {@link #exists} or {@link #page} (each throws
   * {@link IllegalStateException} saying what to call instead).
   *
   * @throws IllegalArgumentException when {@code query} is null, or the finder has an order (a JDQL query's
   *     {@code ORDER BY} too): results are nearest first
   */
  Finder<E> nearest(Property<E, float[]> vector, float[] query);

  /**
   * How many candidates a {@link #nearest} search rescores exactly with their full vectors ({@code n > 0}; without it
   * {@code VectorQueries.DEFAULT_CANDIDATES}, less than the limit counting as the limit): the generated methods'
   * {@code candidates}. More finds the true nearest more often and reads more keys.
   */
  Finder<E> candidates(int n);

  /** Binds the JDQL parameter {@code :name} (jdql finders only). */
  Finder<E> bind(String name, Object value);

  /** Binds the JDQL parameter {@code ?position} (jdql finders only; the first is 1). */
  Finder<E> bind(int position, Object value);

  /** Every result, in order, read in one transaction. */
  List<E> list();

  /**
   * The results, read lazily a batch per read transaction, the batches at one read version: one snapshot of the data
   * unless the stream outlives FoundationDB's five-second window (see {@code docs/queries.md}).
   */
  Stream<E> stream();

  /** How many entities match (from the index entries alone where no condition needs the rows). */
  long count();

  /** Whether any entity matches. */
  boolean exists();

  /** The first result in order (for a {@link #nearest} finder: the nearest, searched as with {@code limit(1)}). */
  Optional<E> first();

  /**
   * The results of a {@link #nearest} finder, nearest first, each with its exact distance to the query vector under
   * the index's metric, read in one transaction.
   *
   * @throws IllegalStateException when the finder has no {@link #nearest}
   */
  List<Scored<E>> listScored();

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
