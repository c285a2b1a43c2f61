package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.Blocking;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A sparse vector (the Vector recipe): {@code (S, index) = value}. Unset positions cost nothing and
 * read as empty; the size is the last index plus one, found with one reverse read of one key.
 *
 * <p>Under {@code commit_unknown_result}: {@link #push} is exactly-once (see {@link OperationLog}: a retry
 * after an applied commit returns the index that attempt used instead of appending again). {@link #set} and
 * {@link #truncate} are idempotent, so their retries are safe; like any blind write, a retried {@code set}
 * can land again after a concurrent writer's {@code set} of the same index.
 *
 * <p>Indexes run from 0 to {@link #MAX_INDEX}; values over 100,000 bytes are refused before anything is
 * written.
 */
public final class FdbVector<T> {
  private final Database db;
  private final Subspace space;
  private final Codec<T> codec;
  private final String name;
  private final OperationLog log;

  public FdbVector(Database db, Subspace subspace, Codec<T> codec) {
    this.db = LayerSupport.require(db, "db");
    this.space = LayerSupport.require(subspace, "subspace");
    this.codec = LayerSupport.require(codec, "codec");
    this.name = LayerSupport.name("FdbVector", subspace);
    this.log = new OperationLog(subspace);
  }

  /**
   * The largest index an element may take, {@code Long.MAX_VALUE - 1}, so that {@link #size()} (the last
   * index plus one) is always a valid {@code long}.
   */
  public static final long MAX_INDEX = Long.MAX_VALUE - 1;

  private static void checkIndex(long index) {
    if (index < 0) {
      throw new IndexOutOfBoundsException("vector index " + index + " is negative");
    }
  }

  /** An index an element may be stored at: {@code [0, MAX_INDEX]}. */
  private void checkElementIndex(long index) {
    checkIndex(index);
    if (index > MAX_INDEX) {
      throw new IndexOutOfBoundsException(name + ": vector index " + index + " is over the largest index " + MAX_INDEX
          + " (Long.MAX_VALUE - 1, so that size() = last index + 1 stays a long)");
    }
  }

  private byte[] encode(long index, T value) {
    return LayerSupport.checkValue(name, "the element at index " + index, LayerSupport.encode(codec, LayerSupport.require(value, "value"), name));
  }

  public Optional<T> get(long index) {
    return get(db, index);
  }

  public Optional<T> get(TransactionContext tc, long index) {
    checkIndex(index);
    byte[] key = space.pack(Tuple.from(index));
    return tc.read(tr -> Optional.ofNullable(tr.get(key).join()).map(v -> LayerSupport.decode(codec, key, v, name)));
  }

  public void set(long index, T value) {
    set(db, index, value);
  }

  public void set(TransactionContext tc, long index, T value) {
    checkElementIndex(index);
    byte[] v = encode(index, value);
    tc.run(tr -> {
      tr.set(space.pack(Tuple.from(index)), v);
      return null;
    });
  }

  /** Appends at {@link #size()}; returns the index used. Exactly-once under {@code commit_unknown_result}. */
  public long push(T value) {
    return push(db, value);
  }

  /**
   * @throws IllegalStateException when the vector already has an element at {@link #MAX_INDEX}: nothing is
   *     written
   */
  public long push(TransactionContext tc, T value) {
    byte[] v = LayerSupport.checkValue(name, "the pushed element", LayerSupport.encode(codec, LayerSupport.require(value, "value"), name));
    Tuple op = OperationLog.newId();
    return Blocking.call(() -> tc.run(tr -> {
      Optional<Tuple> done = log.recorded(tr, op);
      if (done.isPresent()) {
        return done.get().getLong(0);
      }
      long index = lastIndexPlusOne(tr);
      if (index > MAX_INDEX) {
        throw new IllegalStateException(name + ": the vector holds an element at its largest index " + MAX_INDEX
            + ", so push has no index left; nothing was written: set elements at lower indexes, or truncate");
      }
      tr.set(space.pack(Tuple.from(index)), v);
      log.record(tr, op, Tuple.from(index));
      return index;
    }));
  }

  public long size() {
    return size(db);
  }

  public long size(TransactionContext tc) {
    return tc.read(this::lastIndexPlusOne);
  }

  private long lastIndexPlusOne(ReadTransaction tr) {
    List<KeyValue> last = tr.getRange(LayerSupport.integerKeys(space), 1, true).asList().join();
    return last.isEmpty() ? 0 : space.unpack(last.get(0).getKey()).getLong(0) + 1;
  }

  /** The set elements in {@code [from, toExclusive)}, in index order (one range read). */
  public List<T> scan(long from, long toExclusive) {
    return scan(db, from, toExclusive);
  }

  public List<T> scan(TransactionContext tc, long from, long toExclusive) {
    checkIndex(from);
    if (toExclusive < from) {
      throw new IllegalArgumentException("scan range [" + from + ", " + toExclusive + ") is inverted");
    }
    return tc.read(tr -> {
      List<T> out = new ArrayList<>();
      for (KeyValue kv : tr.getRange(space.pack(Tuple.from(from)), space.pack(Tuple.from(toExclusive))).asList().join()) {
        out.add(LayerSupport.decode(codec, kv.getKey(), kv.getValue(), name));
      }
      return out;
    });
  }

  /** Drops every element at {@code newSize} or beyond (one range clear). */
  public void truncate(long newSize) {
    truncate(db, newSize);
  }

  public void truncate(TransactionContext tc, long newSize) {
    checkIndex(newSize);
    tc.run(tr -> {
      tr.clear(space.pack(Tuple.from(newSize)), LayerSupport.integerKeys(space).end);
      return null;
    });
  }
}
