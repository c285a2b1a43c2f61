package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A counter spread over {@code shards} keys (the sharded-counter pattern): {@code (S, shard)} holds an
 * 8-byte little-endian value changed only by atomic ADD on a random shard, so concurrent adds never
 * conflict. {@code get()} sums the shards (and conflicts with concurrent adds, so it is exact inside a
 * read-write transaction); {@code getSnapshot()} sums them without conflicts. {@code add} is exactly-once
 * under {@code commit_unknown_result} (see {@link OperationLog}).
 */
public final class ShardedCounter {
  private final Database db;
  private final Subspace space;
  private final int shards;
  private final OperationLog log;

  public ShardedCounter(Database db, Subspace subspace, int shards) {
    if (shards < 1) {
      throw new IllegalArgumentException("a sharded counter needs at least one shard, got " + shards);
    }
    this.db = LayerSupport.require(db, "db");
    this.space = LayerSupport.require(subspace, "subspace");
    this.shards = shards;
    this.log = new OperationLog(subspace);
  }

  public void add(long delta) {
    add(db, delta);
  }

  public void add(TransactionContext tc, long delta) {
    Tuple op = OperationLog.newId();
    byte[] shard = space.pack(Tuple.from(ThreadLocalRandom.current().nextInt(shards)));
    byte[] operand = LayerSupport.le(delta);
    tc.run(tr -> {
      if (log.recorded(tr, op).isEmpty()) {
        tr.mutate(MutationType.ADD, shard, operand);
        log.record(tr, op, new Tuple());
      }
      return null;
    });
  }

  public long get() {
    return get(db);
  }

  public long get(TransactionContext tc) {
    return tc.read(this::sum);
  }

  public long getSnapshot() {
    return db.read(tr -> sum(tr.snapshot()));
  }

  private long sum(ReadTransaction tr) {
    long total = 0;
    for (KeyValue kv : tr.getRange(LayerSupport.integerKeys(space)).asList().join()) {
      total += LayerSupport.fromLe(kv.getValue());
    }
    return total;
  }
}
