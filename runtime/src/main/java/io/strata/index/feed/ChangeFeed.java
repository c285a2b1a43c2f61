package io.strata.index.feed;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.TransactionContext;
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

  /** One feed entry as read: its key, its place in the feed and the change it describes. */
  public record Entry<T, ID>(byte[] key, VersionedIndex.Position position, Change<T, ID> change) {}

  /**
   * Changes after {@code after} (null: from the beginning), oldest first: {@code limit} of them, plus any
   * further ones of the last change's commit, so that {@code changesSince(lastChange.version())} never
   * skips a change. The continuation is present when more changes may follow.
   */
  public CompletableFuture<Page<Change<T, ID>>> changesSince(ReadTransaction tr, Versionstamp after, int limit) {
    Paging.checkLimit(limit);
    return ready(tr).thenCompose(feed -> {
      VersionedIndex.Position from = after == null ? null : new VersionedIndex.Position(after, null);
      return entries(tr, feed, from, limit, true).thenApply(entries -> {
        List<Change<T, ID>> changes = new ArrayList<>(entries.size());
        entries.forEach(e -> changes.add(e.change()));
        Optional<Continuation> next = entries.size() >= limit
            ? Optional.of(Continuation.of(feed.feed().getKey(), entries.get(entries.size() - 1).key())) : Optional.empty();
        return new Page<>(changes, next);
      });
    });
  }

  /** A feed entry read from one stream: its key-value, (versionstamp, id), and that tuple packed, the feed's order. */
  private record Read(KeyValue kv, Tuple at, byte[] order, int stream) {}

  /**
   * Up to {@code limit} entries after {@code after} (null: from the beginning), with the entities of saves;
   * when {@code wholeCommits}, extended to the end of the last entry's commit. Reads every stream of the feed
   * ({@link VersionedIndex#streams()}: the shards, and the entries of a database not yet resharded) concurrently,
   * up to {@code limit} entries each, and merges them in (versionstamp, id) order: the first {@code limit} of
   * the merge are the feed's next {@code limit}, since a stream cut at its limit holds that many entries up to
   * its last one.
   */
  public CompletableFuture<List<Entry<T, ID>>> entries(ReadTransaction tr, VersionedIndex feed, VersionedIndex.Position after, int limit,
      boolean wholeCommits) {
    List<byte[]> streams = feed.streams();
    List<CompletableFuture<List<KeyValue>>> reads = new ArrayList<>(streams.size());
    for (byte[] stream : streams) {
      reads.add(tr.getRange(feed.begin(stream, after), feed.end(stream, null), limit).asList());
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenCompose(v -> {
      List<Read> merged = new ArrayList<>();
      for (int s = 0; s < streams.size(); s++) {
        for (KeyValue kv : reads.get(s).join()) {
          merged.add(read(feed, kv, s));
        }
      }
      merged.sort((a, b) -> ByteArrayUtil.compareUnsigned(a.order(), b.order()));
      if (merged.size() < limit) { // no stream was cut at its limit: this is all there is
        return CompletableFuture.completedFuture(merged);
      }
      if (!wholeCommits) {
        return CompletableFuture.completedFuture(merged.subList(0, limit));
      }
      Versionstamp commit = merged.get(limit - 1).at().getVersionstamp(0);
      List<Read> upTo = new ArrayList<>();
      for (Read r : merged) {
        if (r.at().getVersionstamp(0).compareTo(commit) <= 0) {
          upTo.add(r);
        }
      }
      List<CompletableFuture<List<KeyValue>>> rest = new ArrayList<>();
      List<Integer> restStreams = new ArrayList<>();
      for (int s = 0; s < streams.size(); s++) {
        List<KeyValue> got = reads.get(s).join();
        if (got.size() == limit && feed.parse(got.get(limit - 1).getKey()).getVersionstamp(0).equals(commit)) {
          // cut at its limit inside the last commit: its entries of that commit may go on
          byte[] from = ByteArrayUtil.join(got.get(limit - 1).getKey(), new byte[] {0});
          rest.add(tr.getRange(from, feed.begin(streams.get(s), new VersionedIndex.Position(commit, null))).asList());
          restStreams.add(s);
        }
      }
      return CompletableFuture.allOf(rest.toArray(CompletableFuture[]::new)).thenApply(w -> {
        for (int i = 0; i < rest.size(); i++) {
          for (KeyValue kv : rest.get(i).join()) {
            upTo.add(read(feed, kv, restStreams.get(i)));
          }
        }
        upTo.sort((a, b) -> ByteArrayUtil.compareUnsigned(a.order(), b.order()));
        return upTo;
      });
    }).thenCompose(kvs -> {
      List<CompletableFuture<Entry<T, ID>>> out = new ArrayList<>(kvs.size());
      for (Read r : kvs) {
        Object id = r.at().get(1);
        Versionstamp version = r.at().getVersionstamp(0);
        ID typedId;
        try {
          typedId = typedId(id);
        } catch (RuntimeException e) {
          throw StoredData.corruptEntry(store.layout(), "change feed", r.kv().getKey(), "is not (versionstamp, id) of this entity: " + e.getMessage(), e);
        }
        CompletableFuture<Optional<T>> entity = Arrays.equals(r.kv().getValue(), VersionedIndex.DELETED)
            ? CompletableFuture.completedFuture(Optional.empty()) : store.load(tr, id);
        VersionedIndex.Position position = new VersionedIndex.Position(version, id);
        out.add(entity.thenApply(e -> new Entry<>(r.kv().getKey(), position, new Change<>(version, typedId, e))));
      }
      return CompletableFuture.allOf(out.toArray(CompletableFuture[]::new)).thenApply(v -> {
        List<Entry<T, ID>> list = new ArrayList<>(out.size());
        out.forEach(f -> list.add(f.join()));
        return list;
      });
    });
  }

  /** One entry of stream {@code stream}, parsed; damage names the entity and the key. */
  private Read read(VersionedIndex feed, KeyValue kv, int stream) {
    try {
      Tuple at = feed.parse(kv.getKey());
      return new Read(kv, at, at.pack(), stream);
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(store.layout(), "change feed", kv.getKey(), "is not (shard, versionstamp, id) of this entity: " + e.getMessage(), e);
    }
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
    long removed = 0;
    for (byte[] stream : feed.streams()) {
      byte[] end = feed.end(stream, before);
      byte[] begin = feed.begin(stream, null);
      while (begin != null) {
        byte[] from = begin;
        long[] count = new long[1];
        byte[] next = Blocking.call(() -> db.run(tr -> {
          count[0] = 0;
          List<KeyValue> kvs = tr.getRange(from, end, BATCH).asList().join();
          for (KeyValue kv : kvs) {
            if (Arrays.equals(kv.getValue(), VersionedIndex.DELETED)) {
              tr.clear(kv.getKey());
              tr.clear(feed.latestKey(feed.parse(kv.getKey()).get(1)));
              count[0]++;
            }
          }
          return kvs.size() < BATCH ? null : ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
        }));
        removed += count[0];
        begin = next;
      }
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
