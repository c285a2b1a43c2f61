package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * A multimap (the Multimaps recipe): {@code (S, key, value) = count}, an 8-byte little-endian count kept
 * with atomic ADD, so {@code put} and {@code remove} never read an entry and concurrent ones never conflict.
 * Removing subtracts one and, with COMPARE_AND_CLEAR, drops the entry when its count reaches zero (or
 * below, when there was nothing to remove), so a stored count is always at least one. Keys and values are
 * tuple elements; keys are never null.
 *
 * <p>{@code put} and {@code remove} are exactly-once under {@code commit_unknown_result}: each records
 * {@code (S, null, "op", id)} with its effect (see {@link OperationLog}; the null element keeps the log
 * apart from every key), and a retry after an applied commit does nothing. That record is the only key
 * they read, and no other operation writes it, so they still never conflict.
 */
public final class FdbMultimap {
  private static final byte[] ONE = LayerSupport.le(1);
  private static final byte[] MINUS_ONE = LayerSupport.le(-1);
  private static final byte[] ZERO = LayerSupport.le(0);

  private final Database db;
  private final Subspace space;
  private final OperationLog log;
  private final String name;

  public FdbMultimap(Database db, Subspace subspace) {
    this.db = LayerSupport.require(db, "db");
    this.space = LayerSupport.require(subspace, "subspace");
    this.log = new OperationLog(subspace.get(Tuple.from((Object) null)));
    this.name = LayerSupport.name("FdbMultimap", subspace);
  }

  /** The entry's key, checked on the caller's thread: a non-null key, tuple elements, at most 10,000 bytes. */
  private byte[] key(Object k, Object v) {
    Tuple key = LayerSupport.element(name, "key", k);
    Tuple value = v == null ? Tuple.from((Object) null) : LayerSupport.element(name, "value", v);
    return LayerSupport.checkKey(name, "the entry key of " + k + " and " + v, space.pack(key.addAll(value)));
  }

  public void put(Object key, Object value) {
    put(db, key, value);
  }

  public void put(TransactionContext tc, Object key, Object value) {
    byte[] k = key(key, value);
    Tuple op = OperationLog.newId();
    tc.run(tr -> {
      if (log.recorded(tr, op).isEmpty()) {
        tr.mutate(MutationType.ADD, k, ONE);
        log.record(tr, op, new Tuple());
      }
      return null;
    });
  }

  /** Removes one occurrence of the entry, if it has one (without reading it). */
  public void remove(Object key, Object value) {
    remove(db, key, value);
  }

  public void remove(TransactionContext tc, Object key, Object value) {
    byte[] k = key(key, value);
    Tuple op = OperationLog.newId();
    tc.run(tr -> {
      if (log.recorded(tr, op).isEmpty()) {
        tr.mutate(MutationType.ADD, k, MINUS_ONE);
        tr.mutate(MutationType.COMPARE_AND_CLEAR, k, ZERO);
        tr.mutate(MutationType.COMPARE_AND_CLEAR, k, MINUS_ONE); // the entry was absent: leave it absent
        log.record(tr, op, new Tuple());
      }
      return null;
    });
  }

  /** The distinct values of {@code key}, in value order (one range read). */
  public List<Object> get(Object key) {
    return get(db, key);
  }

  public List<Object> get(TransactionContext tc, Object key) {
    Subspace values = space.get(LayerSupport.element(name, "key", key));
    return tc.read(tr -> {
      List<Object> out = new ArrayList<>();
      for (KeyValue kv : tr.getRange(values.range()).asList().join()) {
        if (LayerSupport.fromLe(kv.getValue()) > 0) {
          out.add(values.unpack(kv.getKey()).get(0));
        }
      }
      return out;
    });
  }

  public boolean containsEntry(Object key, Object value) {
    return containsEntry(db, key, value);
  }

  public boolean containsEntry(TransactionContext tc, Object key, Object value) {
    return count(tc, key, value) > 0;
  }

  /** How many times the entry was put, minus the removals that found it; never negative. */
  public long count(TransactionContext tc, Object key, Object value) {
    byte[] k = key(key, value);
    return tc.read(tr -> LayerSupport.fromLe(tr.get(k).join()));
  }
}
