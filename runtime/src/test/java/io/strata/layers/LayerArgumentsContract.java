package io.strata.layers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.BackendContract;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bad arguments to the recipe layers: each is thrown directly (never wrapped in a
 * {@code CompletionException}), names the layer and what was wrong, and writes nothing.
 */
public abstract class LayerArgumentsContract extends BackendContract {
  private static final String BIG_KEY = "k".repeat(10_001);
  private static final byte[] BIG_VALUE = new byte[100_001];

  @Test
  void aVectorIndexPastTheLargestIsRejectedAndPushStopsThere() {
    FdbVector<String> v = new FdbVector<>(db, new Subspace(Tuple.from("v")), Codec.string());
    rejected(IndexOutOfBoundsException.class, () -> v.set(Long.MAX_VALUE, "x"), "FdbVector", "over the largest index",
        String.valueOf(Long.MAX_VALUE - 1));
    v.set(Long.MAX_VALUE - 1, "last");
    assertEquals(Long.MAX_VALUE, v.size());
    rejected(IllegalStateException.class, () -> v.push("more"), "FdbVector", "no index left", "truncate");
  }

  @Test
  void oversizedTableKeysAndValuesAreRejected() {
    FdbTable<byte[]> t = new FdbTable<>(db, new Subspace(Tuple.from("t")), Codec.bytes());
    rejected(IllegalArgumentException.class, () -> t.setCell("r", "c", BIG_VALUE), "FdbTable at", "row r column c", "100,000-byte value limit");
    rejected(IllegalArgumentException.class, () -> t.setCell(BIG_KEY, "c", new byte[1]), "FdbTable at", "10,000-byte key limit");
    rejected(IllegalArgumentException.class, () -> t.setRow("r", Map.of("c", BIG_VALUE)), "FdbTable at", "100,000-byte value limit");
  }

  @Test
  void oversizedVectorValuesAreRejected() {
    FdbVector<byte[]> v = new FdbVector<>(db, new Subspace(Tuple.from("v")), Codec.bytes());
    rejected(IllegalArgumentException.class, () -> v.set(3, BIG_VALUE), "FdbVector at", "index 3", "100,000-byte value limit");
    rejected(IllegalArgumentException.class, () -> v.push(BIG_VALUE), "FdbVector at", "100,000-byte value limit", "BlobStore");
  }

  @Test
  void oversizedMultimapEntriesAreRejected() {
    FdbMultimap m = new FdbMultimap(db, new Subspace(Tuple.from("m")));
    rejected(IllegalArgumentException.class, () -> m.put(BIG_KEY, 1L), "FdbMultimap at", "10,000-byte key limit");
    rejected(IllegalArgumentException.class, () -> m.remove("k", BIG_KEY), "FdbMultimap at", "10,000-byte key limit");
  }

  @Test
  void anOversizedBlobIdIsRejected() {
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("b")));
    rejected(IllegalArgumentException.class, () -> blobs.write(BIG_KEY, new byte[] {1}), "BlobStore at", "blob id", "10,000-byte key limit");
    rejected(IllegalArgumentException.class, () -> blobs.openWrite(BIG_KEY), "BlobStore at", "10,000-byte key limit");
    rejected(IllegalArgumentException.class, () -> blobs.read(BIG_KEY), "BlobStore at", "10,000-byte key limit");
  }

  @Test
  void nullArgumentsAreThrownDirectlyWithTheirName() {
    FdbTable<String> t = new FdbTable<>(db, new Subspace(Tuple.from("t")), Codec.string());
    rejected(NullPointerException.class, () -> t.setCell(null, "c", "v"), "row must not be null");
    rejected(NullPointerException.class, () -> t.setCell("r", null, "v"), "column must not be null");
    rejected(NullPointerException.class, () -> t.deleteRow(null), "row must not be null");
    rejected(NullPointerException.class, () -> t.setRow(null, Map.of("c", "v")), "row must not be null");
    BlobStore blobs = new BlobStore(db, new Subspace(Tuple.from("b")));
    rejected(NullPointerException.class, () -> blobs.write(null, new byte[] {1}), "blob id must not be null");
    rejected(NullPointerException.class, () -> blobs.read(null), "blob id must not be null");
    rejected(NullPointerException.class, () -> blobs.size(null), "blob id must not be null");
    rejected(NullPointerException.class, () -> new FdbMultimap(db, new Subspace(Tuple.from("m"))).put(null, 1L), "key must not be null");
  }

  @Test
  void unsupportedArgumentTypesAreThrownDirectlyWithTheirName() {
    FdbTable<String> t = new FdbTable<>(db, new Subspace(Tuple.from("t")), Codec.string());
    Object odd = new Object();
    rejected(IllegalArgumentException.class, () -> t.setCell("r", odd, "v"), "FdbTable at", "column", "java.lang.Object", "use a String");
    rejected(IllegalArgumentException.class, () -> t.deleteRow(odd), "FdbTable at", "row");
    rejected(IllegalArgumentException.class, () -> new FdbMultimap(db, new Subspace(Tuple.from("m"))).put("k", odd), "FdbMultimap at",
        "value", "java.lang.Object");
    rejected(IllegalArgumentException.class, () -> new BlobStore(db, new Subspace(Tuple.from("b"))).delete(odd), "BlobStore at", "blob id");
  }

  @Test
  void aWorkspacePathWithANullElementNamesIt() {
    rejected(NullPointerException.class, () -> Workspace.open(db, Arrays.asList("a", null)), "directoryPath element 1", "must not be null");
  }
}
