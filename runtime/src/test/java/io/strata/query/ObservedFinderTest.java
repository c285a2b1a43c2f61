package io.strata.query;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.subspace.Subspace;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.observation.StrataObservations;
import io.strata.query.PlanReadsContract.Place;
import io.strata.query.PlanReadsContract.PlaceCodec;
import io.strata.query.model.Semantics;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A run-time query's terminal on an observed database is one repository call, tagged with the plan it ran. */
class ObservedFinderTest {
  private final TestObservationRegistry observations = TestObservationRegistry.create();
  private final StrataDb sdb = StrataObservations.observe(Strata.connect("strata:mem:"), observations);

  @AfterEach
  void close() {
    sdb.close();
  }

  @Test
  void aFinderTerminalIsACallTaggedWithItsPlan() {
    EntityStore<Place> store = EntityStore.builder(new PlaceCodec(), new Subspace()).index("byCountry", "country")
        .ids(Elements::toLong).build();
    sdb.database().run(tr -> store.save(tr, new Place(1, "JP", 100L, "a")).join());
    RuntimeQueries<Place> queries = new RuntimeQueries<>(sdb.database(), store, PlanReadsContract.PLACE,
        PlanReadsContract.ATTRIBUTES, Semantics.STRATA, ValueOrder.KEYS);

    List<Place> found = queries.where(PlanReadsContract.COUNTRY.equalTo("JP")).list();

    assertEquals(1, found.size());
    assertThat(observations).hasObservationWithNameEqualTo("strata.repository.call").that()
        .hasContextualNameEqualTo("Finder.list")
        .hasLowCardinalityKeyValue("strata.entity", store.layout().entityName())
        .hasLowCardinalityKeyValue("strata.plan", "IndexRead")
        .hasBeenStopped();
  }
}
