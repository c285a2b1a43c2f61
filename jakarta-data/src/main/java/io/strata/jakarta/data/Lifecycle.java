package io.strata.jakarta.data;

import com.apple.foundationdb.Transaction;
import io.strata.UniqueConstraintException;
import io.strata.query.CandidateReads;
import io.strata.repository.EntityStore;
import jakarta.data.exceptions.DataException;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The writes of a generated Jakarta Data repository, behind {@link DataStore}'s lifecycle methods: {@code @Insert},
 * {@code @Update}, {@code @Delete}, {@code @Save} with the exceptions the specification asks for, each call one
 * transaction (retried on conflicts, so a batch is all or nothing), and JDQL {@code UPDATE}/{@code DELETE} in batches
 * by count and by bytes.
 *
 * @param <T> the entity
 */
final class Lifecycle<T> {
  private final CandidateReads<T> tx;
  private final EntityStore<T> store;
  private final Attributes<T> attributes;

  Lifecycle(CandidateReads<T> tx, EntityStore<T> store, Attributes<T> attributes) {
    this.tx = tx;
    this.store = store;
    this.attributes = attributes;
  }

  /**
   * Inserts or replaces {@code entity} with its index entries; returns it. An entity whose id is null gets one the store
   * assigns ({@link #withIds}): the entity itself with its id set, or, for one built through its constructor, a new
   * instance carrying it.
   */
  <S extends T> S save(S entity) {
    requireEntity(entity);
    List<S> one = List.of(entity);
    boolean[] absent = absentIds(one);
    return tx.write(tr -> withIds(tr, one, absent).thenCompose(saved -> store.save(tr, saved.get(0)).thenApply(v -> saved.get(0))));
  }

  /** Saves every entity in one transaction (null ids assigned as {@link #save} does); returns them in the order given. */
  <S extends T> List<S> saveAll(List<S> entities) {
    entities.forEach(this::requireEntity);
    boolean[] absent = absentIds(entities);
    return tx.write(tr -> withIds(tr, entities, absent).thenCompose(saved -> store.saveAll(tr, saved).thenApply(v -> saved)));
  }

  /**
   * Inserts {@code entity} (a null id assigned as {@link #save} does); an {@link EntityExistsException} when its id (or a
   * unique value) is already stored.
   */
  <S extends T> S insert(S entity) {
    return insertAll(List.of(entity)).get(0);
  }

  /** Inserts every entity in one transaction: none is written when one already exists. */
  <S extends T> List<S> insertAll(List<S> entities) {
    entities.forEach(this::requireEntity);
    boolean[] absent = absentIds(entities);
    try {
      return tx.write(tr -> withIds(tr, entities, absent).thenCompose(saved -> each(saved, e -> store.exists(tr, attributes.id(e))
          .thenCompose(exists -> {
            if (exists) {
              throw new EntityExistsException(attributes.entity() + " with id " + attributes.id(e)
                  + " already exists; use @Save or @Update to replace it");
            }
            return store.save(tr, e);
          })).thenApply(v -> saved)));
    } catch (UniqueConstraintException e) {
      throw new EntityExistsException(e.getMessage(), e);
    }
  }

  /** Which of {@code entities} have a null id, read before the transaction's first attempt. */
  private boolean[] absentIds(List<? extends T> entities) {
    boolean[] absent = new boolean[entities.size()];
    for (int i = 0; i < absent.length; i++) {
      absent[i] = attributes.id(entities.get(i)) == null;
    }
    return absent;
  }

  /**
   * {@code entities} as one attempt of a write transaction stores them: each one {@code absent} marks gets a fresh id
   * from the store ({@link EntityStore#assignId}), drawn again on every attempt (an id set in place by an attempt that
   * conflicted is not kept). When the store assigns no ids (an {@code int} or {@code byte[]} id), the entities are left
   * as they are and the save rejects the null id. A subclass instance of an entity built through its constructor comes
   * back as the entity class itself.
   */
  @SuppressWarnings("unchecked")
  private <S extends T> CompletableFuture<List<S>> withIds(Transaction tr, List<S> entities, boolean[] absent) {
    List<S> out = new ArrayList<>(entities);
    Set<Object> drawn = new java.util.HashSet<>();
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (int i = 0; i < absent.length; i++) {
      if (absent[i] && store.assignsIds()) {
        int at = i;
        chain = chain.thenCompose(v -> store.assignId(tr, entities.get(at), drawn)).thenAccept(e -> out.set(at, (S) e));
      }
    }
    return chain.thenApply(v -> out);
  }

  /** Replaces a stored {@code entity}; an {@link OptimisticLockingFailureException} when it is not stored. */
  <S extends T> S update(S entity) {
    updateAll(List.of(entity));
    return entity;
  }

  /** Replaces every entity in one transaction: none is written when one is missing. */
  <S extends T> List<S> updateAll(List<S> entities) {
    entities.forEach(this::requireEntity);
    tx.write(tr -> each(entities, e -> store.exists(tr, attributes.id(e)).thenCompose(exists -> {
      if (!exists) {
        throw missing(e, "update");
      }
      return store.save(tr, e);
    })));
    return entities;
  }

  /** Deletes a stored {@code entity}; an {@link OptimisticLockingFailureException} when it is not stored. */
  void delete(T entity) {
    deleteAll(List.of(entity));
  }

  /** Deletes every entity in one transaction: none is deleted when one is missing. */
  void deleteAll(List<? extends T> entities) {
    entities.forEach(this::requireEntity);
    tx.write(tr -> each(entities, e -> store.delete(tr, attributes.id(e)).thenApply(deleted -> {
      if (!deleted) {
        throw missing(e, "delete");
      }
      return null;
    })));
  }

  /** Deletes the entity with this id, if stored (the specification's {@code deleteById} is silent otherwise). */
  void deleteById(Object id) {
    tx.write(tr -> store.delete(tr, id));
  }

  /**
   * Deletes every candidate {@code where} accepts; returns how many. The matches are found in read transactions, then
   * deleted in the read core's batches ({@link CandidateReads#changeInBatches}), each one transaction that reads the rows
   * again and deletes those that still match.
   */
  long delete(Predicate<? super T> where, List<T> matches) {
    return tx.changeInBatches(where, matches, attributes::id, (tr, e) -> store.delete(tr, attributes.id(e)));
  }

  /**
   * Applies {@code change} to every candidate {@code where} accepts and saves it; returns how many. Batched as
   * {@link #delete(Predicate, List)} is, by count and by bytes, so rows of any size a save accepts go through
   * however many match: an entity is changed once however its change moves it among the candidates (the ids to change
   * are known before the first write).
   */
  long update(Predicate<? super T> where, List<T> matches, UnaryOperator<T> change) {
    return tx.changeInBatches(where, matches, attributes::id, (tr, e) -> {
      T next = change.apply(e);
      if (!Objects.equals(attributes.id(next), attributes.id(e))) {
        throw new DataException("an UPDATE of " + attributes.entity() + " cannot change its id " + attributes.id(e));
      }
      return store.save(tr, next);
    });
  }

  private static <E> CompletableFuture<Void> each(List<E> items, Function<E, CompletableFuture<?>> step) {
    CompletableFuture<?> chain = CompletableFuture.completedFuture(null);
    for (E item : items) {
      chain = chain.thenCompose(v -> step.apply(item));
    }
    return chain.thenApply(v -> null);
  }

  private OptimisticLockingFailureException missing(T entity, String what) {
    return new OptimisticLockingFailureException("cannot " + what + " " + attributes.entity() + " with id "
        + attributes.id(entity) + ": it is not stored (deleted, or never inserted)");
  }

  private void requireEntity(Object entity) {
    Objects.requireNonNull(entity, () -> "a null " + attributes.entity() + " cannot be stored");
  }


}
