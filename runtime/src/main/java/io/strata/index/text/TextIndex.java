package io.strata.index.text;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.index.DerivedIndex;
import io.strata.index.IndexVerifier;
import io.strata.row.EntityLayout;
import io.strata.row.KeyBatches;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import io.strata.tuple.TuplePacker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Maintains one {@code @Text} field: for every distinct word of the field, {@code (E,"T",field,word,id) =
 * pack(positions...)}. A save rewrites only the words whose positions changed and clears those that
 * are gone.
 */
public final class TextIndex implements DerivedIndex {
  public static final String KIND = "T";

  private final Rows<?> rows;
  private final EntityLayout<?> layout;
  private final String field;
  private final int position;
  private final Subspace subspace;
  /** The key of {@link #subspace} ({@code Subspace.getKey()} copies it). */
  private final byte[] prefix;

  TextIndex(Rows<?> rows, TextDefinition definition) {
    this.rows = rows;
    this.layout = rows.layout();
    this.field = definition.field();
    this.position = layout.fieldPosition(field);
    if (position < 0) {
      throw new IllegalArgumentException(layout.entityName() + " has no stored field '" + field + "'");
    }
    this.subspace = layout.entity().get(KIND).get(field);
    this.prefix = subspace.getKey();
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return field;
  }

  /** The layout of the entity whose field this indexes. */
  public EntityLayout<?> layout() {
    return layout;
  }

  /** {@code (E,"T",field)}. */
  public Subspace subspace() {
    return subspace;
  }

  /** {@code (E,"T",field,word)}: that word's entries, in id order. */
  public Subspace word(String word) {
    return subspace.get(word);
  }

  /** {@code (E,"T",field,word,id)}: the entry of one word of one entity. */
  private byte[] entry(String word, Object id) {
    return TuplePacker.after(prefix).add(word).add(id).toBytes();
  }

  private Map<String, List<Long>> words(Object[] row) {
    return row == null ? Map.of() : Words.positions((String) row[position]);
  }

  public static byte[] encode(List<Long> positions) {
    return TuplePacker.packAll(positions);
  }

  /** Each word's entry key and its positions. */
  @Override
  public long checkSizes(Object id, Object[] fresh) {
    long bytes = 0;
    for (Map.Entry<String, List<Long>> word : words(fresh).entrySet()) {
      byte[] key = entry(word.getKey(), id);
      byte[] positions = encode(word.getValue());
      Sizes.checkKey(layout.entityName(), id, () -> "text index '" + field + "' word", key);
      Sizes.checkValue(layout.entityName(), id, () -> field + " positions of one word", positions);
      bytes += key.length + positions.length;
    }
    return bytes;
  }

  @Override
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    Map<String, List<Long>> was = words(old);
    Map<String, List<Long>> now = words(fresh);
    was.forEach((w, p) -> {
      if (!now.containsKey(w)) {
        tr.clear(entry(w, id));
      }
    });
    now.forEach((w, p) -> {
      if (!p.equals(was.get(w))) {
        tr.set(entry(w, id), encode(p));
      }
    });
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public Check check() {
    return new Check() {
      @Override
      public CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> rows) {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (Object[] row : rows) {
          Object id = row[layout.codec().idIndex()];
          words(row).forEach((w, p) -> checks.add(tr.get(entry(w, id)).thenApply(v -> v == null
              ? "row " + Sizes.describe(id) + " has no entry for word \"" + w + "\" in text index '" + field + "'"
              : Arrays.equals(v, encode(p)) ? null
              : "text index '" + field + "' entry (\"" + w + "\", " + Sizes.describe(id) + ") holds other positions than its row")));
        }
        return IndexVerifier.whenFound(checks);
      }

      @Override
      public long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
        return KeyBatches.check(db, subspace.range(), batch, report, (tr, kvs) -> {
          Map<Object, CompletableFuture<Object[]>> read = new HashMap<>();
          return IndexVerifier.checkEach(kvs, "text index '" + field + "'", kv -> {
            Tuple key = subspace.unpack(kv.getKey());
            Object id = key.get(1);
            String w = key.getString(0);
            CompletableFuture<Object[]> row = read.computeIfAbsent(Tuple.from(id), k -> TextIndex.this.rows.loadRowOnly(tr, id));
            return row.thenApply(r -> {
              List<Long> p = r == null ? null : words(r).get(w);
              return p != null && Arrays.equals(encode(p), kv.getValue()) ? null
                  : "text index '" + field + "' entry " + key + (r == null ? " has no row" : " does not match its row's text");
            });
          });
        });
      }
    };
  }
}
