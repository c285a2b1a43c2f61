package io.strata.index.rank;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.index.DerivedIndex;
import io.strata.index.GroupedField;
import io.strata.index.IndexVerifier;
import io.strata.row.EntityLayout;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import io.strata.row.WriteShards;
import io.strata.tuple.TuplePacker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Maintains one {@code @Rank}: per group {@code g}, a {@link RankedSkipList} of {@code (value, id)} under
 * {@code (E, "K", name, g...)}. An entity with a null group value or a null field is not ranked.
 */
public final class RankIndex implements DerivedIndex {
  public static final String KIND = "K";

  private final Rows<?> rows;
  private final EntityLayout<?> layout;
  private final RankDefinition definition;
  private final GroupedField fields;
  private final Subspace subspace;
  /** The key of {@link #subspace} ({@code Subspace.getKey()} copies it). */
  private final byte[] prefix;

  RankIndex(Rows<?> rows, RankDefinition definition) {
    this.rows = rows;
    this.layout = rows.layout();
    this.definition = definition;
    this.fields = new GroupedField(layout, definition.groupBy(), definition.field());
    this.subspace = layout.entity().get(KIND).get(definition.name());
    this.prefix = subspace.getKey();
  }

  /** Rows per online-build step: each row costs a few sequential reads of the skip list. */
  static final int BUILD_BATCH = 100;

  @Override
  public int buildBatch() {
    return BUILD_BATCH;
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return definition.name();
  }

  public RankDefinition definition() {
    return definition;
  }

  /** The skip list of one group. */
  public Subspace group(Tuple group) {
    return new Subspace(TuplePacker.after(prefix).addAll(group).toBytes());
  }

  /** The group of a row, or null when it is not ranked. */
  Tuple groupOf(Object[] row) {
    return fields.value(row) == null ? null : fields.group(row);
  }

  /** The skip-list element of a row: {@code (value, id)}. */
  Tuple elementOf(Object id, Object[] row) {
    return Tuple.from(fields.value(row), id);
  }

  /**
   * Checks the longest key the row's element takes: a delta of its node at the top level. An insert writes a key
   * and an 8-byte count or operand at each level, its own node's or a neighbour's: counted as that longest key.
   */
  @Override
  public long checkSizes(Object id, Object[] fresh) {
    Tuple to = groupOf(fresh);
    if (to == null) {
      return 0;
    }
    byte[] top = RankedSkipList.delta(group(to), RankedSkipList.LEVELS - 1, elementOf(id, fresh), WriteShards.SHARDS - 1);
    Sizes.checkKey(layout.entityName(), id, () -> "rank '" + name() + "'", top);
    return (long) RankedSkipList.LEVELS * (top.length + Long.BYTES);
  }

  @Override
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    return updateAll(tr, List.of(new Change(id, old, fresh)));
  }

  /**
   * {@link #update} of each change in order, with the inserts into one group gathered and made together
   * ({@link RankedBatch#insertAll}): a {@code saveAll} of new entities reads each group's upper levels once, not
   * once per entity. A removal first makes the inserts gathered so far, so it finds what they wrote.
   */
  @Override
  public CompletableFuture<Void> updateAll(Transaction tr, List<Change> changes) {
    Map<Tuple, List<Tuple>> inserts = new LinkedHashMap<>();
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (Change c : changes) {
      Tuple from = groupOf(c.old());
      Tuple to = groupOf(c.fresh());
      Tuple was = from == null ? null : elementOf(c.id(), c.old());
      Tuple now = to == null ? null : elementOf(c.id(), c.fresh());
      if (from != null && from.equals(to) && was.equals(now)) {
        continue;
      }
      if (was != null) {
        chain = insertAll(tr, chain, inserts).thenCompose(v -> RankedSkipList.remove(tr, group(from), was));
      }
      if (now != null) {
        inserts.computeIfAbsent(to, g -> new ArrayList<>()).add(now);
      }
    }
    return insertAll(tr, chain, inserts);
  }

  /** After {@code chain}, the gathered {@code inserts} group by group; empties them. */
  private CompletableFuture<Void> insertAll(Transaction tr, CompletableFuture<Void> chain, Map<Tuple, List<Tuple>> inserts) {
    for (Map.Entry<Tuple, List<Tuple>> group : inserts.entrySet()) {
      Subspace g = group(group.getKey());
      List<Tuple> elements = group.getValue();
      chain = chain.thenCompose(v -> RankedBatch.insertAll(tr, g, elements));
    }
    inserts.clear();
    return chain;
  }

  @Override
  public Check check() {
    return new Check() {
      @Override
      public CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> rows) {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (Object[] row : rows) {
          Object id = row[layout.codec().idIndex()];
          Tuple g = groupOf(row);
          if (g != null) {
            Tuple e = elementOf(id, row);
            checks.add(RankedSkipList.contains(tr, group(g), e).thenApply(found -> found ? null
                : "row " + Sizes.describe(id) + " has no entry " + g.addAll(e) + " in rank '" + name() + "'"));
          }
        }
        return IndexVerifier.whenFound(checks);
      }

      @Override
      public long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
        return checkStructure(db, batch, report);
      }
    };
  }

  /**
   * Reads the whole index in batches, one group at a time (a group is held in memory), and checks each
   * group's skip list: the nodes of every level are exactly the elements that tall, every span counts
   * the elements up to the next node, and every element has a row with that group and value.
   */
  private long checkStructure(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
    Range all = subspace.range();
    byte[] begin = all.begin;
    long checked = 0;
    int groupSize = definition.groupBy().size();
    Tuple current = null;
    TreeMap<Integer, List<KeyValue>> levels = new TreeMap<>();
    while (begin != null) {
      byte[] from = begin;
      List<KeyValue> kvs = db.read(tr -> tr.getRange(from, all.end, batch).asList().join());
      for (KeyValue kv : kvs) {
        Tuple key = subspace.unpack(kv.getKey());
        Tuple g = Tuple.fromList(key.getItems().subList(0, groupSize));
        if (!g.equals(current)) {
          if (current != null) {
            report.accept(checkGroup(db, batch, current, levels));
          }
          current = g;
          levels = new TreeMap<>();
        }
        levels.computeIfAbsent((int) key.getLong(groupSize), l -> new ArrayList<>()).add(kv);
      }
      checked += kvs.size();
      begin = kvs.size() < batch ? null : ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
    }
    if (current != null) {
      report.accept(checkGroup(db, batch, current, levels));
    }
    return checked;
  }

  private List<String> checkGroup(ReadTransactionContext db, int batch, Tuple g, TreeMap<Integer, List<KeyValue>> levels) {
    Subspace list = group(g);
    List<String> problems = new ArrayList<>();
    String where = "rank '" + name() + "' group " + g;
    List<Tuple> elements = new ArrayList<>();
    for (KeyValue kv : levels.getOrDefault(0, List.of())) {
      Tuple t = list.unpack(kv.getKey()).popFront();
      if (t.size() == 0 || RankedSkipList.count(kv.getValue()) != 1) {
        problems.add(where + " level-0 key " + t + " is not a node counting 1");
      } else {
        elements.add(t);
      }
    }
    for (int l = 1; l < RankedSkipList.LEVELS; l++) {
      List<Integer> expected = new ArrayList<>(); // positions in elements of the level-l nodes
      for (int i = 0; i < elements.size(); i++) {
        if (RankedSkipList.height(elements.get(i)) >= l) {
          expected.add(i);
        }
      }
      long head = 0;
      List<Tuple> nodes = new ArrayList<>();
      List<Long> spans = new ArrayList<>();
      for (KeyValue kv : levels.getOrDefault(l, List.of())) { // a node's (or the head's) deltas follow it
        Tuple t = list.unpack(kv.getKey()).popFront();
        Tuple owner = RankedSkipList.owner(t);
        long count = RankedSkipList.count(kv.getValue());
        if (owner.size() == 0) {
          head += count;
        } else if (owner != t && !nodes.isEmpty() && nodes.get(nodes.size() - 1).equals(owner)) {
          spans.set(spans.size() - 1, spans.get(spans.size() - 1) + count);
        } else if (owner != t) {
          problems.add(where + " level " + l + " holds a delta " + t + " of no node");
        } else {
          nodes.add(t);
          spans.add(count);
        }
      }
      List<Tuple> wanted = expected.stream().map(elements::get).toList();
      if (!nodes.equals(wanted)) {
        problems.add(where + " level " + l + " holds nodes " + nodes + " but its elements' heights give " + wanted);
        continue;
      }
      long wantHead = expected.isEmpty() ? elements.size() : expected.get(0);
      if (head != wantHead) {
        problems.add(where + " level " + l + " head counts " + head + " elements, not " + wantHead);
      }
      for (int k = 0; k < expected.size(); k++) {
        long want = (k + 1 < expected.size() ? expected.get(k + 1) : elements.size()) - expected.get(k);
        if (spans.get(k) != want) {
          problems.add(where + " level " + l + " node " + nodes.get(k) + " counts " + spans.get(k) + " elements, not " + want);
        }
      }
    }
    for (int start = 0; start < elements.size(); start += batch) {
      List<Tuple> chunk = elements.subList(start, Math.min(elements.size(), start + batch));
      problems.addAll(db.read(tr -> {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (Tuple e : chunk) {
          Object id = e.get(1);
          checks.add(rows.loadRowOnly(tr, id).thenApply(row -> row != null && Objects.equals(g, groupOf(row))
              && elementOf(id, row).equals(e) ? null : where + " entry " + e + (row == null ? " has no row" : " does not match its row's values")));
        }
        return IndexVerifier.found(checks);
      }));
    }
    return problems;
  }
}
