package io.strata.index.aggregate;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.index.DerivedIndex;
import io.strata.index.GroupedField;
import io.strata.index.IndexVerifier;
import io.strata.row.Elements;
import io.strata.row.EntityLayout;
import io.strata.row.KeyBatches;
import io.strata.row.RowWrites;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import io.strata.tuple.TuplePacker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Maintains one {@code @Aggregate}. COUNT and SUM: {@code (E,"A",name,groups...)} holds the group's total
 * as an 8-byte little-endian integer, changed only by atomic ADD (so concurrent saves into one group
 * never conflict) and removed by {@code COMPARE_AND_CLEAR} when it returns to zero (an absent key reads
 * as 0). MIN and MAX: one empty-valued entry {@code (E,"A",name,groups...,value,id)} per entity, so the
 * group's minimum is its first key and its maximum its last, exact after deletes.
 */
public final class AggregateIndex implements DerivedIndex {
  public static final String KIND = "A";
  private static final byte[] ZERO = Codec.int64().encode(0L);

  private final Rows<?> rows;
  private final EntityLayout<?> layout;
  private final AggregateDefinition definition;
  private final GroupedField fields;
  private final Subspace subspace;
  /** The key of {@link #subspace} ({@code Subspace.getKey()} copies it). */
  private final byte[] prefix;

  AggregateIndex(Rows<?> rows, AggregateDefinition definition) {
    this.rows = rows;
    this.layout = rows.layout();
    this.definition = definition;
    this.fields = new GroupedField(layout, definition.groupBy(), definition.field());
    this.subspace = layout.entity().get(KIND).get(definition.name());
    this.prefix = subspace.getKey();
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return definition.name();
  }

  public AggregateDefinition definition() {
    return definition;
  }

  /** {@code (E,"A",name)}: every key of this aggregate starts with it (a zero-field COUNT key is exactly it). */
  public Subspace subspace() {
    return subspace;
  }

  /** Every key of this aggregate, the group-less counter included. */
  public Range range() {
    return Range.startsWith(subspace.getKey());
  }

  /** The amount a row adds to its group's counter, or null when it is not counted. */
  private Long amount(Object[] row) {
    if (!fields.grouped(row)) {
      return null;
    }
    Object value = fields.value(row);
    if (definition.function() == AggregateDefinition.Function.COUNT) {
      return fields.hasField() && value == null ? null : 1L;
    }
    return value == null ? null : Elements.toLong(value);
  }

  /** The COUNT/SUM counter of {@code group}: {@code (E,"A",name,group...)}. */
  byte[] counter(Tuple group) {
    return TuplePacker.after(prefix).addAll(group).toBytes();
  }

  /** The MIN/MAX entry of a row, or null when it has none. */
  private byte[] entry(Object id, Object[] row) {
    Tuple group = fields.group(row);
    Object value = fields.value(row);
    return group == null || value == null ? null : TuplePacker.after(prefix).addAll(group).add(value).add(id).toBytes();
  }

  @Override
  public void checkSizes(Object id, Object[] fresh) {
    byte[] key = definition.function().counter() ? (amount(fresh) == null ? null : counter(fields.group(fresh))) : entry(id, fresh);
    if (key != null) {
      Sizes.checkKey(layout.entityName(), id, () -> "aggregate '" + name() + "'", key);
    }
  }

  @Override
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    if (definition.function().counter()) {
      Long was = amount(old);
      Long now = amount(fresh);
      Tuple from = was == null ? null : fields.group(old);
      Tuple to = now == null ? null : fields.group(fresh);
      if (from != null && from.equals(to)) {
        add(tr, from, now - was);
      } else {
        if (from != null) {
          add(tr, from, -was);
        }
        if (to != null) {
          add(tr, to, now);
        }
      }
    } else {
      byte[] was = entry(id, old);
      byte[] now = entry(id, fresh);
      if (was != null && (now == null || !java.util.Arrays.equals(was, now))) {
        tr.clear(was);
      }
      if (now != null) {
        tr.set(now, RowWrites.EMPTY);
      }
    }
    return CompletableFuture.completedFuture(null);
  }

  private void add(Transaction tr, Tuple group, long delta) {
    if (delta == 0) {
      return;
    }
    byte[] key = counter(group);
    tr.mutate(MutationType.ADD, key, Codec.int64().encode(delta));
    tr.mutate(MutationType.COMPARE_AND_CLEAR, key, ZERO);
  }

  /** The 8-byte total stored at {@code key} (0 when absent). */
  public long total(byte[] key, byte[] value) {
    if (value == null) {
      return 0;
    }
    if (value.length != 8) {
      throw new io.strata.CodecException(layout.entityName() + ": aggregate '" + name() + "' key " + subspace.unpack(key)
          + " holds " + value.length + " bytes, not an 8-byte little-endian total; it was not written by Strata: clear the"
          + " aggregate's keys and rebuild it (see docs/indexes.md)");
    }
    return Codec.int64().decode(value);
  }

  @Override
  public Check check() {
    return definition.function().counter() ? new CounterCheck() : new EntryCheck();
  }

  /** COUNT/SUM: totals recomputed from every row, compared with the stored ones at the end. */
  private final class CounterCheck implements Check {
    private final Map<Tuple, Long> expected = new HashMap<>();

    @Override
    public CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> rows) {
      return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public void accepted(List<Object[]> rows) {
      for (Object[] row : rows) {
        Long amount = amount(row);
        if (amount != null) {
          expected.merge(fields.group(row), amount, Long::sum);
        }
      }
    }

    @Override
    public long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
      Map<Tuple, Long> left = new HashMap<>(expected);
      left.values().removeIf(v -> v == 0);
      long checked = KeyBatches.check(db, range(), batch, report, (tr, kvs) -> {
        List<String> problems = new ArrayList<>();
        for (KeyValue kv : kvs) {
          Tuple group = subspace.unpack(kv.getKey());
          long stored = total(kv.getKey(), kv.getValue());
          long want = Objects.requireNonNullElse(left.remove(group), 0L);
          if (stored != want) {
            problems.add("aggregate '" + name() + "' group " + group + " holds " + stored + " but its rows give " + want);
          }
        }
        return problems;
      });
      List<String> missing = new ArrayList<>();
      left.forEach((group, want) -> missing.add("aggregate '" + name() + "' has no total for group " + group + "; its rows give " + want));
      report.accept(missing);
      return checked;
    }
  }

  /** MIN/MAX: every row has its entry, every entry a row with that group and value. */
  private final class EntryCheck implements Check {
    @Override
    public CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> rows) {
      List<CompletableFuture<String>> checks = new ArrayList<>();
      for (Object[] row : rows) {
        Object id = row[layout.codec().idIndex()];
        byte[] key = entry(id, row);
        if (key != null) {
          checks.add(tr.get(key).thenApply(v -> v == null
              ? "row " + Sizes.describe(id) + " has no entry " + subspace.unpack(key) + " in aggregate '" + name() + "'" : null));
        }
      }
      return IndexVerifier.whenFound(checks);
    }

    @Override
    public long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
      return KeyBatches.check(db, subspace.range(), batch, report, (tr, kvs) -> {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (KeyValue kv : kvs) {
          Tuple key = subspace.unpack(kv.getKey());
          Object id = key.get(key.size() - 1);
          checks.add(rows.loadRowOnly(tr, id).thenApply(row -> java.util.Arrays.equals(entry(id, row), kv.getKey())
              ? null : "aggregate '" + name() + "' entry " + key + (row == null ? " has no row" : " does not match its row's values")));
        }
        return IndexVerifier.found(checks);
      });
    }
  }
}
