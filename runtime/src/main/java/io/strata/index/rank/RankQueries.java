package io.strata.index.rank;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.repository.EntityStore;
import io.strata.row.Paging;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * Reads of {@code @Rank} indexes: rank of an entity, entity at a rank, a range of ranks and a group's
 * size, each O(log n) keys of the group's {@code RankedSkipList} (plus the rows returned). A descending
 * rank is {@code size - 1 -} the ascending one, so descending queries also read the size.
 */
public final class RankQueries<T> {
  private final EntityStore<T> store;

  public RankQueries(EntityStore<T> store) {
    this.store = store;
  }

  private CompletableFuture<RankIndex> ready(ReadTransaction tr, String name) {
    RankIndex index = store.indexes().derived(name, RankIndex.class, "@Rank named");
    return store.states().requireReady(tr, RankIndex.KIND, name).thenApply(v -> index);
  }

  /** The rank of entity {@code id} in {@code group}; empty when it does not exist, is in another group or is not ranked. */
  public CompletableFuture<OptionalLong> rankOf(ReadTransaction tr, String name, List<Object> group, Object id) {
    Tuple g = Tuple.fromList(group);
    return ready(tr, name).thenCompose(index -> store.rows().loadRowOnly(tr, id).thenCompose(row -> {
      if (row == null || !g.equals(index.groupOf(row))) {
        return CompletableFuture.completedFuture(OptionalLong.empty());
      }
      Subspace list = index.group(g);
      CompletableFuture<Long> rank = RankedSkipList.rank(tr, list, index.elementOf(id, row));
      if (!index.definition().descending()) {
        return rank.thenApply(OptionalLong::of);
      }
      return rank.thenCombine(RankedSkipList.size(tr, list), (r, size) -> OptionalLong.of(size - 1 - r));
    }));
  }

  /** The entity at {@code rank} in {@code group}, empty when the group has no more entities. */
  public CompletableFuture<Optional<T>> at(ReadTransaction tr, String name, List<Object> group, long rank) {
    return range(tr, name, group, rank, 1).thenApply(list -> list.isEmpty() ? Optional.empty() : Optional.of(list.get(0)));
  }

  /** The entities at ranks {@code fromRank} to {@code fromRank + count - 1} of {@code group} (fewer at its end), in rank order. */
  public CompletableFuture<List<T>> range(ReadTransaction tr, String name, List<Object> group, long fromRank, int count) {
    if (fromRank < 0) {
      throw new IllegalArgumentException("rank must not be negative, was " + fromRank);
    }
    Paging.checkLimit(count);
    return ready(tr, name).thenCompose(index -> {
      Subspace list = index.group(Tuple.fromList(group));
      if (!index.definition().descending()) {
        return ascending(tr, list, fromRank, count);
      }
      return RankedSkipList.size(tr, list).thenCompose(size -> {
        long end = size - fromRank; // exclusive, in ascending ranks
        if (end <= 0) {
          return CompletableFuture.completedFuture(List.<T>of());
        }
        long start = Math.max(0, end - count);
        return ascending(tr, list, start, (int) (end - start)).thenApply(entities -> {
          List<T> reversed = new ArrayList<>(entities);
          Collections.reverse(reversed);
          return reversed;
        });
      });
    });
  }

  private CompletableFuture<List<T>> ascending(ReadTransaction tr, Subspace list, long from, int count) {
    return RankedSkipList.select(tr, list, from).thenCompose(first -> first.isEmpty()
        ? CompletableFuture.completedFuture(List.<T>of())
        : RankedSkipList.scan(tr, list, first.get(), count).thenCompose(elements -> {
          List<Object> ids = new ArrayList<>(elements.size());
          elements.forEach(e -> ids.add(e.get(1)));
          return store.loadAll(tr, ids);
        }));
  }

  /** The number of ranked entities in {@code group}. */
  public CompletableFuture<Long> size(ReadTransaction tr, String name, List<Object> group) {
    return ready(tr, name).thenCompose(index -> RankedSkipList.size(tr, index.group(Tuple.fromList(group))));
  }
}
