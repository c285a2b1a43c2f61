package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.Change;
import io.strata.processor.fixtures.Place;
import io.strata.processor.fixtures.PlaceRepository;
import io.strata.IndexReport;
import io.strata.testkit.Concurrently;
import io.strata.testkit.FaultCampaign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @Aggregate}, {@code @Rank}, {@code @Text} and {@code @Versioned} under a seeded fault plan (spurious
 * conflicts, commit results unknown but applied or not, too-old and slow reads), written by several threads
 * while a live tail follows the change feed. Afterwards every aggregate, rank and text query equals brute
 * force over the acknowledged state and verifies clean, and the tail has delivered, in strictly increasing
 * (version, id) order, only states each id was acknowledged in, in the order they were acknowledged, ending
 * with each id's final state: the feed never misses or reorders an acknowledged change.
 *
 * <p>Embedded only (fault injection). Replay a failure with {@code -Dstrata.campaign.seed=<seed>}.
 */
class DerivedIndexFaultCampaignTest {
  private static final int THREADS = 4;
  private static final int IDS_PER_THREAD = 30;

  private FaultCampaign campaign;
  private PlaceRepository places;

  @BeforeEach
  void open() {
    campaign = FaultCampaign.start();
    places = new PlaceRepository(campaign.db());
  }

  @AfterEach
  void close() {
    campaign.close();
  }

  @Test
  void derivedIndexesAndTheFeedStayExactUnderFaults() throws Exception {
    int ops = FaultCampaign.ops(150);
    Map<Long, List<Optional<Place>>> acknowledged = new ConcurrentHashMap<>();
    ChangeFeedContract.Tail tail = new ChangeFeedContract.Tail(16);
    places.subscribe(null).subscribe(tail);
    Concurrently.run(THREADS, thread -> {
      SplittableRandom r = campaign.random(thread);
      for (int i = 0; i < ops; i++) {
        long id = thread * 100L + r.nextInt(IDS_PER_THREAD);
        List<Optional<Place>> history = acknowledged.computeIfAbsent(id, k -> new ArrayList<>());
        if (r.nextInt(4) == 0) {
          places.deleteById(id);
          history.add(Optional.empty());
        } else {
          Place p = AggregateContract.randomPlace(r, id);
          places.save(p);
          history.add(Optional.of(p));
        }
      }
    });
    Map<Long, Place> finalState = new TreeMap<>();
    acknowledged.forEach((id, h) -> h.get(h.size() - 1).ifPresent(p -> finalState.put(id, p)));

    List<Place> rows = new ArrayList<>(finalState.values());
    assertEquals(rows, Pages.all(after -> places.findAll(100, after)), campaign.at("rows"));
    AggregateContract.assertAggregatesMatch(places, rows);
    RankContract.assertRanksMatch(places, rows);
    TextContract.assertTextMatches(places, rows);
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), campaign.at(report.problems().toString()));

    List<Change<Place, Long>> feed = ChangeFeedContract.feed(places);
    Versionstamp last = feed.get(feed.size() - 1).version();
    ChangeFeedContract.awaitTrue(() -> tail.received.stream().anyMatch(c -> c.version().equals(last))
        && tail.latest().size() == feed.size(), campaign.at("the tail caught up"));
    tail.subscription.cancel();
    assertNull(tail.error.get(), campaign.at("tail error"));
    assertNull(tail.violation.get(), campaign.at("tail violation"));
    for (int i = 1; i < tail.received.size(); i++) {
      Change<Place, Long> a = tail.received.get(i - 1);
      Change<Place, Long> b = tail.received.get(i);
      int cmp = a.version().compareTo(b.version());
      assertTrue(cmp < 0 || (cmp == 0 && a.id() < b.id()), campaign.at("delivered in (version, id) order at " + i));
    }
    Map<Long, List<Optional<Place>>> delivered = new TreeMap<>();
    tail.received.forEach(c -> delivered.computeIfAbsent(c.id(), k -> new ArrayList<>()).add(c.entity()));
    delivered.forEach((id, states) -> {
      List<Optional<Place>> history = acknowledged.get(id);
      int at = 0;
      for (Optional<Place> s : states) {
        while (at < history.size() && !history.get(at).equals(s)) {
          at++;
        }
        assertTrue(at < history.size(), campaign.at("id " + id + " was delivered " + s + ", not an acknowledged state in order"));
        at++;
      }
      assertEquals(history.get(history.size() - 1), states.get(states.size() - 1), campaign.at("id " + id + " ends on its final state"));
    });
    List<Long> saved = acknowledged.entrySet().stream().filter(e -> e.getValue().stream().anyMatch(Optional::isPresent))
        .map(Map.Entry::getKey).sorted().toList(); // an id only ever deleted while absent never changed
    assertEquals(saved, List.copyOf(delivered.keySet()), campaign.at("every changed id was delivered"));
  }
}
