package io.strata;

/**
 * A repository that takes queries built while the program runs. Every generated implementation of a declared
 * {@code @Repository} interface implements it; a declared interface extends it to offer {@link #where} and
 * {@link #jdql} to its callers ({@code interface Places extends CrudRepository<Place, Long>, Queryable<Place>}).
 * The generated {@code <Type>Repository} has the same two methods.
 *
 * @param <E> the entity
 */
public interface Queryable<E> {

  /**
   * A run-time query of the entities {@code restriction} accepts (built over the metamodel {@code _E}), planned onto the
   * entity's indexes as a declared method is; see {@link Finder#explain()} for the keys it reads.
   */
  Finder<E> where(Restriction<E> restriction);

  /**
   * A run-time JDQL query of the entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n} parameters
   * bound with the finder's {@code bind}; planned as {@link #where} is.
   */
  Finder<E> jdql(String query);
}
