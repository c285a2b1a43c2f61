package io.strata.row;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Walks a key range in read transactions of at most {@code batch} keys each, as verification does, at batch
 * priority (verification is background work a saturated cluster should delay first).
 */
public final class KeyBatches {
  private KeyBatches() {}

  /**
   * Calls {@code check} on each batch of key-values of {@code range} (inside that batch's transaction) and
   * hands its problems to {@code report}; returns how many key-values it saw.
   */
  public static long check(ReadTransactionContext db, Range range, int batch, Consumer<List<String>> report,
      BiFunction<ReadTransaction, List<KeyValue>, List<String>> check) {
    long checked = 0;
    byte[] begin = range.begin;
    while (begin != null) {
      byte[] from = begin;
      record Batch(int size, List<String> problems, byte[] next) {}
      Batch b = atBatchPriority(db, tr -> {
        List<KeyValue> kvs = tr.getRange(from, range.end, batch).asList().join();
        byte[] next = kvs.size() < batch ? null : ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
        return new Batch(kvs.size(), check.apply(tr, kvs), next);
      });
      checked += b.size();
      report.accept(b.problems());
      begin = b.next();
    }
    return checked;
  }

  /**
   * Runs {@code body} in a read transaction of {@code db}: at batch priority when {@code db} is a database
   * opening its own; a caller's transaction keeps its priority.
   */
  public static <R> R atBatchPriority(ReadTransactionContext db, Function<? super ReadTransaction, R> body) {
    return db.read(tr -> {
      if (db instanceof Database) {
        tr.options().setPriorityBatch();
      }
      return body.apply(tr);
    });
  }
}
