package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What queries read, counted by the embedded engine ({@link EmbeddedFdb#stats}), never timed: an {@link IndexScan} with
 * a limit or a page reads its entries and their rows in one mapped range read, forwards and backwards, and pages whose
 * continuations fall among ties hold every entry once (checked against every entry sorted in memory); a read of every
 * row ({@link FilteredRows}) reads each packed row's key about once.
 */
class QueryReadsTest {
  /** An entity of an id and a score, stored packed (one key per row), with an index on the score. */
  record Scored(String id, long score) {}

  static final class ScoredCodec extends EntityCodec<Scored> {
    ScoredCodec() {
      super("Scored", List.of("id", "score"), 0);
    }

    @Override
    public Object[] toElements(Scored e) {
      return new Object[] {e.id(), e.score()};
    }

    @Override
    public Scored fromElements(Object[] el) {
      return new Scored(Elements.toStr(el[0]), (Long) el[1]);
    }
  }

  private Database db;
  private EntityStore<Scored> store;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
    store = EntityStore.builder(new ScoredCodec(), new Subspace()).index("byScore", "score").packed().ids(Elements::toStr).build();
  }

  @AfterEach
  void close() {
    db.close();
  }

  private List<Scored> save(int n, Function<Integer, Long> score) {
    List<Scored> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new Scored(String.format("s%03d", i), score.apply(i)));
    }
    db.run(tr -> store.saveAll(tr, all).join());
    return all;
  }

  private IndexScan<Scored> scan(boolean backwards) {
    IndexScan<Scored> s = IndexScan.of(store, "byScore").from(0L, true);
    return backwards ? s.reverse() : s;
  }

  /** The index's order: the score, then the id (the key's last element); reversed when read backwards. */
  private static List<Scored> indexOrder(List<Scored> all, boolean backwards) {
    Comparator<Scored> order = Comparator.comparingLong(Scored::score).thenComparing(Scored::id);
    return all.stream().sorted(backwards ? order.reversed() : order).toList();
  }

  @Test
  void aLimitOfFiveReadsFiveEntriesAndFiveRowsInOneReadInEitherDirection() {
    List<Scored> all = save(100, i -> (long) (i % 30)); // ties on every score
    db.read(tr -> scan(false).limit(1).entities(tr).join()); // the index's state is read once per store: measure the steady state
    for (boolean backwards : List.of(false, true)) {
      EngineStats before = EmbeddedFdb.stats(db);
      List<Scored> five = db.read(tr -> scan(backwards).limit(5).entities(tr).join());
      EngineStats cost = EmbeddedFdb.stats(db).since(before);
      assertEquals(indexOrder(all, backwards).subList(0, 5), five);
      assertEquals(1, cost.readRoundTrips(), "backwards " + backwards);
      assertEquals(10, cost.keysRead(), "backwards " + backwards);
    }
  }

  @Test
  void aFilteredLimitReadsGrowingBatchesUntilItHasItsMatchesNotTheWholeRange() {
    List<Scored> all = save(1_000, i -> (long) i);
    db.read(tr -> scan(false).limit(1).entities(tr).join()); // the index's state, read once per store
    for (boolean backwards : List.of(false, true)) {
      EngineStats before = EmbeddedFdb.stats(db);
      List<Scored> five = db.read(tr -> scan(backwards).filter(s -> s.score() % 10 == 0).limit(5).entities(tr).join());
      EngineStats cost = EmbeddedFdb.stats(db).since(before);
      assertEquals(indexOrder(all, backwards).stream().filter(s -> s.score() % 10 == 0).limit(5).toList(), five);
      // a tenth match: 6, 12, 24 entries then 48 (the fifth match is the 41st or the 50th entry), each with its row;
      // the whole range was 1,000 entries and rows
      assertTrue(cost.keysRead() <= 2 * (6 + 12 + 24 + 48), "backwards " + backwards + ": " + cost.keysRead() + " keys");
      // each batch one mapped range read of its entries and their rows, not a read per row
      assertTrue(cost.readRoundTrips() <= 4, "backwards " + backwards + ": " + cost.readRoundTrips() + " reads");
    }
  }

  @Test
  void aFilteredLimitStopsOnceItHasItsMatchesWithoutLookingForOneMore() {
    List<Scored> all = save(1_000, i -> (long) i);
    db.read(tr -> scan(false).limit(1).entities(tr).join()); // the index's state, read once per store
    EngineStats before = EmbeddedFdb.stats(db);
    List<Scored> five = db.read(tr -> scan(false).filter(s -> s.score() % 10 == 0 && s.score() < 50).limit(5).entities(tr).join());
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    assertEquals(all.stream().filter(s -> s.score() % 10 == 0 && s.score() < 50).toList(), five);
    // the read core's batches (CandidateReads.first: the limit, then twice as many each time): the fifth and last match
    // is the 41st entry, in the fourth batch (5, 10, 20, 40), and no batch after it looks for a sixth
    assertEquals(2 * (5 + 10 + 20 + 40), cost.keysRead());
  }

  @Test
  void pagesAndBatchesThroughTiesInEitherDirectionHoldEveryEntryOnceInIndexOrder() {
    Random random = new Random(38);
    List<Scored> all = save(200, i -> (long) random.nextInt(12));
    for (boolean backwards : List.of(false, true)) {
      for (int size : List.of(1, 3, 7, 50, 199, 200, 201)) {
        for (boolean batches : List.of(false, true)) {
          List<Scored> read = new ArrayList<>();
          Continuation after = null;
          int reads = 0;
          do {
            Continuation from = after;
            Page<Scored> page = db.read(tr -> batches ? scan(backwards).batch(tr, size, from).join() : scan(backwards).page(tr, size, from).join());
            read.addAll(page.items());
            after = page.next().orElse(null);
            reads++;
          } while (after != null);
          String what = (batches ? "batches" : "pages") + " of " + size + (backwards ? " backwards" : "");
          assertEquals(indexOrder(all, backwards), read, what);
          // a page tells the last one by reading one entry more; a batch is full until one comes short (or empty)
          assertEquals(batches ? all.size() / size + 1 : (all.size() + size - 1) / size, reads, what);
        }
      }
    }
  }

  @Test
  void aReadOfEveryPackedRowReadsEachRowOnceAndOneKeyMorePerBatch() {
    int n = 2_345;
    save(n, i -> (long) i);
    EngineStats before = EmbeddedFdb.stats(db);
    List<Scored> odd = db.read(tr -> CandidateReads.all(tr, store, s -> s.score() % 2 == 1, Candidates.<Scored>allRows()).join());
    EngineStats cost = EmbeddedFdb.stats(db).since(before);
    assertEquals(n / 2, odd.size());
    // each batch of FilteredRows.BATCH rows reads one key past its last row (the next batch's first): read again
    long batches = (n + FilteredRows.BATCH - 1) / FilteredRows.BATCH;
    assertEquals(batches, cost.readRoundTrips());
    assertEquals(n + batches - 1, cost.keysRead());
  }
}
