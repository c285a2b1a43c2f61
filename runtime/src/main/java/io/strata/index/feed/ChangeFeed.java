package io.strata.index.feed;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Change;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.repository.EntityStore;
import io.strata.Blocking;
import io.strata.row.Paging;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/**
 * Reads of a {@code @Versioned} entity's change feed (see {@code VersionedIndex} for its keys): pages of
 * changes after a version, an id's version, a watch on one id, pruning old deletes, and a live tail.
 *
 * @param <T> the entity type
 * @param <ID> the id type
 */
public final class ChangeFeed<T, ID> {
  /** Feed entries read per transaction while pruning or tailing. */
  public static final int BATCH = 500;

  private final EntityStore<T> store;

  /** The feed of {@code store}'s entity, whose ids (of type {@code ID}) the store decodes. */
  public ChangeFeed(EntityStore<T> store) {
    this.store = store;
  }

  @SuppressWarnings("unchecked") // the store's decoder is generated from the entity whose id type is ID
  private ID typedId(Object element) {
    return (ID) store.decodeId(element);
  }

  private CompletableFuture<VersionedIndex> ready(ReadTransaction tr) {
    VersionedIndex feed = VersionedIndex.of(store.indexes());
    return store.states().requireReady(tr, VersionedIndex.KIND, VersionedDefinition.NAME).thenApply(v -> feed);
  }

  /** One feed entry as read: its key and the change it describes. */
  public record Entry<T, ID>(byte[] key, Change<T, ID> change) {}

  /**
   * Changes after {@code after} (null: from the beginning), oldest first: {@code limit} of them, plus any
   * further ones of the last change's commit, so that {@code changesSince(lastChange.version())} never
   * skips a change. The continuation is present when more changes may follow.
   */
  public CompletableFuture<Page<Change<T, ID>>> changesSince(ReadTransaction tr, Versionstamp after, int limit) {
    Paging.checkLimit(limit);
    return ready(tr).thenCompose(feed -> {
      byte[] begin = after == null ? feed.feed().range().begin : feed.feed().get(after).range().end;
      return entries(tr, feed, begin, limit, true).thenApply(entries -> {
        List<Change<T, ID>> changes = new ArrayList<>(entries.size());
        entries.forEach(e -> changes.add(e.change()));
        Optional<Continuation> next = entries.size() >= limit
            ? Optional.of(Continuation.of(feed.feed().getKey(), entries.get(entries.size() - 1).key())) : Optional.empty();
        return new Page<>(changes, next);
      });
    });
  }

  /**
   * Up to {@code limit} entries from {@code begin} on, with the entities of saves; when {@code wholeCommits},
   * extended to the end of the last entry's commit.
   */
  public CompletableFuture<List<Entry<T, ID>>> entries(ReadTransaction tr, VersionedIndex feed, byte[] begin, int limit, boolean wholeCommits) {
    byte[] end = feed.feed().range().end;
    return tr.getRange(begin, end, limit).asList().thenCompose(kvs -> {
      if (!wholeCommits || kvs.size() < limit) {
        return CompletableFuture.completedFuture(kvs);
      }
      KeyValue last = kvs.get(kvs.size() - 1);
      Versionstamp commit;
      try {
        commit = feed.feed().unpack(last.getKey()).getVersionstamp(0);
      } catch (RuntimeException e) {
        throw StoredData.corruptEntry(store.layout(), "change feed", last.getKey(), "does not start with a versionstamp: " + e.getMessage(), e);
      }
      byte[] from = ByteArrayUtil.join(last.getKey(), new byte[] {0});
      return tr.getRange(from, feed.feed().get(commit).range().end).asList().thenApply(rest -> {
        List<KeyValue> all = new ArrayList<>(kvs);
        all.addAll(rest);
        return all;
      });
    }).thenCompose(kvs -> {
      List<CompletableFuture<Entry<T, ID>>> out = new ArrayList<>(kvs.size());
      for (KeyValue kv : kvs) {
        Object id;
        Versionstamp version;
        ID typedId;
        try {
          Tuple key = feed.feed().unpack(kv.getKey());
          if (key.size() != 2) {
            throw new IllegalArgumentException("expected (versionstamp, id), found " + key);
          }
          id = key.get(1);
          version = key.getVersionstamp(0);
          typedId = typedId(id);
        } catch (RuntimeException e) {
          throw StoredData.corruptEntry(store.layout(), "change feed", kv.getKey(), "is not (versionstamp, id) of this entity: " + e.getMessage(), e);
        }
        CompletableFuture<Optional<T>> entity = Arrays.equals(kv.getValue(), VersionedIndex.DELETED)
            ? CompletableFuture.completedFuture(Optional.empty()) : store.load(tr, id);
        out.add(entity.thenApply(e -> new Entry<>(kv.getKey(), new Change<>(version, typedId, e))));
      }
      return CompletableFuture.allOf(out.toArray(CompletableFuture[]::new)).thenApply(v -> {
        List<Entry<T, ID>> list = new ArrayList<>(out.size());
        out.forEach(f -> list.add(f.join()));
        return list;
      });
    });
  }

  /** The version of the id's latest change (a delete included, until pruned); one key read. */
  public CompletableFuture<Optional<Versionstamp>> versionOf(ReadTransaction tr, Object id) {
    return ready(tr).thenCompose(feed -> tr.get(feed.latestKey(id)).thenApply(v -> v == null
        ? Optional.empty() : Optional.of(Versionstamp.complete(feed.checkVersion(id, v), 0))));
  }

  /**
   * Completes once the entity is saved with a change or deleted after this call: a FoundationDB watch on
   * {@code (E,"v",id)}, set in its own committed transaction.
   */
  public CompletableFuture<Void> watch(TransactionContext db, Object id) {
    VersionedIndex feed = VersionedIndex.of(store.indexes());
    return db.runAsync(tr -> CompletableFuture.completedFuture(tr.watch(feed.latestKey(id)))).thenCompose(w -> w);
  }

  /**
   * Removes the tombstones of deletes committed before {@code before} (and their {@code (E,"v",id)}), in
   * transactions of at most 500 feed entries; returns how many it removed.
   */
  public long pruneDeletes(TransactionContext db, Versionstamp before) {
    VersionedIndex feed = VersionedIndex.of(store.indexes());
    Subspace entries = feed.feed();
    byte[] end = entries.pack(Tuple.from(before));
    long removed = 0;
    byte[] begin = entries.range().begin;
    while (begin != null) {
      byte[] from = begin;
      long[] count = new long[1];
      byte[] next = Blocking.call(() -> db.run(tr -> {
        count[0] = 0;
        List<KeyValue> kvs = tr.getRange(from, end, BATCH).asList().join();
        for (KeyValue kv : kvs) {
          if (Arrays.equals(kv.getValue(), VersionedIndex.DELETED)) {
            Tuple key = entries.unpack(kv.getKey());
            tr.clear(kv.getKey());
            tr.clear(feed.latestKey(key.get(1)));
            count[0]++;
          }
        }
        return kvs.size() < BATCH ? null : ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
      }));
      removed += count[0];
      begin = next;
    }
    return removed;
  }

  /**
   * A live tail of the feed from after {@code after} (null: the beginning): every change in version order,
   * then new ones as they commit, woken by a FoundationDB watch (no polling); it honours {@code request(n)},
   * resumes after the last delivered change when a read fails, and runs each subscription on its own
   * daemon thread until cancelled.
   */
  public Flow.Publisher<Change<T, ID>> subscribe(Database db, Versionstamp after) {
    return new ChangePublisher<>(db, this, store, after);
  }
}
