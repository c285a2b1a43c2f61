package io.strata.index.aggregate;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
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
import io.strata.row.WriteShards;
import io.strata.tuple.TuplePacker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Maintains one {@code @Aggregate}. COUNT and SUM: the group's total is the sum of its shards
 * {@code (E,"A",name,groups...,shard)} ({@link WriteShards}: the shard of the id whose row adds to it), each an
 * 8-byte little-endian integer changed only by atomic ADD (so concurrent saves into one group never conflict,
 * and a hot group or an ungrouped total is spread over {@link WriteShards#SHARDS} keys) and removed by
 * {@code COMPARE_AND_CLEAR} when it returns to zero (an absent key reads as 0). A database written before the
 * totals were sharded also holds {@code (E,"A",name,groups...)}, added to the shards until a repack folds it
 * into them ({@link #reshard}). MIN and MAX: one empty-valued entry {@code (E,"A",name,groups...,value,id)} per entity, so the
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

  /** The unsharded COUNT/SUM counter of {@code group} written before sharding: {@code (E,"A",name,group...)}. */
  byte[] counter(Tuple group) {
    return TuplePacker.after(prefix).addAll(group).toBytes();
  }

  /** The shard of {@code group}'s COUNT/SUM counter that {@code id}'s row adds to: {@code (E,"A",name,group...,shard)}. */
  byte[] counter(Tuple group, Object id) {
    return TuplePacker.after(prefix).addAll(group).add((long) WriteShards.of(id)).toBytes();
  }

  /** Every key of {@code group}'s COUNT/SUM total, the unsharded one and the shards: its total is their sum. */
  Range counters(Tuple group) {
    byte[] legacy = counter(group);
    return new Range(legacy, ByteArrayUtil.join(legacy, new byte[] {(byte) 0xff}));
  }

  /** The group of a COUNT/SUM key: its first groupBy-many elements; null when the key is no counter of this aggregate. */
  Tuple groupOf(byte[] key) {
    Tuple t = subspace.unpack(key);
    int n = definition.groupBy().size();
    return t.size() == n || (t.size() == n + 1 && t.get(n) instanceof Long) ? Tuple.fromList(t.getItems().subList(0, n)) : null;
  }

  /** The sum of COUNT/SUM keys read (each checked as {@link #total(byte[], byte[])}). */
  long sum(List<KeyValue> kvs) {
    long sum = 0;
    for (KeyValue kv : kvs) {
      sum += total(kv.getKey(), kv.getValue());
    }
    return sum;
  }

  /**
   * COUNT/SUM: adds, in {@code tr}, each group's unsharded total of a database written before sharding to the
   * group's shard 0 and clears it, every group at once (one range read of this aggregate's keys, whatever
   * {@code limit}); returns how many it moved. A group's total stays the sum of its keys throughout.
   */
  @Override
  public CompletableFuture<Integer> reshard(Transaction tr, int limit) {
    if (!definition.function().counter()) {
      return CompletableFuture.completedFuture(0);
    }
    return tr.getRange(range()).asList().thenApply(kvs -> {
      int moved = 0;
      for (KeyValue kv : kvs) {
        if (subspace.unpack(kv.getKey()).size() == definition.groupBy().size()) {
          byte[] shard0 = TuplePacker.after(kv.getKey()).add(0L).toBytes();
          tr.mutate(MutationType.ADD, shard0, Codec.int64().encode(total(kv.getKey(), kv.getValue())));
          tr.mutate(MutationType.COMPARE_AND_CLEAR, shard0, ZERO);
          tr.clear(kv.getKey());
          moved++;
        }
      }
      return moved;
    });
  }

  /** The MIN/MAX entry of a row, or null when it has none. */
  private byte[] entry(Object id, Object[] row) {
    Tuple group = fields.group(row);
    Object value = fields.value(row);
    return group == null || value == null ? null : TuplePacker.after(prefix).addAll(group).add(value).add(id).toBytes();
  }

  /** A COUNT/SUM writes its counter key and an 8-byte operand; a MIN/MAX its entry key with an empty value. */
  @Override
  public long checkSizes(Object id, Object[] fresh) {
    boolean counter = definition.function().counter();
    byte[] key = counter ? (amount(fresh) == null ? null : counter(fields.group(fresh), id)) : entry(id, fresh);
    if (key == null) {
      return 0;
    }
    Sizes.checkKey(layout.entityName(), id, () -> "aggregate '" + name() + "'", key);
    return key.length + (counter ? Long.BYTES : 0);
  }

  @Override
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    if (definition.function().counter()) {
      Long was = amount(old);
      Long now = amount(fresh);
      Tuple from = was == null ? null : fields.group(old);
      Tuple to = now == null ? null : fields.group(fresh);
      if (from != null && from.equals(to)) {
        add(tr, from, id, now - was);
      } else {
        if (from != null) {
          add(tr, from, id, -was);
        }
        if (to != null) {
          add(tr, to, id, now);
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

  private void add(Transaction tr, Tuple group, Object id, long delta) {
    if (delta == 0) {
      return;
    }
    byte[] key = counter(group, id);
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
      Map<Tuple, Long> stored = new HashMap<>();
      long checked = KeyBatches.check(db, range(), batch, report, (tr, kvs) -> {
        List<String> problems = new ArrayList<>();
        for (KeyValue kv : kvs) {
          Tuple group = groupOf(kv.getKey());
          if (group == null) {
            problems.add("aggregate '" + name() + "' key " + subspace.unpack(kv.getKey()) + " is neither a group's total nor one of its"
                + " shards; clear it");
          } else {
            stored.merge(group, total(kv.getKey(), kv.getValue()), Long::sum);
          }
        }
        return problems;
      });
      List<String> problems = new ArrayList<>();
      Map<Tuple, Long> want = new HashMap<>(expected);
      stored.forEach((group, total) -> {
        long rows = Objects.requireNonNullElse(want.remove(group), 0L);
        if (total != rows) {
          problems.add("aggregate '" + name() + "' group " + group + " holds " + total + " but its rows give " + rows);
        }
      });
      want.forEach((group, rows) -> {
        if (rows != 0) {
          problems.add("aggregate '" + name() + "' has no total for group " + group + "; its rows give " + rows);
        }
      });
      report.accept(problems);
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
