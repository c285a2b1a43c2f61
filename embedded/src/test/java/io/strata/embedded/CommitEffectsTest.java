package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A commit applies each written key once, by its final state (WriteBuffer.Effects), unless a versionstamped
 * write may collide with another write; either way the store ends as the mutation log replayed in order,
 * which is what this test replays into a plain sorted map.
 */
class CommitEffectsTest {
  private static final byte[] STAMP_PLACEHOLDER = new byte[10];

  private final SplittableRandom random = new SplittableRandom(20261126);

  private byte[] key() {
    return new byte[] {(byte) ('a' + random.nextInt(8))};
  }

  private static byte[] withOffset(byte[] prefix, int offset) {
    ByteBuffer b = ByteBuffer.allocate(prefix.length + 10 + 4).order(ByteOrder.LITTLE_ENDIAN);
    b.put(prefix).put(STAMP_PLACEHOLDER).putInt(offset);
    return b.array();
  }

  /** One random write: applied to the transaction now, and recorded to be replayed on the model once the stamp is known. */
  private void write(Transaction tr, List<Consumer<Replay>> log) {
    byte[] k = key();
    byte[] v = new byte[] {(byte) random.nextInt(3)};
    switch (random.nextInt(9)) {
      case 0, 1 -> {
        tr.set(k, v);
        log.add(r -> r.model.put(k, v));
      }
      case 2 -> {
        tr.clear(k);
        log.add(r -> r.model.remove(k));
      }
      case 3 -> {
        byte[] end = new byte[] {(byte) (k[0] + 1 + random.nextInt(3))};
        tr.clear(k, end);
        log.add(r -> r.model.subMap(k, end).clear());
      }
      case 4, 5 -> {
        MutationType type = random.nextBoolean() ? MutationType.ADD : MutationType.COMPARE_AND_CLEAR;
        tr.mutate(type, k, v);
        log.add(r -> {
          byte[] result = AtomicOps.apply(type, r.model.get(k), v);
          if (result == null) {
            r.model.remove(k);
          } else {
            r.model.put(k, result);
          }
        });
      }
      case 6 -> {
        byte[] param = withOffset(new byte[] {9}, 1);
        tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, k, param);
        log.add(r -> r.model.put(k, Versionstamps.fill(param, r.stamp)));
      }
      default -> {
        byte[] param = withOffset(new byte[] {(byte) ('a' + random.nextInt(8))}, 1); // lands among the other keys
        tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, param, v);
        log.add(r -> r.model.put(Versionstamps.fill(param, r.stamp), v));
      }
    }
  }

  private static final class Replay {
    final TreeMap<byte[], byte[]> model;
    byte[] stamp;

    Replay(TreeMap<byte[], byte[]> model) {
      this.model = model;
    }
  }

  @Test
  void theStoreEndsAsTheLogReplayedInOrder() {
    TreeMap<byte[], byte[]> model = new TreeMap<>(Keys.ORDER);
    try (Database db = EmbeddedFdb.open()) {
      for (int commit = 0; commit < 2_000; commit++) {
        List<Consumer<Replay>> log = new ArrayList<>();
        Transaction tr = db.createTransaction();
        for (int w = random.nextInt(10); w >= 0; w--) {
          write(tr, log);
        }
        var stamp = tr.getVersionstamp();
        tr.commit().join();
        Replay replay = new Replay(model);
        replay.stamp = stamp.join();
        log.forEach(step -> step.accept(replay));
        tr.close();
        List<KeyValue> stored = db.read(t -> t.getRange(new byte[0], new byte[] {(byte) 0xff}).asList().join());
        List<String> expected = new ArrayList<>();
        model.forEach((k, v) -> expected.add(ReadYourWritesContract.s(k) + "=" + java.util.Arrays.toString(v)));
        List<String> actual = stored.stream()
            .map(kv -> ReadYourWritesContract.s(kv.getKey()) + "=" + java.util.Arrays.toString(kv.getValue())).toList();
        assertEquals(expected, actual, "after commit " + commit);
      }
    }
  }
}
