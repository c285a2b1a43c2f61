package io.strata.layers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.directory.DirectorySubspace;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.Faults;
import io.strata.testkit.Concurrently;
import io.strata.testkit.FaultCampaign;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Vectors, tables, multimaps, blob stores and workspaces under a seeded fault plan (spurious conflicts,
 * unknown commit results applied and not applied, too-old and slow reads), from several threads at once;
 * afterwards each equals an in-memory model of what was acknowledged. (Queues, priority queues and counters:
 * {@link ExactlyOnceUnderFaultsTest}.) Threads own disjoint rows, entries or positions wherever the model
 * must be exact; where they share data on purpose, the test checks the layer's invariant instead.
 *
 * <p>Embedded only. Replay a failure with {@code -Dstrata.campaign.seed=<seed>}; run longer with
 * {@code -Dstrata.campaign.ops=<n>}.
 */
class LayerFaultCampaignTest {
  private static final int THREADS = 4;

  private FaultCampaign campaign;
  private Database db;

  @BeforeEach
  void open() {
    campaign = FaultCampaign.start();
    db = campaign.db();
  }

  @AfterEach
  void close() {
    campaign.close();
  }

  // ------------------------------------------------------------------ FdbVector

  @Test
  void vectorPushesLandOnceEachAndSetsStick() throws Exception {
    FdbVector<String> vector = new FdbVector<>(db, new Subspace(Tuple.from("vec")), Codec.string());
    int opsPerThread = FaultCampaign.ops(1_200) / THREADS;
    List<Map<Long, String>> models = new ArrayList<>();
    Concurrently.run(THREADS, t -> {
      SplittableRandom r = campaign.random(t);
      Map<Long, String> mine = new TreeMap<>();
      synchronized (models) {
        models.add(mine);
      }
      long last = -1;
      for (int op = 0; op < opsPerThread; op++) {
        String where = "thread " + t + " op " + op;
        int dice = r.nextInt(10);
        if (dice < 5 || mine.isEmpty()) {
          String value = t + ":" + op;
          long index = vector.push(value);
          assertTrue(index > last, campaign.at(where + ": push returned " + index + " after " + last));
          assertEquals(null, mine.put(index, value), campaign.at(where + ": push reused index " + index));
          last = index;
        } else {
          List<Long> own = new ArrayList<>(mine.keySet());
          long index = own.get(r.nextInt(own.size()));
          if (dice < 8) {
            String value = t + ":" + op + ":set";
            vector.set(index, value);
            mine.put(index, value);
          } else {
            assertEquals(Optional.of(mine.get(index)), vector.get(index), campaign.at(where + " get " + index));
          }
        }
      }
    });
    Map<Long, String> model = new TreeMap<>();
    models.forEach(model::putAll);
    assertEquals(model.size(), vector.size(), campaign.at("size: a push landed twice or not at all"));
    assertEquals(new ArrayList<>(model.values()), vector.scan(0, model.size()), campaign.at("contents"));
    long half = model.size() / 2;
    vector.truncate(half);
    assertEquals(half, vector.size(), campaign.at("size after truncate"));
    assertEquals(new ArrayList<>(model.values()).subList(0, (int) half), vector.scan(0, model.size()), campaign.at("truncated"));
    campaign.assertInjected(Faults.Kind.UNKNOWN_RESULT_APPLIED, Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED, Faults.Kind.NOT_COMMITTED);
  }

  // ------------------------------------------------------------------ FdbTable

  @Test
  void tableRowsAndColumnsStayTwinnedAndEqualTheModel() throws Exception {
    Subspace space = new Subspace(Tuple.from("tab"));
    FdbTable<String> table = new FdbTable<>(db, space, Codec.string());
    List<String> columns = List.of("c0", "c1", "c2", "c3", "c4", "c5");
    int opsPerThread = FaultCampaign.ops(2_000) / THREADS;
    Map<String, Map<Object, String>> model = new ConcurrentHashMap<>();
    Concurrently.run(THREADS, t -> {
      SplittableRandom r = campaign.random(t);
      for (int op = 0; op < opsPerThread; op++) {
        String where = "thread " + t + " op " + op;
        String row = "r" + t + "-" + r.nextInt(12);
        String col = columns.get(r.nextInt(columns.size()));
        Map<Object, String> cells = model.computeIfAbsent(row, k -> new TreeMap<>());
        switch (r.nextInt(8)) {
          case 0, 1, 2 -> {
            String value = where;
            table.setCell(row, col, value);
            cells.put(col, value);
          }
          case 3 -> {
            Map<Object, String> fresh = new TreeMap<>();
            for (String c : columns) {
              if (r.nextBoolean()) {
                fresh.put(c, where + c);
              }
            }
            table.setRow(row, fresh);
            cells.clear();
            cells.putAll(fresh);
          }
          case 4 -> {
            table.deleteRow(row);
            cells.clear();
          }
          case 5 -> assertEquals(Optional.ofNullable(cells.get(col)), table.getCell(row, col), campaign.at(where + " getCell"));
          case 6 -> assertEquals(cells, new TreeMap<>(table.getRow(row)), campaign.at(where + " getRow " + row));
          default -> {
            Map<Object, String> own = new TreeMap<>();
            table.getColumn(col).forEach((k, v) -> {
              if (((String) k).startsWith("r" + t + "-")) {
                own.put(k, v);
              }
            });
            Map<Object, String> expected = new TreeMap<>();
            model.forEach((k, v) -> {
              if (k.startsWith("r" + t + "-") && v.containsKey(col)) {
                expected.put(k, v.get(col));
              }
            });
            assertEquals(expected, own, campaign.at(where + " getColumn " + col));
          }
        }
      }
    });
    for (var row : model.entrySet()) {
      assertEquals(row.getValue(), new TreeMap<>(table.getRow(row.getKey())), campaign.at("row " + row.getKey()));
    }
    for (String col : columns) {
      Map<Object, String> expected = new TreeMap<>();
      model.forEach((row, cells) -> {
        if (cells.containsKey(col)) {
          expected.put(row, cells.get(col));
        }
      });
      assertEquals(expected, new TreeMap<>(table.getColumn(col)), campaign.at("column " + col));
    }
    Map<Tuple, String> rowMajor = new HashMap<>();
    Map<Tuple, String> columnMajor = new HashMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(space.range()).asList().join())) {
      Tuple key = space.unpack(kv.getKey());
      String value = new String(kv.getValue(), java.nio.charset.StandardCharsets.UTF_8);
      if (key.getString(0).equals("R")) {
        rowMajor.put(Tuple.from(key.get(1), key.get(2)), value);
      } else {
        columnMajor.put(Tuple.from(key.get(2), key.get(1)), value);
      }
    }
    assertEquals(rowMajor, columnMajor, campaign.at("every cell has exactly its column-major twin"));
    campaign.assertInjected(Faults.Kind.UNKNOWN_RESULT_APPLIED, Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED, Faults.Kind.NOT_COMMITTED);
  }

  // ------------------------------------------------------------------ FdbMultimap

  @Test
  void multimapCountsAreExact() throws Exception {
    Subspace space = new Subspace(Tuple.from("mm"));
    FdbMultimap multimap = new FdbMultimap(db, space);
    List<String> keys = List.of("k0", "k1", "k2");
    int opsPerThread = FaultCampaign.ops(2_000) / THREADS;
    Map<Tuple, Long> model = new ConcurrentHashMap<>();
    AtomicLong sharedPuts = new AtomicLong();
    Concurrently.run(THREADS, t -> {
      SplittableRandom r = campaign.random(t);
      for (int op = 0; op < opsPerThread; op++) {
        String where = "thread " + t + " op " + op;
        String key = keys.get(r.nextInt(keys.size()));
        int dice = r.nextInt(10);
        if (dice == 0) {
          // an entry every thread puts to: only puts, so its count is the number of acknowledged puts
          multimap.put(key, "shared");
          sharedPuts.incrementAndGet();
          continue;
        }
        String value = "t" + t + "v" + r.nextInt(4);
        Tuple entry = Tuple.from(key, value);
        long count = model.getOrDefault(entry, 0L);
        if (dice < 5) {
          multimap.put(key, value);
          model.put(entry, count + 1);
        } else if (dice < 8) {
          multimap.remove(key, value); // also of entries whose count is zero: nothing to remove
          model.put(entry, Math.max(0, count - 1));
        } else {
          assertEquals(count, multimap.count(db, key, value), campaign.at(where + " count " + entry));
          assertEquals(count > 0, multimap.containsEntry(key, value), campaign.at(where + " containsEntry " + entry));
        }
      }
    });
    long shared = 0;
    for (String key : keys) {
      shared += multimap.count(db, key, "shared");
      List<Object> expected = new ArrayList<>();
      model.entrySet().stream().filter(e -> e.getKey().getString(0).equals(key) && e.getValue() > 0)
          .map(e -> e.getKey().get(1)).sorted().forEach(expected::add);
      if (multimap.count(db, key, "shared") > 0) {
        expected.add("shared");
        Collections.sort(expected, (a, b) -> ((String) a).compareTo((String) b));
      }
      assertEquals(expected, multimap.get(key), campaign.at("values of " + key));
    }
    assertEquals(sharedPuts.get(), shared, campaign.at("puts to the shared entries"));
    for (var e : model.entrySet()) {
      assertEquals((long) e.getValue(), multimap.count(db, e.getKey().get(0), e.getKey().get(1)), campaign.at("count " + e.getKey()));
    }
    for (KeyValue kv : db.read(tr -> tr.getRange(space.range()).asList().join())) {
      Tuple key = space.unpack(kv.getKey());
      if (key.get(0) != null) { // (S, null, "op", ...) are operation records
        assertTrue(LayerSupport.fromLe(kv.getValue()) > 0, campaign.at("entry " + key + " stored with count " + LayerSupport.fromLe(kv.getValue())));
      }
    }
    campaign.assertInjected(Faults.Kind.UNKNOWN_RESULT_APPLIED, Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED, Faults.Kind.NOT_COMMITTED);
  }

  // ------------------------------------------------------------------ BlobStore

  /** A blob that describes itself: its length and a seed, then bytes drawn from that seed. */
  private static byte[] blob(long seed, int length) {
    byte[] bytes = new byte[length];
    new SplittableRandom(seed).nextBytes(bytes);
    ByteBuffer.wrap(bytes).putInt(length).putLong(seed);
    return bytes;
  }

  /** Fails unless {@code bytes} is one complete blob as {@link #blob} made it; returns its seed. */
  private long assertWhole(String where, byte[] bytes) {
    assertTrue(bytes.length >= 12, campaign.at(where + ": a blob of " + bytes.length + " bytes is partial"));
    ByteBuffer header = ByteBuffer.wrap(bytes);
    int length = header.getInt();
    long seed = header.getLong();
    assertEquals(length, bytes.length, campaign.at(where + ": partial blob (seed " + seed + ")"));
    assertArrayEquals(blob(seed, length), bytes, campaign.at(where + ": mixed or corrupt blob (seed " + seed + ")"));
    return seed;
  }

  @Test
  void blobReadersNeverSeeAPartialBlobWhileStreamsAreInterrupted() throws Exception {
    int chunk = 10_000;
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("blobs")), chunk);
    List<String> shared = List.of("a", "b", "c");
    int writesPerWriter = Math.max(4, FaultCampaign.ops(120) / 3);
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicInteger writersLeft = new AtomicInteger(3);
    Map<String, Set<Long>> acknowledged = new ConcurrentHashMap<>();
    Map<String, Long> finals = new ConcurrentHashMap<>();
    AtomicLong wholeReads = new AtomicLong();
    List<Runnable> tasks = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      int writer = w;
      tasks.add(() -> {
        SplittableRandom r = campaign.random(writer);
        try {
          for (int i = 0; i < writesPerWriter; i++) {
            String id = shared.get(r.nextInt(shared.size()));
            long seed = r.nextLong();
            int kind = r.nextInt(10);
            if (kind < 3) {
              byte[] data = blob(seed, 12 + r.nextInt(60_000));
              blobs.write(id, data);
              acknowledged.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet()).add(seed);
            } else if (kind < 9) {
              byte[] data = blob(seed, 12 + r.nextInt(2_600_000));
              boolean abandon = kind == 8;
              OutputStream out = blobs.openWrite(id);
              int cut = abandon ? r.nextInt(data.length) : data.length;
              for (int off = 0; off < cut; off += 65_536) {
                out.write(data, off, Math.min(65_536, cut - off));
              }
              if (!abandon) {
                out.close();
                acknowledged.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet()).add(seed);
              }
            } else {
              blobs.delete(id);
            }
          }
          // a blob only this writer touches, so its final content is exact
          long seed = r.nextLong();
          try (OutputStream out = blobs.openWrite("own" + writer)) {
            out.write(blob(seed, 1_500_000 + writer));
          }
          finals.put("own" + writer, seed);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        } finally {
          if (writersLeft.decrementAndGet() == 0) {
            writing.set(false);
          }
        }
      });
    }
    for (int reader = 0; reader < 2; reader++) {
      int me = reader;
      tasks.add(() -> {
        SplittableRandom r = campaign.random(10 + me);
        while (writing.get()) {
          String id = shared.get(r.nextInt(shared.size()));
          if (r.nextBoolean()) {
            Optional<byte[]> whole = blobs.read(id);
            whole.ifPresent(bytes -> assertWhole("read " + id, bytes));
            wholeReads.addAndGet(whole.isPresent() ? 1 : 0);
          } else {
            ByteArrayOutputStream copy = new ByteArrayOutputStream();
            try (InputStream in = blobs.openRead(id)) {
              in.transferTo(copy);
            } catch (IllegalArgumentException | IllegalStateException gone) {
              continue; // no blob yet, or a later write replaced it mid-stream: the documented outcomes
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
            assertWhole("openRead " + id, copy.toByteArray());
            wholeReads.incrementAndGet();
          }
        }
      });
    }
    Concurrently.run(tasks);
    assertTrue(wholeReads.get() > 0, campaign.at("readers never saw a blob"));
    for (String id : shared) {
      Optional<byte[]> last = blobs.read(id);
      if (last.isPresent()) {
        long seed = assertWhole("final " + id, last.get());
        assertTrue(acknowledged.getOrDefault(id, Set.of()).contains(seed), campaign.at(id + " holds a write that was never acknowledged"));
        assertEquals(last.get().length, blobs.size(id), campaign.at("size " + id));
      }
    }
    for (var own : finals.entrySet()) {
      byte[] bytes = blobs.read(own.getKey()).orElseThrow();
      assertEquals(own.getValue(), assertWhole("final " + own.getKey(), bytes), campaign.at(own.getKey()));
    }
    blobs.collectGarbage(Duration.ofSeconds(-1));
    Map<Object, Long> chunks = new TreeMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(Tuple.from("blobs", "c").range()).asList().join())) {
      chunks.merge(Tuple.fromBytes(kv.getKey()).get(2), 1L, Long::sum);
    }
    Map<Object, Long> expected = new TreeMap<>();
    for (String id : List.of("a", "b", "c", "own0", "own1", "own2")) {
      blobs.read(id).ifPresent(bytes -> expected.put(id, (bytes.length + (long) chunk - 1) / chunk));
    }
    assertEquals(expected, chunks, campaign.at("chunks left after collecting garbage: exactly the current generations"));
    campaign.assertInjected(Faults.Kind.UNKNOWN_RESULT_APPLIED, Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED, Faults.Kind.NOT_COMMITTED);
  }

  // ------------------------------------------------------------------ Workspace

  private static final List<String> PATH = List.of("app", "catalog");

  /** Writes version {@code version}: {@code 20 + version % 13} items, in batches of transactions. */
  private void fill(DirectorySubspace staging, int version) {
    int items = 20 + version % 13;
    for (int from = 0; from < items; from += 16) {
      int start = from;
      db.run(tr -> {
        for (int i = start; i < Math.min(items, start + 16); i++) {
          tr.set(staging.pack(Tuple.from(i)), Tuple.from(version).pack());
        }
        return null;
      });
    }
  }

  /** The version a directory holds, failing unless it holds exactly one complete version. */
  private static int versionOf(String where, List<KeyValue> kvs, DirectorySubspace dir, FaultCampaign campaign) {
    assertTrue(!kvs.isEmpty(), campaign.at(where + ": an empty version"));
    int version = (int) Tuple.fromBytes(kvs.get(0).getValue()).getLong(0);
    assertEquals(20 + version % 13, kvs.size(), campaign.at(where + ": version " + version + " is incomplete"));
    for (int i = 0; i < kvs.size(); i++) {
      assertEquals(Tuple.from(i), dir.unpack(kvs.get(i).getKey()), campaign.at(where + ": version " + version + " items"));
      assertEquals(version, Tuple.fromBytes(kvs.get(i).getValue()).getLong(0), campaign.at(where + ": versions mixed"));
    }
    return version;
  }

  private Optional<Integer> storedVersion(String name) {
    return db.read(tr -> {
      List<String> path = new ArrayList<>(PATH);
      path.add(name);
      if (!DirectoryLayer.getDefault().exists(tr, path).join()) {
        return Optional.empty();
      }
      DirectorySubspace dir = DirectoryLayer.getDefault().open(tr, path).join();
      return Optional.of(versionOf(name, tr.getRange(dir.range()).asList().join(), dir, campaign));
    });
  }

  @Test
  void workspaceReadersAlwaysSeeOneCompleteVersion() throws Exception {
    Workspace ws = Workspace.open(db, PATH);
    fill(ws.staging(), 0);
    ws.commit();
    int versions = Math.max(10, FaultCampaign.ops(320) / 8);
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicLong reads = new AtomicLong();
    Integer[] model = {0, null}; // current, previous
    List<Runnable> tasks = new ArrayList<>();
    tasks.add(() -> {
      SplittableRandom r = campaign.random(0);
      try {
        for (int v = 1; v <= versions; v++) {
          if (model[1] != null && r.nextInt(4) == 0) {
            ws.rollback();
            model[0] = model[1];
            model[1] = null;
          }
          DirectorySubspace staging = ws.staging();
          fill(staging, v);
          if (r.nextInt(5) == 0) {
            continue; // abandoned: the next staging() discards it
          }
          ws.commit();
          model[1] = model[0];
          model[0] = v;
        }
      } finally {
        writing.set(false);
      }
    });
    for (int reader = 0; reader < 2; reader++) {
      tasks.add(() -> {
        while (writing.get()) {
          db.read(tr -> {
            DirectorySubspace current = ws.current(tr);
            return versionOf("reader", tr.getRange(current.range()).asList().join(), current, campaign);
          });
          reads.incrementAndGet();
        }
      });
    }
    Concurrently.run(tasks);
    assertTrue(reads.get() > 0, campaign.at("no reads"));
    assertEquals(Optional.of(model[0]), storedVersion("current"), campaign.at("current"));
    assertEquals(Optional.ofNullable(model[1]), storedVersion("previous"), campaign.at("previous"));
    campaign.assertInjected(Faults.Kind.UNKNOWN_RESULT_APPLIED, Faults.Kind.UNKNOWN_RESULT_NOT_APPLIED, Faults.Kind.NOT_COMMITTED);
  }
}
