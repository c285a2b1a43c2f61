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
 * A save's unique indexes: the entries of its new values, read together with its old row, then the check
 * that no unique index maps a new value to another id.
 */
final class UniqueChecks {
  private final EntityLayout<?> layout;

  UniqueChecks(EntityLayout<?> layout) {
    this.layout = layout;
  }

  /** The unique entry keys of new index values {@code now} (layout order; unique indexes with a value only). */
  List<byte[]> keys(List<List<Object>> now) {
    List<byte[]> out = new ArrayList<>();
    for (int k = 0; k < now.size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      if (index.unique() && now.get(k) != null) {
        out.add(layout.uniqueKey(index, now.get(k)));
      }
    }
    return out;
  }

  /**
   * Reads, at once, the unique entry of each new value in {@code now}: per index position, the owner's
   * packed id (a future of null when absent), or null where the index is not unique or holds no value.
   */
  List<CompletableFuture<byte[]>> read(Transaction tr, List<List<Object>> now) {
    List<CompletableFuture<byte[]>> owners = new ArrayList<>(now.size());
    for (int k = 0; k < now.size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      owners.add(index.unique() && now.get(k) != null ? tr.get(layout.uniqueKey(index, now.get(k))) : null);
    }
    return owners;
  }

  /**
   * Fails with {@link UniqueConstraintException} when a unique index maps a value the entity takes on
   * ({@code now}, per index; {@code was} the stored ones or null) to another id, judged from {@code owners}
   * ({@link #read}). An owner that says another id is read again first: a save earlier in the same
   * transaction (a {@code saveAll}) may have released the value after {@code owners} were read.
   */
  CompletableFuture<Void> check(Transaction tr, Object id, List<List<Object>> was, List<List<Object>> now,
      List<CompletableFuture<byte[]>> owners) {
    List<CompletableFuture<Void>> checks = new ArrayList<>();
    for (int k = 0; k < now.size(); k++) {
      IndexDefinition index = layout.indexes().get(k);
      List<Object> v = now.get(k);
      if (!index.unique() || v == null || (was != null && v.equals(was.get(k)))) {
        continue;
      }
      byte[] key = layout.uniqueKey(index, v);
      checks.add(owners.get(k).thenCompose(owner -> owner == null || owns(key, owner, id)
          ? CompletableFuture.<byte[]>completedFuture(null) : tr.get(key)).thenAccept(owner -> {
            if (owner != null && !owns(key, owner, id)) {
              throw new UniqueConstraintException(layout.entityName(), index.name(), v, StoredData.uniqueOwner(layout, key, owner), id);
            }
          }));
    }
    return checks.isEmpty() ? CompletableFuture.completedFuture(null) : CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new));
  }

  /** Whether the unique entry at {@code key}, holding {@code owner}, names entity {@code id}. */
  private boolean owns(byte[] key, byte[] owner, Object id) {
    return Tuple.from(StoredData.uniqueOwner(layout, key, owner)).equals(Tuple.from(id));
  }
}
