package io.strata.query;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.repository.EntityStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Where a query's candidate entities come from, one batch at a time: the entries of an index a plan reads
 * ({@link #index}, or a built scan's {@link IndexScan#candidates()}), the rows of the ids a query names ({@link #ids}),
 * every row ({@link #allRows}), or the branches of an {@code Or} in turn ({@link #union}). A predicate the caller holds
 * keeps the candidates that match (it holds every condition, so the source only narrows the read); the reads are
 * {@link CandidateReads}'. Both dialects' generated methods read through this one type.
 *
 * @param <T> the entity
 */
@FunctionalInterface
public interface Candidates<T> {
  /** One batch of at most {@code limit} candidates of {@code store}, continuing {@code after} (null for the first). */
  CompletableFuture<Page<T>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after);

  /**
   * How many candidates the first batch of a read asks for when {@code expected} matches would do (a limit, a page, a
   * single result): that many, since the source narrows the read and the predicate mostly agrees; every row reads
   * more ({@link #allRows}).
   */
  default long firstBatch(long expected) {
    return expected;
  }

  /** No candidate at all. */
  static <T> Candidates<T> none() {
    return (store, tr, limit, after) -> CompletableFuture.completedFuture(Page.last(List.of()));
  }

  /**
   * Every row {@code (E, "R", id)}, in id order, in batches of at most {@link FilteredRows#BATCH} ({@link FilteredRows#rows}),
   * the first a whole one whatever a limit expects: no index narrows them, so the predicate may reject most.
   */
  static <T> Candidates<T> allRows() {
    return new Candidates<>() {
      @Override
      public CompletableFuture<Page<T>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after) {
        return FilteredRows.rows(tr, store, limit, after);
      }

      @Override
      public long firstBatch(long expected) {
        return Math.max(expected, FilteredRows.BATCH);
      }
    };
  }

  /**
   * The entities an index scan finds. {@code parameters} are the query values the scan was built from: when one is
   * null there is no candidate, since a comparison with null matches nothing (and nulls are not indexed); when an
   * {@code In} collection holds a null, every row is a candidate (the predicate decides, and no scan sees the null).
   */
  static <T> Candidates<T> index(Function<EntityStore<T>, IndexScan<T>> scan, Object... parameters) {
    return switch (Nulls.of(parameters)) {
      case NULL_VALUE -> none();
      case NULL_IN_COLLECTION -> allRows();
      case NONE -> (store, tr, limit, after) -> scan.apply(store).batch(tr, limit, after);
    };
  }

  /** The rows of these ids (each once; nulls and missing ids skipped), read concurrently in one batch. */
  static <T> Candidates<T> ids(Collection<?> ids) {
    List<Object> distinct = new ArrayList<>(new LinkedHashSet<>(ids == null ? List.of() : ids));
    distinct.removeIf(Objects::isNull);
    return (store, tr, limit, after) -> store.loadAll(tr, distinct).thenApply(Page::last);
  }

  /**
   * The candidates of a query whose conditions are joined by {@code Or}: each branch's candidates in turn, skipping
   * those that match an earlier branch's condition ({@code conditions}, one per branch), read by the one paged union
   * of the read core ({@link UnionPages}).
   */
  static <T> Candidates<T> union(List<Candidates<T>> branches, List<Predicate<? super T>> conditions) {
    if (branches.size() != conditions.size()) {
      throw new IllegalArgumentException(branches.size() + " branches but " + conditions.size() + " conditions");
    }
    // identifies the union's positions in its continuations (they never leave the read core)
    byte[] union = "io.strata.query.Candidates.union".getBytes(StandardCharsets.UTF_8);
    return new Candidates<>() {
      @Override
      public CompletableFuture<Page<T>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after) {
        return UnionPages.page(branches.stream().<UnionPages.Branch<T>>map(b -> (size, from) -> b.read(store, tr, size, from)).toList(),
            conditions, limit, after, union);
      }

      /** The largest first batch of a branch: a branch of every row reads a whole batch of rows. */
      @Override
      public long firstBatch(long expected) {
        return branches.stream().mapToLong(b -> b.firstBatch(expected)).max().orElse(expected);
      }
    };
  }

  /**
   * The keys an index scan finds, for {@link CandidateReads#count} and {@link CandidateReads#any}: none when a query
   * value is null (as for {@link #index}); null, so that the rows are read instead, when an {@code In} collection holds
   * a null (the scan cannot hold it).
   */
  static <T> Keys<T> indexKeys(Function<EntityStore<T>, IndexScan<T>> scan, Object... parameters) {
    return switch (Nulls.of(parameters)) {
      case NULL_VALUE -> (store, tr, limit, after) -> CompletableFuture.completedFuture(Page.last(List.of()));
      case NULL_IN_COLLECTION -> null;
      case NONE -> new Keys<>() {
        @Override
        public CompletableFuture<Page<Tuple>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after) {
          return scan.apply(store).keyPage(tr, limit, after);
        }

        /** The scan's own count: its keys in one range read, as a Strata count and a run-time count read them. */
        @Override
        public CompletableFuture<Long> count(EntityStore<T> store, ReadTransaction tr) {
          return scan.apply(store).count(tr);
        }

        /** The scan's own test: one key, with no look past it for a next page. */
        @Override
        public CompletableFuture<Boolean> exists(EntityStore<T> store, ReadTransaction tr) {
          return scan.apply(store).exists(tr);
        }
      };
    };
  }

  /**
   * The keys of a query whose conditions are joined by {@code Or}, each branch's conditions applied exactly by its index
   * ({@code branches}, from {@link #indexKeys}): an entity is counted once however many branches hold it (keys end with
   * the id), so the union is counted and tested with no row read. Null, so that the rows are read instead, when a
   * branch's keys are (an {@code In} holding a null).
   */
  static <T> Keys<T> unionKeys(List<Keys<T>> branches) {
    if (branches.stream().anyMatch(Objects::isNull)) {
      return null;
    }
    return new Keys<>() {
      /**
       * The first {@code limit} distinct entities' keys, branch after branch, each branch read for as many as are still
       * missing; one page: a union's keys are counted or tested, not paged.
       */
      @Override
      public CompletableFuture<Page<Tuple>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after) {
        if (after != null) {
          throw new IllegalArgumentException("a union's keys are read in one page, from the start");
        }
        return distinct(store, tr, 0, new LinkedHashMap<>(), limit).thenApply(keys -> Page.last(List.copyOf(keys.values())));
      }

      /** Every branch's keys, each entity once. */
      @Override
      public CompletableFuture<Long> count(EntityStore<T> store, ReadTransaction tr) {
        return distinct(store, tr, 0, new LinkedHashMap<>(), Integer.MAX_VALUE).thenApply(keys -> (long) keys.size());
      }

      /** Whether any branch has a key: branch after branch, each tested by its own {@link Keys#exists}. */
      @Override
      public CompletableFuture<Boolean> exists(EntityStore<T> store, ReadTransaction tr) {
        return anyFrom(store, tr, 0);
      }

      private CompletableFuture<Boolean> anyFrom(EntityStore<T> store, ReadTransaction tr, int from) {
        return from == branches.size() ? CompletableFuture.completedFuture(false)
            : branches.get(from).exists(store, tr).thenCompose(found -> found ? CompletableFuture.completedFuture(true)
                : anyFrom(store, tr, from + 1));
      }

      /** {@code found} (keys by their entity's id) with the keys of branches {@code from} on, up to {@code limit} entities. */
      private CompletableFuture<Map<Tuple, Tuple>> distinct(EntityStore<T> store, ReadTransaction tr, int from,
          Map<Tuple, Tuple> found, int limit) {
        if (from == branches.size() || found.size() >= limit) {
          return CompletableFuture.completedFuture(found);
        }
        return branchKeys(branches.get(from), store, tr, null, found, limit)
            .thenCompose(ignored -> distinct(store, tr, from + 1, found, limit));
      }

      /** One branch's keys, page after page from {@code after}, into {@code found} until it holds {@code limit} entities. */
      private CompletableFuture<Void> branchKeys(Keys<T> branch, EntityStore<T> store, ReadTransaction tr, Continuation after,
          Map<Tuple, Tuple> found, int limit) {
        int size = (int) Math.min(CandidateReads.BATCH, (long) limit - found.size());
        return branch.read(store, tr, size, after).thenCompose(page -> {
          for (Tuple key : page.items()) {
            if (found.size() < limit) {
              found.putIfAbsent(Tuple.from(IndexEntries.id(key)), key);
            }
          }
          return page.next().isEmpty() || found.size() >= limit ? CompletableFuture.completedFuture(null)
              : branchKeys(branch, store, tr, page.next().get(), found, limit);
        });
      }
    };
  }

  /**
   * The index keys of a query whose conditions the index applies exactly (the planner decides): matches can be counted
   * and tested on the keys alone, without reading a row. Built with {@link #indexKeys}.
   */
  @FunctionalInterface
  interface Keys<T> {
    CompletableFuture<Page<Tuple>> read(EntityStore<T> store, ReadTransaction tr, int limit, Continuation after);

    /** How many keys there are, read in {@code tr}: page after page of {@value CandidateReads#BATCH}, unless a scan counts them. */
    default CompletableFuture<Long> count(EntityStore<T> store, ReadTransaction tr) {
      return counted(store, tr, null, 0L);
    }

    /** Whether there is any key, read in {@code tr}: one key at most. */
    default CompletableFuture<Boolean> exists(EntityStore<T> store, ReadTransaction tr) {
      return read(store, tr, 1, null).thenApply(page -> !page.items().isEmpty());
    }

    private CompletableFuture<Long> counted(EntityStore<T> store, ReadTransaction tr, Continuation after, long before) {
      return read(store, tr, CandidateReads.BATCH, after).thenCompose(page -> page.next().isEmpty()
          ? CompletableFuture.completedFuture(before + page.items().size())
          : counted(store, tr, page.next().get(), before + page.items().size()));
    }
  }

  /** What the query values an index read is built from hold: nothing null, a null value, or a null in an {@code In}. */
  enum Nulls {
    NONE, NULL_VALUE, NULL_IN_COLLECTION;

    /** What {@code parameters} hold. */
    public static Nulls of(Object... parameters) {
      for (Object p : parameters) {
        if (p == null) {
          return NULL_VALUE;
        }
        if (p instanceof Collection<?> c && c.stream().anyMatch(Objects::isNull)) {
          return NULL_IN_COLLECTION;
        }
      }
      return NONE;
    }
  }
}
