package io.strata.repository;

import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.UniqueConstraintException;
import io.strata.row.EntityLayout;
import io.strata.row.IndexDefinition;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The reads a save makes before it writes: its old row and the unique keys of its new values, sent
 * together up front, and then the checks that no unique index maps a new value to another id.
 */
final class UniqueChecks {
  private final EntityLayout<?> layout;

  UniqueChecks(EntityLayout<?> layout) {
    this.layout = layout;
  }

  /**
   * Sends, at once, the reads a save of entity {@code id} with index values {@code values} will make: its old
   * row and the unique key of each new value. The save's own steps then find them in the transaction's read
   * cache (read-your-writes), so a save waits for three round trips (read version, these reads, commit)
   * whatever it has to check, and a {@code saveAll} as many, not three per entity. A unique key read for a
   * value that turns out unchanged costs one key read and no round trip.
   */
  CompletableFuture<Void> prefetch(Transaction tr, Object id, List<List<Object>> values) {
    List<CompletableFuture<?>> reads = new ArrayList<>();
    reads.add(tr.getRange(EntityLayout.below(layout.rowPrefix(id))).asList());
    for (int k = 0; k < values.size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      if (index.unique() && values.get(k) != null) {
        reads.add(tr.get(layout.uniqueKey(index, values.get(k))));
      }
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new));
  }

  /**
   * Fails with {@link UniqueConstraintException} when a unique index maps a value the entity takes on
   * ({@code now}, per index; {@code was} the stored ones or null) to another id.
   */
  CompletableFuture<Void> check(Transaction tr, Object id, List<List<Object>> was, List<List<Object>> now) {
    List<CompletableFuture<Void>> checks = new ArrayList<>();
    for (int k = 0; k < now.size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      List<Object> v = now.get(k);
      if (!index.unique() || v == null || (was != null && v.equals(was.get(k)))) {
        continue;
      }
      checks.add(tr.get(layout.uniqueKey(index, v)).thenAccept(owner -> {
        if (owner != null) {
          Object existing = StoredData.uniqueOwner(layout, layout.uniqueKey(index, v), owner);
          if (!Tuple.from(existing).equals(Tuple.from(id))) {
            throw new UniqueConstraintException(layout.entityName(), index.name(), v, existing, id);
          }
        }
      }));
    }
    return checks.isEmpty() ? CompletableFuture.completedFuture(null) : CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new));
  }
}
