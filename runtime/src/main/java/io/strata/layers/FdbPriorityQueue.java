package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import java.util.List;
import java.util.Optional;

/**
 * A priority queue (the Priority Queue recipe): items {@code (S, priority, count, random20) = value},
 * where {@code count} grows within a priority so items of equal priority leave first-in first-out.
 * Push reads the last count at snapshot isolation, so producers do not conflict. Push and pop are
 * exactly-once under {@code commit_unknown_result} (see {@link OperationLog}).
 */
public final class FdbPriorityQueue<T> {
  private final Database db;
  private final Subspace items;
  private final Codec<T> codec;
  private final OperationLog log;
  private final String name;

  public FdbPriorityQueue(Database db, Subspace subspace, Codec<T> codec) {
    this.db = LayerSupport.require(db, "db");
    this.items = LayerSupport.require(subspace, "subspace");
    this.codec = LayerSupport.require(codec, "codec");
    this.log = new OperationLog(subspace);
    this.name = LayerSupport.name("FdbPriorityQueue", subspace);
  }

  private Range all() {
    return LayerSupport.integerKeys(items);
  }

  public void push(T item, long priority) {
    push(db, item, priority);
  }

  public void push(TransactionContext tc, T item, long priority) {
    byte[] value = LayerSupport.checkValue(name, "item", LayerSupport.encode(codec, LayerSupport.require(item, "item"), name));
    Tuple op = OperationLog.newId();
    tc.run(tr -> {
      if (log.recorded(tr, op).isEmpty()) {
        Subspace level = items.get(priority);
        List<KeyValue> last = tr.snapshot().getRange(level.range(), 1, true).asList().join();
        long count = last.isEmpty() ? 0 : level.unpack(last.get(0).getKey()).getLong(0) + 1;
        tr.set(level.pack(Tuple.from(count, LayerSupport.random(20))), value);
        log.record(tr, op, new Tuple());
      }
      return null;
    });
  }

  public Optional<T> popMin() {
    return popMin(db);
  }

  public Optional<T> popMin(TransactionContext tc) {
    return pop(tc, false);
  }

  public Optional<T> popMax() {
    return popMax(db);
  }

  public Optional<T> popMax(TransactionContext tc) {
    return pop(tc, true);
  }

  public Optional<T> peekMin() {
    return db.read(tr -> first(tr, false).map(this::decode));
  }

  public Optional<T> peekMax() {
    return db.read(tr -> first(tr, true).map(this::decode));
  }

  private Optional<T> pop(TransactionContext tc, boolean max) {
    Tuple op = OperationLog.newId();
    return tc.run(tr -> {
      Optional<Tuple> done = log.recorded(tr, op);
      if (done.isPresent()) {
        return done.get().size() == 0 ? Optional.<T>empty()
            : Optional.of(LayerSupport.decode(codec, log.key(op), done.get().getBytes(0), name));
      }
      Optional<KeyValue> head = first(tr, max);
      Optional<T> item = head.map(this::decode); // before changing anything: an item that does not decode stays
      head.ifPresent(kv -> {
        tr.clear(kv.getKey());
        log.record(tr, op, Tuple.from(kv.getValue()));
      });
      return item;
    });
  }

  private T decode(KeyValue kv) {
    return LayerSupport.decode(codec, kv.getKey(), kv.getValue(), name);
  }

  /** The oldest item of the lowest (or highest) priority. */
  private Optional<KeyValue> first(com.apple.foundationdb.ReadTransaction tr, boolean max) {
    List<KeyValue> edge = tr.getRange(all(), 1, max).asList().join();
    if (edge.isEmpty()) {
      return Optional.empty();
    }
    if (!max) {
      return Optional.of(edge.get(0));
    }
    long priority = items.unpack(edge.get(0).getKey()).getLong(0);
    return Optional.of(tr.getRange(items.get(priority).range(), 1).asList().join().get(0));
  }
}
