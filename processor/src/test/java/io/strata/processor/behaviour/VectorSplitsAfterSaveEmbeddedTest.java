package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.processor.fixtures.vectors.Clip;
import io.strata.processor.fixtures.vectors.ClipRepository;
import io.strata.processor.fixtures.vectors.ClipsImpl;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generated repositories' saves of an entity with an {@code @Embedding}: without a caller's transaction they split
 * the partitions they took over their maximum (128 vectors of 8 dimensions) before they return, in every form (the
 * repository's blocking and asynchronous {@code saveAll}, the {@code CrudRepository} implementation's); in a caller's
 * transaction the split stays with the next insert into the partition. Counted on the embedded engine.
 */
class VectorSplitsAfterSaveEmbeddedTest {
  private static final int MAX = 128;
  private static final List<String> LANGS = List.of("en", "fr");
  private Database db;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
  }

  @AfterEach
  void close() {
    db.close();
  }

  private static List<Clip> clips(Random rnd, long first, int n) {
    List<Clip> out = new ArrayList<>(n);
    for (long id = first; id < first + n; id++) {
      float[] v = new float[8];
      for (int j = 0; j < v.length; j++) {
        v[j] = (float) (rnd.nextGaussian() + (id % 5) * 3);
      }
      out.add(new Clip(id, LANGS.get((int) (id % LANGS.size())), (int) (id % 5), "clip " + id, v, null));
    }
    return out;
  }

  @Test
  void aRepositorySaveAllWithoutACallersTransactionReturnsWithNoPartitionOverItsMaximum() {
    ClipRepository repository = new ClipRepository(db);
    Random rnd = new Random(91);
    for (int batch = 0; batch < 3; batch++) {
      repository.saveAll(clips(rnd, 1 + batch * 400L, 400));
      assertEquals(Map.of(), overMaximum(), "after batch " + batch + ": " + sizes());
    }
    repository.async().saveAll(clips(rnd, 1_201, 400)).join();
    assertEquals(Map.of(), overMaximum(), "the asynchronous saveAll completes once its splits are done: " + sizes());
    repository.save(clips(rnd, 1_601, 1).get(0));
    assertEquals(Map.of(), overMaximum());
    assertEquals(1_601L, total());
    assertEquals(List.of(), repository.verifyIndexes().problems());
  }

  @Test
  void theCrudRepositoryImplementationsSaveAllSplitsBeforeItReturnsToo() {
    ClipsImpl clips = new ClipsImpl(db);
    clips.saveAll(clips(new Random(92), 1, 600));
    assertEquals(Map.of(), overMaximum(), "" + sizes());
    assertEquals(600L, total());
    assertEquals(List.of(), new ClipRepository(db).verifyIndexes().problems());
  }

  @Test
  void aSaveAllInACallersTransactionLeavesItsSplitsToTheNextInsert() {
    ClipRepository repository = new ClipRepository(db);
    Random rnd = new Random(93);
    List<Clip> load = clips(rnd, 1, 600);
    db.run(tr -> {
      repository.saveAll(tr, load);
      return null;
    });
    Map<Tuple, Long> over = overMaximum();
    assertFalse(over.isEmpty(), "each language's one partition holds its 300 vectors until the next insert into it: " + sizes());
    assertEquals(List.of(), repository.verifyIndexes().problems());
    repository.saveAll(clips(rnd, 601, 2)); // one more into each language's partition, without a caller's transaction
    assertEquals(Map.of(), overMaximum(), "" + sizes());
    assertEquals(List.of(), repository.verifyIndexes().problems());
  }

  private Subspace index() {
    return new Subspace(Tuple.from("Clip", "N", "vector"));
  }

  /** Each partition's stored size, by language then partition. */
  private Map<Tuple, Long> sizes() {
    Subspace index = index();
    Map<Tuple, Long> out = new TreeMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(index.range()).asList().join())) {
      Tuple key = index.unpack(kv.getKey());
      if (key.size() == 3 && "n".equals(key.getString(1))) {
        long n = ByteBuffer.wrap(kv.getValue()).order(ByteOrder.LITTLE_ENDIAN).getLong();
        if (n != 0) {
          out.put(Tuple.from(key.getString(0), key.getLong(2)), n);
        }
      }
    }
    return out;
  }

  private long total() {
    return sizes().values().stream().mapToLong(Long::longValue).sum();
  }

  private Map<Tuple, Long> overMaximum() {
    Map<Tuple, Long> out = new TreeMap<>();
    sizes().forEach((p, n) -> {
      if (n > MAX) {
        out.put(p, n);
      }
    });
    return out;
  }
}
