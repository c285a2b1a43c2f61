package io.strata.spatial;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Reads the index entries of z-ranges that fall inside the query boxes.
 *
 * <p>Whole-box queries ({@link #scanWhole}) take at most two sequential waves of reads: every cover range's
 * first read (up to {@value #WHOLE_RANGE_BATCH} keys) goes out at once; a range with more keys than that
 * reads its remainder in a second wave, all concurrently and without limits, through the ranges of a
 * finer cover of the boxes clipped to that remainder, so the second wave skips the stretches of the range
 * outside the boxes without further round trips. Keys read outside the boxes are the first read's share
 * of the range's slack plus the finer cover's.
 *
 * <p>Paged queries ({@link #scan}) skip-scan one range at a time: when a key's code is outside, the scan
 * restarts at BIGMIN (the next code inside a box); after a jump, batches start small and double while
 * keys stay inside, so the scan reads few keys outside the boxes and stops as soon as a page is full.
 * Entries are handed on in key order.
 */
final class SkipScan {
  /** The first read of a range for whole-box queries: one round trip for all but the densest ranges. */
  static final int WHOLE_RANGE_BATCH = 1_000;
  /** How many times more ranges the finer cover of a whole-box query's second wave has than the first. */
  static final int REMAINDER_REFINEMENT = 8;
  private static final int JUMP_BATCH = 4;
  private static final int MAX_BATCH = 1_000;

  private final ReadTransaction tr;
  private final Subspace index;
  private final List<GridBox> boxes;
  private final QueryStats stats;
  private final int firstBatch;

  /** @param firstBatch keys the first read of each range takes in {@link #scan} (then {@value #JUMP_BATCH} after each jump, doubling) */
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

  /**
   * The entries of {@code range} inside the boxes, in key order, in at most two waves of reads: one read
   * of up to {@value #WHOLE_RANGE_BATCH} keys, then, if the range holds more, the pieces of {@code finer}
   * (a cover of the same boxes with more ranges) that overlap the rest of the range, read concurrently
   * and whole.
   */
  CompletableFuture<List<KeyValue>> scanWhole(ZRange range, Supplier<List<ZRange>> finer) {
    byte[] end = index.pack(Tuple.from(range.to() + 1));
    return tr.getRange(index.pack(Tuple.from(range.from())), end, WHOLE_RANGE_BATCH).asList().thenCompose(first -> {
      stats.read(first.size());
      List<KeyValue> inside = new ArrayList<>(keepInside(first));
      if (first.size() < WHOLE_RANGE_BATCH) {
        return CompletableFuture.completedFuture(inside);
      }
      KeyValue last = first.get(first.size() - 1);
      long lastZ = index.unpack(last.getKey()).getLong(0);
      byte[] after = ByteArrayUtil.join(last.getKey(), new byte[] {0});
      List<CompletableFuture<List<KeyValue>>> pieces = new ArrayList<>();
      for (ZRange piece : finer.get()) {
        if (piece.to() < lastZ || piece.from() > range.to()) {
          continue;
        }
        byte[] from = piece.from() <= lastZ ? after : index.pack(Tuple.from(piece.from()));
        byte[] to = index.pack(Tuple.from(Math.min(piece.to(), range.to()) + 1));
        pieces.add(tr.getRange(from, to).asList().thenApply(kvs -> {
          stats.read(kvs.size());
          return keepInside(kvs);
        }));
      }
      return CompletableFuture.allOf(pieces.toArray(CompletableFuture[]::new)).thenApply(v -> {
        pieces.forEach(p -> inside.addAll(p.join()));
        return inside;
      });
    });
  }

  private List<KeyValue> keepInside(List<KeyValue> kvs) {
    List<KeyValue> inside = new ArrayList<>(kvs.size());
    for (KeyValue kv : kvs) {
      if (insideAny(index.unpack(kv.getKey()).getLong(0))) {
        inside.add(kv);
      }
    }
    return inside;
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
      if (kvs.size() < batch) {
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
      int nextBatch = skipUntil >= 0 ? JUMP_BATCH : Math.min(MAX_BATCH, batch * 2); // a jump restarts small
      return step(next, end, nextBatch, sink);
    });
  }
}
