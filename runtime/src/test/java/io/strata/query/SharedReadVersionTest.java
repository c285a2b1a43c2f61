package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.query.PlanReadsContract.Place;
import io.strata.query.PlanReadsContract.PlaceCodec;
import io.strata.query.model.Semantics;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run-time {@code Finder} that reads its answer batch after batch, one read transaction each, takes one read version
 * for all of them ({@link SharedReadVersion}): the round trips of one transaction, as a generated method's read of every
 * row in one transaction ({@link CandidateReads#all} over {@link Candidates#allRows}). Counted by the embedded engine, never timed.
 */
class SharedReadVersionTest {
  @Test
  void aListAndACountOfEveryRowTakeOneReadVersionForAllTheirBatches() {
    try (Database db = EmbeddedFdb.open()) {
      EntityStore<Place> store = EntityStore.builder(new PlaceCodec(), new Subspace()).packed().ids(Elements::toLong).build();
      int places = FilteredRows.BATCH * 2 + 7;
      List<Place> all = new ArrayList<>();
      for (long id = 0; id < places; id++) {
        all.add(new Place(id, "JP", id, id % 3 == 0 ? "a" : "b"));
      }
      db.run(tr -> store.saveAll(tr, all).join());
      RuntimeQueries<Place> queries = new RuntimeQueries<>(db, store, PlanReadsContract.PLACE, PlanReadsContract.ATTRIBUTES,
          Semantics.STRATA, ValueOrder.KEYS);
      EngineStats before = EmbeddedFdb.stats(db);
      assertEquals(all.stream().filter(p -> p.name().equals("a")).toList(),
          queries.where(PlanReadsContract.NAME.equalTo("a")).allowScan().list());
      EngineStats listed = EmbeddedFdb.stats(db).since(before);
      assertEquals(3, listed.readRoundTrips(), "three batches of every row: " + listed);
      assertEquals(1, listed.readVersionRoundTrips(), "one read version: " + listed);
      before = EmbeddedFdb.stats(db);
      assertEquals(places - places / 3 - 1, queries.where(PlanReadsContract.NAME.equalTo("b")).allowScan().count());
      assertEquals(1, EmbeddedFdb.stats(db).since(before).readVersionRoundTrips(), "a later read takes its own version");
    }
  }
}
