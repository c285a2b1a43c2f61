package io.strata.blob;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.tuple.TuplePacker;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The Blob Storage recipe inside one transaction: bytes split into chunks {@code chunks + (offset)},
 * offsets being byte positions, so a read of {@code [offset, offset + length)} is one range read of
 * exactly the chunks that overlap it.
 */
public final class ChunkedBlobs {
  /** FoundationDB's value limit: the largest chunk. */
  public static final int MAX_CHUNK = 100_000;

  private ChunkedBlobs() {}

  public static void checkChunkSize(int chunkSize) {
    if (chunkSize < 1 || chunkSize > MAX_CHUNK) {
      throw new IllegalArgumentException("chunk size " + chunkSize + " must be between 1 and 100,000 bytes");
    }
  }

  /** Replaces whatever was stored under {@code chunks} with {@code data} (no stale tail is left). */
  public static void write(Transaction tr, Subspace chunks, byte[] data, int chunkSize) {
    checkChunkSize(chunkSize);
    tr.clear(chunks.range());
    byte[] prefix = chunks.getKey();
    for (int offset = 0; offset < data.length; offset += chunkSize) {
      int end = Math.min(data.length, offset + chunkSize);
      tr.set(TuplePacker.after(prefix).add(offset).toBytes(), java.util.Arrays.copyOfRange(data, offset, end));
    }
  }

  public static void delete(Transaction tr, Subspace chunks) {
    tr.clear(chunks.range());
  }

  /** All the bytes: one range read of the chunks. */
  public static CompletableFuture<byte[]> readAll(ReadTransaction tr, Subspace chunks) {
    return tr.getRange(chunks.range()).asList().thenApply(kvs -> assemble(chunks, kvs, 0, 0, Long.MAX_VALUE));
  }

  /**
   * Bytes {@code [offset, offset + length)}, shorter when the blob ends first: one range read of the
   * chunks that overlap, starting with the one holding {@code offset}.
   */
  public static CompletableFuture<byte[]> read(ReadTransaction tr, Subspace chunks, int chunkSize, long offset, int length) {
    checkChunkSize(chunkSize);
    if (offset < 0 || length < 0) {
      throw new IllegalArgumentException("blob read offset (" + offset + ") and length (" + length + ") must not be negative");
    }
    if (length == 0) {
      return CompletableFuture.completedFuture(new byte[0]);
    }
    long first = offset - offset % chunkSize;
    return tr.getRange(chunks.pack(Tuple.from(first)), chunks.pack(Tuple.from(offset + length))).asList()
        .thenApply(kvs -> assemble(chunks, kvs, first, offset, offset + length));
  }

  /**
   * The bytes {@code [from, to)} of chunks {@code kvs}, which must start at offset {@code expected} and follow
   * each other without gaps: a missing chunk is reported, never silently skipped (it would shift every byte after it).
   */
  private static byte[] assemble(Subspace chunks, List<KeyValue> kvs, long expected, long from, long to) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (KeyValue kv : kvs) {
      long start = offsetOf(chunks, kv.getKey());
      if (start != expected) {
        throw new CodecException("blob chunks under " + ByteArrayUtil.printable(chunks.getKey()) + " have a gap at offset " + expected
            + " (the next chunk starts at " + start + "); a chunk was removed by something other than Strata: restore it, or"
            + " write the blob again");
      }
      byte[] chunk = kv.getValue();
      long end = start + chunk.length;
      expected = end;
      long a = Math.max(from, start);
      long b = Math.min(to, end);
      if (a < b) {
        out.write(chunk, (int) (a - start), (int) (b - a));
      }
    }
    return out.toByteArray();
  }

  private static long offsetOf(Subspace chunks, byte[] key) {
    try {
      Tuple t = chunks.unpack(key);
      if (t.size() != 1) {
        throw new IllegalArgumentException("expected one offset, found " + t);
      }
      return t.getLong(0);
    } catch (RuntimeException e) {
      throw new CodecException("blob chunk key " + ByteArrayUtil.printable(key) + " is not a chunk offset (" + e.getMessage()
          + "); it was not written by Strata: clear it (Transaction.clear), or write the blob again", e);
    }
  }
}
