package io.strata.row;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * Pages through the rows {@code (E,"R",id,...)} of one entity in id order. A page holds whole entities
 * only: at most {@code limit}, fewer once it has read {@link #PAGE_BYTES}, so a scan of any size is a
 * series of short transactions. Keys are grouped by their row prefix ({@link EntityLayout#inRow}: not by
 * id equality, which {@code byte[]} ids lack, nor by bytes alone); the continuation is the next entity's row prefix, bound to the rows range.
 */
final class RowScan {
  /** A page stops before the next entity once it has read this many bytes of keys and values. */
  static final int PAGE_BYTES = 1_000_000;

  private final Rows<?> rows;
  private final EntityLayout<?> layout;

  RowScan(Rows<?> rows) {
    this.rows = rows;
    this.layout = rows.layout();
  }

  /** One page of rows as elements (blob fields hold their lengths); a row that does not decode is a {@link io.strata.CodecException}. */
  public CompletableFuture<Page<Object[]>> page(ReadTransaction tr, int limit, Continuation after) {
    return page(tr, limit, after, null);
  }

  /**
   * One page of rows as elements, for the repair tool: a row (or a key under the rows) that does not decode
   * is described in {@code damage} and left out, so one bad row cannot stop a check of the others; with a
   * null {@code damage} it is thrown.
   */
  public CompletableFuture<Page<Object[]>> page(ReadTransaction tr, int limit, Continuation after, List<String> damage) {
    return scan(tr, limit, after, damage, (rows, next) -> page(rows, next, damage));
  }

  /** One page of rows as their key-values, undecoded (to rewrite them in place), paged like {@link #page}. */
  CompletableFuture<Page<RowKeys>> rawPage(ReadTransaction tr, int limit, Continuation after) {
    return scan(tr, limit, after, null, (rows, next) -> new Page<>(List.copyOf(rows), next));
  }

  private <X> CompletableFuture<Page<X>> scan(ReadTransaction tr, int limit, Continuation after, List<String> damage,
      BiFunction<List<RowKeys>, Optional<Continuation>, Page<X>> finish) {
    Paging.checkLimit(limit);
    Range all = layout.rows().range();
    byte[] begin = Paging.resume(after, all);
    if (after != null) {
      checkRowStart(begin);
    }
    return scan(tr, begin, all, limit, new ArrayList<>(), 0, damage, finish);
  }

  /**
   * A resume key must be the start of an entity's row, {@code (E,"R",id)}, as the pages made here are: a
   * token forged to resume in the middle of a row would otherwise read part of an entity as a whole one.
   */
  private void checkRowStart(byte[] key) {
    boolean rowStart;
    try {
      rowStart = layout.rows().unpack(key).size() == 1;
    } catch (RuntimeException e) {
      rowStart = false;
    }
    if (!rowStart) {
      throw new io.strata.InvalidContinuationException("continuation does not resume at the start of a " + layout.entityName()
          + " row (it was not made by findAll); pass the token from Page.next() of this same query, unchanged, or null to start over");
    }
  }

  /** The key-values of one entity's row. */
  record RowKeys(Object id, byte[] prefix, List<KeyValue> kvs) {}

  private <X> CompletableFuture<Page<X>> scan(ReadTransaction tr, byte[] begin, Range all, int limit, List<RowKeys> acc, long bytes,
      List<String> damage, BiFunction<List<RowKeys>, Optional<Continuation>, Page<X>> finish) {
    int batch = (int) Math.min(Integer.MAX_VALUE, Math.max(64L, (limit + 1L) * keysPerRow()));
    return tr.getRange(begin, all.end, batch).asList().thenCompose(kvs -> {
      long read = bytes;
      for (KeyValue kv : kvs) {
        RowKeys row = acc.isEmpty() ? null : acc.get(acc.size() - 1);
        if (row == null || !EntityLayout.inRow(kv.getKey(), row.prefix())) {
          Object id;
          try {
            id = idOf(kv.getKey());
          } catch (io.strata.CodecException e) {
            if (damage == null) {
              throw e;
            }
            damage.add(e.getMessage());
            continue;
          }
          byte[] prefix = layout.rowPrefix(id);
          if (acc.size() == limit || read >= PAGE_BYTES) {
            return CompletableFuture.completedFuture(finish.apply(acc, Optional.of(Continuation.of(all.begin, prefix))));
          }
          row = new RowKeys(id, prefix, new ArrayList<>());
          acc.add(row);
        }
        row.kvs().add(kv);
        read += kv.getKey().length + kv.getValue().length;
      }
      if (kvs.size() < batch) {
        return CompletableFuture.completedFuture(finish.apply(acc, Optional.empty()));
      }
      byte[] next = ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
      return scan(tr, next, all, limit, acc, read, damage, finish);
    });
  }

  /**
   * The keys a batch expects per row: one for a packed row (one part, unless it is past {@link EntityLayout#PART_BYTES}
   * or holds documents), one per field otherwise. A row with more keys than expected only costs another read; a batch
   * sized for a key per field on packed rows read a page's rows and as many again of the next pages', dropped unread.
   */
  private int keysPerRow() {
    return layout.packed() ? 1 : Math.max(1, layout.codec().fieldNames().size());
  }

  /** The id of a row key {@code (E,"R",id,...)}. */
  private Object idOf(byte[] key) {
    try {
      return layout.rows().unpack(key).get(0);
    } catch (RuntimeException e) {
      throw new io.strata.CodecException(layout.entityName() + ": the stored key " + ByteArrayUtil.printable(key)
          + " under its rows is not a tuple starting with an id (" + e.getMessage() + "); it was not written by this version of "
          + layout.entityName() + ": clear that key (Transaction.clear)", e);
    }
  }

  private Page<Object[]> page(List<RowKeys> rows, Optional<Continuation> next, List<String> damage) {
    List<Object[]> items = new ArrayList<>(rows.size());
    for (RowKeys r : rows) {
      try {
        items.add(this.rows.elementsOf(r.id(), r.prefix().length, r.kvs()));
      } catch (io.strata.CodecException e) {
        if (damage == null) {
          throw e;
        }
        damage.add(e.getMessage());
      }
    }
    return new Page<>(items, next);
  }
}
