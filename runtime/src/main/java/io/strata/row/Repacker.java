package io.strata.row;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Rewrites rows stored in the other layout than their entity's (a key per field where rows are packed, or
 * the other way round) in their entity's form, one page per step: the values do not change, so documents,
 * blob chunks and index entries stay as they are. {@code IndexMaintenance.repack()} drives the steps.
 */
public final class Repacker {
  private final Rows<?> rows;
  private final EntityLayout<?> layout;

  public Repacker(Rows<?> rows) {
    this.rows = rows;
    this.layout = rows.layout();
  }

  /** What one {@link #step} step did: how many rows it rewrote, and where the next step starts. */
  public record Repacked(long rewritten, Optional<Continuation> next) {}

  /**
   * Rewrites, in {@code tr}, the rows of one page of at most {@code limit} that are not in their layout's
   * form (a key per field in a packed entity, parts in a per-field one): same values, so documents, blob
   * chunks and index entries stay as they are. Rows already in form are only read.
   */
  public CompletableFuture<Repacked> step(Transaction tr, int limit, Continuation after) {
    return rows.scan.rawPage(tr, limit, after).thenApply(page -> {
      long rewritten = 0;
      for (RowScan.RowKeys row : page.items()) {
        if (!inForm(row.prefix().length, row.kvs())) {
          RowWrites.rewrite(tr, layout, row.id(), rows.elementsOf(row.id(), row.prefix().length, row.kvs()));
          rewritten++;
        }
      }
      return new Repacked(rewritten, page.next());
    });
  }

  /** Whether a row's keys are all of its layout's form: parts (packed) or field keys (per field), documents aside. */
  private boolean inForm(int prefix, List<KeyValue> kvs) {
    for (KeyValue kv : kvs) {
      boolean part = PackedRow.isPart(kv.getKey(), prefix);
      if (layout.packed() ? !part && !isDocumentKey(kv.getKey(), prefix) : part) {
        return false;
      }
    }
    return true;
  }

  private boolean isDocumentKey(byte[] key, int prefix) {
    try {
      Object first = Tuple.fromBytes(key, prefix, key.length - prefix).get(0);
      return first instanceof String field && layout.isDocument(field);
    } catch (RuntimeException e) {
      return false; // damage: left for the reader to report
    }
  }
}
