package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.layers.BlobStore;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Writing and reading one 4 MiB blob (time per blob; MB/s = 4.194 / seconds per op):
 * {@link BlobStore} (10,000-byte chunks in a fresh generation, written in transactions of at most 1 MB,
 * then a pointer flip that clears the old generation; a read resolves the pointer and reads the chunks
 * in one transaction) against raw fdb-java code writing the same 10,000-byte chunks
 * {@code (S, offset) = bytes} in one transaction and reading them back with one range read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BlobBenchmark {
  static final int SIZE = 4 * 1024 * 1024;
  static final int CHUNK = 10_000;

  private final byte[] blob = new byte[SIZE];
  private final Subspace raw = new Subspace(Tuple.from("raw"));
  private Database db;
  private BlobStore store;

  @Setup(Level.Trial)
  public void open() {
    new SplittableRandom(4).nextBytes(blob);
    db = EmbeddedFdb.open();
    store = new BlobStore(db, new Subspace(Tuple.from("blobs")));
    store.write("b", blob);
    writeRaw();
  }

  @TearDown(Level.Trial)
  public void close() {
    if (!Arrays.equals(store.read("b").orElseThrow(), blob) || !Arrays.equals(readRaw(), blob)) {
      throw new IllegalStateException("a blob read back differs from what was written");
    }
    db.close();
  }

  @Benchmark
  public void blobStoreWrite() {
    store.write("b", blob);
  }

  @Benchmark
  public byte[] blobStoreRead() {
    return store.read("b").orElseThrow();
  }

  @Benchmark
  public void rawChunkedWrite() {
    writeRaw();
  }

  @Benchmark
  public byte[] rawChunkedRead() {
    return readRaw();
  }

  private void writeRaw() {
    db.run(tr -> {
      tr.clear(raw.range());
      for (int off = 0; off < SIZE; off += CHUNK) {
        tr.set(raw.pack(Tuple.from(off)), Arrays.copyOfRange(blob, off, Math.min(SIZE, off + CHUNK)));
      }
      return null;
    });
  }

  private byte[] readRaw() {
    List<KeyValue> chunks = db.read(tr -> tr.getRange(raw.range()).asList().join());
    ByteArrayOutputStream out = new ByteArrayOutputStream(SIZE);
    for (KeyValue kv : chunks) {
      out.writeBytes(kv.getValue());
    }
    return out.toByteArray();
  }
}
