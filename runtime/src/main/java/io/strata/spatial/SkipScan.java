package io.strata.spatial;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reads the index entries of one z-range that fall inside the query boxes, jumping over the stretches
 * of the range that leave the boxes: when a key's code is outside, the scan restarts at BIGMIN (the next
 * code inside a box). Entries are handed on in key order.
 *
 * <p>Batch sizes trade keys read against round trips. A range's first read takes {@code firstBatch}
 * keys: large for whole-box queries, so that almost every cover range is read in one round trip (the
 * cover's ranges hug the box, so few of those keys are outside it); a page's limit for paged ones.
 * A range whose first read found only keys inside is read to its end in one more read (no limit).
 * After a jump, batches start small and double while keys stay inside, so the skip-scan reads few keys
 * outside the boxes where a range leaves them.
 */
final class SkipScan {
  /** The first read of a range for whole-box queries: one round trip for all but the densest ranges. */
  static final int WHOLE_RANGE_BATCH = 1_000;
  private static final int JUMP_BATCH = 4;
  private static final int MAX_BATCH = 1_000;

  private final ReadTransaction tr;
  private final Subspace index;
  private final List<GridBox> boxes;
  private final QueryStats stats;
  private final int firstBatch;

  /** @param firstBatch keys the first read of each range takes (then {@value #JUMP_BATCH} after each jump, doubling) */
  SkipScan(ReadTransaction tr, Subspace index, List<GridBox> boxes, QueryStats stats, int firstBatch) {
    this.tr = tr;
    this.index = index;
    this.boxes = boxes;
    this.stats = stats;
    this.firstBatch = Math.max(JUMP_BATCH, Math.min(MAX_BATCH, firstBatch));
  }

  private boolean insideAny(long z) {
    for (GridBox b : boxes) {
      if (ZOrder.inside(z, b)) {
        return true;
      }
    }
    return false;
  }

  /** The smallest code at or after {@code z} inside some box, or -1. */
  long nextInside(long z) {
    long best = -1;
    for (GridBox b : boxes) {
      long n = ZOrder.inside(z, b) ? z : ZOrder.bigmin(z, b);
      if (n >= 0 && (best < 0 || n < best)) {
        best = n;
      }
    }
    return best;
  }

  /**
   * Scans {@code range} from key {@code start} (or the range start), giving each entry whose code is in a
   * box to {@code sink} until it returns false (enough results) — then completes with the key after the
   * last entry given, else with null when the range is exhausted.
   */
  CompletableFuture<byte[]> scan(ZRange range, byte[] start, Sink sink) {
    byte[] begin = start != null ? start : index.pack(Tuple.from(range.from()));
    return step(begin, index.pack(Tuple.from(range.to() + 1)), firstBatch, sink);
  }

  /** Receives entries; returns false to stop the scan. */
  interface Sink {
    boolean accept(long z, KeyValue kv);
  }

  private CompletableFuture<byte[]> step(byte[] begin, byte[] end, int batch, Sink sink) {
    return tr.getRange(begin, end, batch).asList().thenCompose(kvs -> {
      stats.read(kvs.size());
      long skipUntil = -1;
      long lastZ = -1;
      for (KeyValue kv : kvs) {
        long z = index.unpack(kv.getKey()).getLong(0);
        lastZ = z;
        if (z < skipUntil) {
          continue; // already known to be outside every box
        }
        if (insideAny(z)) {
          if (!sink.accept(z, kv)) {
            return CompletableFuture.completedFuture(ByteArrayUtil.join(kv.getKey(), new byte[] {0}));
          }
          continue;
        }
        skipUntil = nextInside(z);
        if (skipUntil < 0) {
          return CompletableFuture.completedFuture((byte[]) null);
        }
      }
      if (batch == 0 || kvs.size() < batch) {
        return CompletableFuture.completedFuture((byte[]) null);
      }
      byte[] next = ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
      boolean jumped = skipUntil > lastZ;
      if (jumped) {
        next = index.pack(Tuple.from(skipUntil));
        if (ByteArrayUtil.compareUnsigned(next, end) >= 0) {
          return CompletableFuture.completedFuture((byte[]) null);
        }
      }
      // a jump restarts small; a dense stretch after a whole-range first read takes the rest in one read
      int nextBatch = skipUntil >= 0 ? JUMP_BATCH : batch >= WHOLE_RANGE_BATCH ? 0 : Math.min(MAX_BATCH, batch * 2);
      return step(next, end, nextBatch, sink);
    });
  }

  static <T> Sink collecting(List<T> out, java.util.function.BiFunction<Long, KeyValue, T> map) {
    return (z, kv) -> {
      T t = map.apply(z, kv);
      if (t != null) {
        out.add(t);
      }
      return true;
    };
  }

}
