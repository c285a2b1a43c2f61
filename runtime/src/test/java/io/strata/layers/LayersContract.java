package io.strata.layers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.directory.DirectorySubspace;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.BackendContract;
import io.strata.testkit.AppliedThenRetried;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Behaviour of every recipe layer, on any backend. */
public abstract class LayersContract extends BackendContract {

  private List<Tuple> keys(Subspace s) {
    return db.read(tr -> tr.getRange(s.range()).asList().join()).stream().map(kv -> s.unpack(kv.getKey())).toList();
  }

  @Test
  void queueIsFirstInFirstOut() {
    FdbQueue<String> q = new FdbQueue<>(db, new Subspace(Tuple.from("q")), Codec.string());
    assertTrue(q.isEmpty());
    assertEquals(Optional.empty(), q.dequeue());
    for (String s : List.of("a", "b", "c")) {
      q.enqueue(s);
    }
    assertEquals(Optional.of("a"), q.peek());
    assertEquals(List.of("a", "b", "c"), List.of(q.dequeue().orElseThrow(), q.dequeue().orElseThrow(), q.dequeue().orElseThrow()));
    assertTrue(q.isEmpty());
  }

  @Test
  void queueItemsFollowTheLayout() {
    Subspace s = new Subspace(Tuple.from("q"));
    FdbQueue<String> q = new FdbQueue<>(db, s, Codec.string());
    q.enqueue("a");
    q.enqueue("b");
    List<Tuple> items = keys(s).stream().filter(t -> t.get(0) instanceof Long).toList();
    assertEquals(List.of(0L, 1L), items.stream().map(t -> t.getLong(0)).toList());
    assertEquals(20, items.get(0).getBytes(1).length);
  }

  @Test
  void priorityQueuePopsByPriorityAndFifoWithin() {
    FdbPriorityQueue<String> q = new FdbPriorityQueue<>(db, new Subspace(Tuple.from("pq")), Codec.string());
    q.push("low-1", 1);
    q.push("high-1", 9);
    q.push("low-2", 1);
    q.push("high-2", 9);
    q.push("mid", 5);
    assertEquals(Optional.of("low-1"), q.peekMin());
    assertEquals(Optional.of("high-1"), q.peekMax());
    assertEquals(Optional.of("high-1"), q.popMax());
    assertEquals(Optional.of("low-1"), q.popMin());
    assertEquals(Optional.of("low-2"), q.popMin());
    assertEquals(Optional.of("mid"), q.popMin());
    assertEquals(Optional.of("high-2"), q.popMin());
    assertEquals(Optional.empty(), q.popMax());
  }

  @Test
  void vectorIsSparseAndSizeComesFromTheLastIndex() {
    FdbVector<String> v = new FdbVector<>(db, new Subspace(Tuple.from("v")), Codec.string());
    assertEquals(0, v.size());
    assertEquals(0, v.push("a"));
    v.set(1_000_000, "far");
    assertEquals(1_000_001, v.size());
    assertEquals(2, keys(new Subspace(Tuple.from("v"))).stream().filter(k -> k.get(0) instanceof Long).count(),
        "unset positions store nothing (beside the items: push's operation record)");
    assertEquals(Optional.empty(), v.get(5));
    assertEquals(List.of("a", "far"), v.scan(0, 2_000_000));
    v.truncate(10);
    assertEquals(1, v.size());
    assertThrows(IndexOutOfBoundsException.class, () -> v.get(-1));
  }

  @Test
  void aPushRetriedAfterItsCommitWasAppliedLandsOnce() {
    FdbVector<String> v = new FdbVector<>(db, new Subspace(Tuple.from("v")), Codec.string());
    v.push("a");
    assertEquals(1, v.push(new AppliedThenRetried(db), "b"), "the retry returns the index the applied attempt used");
    assertEquals(List.of("a", "b"), v.scan(0, 10));
    assertEquals(2, v.size());
  }

  @Test
  void tableKeepsRowAndColumnCopies() {
    Subspace s = new Subspace(Tuple.from("t"));
    FdbTable<String> t = new FdbTable<>(db, s, Codec.string());
    t.setCell("r1", "c1", "a");
    t.setCell("r1", "c2", "b");
    t.setCell("r2", "c1", "c");
    assertEquals(Map.of("c1", "a", "c2", "b"), t.getRow("r1"));
    assertEquals(Map.of("r1", "a", "r2", "c"), t.getColumn("c1"));
    assertEquals(Optional.of("b"), t.getCell("r1", "c2"));
    assertTrue(keys(s).contains(Tuple.from("C", "c2", "r1")));
    t.setRow("r1", Map.of("c3", "z"));
    assertEquals(Map.of("c3", "z"), t.getRow("r1"));
    assertEquals(Map.of("r2", "c"), t.getColumn("c1"));
    assertEquals(Map.of(), t.getColumn("c2"));
    t.deleteRow("r2");
    assertEquals(Map.of(), t.getColumn("c1"));
  }

  @Test
  void multimapCountsPutsAndDropsEntriesAtZero() {
    Subspace s = new Subspace(Tuple.from("mm"));
    FdbMultimap m = new FdbMultimap(db, s);
    m.put("k", "a");
    m.put("k", "a");
    m.put("k", 7L);
    assertEquals(List.of("a", 7L), m.get("k"), "tuple order: strings before integers");
    assertEquals(2, m.count(db, "k", "a"));
    m.remove("k", "a");
    assertTrue(m.containsEntry("k", "a"));
    m.remove("k", "a");
    assertFalse(m.containsEntry("k", "a"));
    assertEquals(List.of(Tuple.from("k", 7L)), entries(s), "an entry whose count reached zero is gone");
  }

  /** The multimap's entry keys, without its operation records {@code (S, null, "op", ...)}. */
  private List<Tuple> entries(Subspace s) {
    return keys(s).stream().filter(k -> k.get(0) != null).toList();
  }

  @Test
  void removingAnAbsentEntryLeavesNothingBehind() {
    Subspace s = new Subspace(Tuple.from("mm"));
    FdbMultimap m = new FdbMultimap(db, s);
    m.remove("k", "never-put");
    assertEquals(List.of(), entries(s), "no negative count is stored");
    m.put("k", "never-put");
    assertTrue(m.containsEntry("k", "never-put"), "a put after removing an absent entry is visible");
    assertEquals(1, m.count(db, "k", "never-put"));
  }

  @Test
  void multimapPutsAndRemovesRetriedAfterAnAppliedCommitCountOnce() {
    FdbMultimap m = new FdbMultimap(db, new Subspace(Tuple.from("mm")));
    m.put("k", "a");
    m.put(new AppliedThenRetried(db), "k", "a");
    assertEquals(2, m.count(db, "k", "a"));
    m.remove(new AppliedThenRetried(db), "k", "a");
    assertEquals(1, m.count(db, "k", "a"), "the retried remove must not take the second occurrence");
    assertEquals(List.of("a"), m.get("k"));
  }

  @Test
  void shardedCounterSumsItsShards() {
    ShardedCounter c = new ShardedCounter(db, new Subspace(Tuple.from("c")), 8);
    for (int i = 0; i < 100; i++) {
      c.add(i % 3 == 0 ? -1 : 2);
    }
    assertEquals(66 * 2 - 34, c.get());
    assertEquals(66 * 2 - 34, c.getSnapshot());
    assertThrows(IllegalArgumentException.class, () -> new ShardedCounter(db, new Subspace(), 0));
  }

  @Test
  void blobStoreStreamsLargeBlobsAndReadsRanges() throws IOException {
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("b")));
    byte[] data = new byte[64 * 1024 * 1024];
    new Random(1).nextBytes(data);
    try (OutputStream out = blobs.openWrite("big")) {
      for (int off = 0; off < data.length; off += 1 << 20) {
        out.write(data, off, 1 << 20);
      }
    }
    assertEquals(data.length, blobs.size("big"));
    assertArrayEquals(java.util.Arrays.copyOfRange(data, 33_333_333, 33_343_333), blobs.read("big", 33_333_333, 10_000));
    ByteArrayOutputStream back = new ByteArrayOutputStream();
    try (InputStream in = blobs.openRead("big")) {
      in.transferTo(back);
    }
    assertArrayEquals(data, back.toByteArray());
    blobs.write("big", new byte[] {1, 2, 3});
    assertArrayEquals(new byte[] {1, 2, 3}, blobs.read("big").orElseThrow());
    assertEquals(1, keys(new Subspace(Tuple.from("b", "c"))).size(), "the old generation is cleared on flip");
    blobs.delete("big");
    assertEquals(Optional.empty(), blobs.read("big"));
  }

  @Test
  void blobStoreWritesAnArrayOfAnySizeInOneCall() throws IOException {
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("b")));
    byte[] data = new byte[25_000_001]; // over FoundationDB's 10 MB transaction limit, not a whole number of chunks
    new Random(3).nextBytes(data);
    blobs.write("whole", data);
    assertArrayEquals(data, blobs.read("whole").orElseThrow());
    try (OutputStream out = blobs.openWrite("streamed")) {
      out.write(data);
    }
    assertArrayEquals(data, blobs.read("streamed").orElseThrow());
    assertEquals(data.length, blobs.size("streamed"));
  }

  @Test
  void anUnfinishedBlobWriteIsInvisibleAndCollectedLater() throws IOException {
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("b")));
    blobs.write("x", new byte[] {9});
    OutputStream abandoned = blobs.openWrite("x");
    abandoned.write(new byte[3_000_000]);
    assertArrayEquals(new byte[] {9}, blobs.read("x").orElseThrow(), "readers still see the committed version");
    assertEquals(0, blobs.collectGarbage(Duration.ofHours(1)), "recent generations may still be in progress");
    assertTrue(blobs.collectGarbage(Duration.ZERO.minusSeconds(1)) >= 1);
    assertArrayEquals(new byte[] {9}, blobs.read("x").orElseThrow());
    assertEquals(1, keys(new Subspace(Tuple.from("b", "c"))).size());
  }

  @Test
  void aStreamOpenWhileItsBlobIsDeletedPublishesItsWholeVersion() throws IOException {
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("b")));
    blobs.write("x", new byte[] {9});
    byte[] data = new byte[2_500_000];
    new Random(2).nextBytes(data);
    OutputStream out = blobs.openWrite("x");
    out.write(data, 0, 1_500_000);
    blobs.delete("x");
    assertEquals(Optional.empty(), blobs.read("x"));
    out.write(data, 1_500_000, 1_000_000);
    out.close();
    assertArrayEquals(data, blobs.read("x").orElseThrow(), "the stream's earlier chunks survived the delete");
  }

  @Test
  void aStreamWhoseChunksWereCollectedFailsOnCloseAndPublishesNothing() throws IOException {
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("b")));
    blobs.write("x", new byte[] {9});
    OutputStream out = blobs.openWrite("x");
    out.write(new byte[1_500_000]);
    blobs.collectGarbage(Duration.ofSeconds(-1));
    IllegalStateException e = assertThrows(IllegalStateException.class, out::close);
    assertTrue(e.getMessage().contains("collectGarbage"), e.getMessage());
    assertArrayEquals(new byte[] {9}, blobs.read("x").orElseThrow(), "no partial blob is published");
  }

  @Test
  void workspaceCommitSwapsAtomicallyAndRollbackRestores() {
    Workspace ws = Workspace.open(db, List.of("app", "catalog"));
    DirectorySubspace v1 = ws.staging();
    db.run(tr -> {
      tr.set(v1.pack(Tuple.from("item")), Tuple.from("one").pack());
      return null;
    });
    ws.commit();
    assertEquals("one", Tuple.fromBytes(db.read(tr -> tr.get(ws.current().pack(Tuple.from("item"))).join())).getString(0));
    DirectorySubspace v2 = ws.staging();
    assertEquals(0, keys(v2).size(), "staging starts empty");
    db.run(tr -> {
      tr.set(v2.pack(Tuple.from("item")), Tuple.from("two").pack());
      return null;
    });
    ws.commit();
    assertEquals("two", Tuple.fromBytes(db.read(tr -> tr.get(ws.current().pack(Tuple.from("item"))).join())).getString(0));
    ws.rollback();
    assertEquals("one", Tuple.fromBytes(db.read(tr -> tr.get(ws.current().pack(Tuple.from("item"))).join())).getString(0));
    assertThrows(IllegalStateException.class, ws::rollback);
  }

  @Test
  void layersRejectNullItems() {
    FdbQueue<String> q = new FdbQueue<>(db, new Subspace(Tuple.from("q")), Codec.string());
    assertThrows(NullPointerException.class, () -> q.enqueue(null));
  }
}
