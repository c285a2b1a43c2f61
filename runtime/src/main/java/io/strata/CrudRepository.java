package io.strata;

import java.util.List;
import java.util.Optional;

/**
 * What every declared repository ({@code @Repository interface Places extends CrudRepository<Place, Long>})
 * can do by id, implemented by the generated {@code <Interface>Impl}. Each method runs in its own
 * transaction, retried on conflicts; compose several with {@code StrataDb.run} and the generated
 * {@code <Type>Repository}'s {@code TransactionContext} overloads.
 *
 * @param <E> the entity
 * @param <ID> its {@code @Id} type (boxed)
 */
public interface CrudRepository<E, ID> {
  /**
   * Inserts or replaces {@code entity}, maintaining its indexes.
   *
   * @throws UniqueConstraintException if a unique index already maps a value to another id (nothing written)
   */
  void save(E entity);

  /** Saves every entity in one transaction. */
  void saveAll(Iterable<? extends E> entities);

  /** The entity with this id. */
  Optional<E> findById(ID id);

  /** The entities with these ids, in the order given; missing ids are skipped. */
  List<E> findAllById(Iterable<ID> ids);

  /** Whether an entity with this id exists. */
  boolean existsById(ID id);

  /** Deletes the entity and its index entries; {@code false} when it did not exist. */
  boolean deleteById(ID id);

  /** The number of entities (one key read: a counter, not a scan). */
  long count();

  /** One page of all entities in id order; {@code after} is null for the first page. */
  Page<E> findAll(int limit, Continuation after);
}
