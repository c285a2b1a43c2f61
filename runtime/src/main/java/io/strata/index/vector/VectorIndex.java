package io.strata.index.vector;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.index.DerivedIndex;
import io.strata.index.GroupedField;
import io.strata.index.IndexVerifier;
import io.strata.row.EntityLayout;
import io.strata.row.KeyBatches;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Maintains one {@code @Embedding} field: {@code (E, "N", name, groups..., id) = vector} ({@link Vectors#element}
 * bytes), one entry per entity with a vector and every group value. A save with a vector of another length than
 * the definition's is refused by {@link #checkSizes}, before anything of the save is written.
 */
public final class VectorIndex implements DerivedIndex {
  public static final String KIND = "N";

  private final Rows<?> rows;
  private final EntityLayout<?> layout;
  private final VectorDefinition definition;
  private final GroupedField fields;
  private final Subspace subspace;

  VectorIndex(Rows<?> rows, VectorDefinition definition) {
    this.rows = rows;
    this.layout = rows.layout();
    this.definition = definition;
    this.fields = new GroupedField(layout, definition.groupBy(), definition.field());
    this.subspace = layout.entity().get(KIND).get(definition.name());
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return definition.name();
  }

  public VectorDefinition definition() {
    return definition;
  }

  /** {@code (E, "N", name, groups...)}: one group's entries, in id order. */
  public Subspace group(Tuple group) {
    return subspace.get(group);
  }

  /** The entry's key for a row that has one, else null. */
  private byte[] entry(Object id, Object[] row) {
    Tuple g = fields.group(row);
    return g == null || fields.value(row) == null ? null : subspace.pack(g.addObject(id));
  }

  /** The row's vector bytes, or null when it has none. */
  private byte[] vector(Object[] row) {
    return row == null ? null : (byte[]) fields.value(row);
  }

  @Override
  public long checkSizes(Object id, Object[] fresh) {
    byte[] key = entry(id, fresh);
    if (key == null) {
      return 0;
    }
    Object element = fields.value(fresh);
    int length = element instanceof byte[] b && b.length % Float.BYTES == 0 ? b.length / Float.BYTES : -1;
    if (length != definition.dimensions()) {
      throw new IllegalArgumentException(layout.entityName() + " " + Sizes.describe(id) + ": @Embedding field '" + definition.field()
          + "' has " + (length < 0 ? "a value that is not a float[]" : length + " dimensions") + " but its index '" + definition.name()
          + "' declares " + definition.dimensions() + "; save a vector of " + definition.dimensions()
          + " components (nothing of this save was written)");
    }
    byte[] value = (byte[]) element;
    Sizes.checkKey(layout.entityName(), id, () -> "vector index '" + definition.name() + "' entry", key);
    Sizes.checkValue(layout.entityName(), id, () -> "vector of '" + definition.field() + "'", value);
    return key.length + value.length;
  }

  @Override
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    byte[] was = entry(id, old);
    byte[] now = entry(id, fresh);
    if (was != null && !Arrays.equals(was, now)) {
      tr.clear(was);
    }
    if (now != null && !(Arrays.equals(was, now) && Arrays.equals(vector(old), vector(fresh)))) {
      tr.set(now, vector(fresh));
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public Check check() {
    String what = "vector index '" + definition.name() + "'";
    return new Check() {
      @Override
      public CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> batch) {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (Object[] row : batch) {
          Object id = row[layout.codec().idIndex()];
          byte[] key = entry(id, row);
          if (key != null) {
            checks.add(tr.get(key).thenApply(v -> v == null ? "row " + Sizes.describe(id) + " has no entry in " + what
                : Arrays.equals(v, vector(row)) ? null : what + " entry of " + Sizes.describe(id) + " holds another vector than its row"));
          }
        }
        return IndexVerifier.whenFound(checks);
      }

      @Override
      public long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
        return KeyBatches.check(db, subspace.range(), batch, report, (tr, kvs) -> IndexVerifier.checkEach(kvs, what, kv -> {
          Tuple key = subspace.unpack(kv.getKey());
          Object id = key.get(key.size() - 1);
          return rows.loadRowOnly(tr, id).thenApply(r -> r != null && Arrays.equals(kv.getKey(), entry(id, r))
              && Arrays.equals(kv.getValue(), vector(r)) ? null
              : what + " entry " + key + (r == null ? " has no row" : " does not match its row's group or vector"));
        }));
      }
    };
  }
}
