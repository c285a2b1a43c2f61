package io.strata.index.feed;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Codec;
import io.strata.index.DerivedIndex;
import io.strata.index.IndexStates;
import io.strata.index.IndexVerifier;
import io.strata.row.EntityLayout;
import io.strata.row.KeyBatches;
import io.strata.row.RowWrites;
import io.strata.row.Rows;
import io.strata.row.Sizes;
import io.strata.row.StoredData;
import io.strata.row.WriteShards;
import io.strata.tuple.TuplePacker;
import io.strata.tuple.VersionstampTuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Maintains the change feed of a {@code @Versioned} entity, one entry per id, in {@link WriteShards#SHARDS}
 * shards by id so that no single range end takes every save's append:
 * <pre>
 * (E, "V", shard, versionstamp, id) = b"" for a save, pack("deleted") for a delete   (SET_VERSIONSTAMPED_KEY)
 * (E, "v", id)                      = the 10-byte commit versionstamp of that entry  (SET_VERSIONSTAMPED_VALUE)
 * </pre>
 * {@code shard} is {@link WriteShards#of} the id. A reader merges the shards in (versionstamp, id) order, the
 * order of the unsharded feed. A database written before sharding also holds entries {@code (E, "V",
 * versionstamp, id)}: they sort after every shard (a versionstamp after any integer in the tuple order), are
 * read as one more stream until a repack moves them into their shards ({@link #reshard}), and a change clears
 * its id's previous entry in either form. A change reads {@code (E,"v",id)} and clears the id's previous
 * entry, then writes both keys stamped with the commit's version (user version 0: the id orders entries of
 * one commit), and adds 1 to its shard's {@link EntityLayout#feedWakeKey(int)} so live tails wake. A save
 * that changes nothing writes nothing. A second change of the same id in one transaction cannot read
 * {@code (E,"v",id)} (FoundationDB refuses reads of keys with pending versionstamped writes) and needs not:
 * the first already cleared the previous entry, and the stamped key of both is the same, so the last
 * change's value wins.
 */
public final class VersionedIndex implements DerivedIndex {
  public static final String KIND = IndexStates.FEED;
  static final byte[] DELETED = Tuple.from("deleted").pack();
  private static final byte[] ONE = Codec.int64().encode(1L);

  private final Rows<?> rows;
  private final EntityLayout<?> layout;
  private final Subspace feed;
  private final Subspace latest;
  /** The keys of {@link #feed} and {@link #latest} ({@code Subspace.getKey()} copies them). */
  private final byte[] feedPrefix;
  private final byte[] latestPrefix;
  /** {@code (E,"V",shard)} for each shard, then {@code (E,"V")}: the streams a reader merges (the last, unsharded entries). */
  private final List<byte[]> streams = new ArrayList<>();
  /** Ids each transaction attempt already changed (a handle is one attempt, so retries start empty). */
  private final Map<Transaction, Set<Tuple>> changed = Collections.synchronizedMap(new WeakHashMap<>());

  VersionedIndex(Rows<?> rows) {
    this.rows = rows;
    this.layout = rows.layout();
    this.feed = layout.entity().get("V");
    this.latest = layout.entity().get("v");
    this.feedPrefix = feed.getKey();
    this.latestPrefix = latest.getKey();
    for (int shard = 0; shard < WriteShards.SHARDS; shard++) {
      streams.add(TuplePacker.after(feedPrefix).add((long) shard).toBytes());
    }
    streams.add(feedPrefix);
  }

  /** The change feed among an entity's indexes; fails naming the entity when it is not {@code @Versioned}. */
  static VersionedIndex of(io.strata.index.Indexes<?> indexes) {
    if (indexes.derived(VersionedDefinition.NAME) instanceof VersionedIndex feed) {
      return feed;
    }
    throw new IllegalArgumentException(indexes.layout().entityName() + " is not @Versioned");
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return VersionedDefinition.NAME;
  }

  /** {@code (E,"V")}. */
  public Subspace feed() {
    return feed;
  }

  byte[] latestKey(Object id) {
    return TuplePacker.after(latestPrefix).add(id).toBytes();
  }

  /** The entry of {@code id} at {@code version}: {@code (E,"V",shard,version,id)}. */
  public byte[] entryKey(byte[] version, Object id) {
    return TuplePacker.after(shardPrefix(id)).add(Versionstamp.complete(version, 0)).add(id).toBytes();
  }

  /** The entry a database written before sharding holds for {@code id} at {@code version}: {@code (E,"V",version,id)}. */
  private byte[] legacyEntryKey(byte[] version, Object id) {
    return TuplePacker.after(feedPrefix).add(Versionstamp.complete(version, 0)).add(id).toBytes();
  }

  private byte[] shardPrefix(Object id) {
    return streams.get(WriteShards.of(id));
  }

  /**
   * The prefixes of the feed's streams: {@code (E,"V",shard)} for each shard, then the unsharded {@code (E,"V")},
   * whose stream is every key of {@code (E,"V")} after the last shard's (so a key that is neither is read, and
   * reported as damage, rather than skipped).
   */
  List<byte[]> streams() {
    return streams;
  }

  /** Whether {@code stream} (one of {@link #streams()}) is the unsharded {@code (E,"V")}. */
  private boolean unsharded(byte[] stream) {
    return stream == feedPrefix;
  }

  /**
   * Where {@code stream}'s entries after {@code after} begin: all of them when null, else those after the
   * whole commit {@code after.version()} when its id is null, or after the entry {@code (version, id)}.
   */
  byte[] begin(byte[] stream, Position after) {
    if (after == null) {
      return unsharded(stream) ? end(streams.get(WriteShards.SHARDS - 1), null) : ByteArrayUtil.join(stream, new byte[] {0});
    }
    TuplePacker at = TuplePacker.after(stream).add(after.version());
    return after.id() == null
        ? ByteArrayUtil.join(at.toBytes(), new byte[] {(byte) 0xff}) : ByteArrayUtil.join(at.add(after.id()).toBytes(), new byte[] {0});
  }

  /** Where {@code stream}'s entries end; with {@code before}, where its entries of commits before it end. */
  byte[] end(byte[] stream, Versionstamp before) {
    if (before != null) {
      return TuplePacker.after(stream).add(before).toBytes();
    }
    return ByteArrayUtil.join(stream, new byte[] {(byte) 0xff});
  }

  /** A place in the feed, after the entry {@code (version, id)}, or after the whole commit {@code version} when {@code id} is null. */
  public record Position(Versionstamp version, Object id) {}

  /** An entry's (versionstamp, id), sharded or not; throws for a key that is neither. */
  Tuple parse(byte[] key) {
    Tuple t = feed.unpack(key);
    if (t.size() == 3 && t.get(0) instanceof Long shard && shard >= 0 && shard < WriteShards.SHARDS) {
      t = t.popFront();
    }
    if (t.size() != 2) {
      throw new IllegalArgumentException("expected (shard, versionstamp, id), found " + t);
    }
    t.getVersionstamp(0);
    return t;
  }

  @Override
  public boolean maintainedWhileBuilding() {
    return true;
  }

  /** The feed entry (its key with the versionstamp's offset, and a marker), the id's latest-version key and the wake key's operand. */
  @Override
  public long checkSizes(Object id, Object[] fresh) {
    byte[] entry = incompleteEntryKey(id);
    Sizes.checkKey(layout.entityName(), id, () -> "change feed", entry);
    byte[] wake = layout.feedWakeKey(WriteShards.of(id));
    return entry.length + DELETED.length + latestKey(id).length + VersionstampTuples.transactionVersionValue().length
        + wake.length + ONE.length;
  }

  /** The entry key {@code SET_VERSIONSTAMPED_KEY} takes: the entry with an incomplete versionstamp and its offset. */
  private byte[] incompleteEntryKey(Object id) {
    return VersionstampTuples.packWithVersionstamp(shardPrefix(id), Tuple.from(Versionstamp.incomplete(0), id));
  }

  @Override
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    if ((old == null && fresh == null) || (old != null && fresh != null && sameRow(old, fresh))) {
      return CompletableFuture.completedFuture(null);
    }
    return record(tr, id, fresh == null);
  }

  @Override
  public CompletableFuture<Void> build(Transaction tr, Object id, Object[] row) {
    checkSizes(id, row);
    return tr.get(latestKey(id)).thenCompose(v -> v != null ? CompletableFuture.completedFuture(null) : record(tr, id, false));
  }

  private boolean sameRow(Object[] old, Object[] fresh) {
    List<String> names = layout.codec().fieldNames();
    for (int i = 0; i < old.length; i++) {
      if (layout.blobField(names.get(i)) != null && (old[i] != null || fresh[i] != null)) {
        return false; // the stored row holds a blob's length only: count any save as a change
      }
      if (!Objects.deepEquals(old[i], fresh[i])) {
        return false;
      }
    }
    return true;
  }

  private CompletableFuture<Void> record(Transaction tr, Object id, boolean deleted) {
    boolean first = changed.computeIfAbsent(tr, t -> Collections.synchronizedSet(new HashSet<>())).add(Tuple.from(id));
    CompletableFuture<Void> previous = !first ? CompletableFuture.completedFuture(null) : tr.get(latestKey(id)).thenAccept(v -> {
      if (v != null) {
        tr.clear(entryKey(checkVersion(id, v), id));
        tr.clear(legacyEntryKey(v, id));
      }
    });
    return previous.thenRun(() -> {
      tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, incompleteEntryKey(id), deleted ? DELETED : RowWrites.EMPTY);
      tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, latestKey(id), VersionstampTuples.transactionVersionValue());
      tr.mutate(MutationType.ADD, layout.feedWakeKey(WriteShards.of(id)), ONE);
    });
  }

  /**
   * Moves up to {@code limit} entries of a database written before sharding, {@code (E,"V",versionstamp,id)},
   * to their shards, same value, and clears the unsharded wake key {@code ("__strata","feed",E)}; returns how
   * many it moved (0 once none is left, so steps resume by themselves).
   */
  @Override
  public CompletableFuture<Integer> reshard(Transaction tr, int limit) {
    tr.clear(layout.legacyFeedWakeKey());
    return tr.getRange(begin(feedPrefix, null), end(feedPrefix, null), limit).asList().thenApply(kvs -> {
      for (KeyValue kv : kvs) {
        Tuple key;
        try {
          key = parse(kv.getKey());
        } catch (RuntimeException e) {
          throw StoredData.corruptEntry(layout, "change feed", kv.getKey(), "is not (versionstamp, id): " + e.getMessage(), e);
        }
        tr.set(entryKey(key.getVersionstamp(0).getTransactionVersion(), key.get(1)), kv.getValue());
        tr.clear(kv.getKey());
      }
      return kvs.size();
    });
  }

  byte[] checkVersion(Object id, byte[] v) {
    if (v.length != 10) {
      throw StoredData.corrupt(layout, id, latestKey(id), "holds " + v.length + " bytes, not a 10-byte versionstamp", null);
    }
    return v;
  }

  @Override
  public Check check() {
    return new Check() {
      @Override
      public CompletableFuture<List<String>> rows(ReadTransaction tr, List<Object[]> rows) {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (Object[] row : rows) {
          Object id = row[layout.codec().idIndex()];
          checks.add(tr.get(latestKey(id)).thenCompose(v -> v == null
              ? CompletableFuture.completedFuture("row " + Sizes.describe(id) + " has no change feed entry")
              : v.length != 10 ? CompletableFuture.completedFuture("change feed version of row " + Sizes.describe(id) + " at key "
                  + ByteArrayUtil.printable(latestKey(id)) + " holds " + v.length + " bytes, not a 10-byte versionstamp; clear that key"
                  + " (Transaction.clear) and save the entity again")
              : tr.get(entryKey(v, id)).thenCombine(tr.get(legacyEntryKey(v, id)), (e, old) -> e != null ? e : old)
                  .thenApply(e -> e != null && e.length == 0 ? null
                  : "row " + Sizes.describe(id) + " has " + (e == null ? "no" : "a delete") + " change feed entry at its version")));
        }
        return IndexVerifier.whenFound(checks);
      }

      @Override
      public long entries(ReadTransactionContext db, int batch, Consumer<List<String>> report) {
        long entries = KeyBatches.check(db, feed.range(), batch, report, (tr, kvs) -> IndexVerifier.checkEach(kvs, "change feed", kv -> {
          Tuple key = parse(kv.getKey());
          Object id = key.get(1);
          byte[] version = key.getVersionstamp(0).getTransactionVersion();
          if (!Arrays.equals(kv.getKey(), entryKey(version, id)) && !Arrays.equals(kv.getKey(), legacyEntryKey(version, id))) {
            return CompletableFuture.completedFuture("change feed entry " + key + " is not in its id's shard " + WriteShards.of(id));
          }
          boolean deleted = Arrays.equals(kv.getValue(), DELETED);
          return tr.get(latestKey(id)).thenCombine(rows.exists(tr, id), (v, exists) -> !Arrays.equals(v, version)
              ? "change feed entry " + key + " is not the latest of its id"
              : deleted == exists ? "change feed entry " + key + (deleted ? " is a delete but the row exists" : " has no row") : null);
        }));
        return entries + KeyBatches.check(db, latest.range(), batch, report, (tr, kvs) -> IndexVerifier.checkEach(kvs, "change feed versions",
            kv -> {
              Object id = latest.unpack(kv.getKey()).get(0);
              byte[] version = checkVersion(id, kv.getValue());
              return tr.get(entryKey(version, id)).thenCombine(tr.get(legacyEntryKey(version, id)), (e, old) -> e != null || old != null ? null
                  : "change feed version of id " + Sizes.describe(id) + " names no entry");
            }));
      }
    };
  }
}
