package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.blob.ChunkedBlobs;
import io.strata.Blocking;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Blobs of any size (the Blob Storage recipe, made transactional across many transactions): chunks
 * {@code (S, "c", blobId, generation, offset)} and a pointer {@code (S, "m", blobId) = pack(generation, size)}.
 *
 * <p>A write fills a fresh generation (its chunks are invisible: nothing points to them) in as many
 * transactions as it needs, each bounded to {@link #BATCH_BYTES}, then flips the pointer in one commit,
 * which also clears the previous generation. Readers resolve the pointer first and only ever read one
 * complete generation. An abandoned write leaves an unreferenced generation behind;
 * {@link #collectGarbage(Duration)} removes those older than a horizon (generation ids start with their
 * creation time), so the horizon must exceed the time any write stream stays open.
 *
 * <p>Under {@code commit_unknown_result}, {@code write}, a stream's {@code close} and {@code delete} are
 * exactly-once: each records {@code (S, "op", id)} with its pointer change (see {@link OperationLog}), so a
 * retry after an applied commit does not flip the pointer again over a newer version. {@code delete} clears
 * the pointer and the current generation only, so a stream open meanwhile still completes; a stream whose
 * earlier chunks are gone (collected by {@code collectGarbage}) fails on {@code close} and publishes nothing.
 *
 * <p>Every method checks its blob id on the caller's thread before anything runs: null throws
 * {@link NullPointerException}; an id a tuple cannot hold, or one that makes a chunk key over 10,000 bytes,
 * {@link IllegalArgumentException}.
 */
public final class BlobStore {
  /** Bytes of chunks written per transaction by streaming writes and read per transaction by streams. */
  static final int BATCH_BYTES = 1_000_000;

  private final Database db;
  private final Subspace meta;
  private final Subspace chunks;
  private final int chunkSize;
  private final String name;
  private final OperationLog log;

  public BlobStore(Database db, Subspace subspace) {
    this(db, subspace, 10_000);
  }

  public BlobStore(Database db, Subspace subspace, int chunkSize) {
    ChunkedBlobs.checkChunkSize(chunkSize);
    this.db = LayerSupport.require(db, "db");
    this.meta = LayerSupport.require(subspace, "subspace").get("m");
    this.chunks = subspace.get("c");
    this.chunkSize = chunkSize;
    this.name = LayerSupport.name("BlobStore", subspace);
    this.log = new OperationLog(subspace);
  }

  /** The current generation and size of a blob, if it exists. */
  private record Pointer(long generation, long size) {}

  private Optional<Pointer> pointer(ReadTransaction tr, Object id) {
    byte[] key = meta.pack(Tuple.from(id));
    byte[] v = tr.get(key).join();
    if (v == null) {
      return Optional.empty();
    }
    try {
      Tuple t = Tuple.fromBytes(v);
      if (t.size() != 2 || t.getLong(1) < 0) {
        throw new IllegalArgumentException("expected (generation, size >= 0), found " + t);
      }
      return Optional.of(new Pointer(t.getLong(0), t.getLong(1)));
    } catch (RuntimeException e) {
      throw new io.strata.CodecException(name + ": the pointer of blob " + id + " at key "
          + com.apple.foundationdb.tuple.ByteArrayUtil.printable(key) + " is not pack(generation, size) (" + e.getMessage()
          + "); it was not written by Strata: write the blob again, or delete it", e);
    }
  }

  /**
   * {@code id}, checked on the caller's thread before anything runs: not null, a tuple element, and short
   * enough that its longest key (a chunk's) stays within FoundationDB's 10,000-byte key limit.
   */
  private Object checkId(Object id) {
    LayerSupport.element(name, "blob id", id);
    LayerSupport.checkKey(name, "the chunk key of blob id " + id, generation(id, Long.MAX_VALUE).pack(Tuple.from(Long.MAX_VALUE)));
    return id;
  }

  private Subspace generation(Object id, long generation) {
    return chunks.get(id).get(generation);
  }

  private static long newGeneration() {
    return (System.currentTimeMillis() << 16) | (LayerSupport.fromLe(LayerSupport.random(2)) & 0xFFFF);
  }

  /** Points {@code id} at {@code generation} and clears the generation it replaces. */
  private void flip(Transaction tr, Object id, long generation, long size) {
    pointer(tr, id).ifPresent(old -> {
      if (old.generation() != generation) {
        tr.clear(generation(id, old.generation()).range());
      }
    });
    tr.set(meta.pack(Tuple.from(id)), Tuple.from(generation, size).pack());
  }

  // ------------------------------------------------------------------ writes

  /** Stores {@code bytes} as blob {@code id}; large blobs are streamed through {@link #openWrite}. */
  public void write(Object id, byte[] bytes) {
    checkId(id);
    LayerSupport.require(bytes, "bytes");
    if (bytes.length <= BATCH_BYTES) {
      write(db, id, bytes);
      return;
    }
    try (OutputStream out = openWrite(id)) {
      out.write(bytes);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Stores a blob of at most {@value #BATCH_BYTES} bytes inside {@code tc}. */
  public void write(TransactionContext tc, Object id, byte[] bytes) {
    checkId(id);
    if (LayerSupport.require(bytes, "bytes").length > BATCH_BYTES) {
      throw new IllegalArgumentException("a blob written inside one transaction may hold at most " + BATCH_BYTES
          + " bytes (got " + bytes.length + "); use write(id, bytes) or openWrite(id), which span transactions");
    }
    long generation = newGeneration();
    Tuple op = OperationLog.newId();
    tc.run(tr -> {
      if (log.recorded(tr, op).isEmpty()) {
        ChunkedBlobs.write(tr, generation(id, generation), bytes, chunkSize);
        flip(tr, id, generation, bytes.length);
        log.record(tr, op, new Tuple());
      }
      return null;
    });
  }

  /**
   * A stream that writes a new version of blob {@code id}, of any size, in bounded transactions; the
   * new version becomes visible, all at once, when the stream is closed.
   */
  public OutputStream openWrite(Object id) {
    checkId(id);
    return new BlobOutputStream(id, newGeneration());
  }

  private final class BlobOutputStream extends OutputStream {
    private final Object id;
    private final long generation;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private long written;
    private boolean closed;

    BlobOutputStream(Object id, long generation) {
      this.id = id;
      this.generation = generation;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (closed) {
        throw new IOException("blob stream for " + id + " is closed");
      }
      pending.write(b, off, len);
      if (pending.size() >= BATCH_BYTES) {
        flushWhole();
      }
    }

    /**
     * Writes the whole chunks pending, in transactions of at most {@link #BATCH_BYTES} bytes each (so one
     * {@code write} of an array of any size stays within FoundationDB's limits), keeping any partial chunk
     * for later.
     */
    private void flushWhole() {
      byte[] data = pending.toByteArray();
      int whole = data.length - data.length % chunkSize;
      int batch = Math.max(chunkSize, BATCH_BYTES - BATCH_BYTES % chunkSize);
      for (int from = 0; from < whole; from += batch) {
        writeChunks(data, from, Math.min(whole, from + batch));
      }
      pending.reset();
      pending.write(data, whole, data.length - whole);
    }

    /** Writes {@code data[from, to)} (whole chunks) at the stream's position, in one transaction. */
    private void writeChunks(byte[] data, int from, int to) {
      long base = written - from;
      Subspace target = generation(id, generation);
      db.run(tr -> {
        for (int off = from; off < to; off += chunkSize) {
          tr.set(target.pack(Tuple.from(base + off)), java.util.Arrays.copyOfRange(data, off, Math.min(to, off + chunkSize)));
        }
        return null;
      });
      written += to - from;
    }

    /**
     * Writes the rest and publishes the new version.
     *
     * @throws IllegalStateException if the chunks written earlier are gone (a {@code collectGarbage} with a
     *     horizon shorter than this stream's life removed them): nothing is published
     */
    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      byte[] rest = pending.toByteArray();
      long base = written;
      long size = base + rest.length;
      Subspace target = generation(id, generation);
      Tuple op = OperationLog.newId();
      Blocking.call(() -> db.run(tr -> {
        if (log.recorded(tr, op).isPresent()) {
          return null; // an earlier attempt published this version; a newer one may have replaced it since
        }
        if (base > 0 && tr.get(target.pack(Tuple.from(0L))).join() == null) {
          throw new IllegalStateException("blob stream for " + id + " lost the chunks it wrote earlier (collected by"
              + " collectGarbage with a horizon shorter than the stream was open); nothing was published, write it again");
        }
        for (int off = 0; off < rest.length; off += chunkSize) {
          tr.set(target.pack(Tuple.from(base + off)), java.util.Arrays.copyOfRange(rest, off, Math.min(rest.length, off + chunkSize)));
        }
        flip(tr, id, generation, size);
        log.record(tr, op, new Tuple());
        return null;
      }));
    }
  }

  // ------------------------------------------------------------------ reads

  /** The whole blob, read in one transaction. */
  public Optional<byte[]> read(Object id) {
    checkId(id);
    return Blocking.call(() -> db.read(tr -> pointer(tr, id).map(p -> ChunkedBlobs.readAll(tr, generation(id, p.generation())).join())));
  }

  /** Bytes {@code [offset, offset + length)} (fewer at the end): reads only the overlapping chunks. */
  public byte[] read(Object id, long offset, int length) {
    checkId(id);
    return Blocking.call(() -> db.read(tr -> pointer(tr, id)
        .map(p -> ChunkedBlobs.read(tr, generation(id, p.generation()), chunkSize, offset, length).join())
        .orElseThrow(() -> new IllegalArgumentException("no blob " + id))));
  }

  /** The blob's size from its pointer alone. */
  public long size(Object id) {
    checkId(id);
    return Blocking.call(() -> db.read(tr -> pointer(tr, id).map(Pointer::size)
        .orElseThrow(() -> new IllegalArgumentException("no blob " + id))));
  }

  /** A stream over the version current when it was opened, read in bounded transactions. */
  public InputStream openRead(Object id) {
    checkId(id);
    Pointer p = db.read(tr -> pointer(tr, id)).orElseThrow(() -> new IllegalArgumentException("no blob " + id));
    return new InputStream() {
      private long position;
      private byte[] buffer = new byte[0];
      private int index;

      @Override
      public int read() {
        if (!fill()) {
          return -1;
        }
        return buffer[index++] & 0xFF;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (len == 0) {
          return 0;
        }
        if (!fill()) {
          return -1;
        }
        int n = Math.min(len, buffer.length - index);
        System.arraycopy(buffer, index, b, off, n);
        index += n;
        return n;
      }

      private boolean fill() {
        if (index < buffer.length) {
          return true;
        }
        if (position >= p.size()) {
          return false;
        }
        int length = (int) Math.min(BATCH_BYTES, p.size() - position);
        long from = position;
        buffer = db.read(tr -> ChunkedBlobs.read(tr, generation(id, p.generation()), chunkSize, from, length).join());
        if (buffer.length == 0) {
          throw new IllegalStateException("blob " + id + " changed while it was being read (its version was collected)");
        }
        index = 0;
        position += buffer.length;
        return true;
      }
    };
  }

  /**
   * Removes the blob: its pointer and its current generation. Generations of streams still open are left
   * alone (a stream closed later publishes a new version); abandoned ones go with {@link #collectGarbage}.
   */
  public void delete(Object id) {
    checkId(id);
    Tuple op = OperationLog.newId();
    db.run(tr -> {
      if (log.recorded(tr, op).isEmpty()) {
        pointer(tr, id).ifPresent(p -> tr.clear(generation(id, p.generation()).range()));
        tr.clear(meta.pack(Tuple.from(id)));
        log.record(tr, op, new Tuple());
      }
      return null;
    });
  }

  /**
   * Removes chunk generations no pointer references and older than {@code horizon} (abandoned or
   * interrupted writes), one blob per transaction. Returns how many generations were removed.
   */
  public int collectGarbage(Duration horizon) {
    long cutoff = (System.currentTimeMillis() - horizon.toMillis()) << 16;
    int removed = 0;
    byte[] begin = chunks.range().begin;
    while (true) {
      byte[] from = begin;
      List<KeyValue> first = db.read(tr -> tr.getRange(from, chunks.range().end, 1).asList().join());
      if (first.isEmpty()) {
        return removed;
      }
      Tuple key = chunks.unpack(first.get(0).getKey());
      Object id = key.get(0);
      long generation = key.getLong(1);
      Subspace gen = generation(id, generation);
      boolean garbage = db.run(tr -> {
        Optional<Pointer> p = pointer(tr, id);
        boolean unreferenced = p.map(x -> x.generation() != generation).orElse(true) && generation < cutoff;
        if (unreferenced) {
          tr.clear(gen.range());
        }
        return unreferenced;
      });
      removed += garbage ? 1 : 0;
      begin = gen.range().end;
    }
  }
}
