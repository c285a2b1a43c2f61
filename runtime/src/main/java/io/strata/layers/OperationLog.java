package io.strata.layers;

import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import java.time.Duration;
import java.util.Optional;

/**
 * Exactly-once operations under {@code commit_unknown_result}: every operation that must not run twice
 * gets an id made before its retry loop starts ({@code (millis, random)}), and records
 * {@code (S, "op", millis, random) = result} in the same transaction as its effect. A retry first looks
 * the record up: if the earlier attempt committed, it returns that attempt's result instead of acting
 * again. Records older than {@link #HORIZON} are cleared by later operations with one range clear (a
 * retry loop never spans an hour), so the log stays small without a background job.
 */
final class OperationLog {
  static final Duration HORIZON = Duration.ofHours(1);

  private final Subspace ops;

  OperationLog(Subspace layer) {
    this.ops = layer.get("op");
  }

  /** A fresh operation id; make it once per logical operation, outside the retry loop. */
  static Tuple newId() {
    return Tuple.from(System.currentTimeMillis(), LayerSupport.random(10));
  }

  /** The key of {@code id}'s record. */
  byte[] key(Tuple id) {
    return ops.pack(id);
  }

  /** The recorded result of {@code id} if an earlier attempt committed. */
  Optional<Tuple> recorded(Transaction tr, Tuple id) {
    byte[] v = tr.get(ops.pack(id)).join();
    return v == null ? Optional.empty() : Optional.of(Tuple.fromBytes(v));
  }

  /** Records {@code result} for {@code id} and forgets records past the horizon. */
  void record(Transaction tr, Tuple id, Tuple result) {
    tr.set(ops.pack(id), result.pack());
    long cutoff = System.currentTimeMillis() - HORIZON.toMillis();
    tr.clear(ops.range().begin, ops.pack(Tuple.from(cutoff)));
  }
}
