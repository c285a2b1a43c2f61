package io.strata.index.aggregate;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.async.AsyncUtil;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Reads of {@code @Aggregate}s: a group's COUNT/SUM is the sum of its shards (one range read), its MIN/MAX the first/last key of the
 * group's entries (one range read of at most one key); per-group maps read the counters with one range
 * read, or skip from group to group with one single-key read each for MIN/MAX. Each query first checks
 * the aggregate is ready (not still being built online).
 */
public final class AggregateQueries<T> {
  private final EntityStore<T> store;

  public AggregateQueries(EntityStore<T> store) {
    this.store = store;
  }

  private AggregateIndex index(String name) {
    return store.indexes().derived(name, AggregateIndex.class, "@Aggregate named");
  }

  private CompletableFuture<AggregateIndex> ready(ReadTransaction tr, String name) {
    AggregateIndex index = index(name);
    return store.states().requireReady(tr, AggregateIndex.KIND, name).thenApply(v -> index);
  }

  /** Rejects a null group value before anything is read, naming the entity and the field. */
  private void requireGroup(String name, List<Object> group) {
    Elements.requireValues(store.layout().entityName(), index(name).definition().groupBy(), group);
  }

  /** A COUNT or SUM of one group: one range read of its shards, summed (0 for an empty group). */
  public CompletableFuture<Long> total(ReadTransaction tr, String name, List<Object> group) {
    requireGroup(name, group);
    return ready(tr, name).thenCompose(index -> tr.getRange(index.counters(Tuple.fromList(group))).asList().thenApply(index::sum));
  }

  /** The MIN or MAX element of one group: the first or last of its entries, empty for an empty group. */
  public CompletableFuture<Optional<Object>> extreme(ReadTransaction tr, String name, List<Object> group) {
    requireGroup(name, group);
    return ready(tr, name).thenCompose(index -> {
      Subspace g = index.subspace().get(Tuple.fromList(group));
      boolean max = index.definition().function() == AggregateDefinition.Function.MAX;
      return tr.getRange(g.range(), 1, max).asList().thenApply(kvs -> kvs.isEmpty()
          ? Optional.empty() : Optional.ofNullable(g.unpack(kvs.get(0).getKey()).get(0)));
    });
  }

  /** Every group's COUNT or SUM (non-zero ones), by group element, in group order: one range read, each group's shards summed. */
  public CompletableFuture<Map<Object, Object>> totalsByGroup(ReadTransaction tr, String name) {
    return ready(tr, name).thenCompose(index -> tr.getRange(index.subspace().range()).asList().thenApply(kvs -> {
      Map<Tuple, Long> sums = new LinkedHashMap<>(); // by Tuple: its equality compares byte[] elements by content
      for (KeyValue kv : kvs) {
        sums.merge(Tuple.from(index.subspace().unpack(kv.getKey()).get(0)), index.total(kv.getKey(), kv.getValue()), Long::sum);
      }
      Map<Object, Object> out = new LinkedHashMap<>();
      sums.forEach((group, total) -> {
        if (total != 0) {
          out.put(group.get(0), total);
        }
      });
      return out;
    }));
  }

  /**
   * Every group's MIN or MAX element, by group element, in group order: skips from group to group, one
   * single-key read per group.
   */
  public CompletableFuture<Map<Object, Object>> extremesByGroup(ReadTransaction tr, String name) {
    return ready(tr, name).thenCompose(index -> {
      boolean max = index.definition().function() == AggregateDefinition.Function.MAX;
      Subspace s = index.subspace();
      return skip(tr, s, s.range().begin, s.range().end, max, new LinkedHashMap<>()).thenApply(found -> {
        if (!max) {
          return found;
        }
        Map<Object, Object> ordered = new LinkedHashMap<>();
        List<Object> groups = new java.util.ArrayList<>(found.keySet());
        java.util.Collections.reverse(groups);
        groups.forEach(g -> ordered.put(g, found.get(g)));
        return ordered;
      });
    });
  }

  /** The first (or, reverse, last) entry of each group between {@code begin} and {@code end}: one single-key read per group. */
  private CompletableFuture<Map<Object, Object>> skip(ReadTransaction tr, Subspace s, byte[] begin, byte[] end, boolean reverse,
      Map<Object, Object> acc) {
    byte[][] bounds = {begin, end};
    return AsyncUtil.whileTrue(() -> tr.getRange(bounds[0], bounds[1], 1, reverse).asList().thenApply(kvs -> {
      if (kvs.isEmpty()) {
        return false;
      }
      Tuple key = s.unpack(kvs.get(0).getKey());
      Object group = key.get(0);
      acc.put(group, key.get(1));
      var groupRange = s.get(group).range();
      if (reverse) {
        bounds[1] = groupRange.begin;
      } else {
        bounds[0] = groupRange.end;
      }
      return true;
    }), tr.getExecutor()).thenApply(v -> acc);
  }
}
