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
import io.strata.processor.fixtures.vectors.Note;
import io.strata.processor.fixtures.vectors.NoteSearchImpl;
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
 * repository's blocking and asynchronous {@code saveAll}, the {@code CrudRepository} implementation's, a Jakarta Data
 * repository's); in a caller's
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

  @Test
  void aJakartaDataRepositorysSaveAllSplitsBeforeItReturnsToo() {
    NoteSearchImpl notes = new NoteSearchImpl(db);
    Random rnd = new Random(94);
    List<Note> load = new ArrayList<>();
    for (long id = 1; id <= 600; id++) {
      float[] v = new float[4];
      for (int j = 0; j < v.length; j++) {
        v[j] = (float) (rnd.nextGaussian() + (id % 3) * 3);
      }
      load.add(new Note(id, id % 2 == 0 ? "a" : "b", "note " + id, 2000, v, new float[] {(float) rnd.nextGaussian(), (float) rnd.nextGaussian()}));
    }
    notes.saveAll(load);
    Map<Tuple, Long> vector = sizes("Note", "vector", 1);
    Map<Tuple, Long> title = sizes("Note", "titleVector", 0);
    assertEquals(600L, vector.values().stream().mapToLong(Long::longValue).sum());
    assertEquals(600L, title.values().stream().mapToLong(Long::longValue).sum());
    assertEquals(Map.of(), overMaximum(vector), "the grouped index: " + vector);
    assertEquals(Map.of(), overMaximum(title), "the ungrouped index: " + title);
  }

  /** Each partition's stored size of {@code entity}'s index {@code name} with {@code groups} group values, by group then partition. */
  private Map<Tuple, Long> sizes(String entity, String name, int groups) {
    Subspace index = new Subspace(Tuple.from(entity, "N", name));
    Map<Tuple, Long> out = new TreeMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(index.range()).asList().join())) {
      Tuple key = index.unpack(kv.getKey());
      if (key.size() == groups + 2 && "n".equals(key.get(groups))) {
        long n = ByteBuffer.wrap(kv.getValue()).order(ByteOrder.LITTLE_ENDIAN).getLong();
        if (n != 0) {
          out.put(Tuple.fromList(key.getItems().subList(0, groups)).add(key.getLong(groups + 1)), n);
        }
      }
    }
    return out;
  }

  /** Each partition's stored size of {@code Clip}'s index, by language then partition. */
  private Map<Tuple, Long> sizes() {
    return sizes("Clip", "vector", 1);
  }

  private long total() {
    return sizes().values().stream().mapToLong(Long::longValue).sum();
  }

  private Map<Tuple, Long> overMaximum() {
    return overMaximum(sizes());
  }

  private static Map<Tuple, Long> overMaximum(Map<Tuple, Long> sizes) {
    Map<Tuple, Long> out = new TreeMap<>();
    sizes.forEach((p, n) -> {
      if (n > MAX) {
        out.put(p, n);
      }
    });
    return out;
  }
}
