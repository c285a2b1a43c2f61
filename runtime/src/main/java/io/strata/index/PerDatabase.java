package io.strata.index;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * What an index remembers of each database it is used with, between transactions (which indexes were seen ready, the
 * vector index's centroids): one value per database, found by the transaction's {@link Transaction#getDatabase} (the
 * client's or engine's database under any wrapper), so a store used with two databases never answers one with what it
 * learned of the other. Databases are held weakly (one dropped is forgotten). The database met last is found without a
 * lock, so a store used with one database pays a field read per lookup. A read view that names no database (a
 * transaction's {@code snapshot()} handed on alone) gets a new value kept nowhere: it reads what it needs.
 *
 * @param <V> what is remembered of one database
 */
public final class PerDatabase<V> {
  private record Last<V>(WeakReference<Database> db, V value) {}

  private final Supplier<V> fresh;
  private final Map<Database, V> values = Collections.synchronizedMap(new WeakHashMap<>());
  private volatile Last<V> last = new Last<>(new WeakReference<>(null), null);

  /** Values made by {@code fresh} for each database met. */
  public PerDatabase(Supplier<V> fresh) {
    this.fresh = fresh;
  }

  /** The value of {@code tr}'s database, made on first use; a new one kept nowhere when {@code tr} names no database. */
  public V of(ReadTransaction tr) {
    Database db = tr instanceof Transaction t ? t.getDatabase() : null;
    if (db == null) {
      return fresh.get();
    }
    Last<V> seen = last;
    if (seen.db().get() == db) {
      return seen.value();
    }
    V value = values.computeIfAbsent(db, d -> fresh.get());
    last = new Last<>(new WeakReference<>(db), value);
    return value;
  }
}
