package io.strata.layers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import io.strata.testkit.Concurrently;
import io.strata.testkit.FaultCampaign;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Queues, priority queues and counters under the failures a real cluster produces: spurious conflicts,
 * commits whose outcome is unknown (applied or not) and too-old reads. Nothing is lost or duplicated.
 * Each run picks a new seed and prints it on failure; replay with {@code -Dstrata.campaign.seed=<seed>} (see
 * {@link FaultCampaign}). {@link LayerFaultCampaignTest} covers the other layers.
 */
class ExactlyOnceUnderFaultsTest {
  private static final long SEED = FaultCampaign.seed();
  private static final String REPLAY = "seed " + SEED + " (replay with -D" + FaultCampaign.SEED_PROPERTY + "=" + SEED + ")";

  private static Database faulty(long seed) {
    return EmbeddedFdb.builder().faults(Faults.seeded(seed).notCommitted(0.05).unknownResultApplied(0.05)
        .unknownResultNotApplied(0.05).tooOld(0.01)).open();
  }

  @Test
  void everyQueueItemIsDequeuedExactlyOnceInProducerOrder() throws Exception {
    try (Database db = faulty(SEED)) {
      drainExactlyOnceInProducerOrder(db, 4, 4, 250);
    }
  }

  /**
   * Eight consumers against two producers at a 1 ms round trip, so that consumers collide on the head
   * and go through the staged path (requests answered in batches, answers written to the log), with the
   * same faults; no request is left behind.
   */
  @Test
  void contendedConsumersAtARoundTripDequeueExactlyOnce() throws Exception {
    try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(1)).faults(Faults.seeded(SEED + 2).notCommitted(0.05)
        .unknownResultApplied(0.05).unknownResultNotApplied(0.05).tooOld(0.01)).open()) {
      drainExactlyOnceInProducerOrder(db, 2, 8, 100);
      Subspace requests = new Subspace(Tuple.from("jobs", "req"));
      assertEquals(List.of(), db.read(tr -> tr.getRange(requests.range()).asList().join()), REPLAY + ": requests left behind");
    }
  }

  private static void drainExactlyOnceInProducerOrder(Database db, int producers, int consumers, int perProducer) throws Exception {
    int total = producers * perProducer;
    FdbQueue<String> queue = new FdbQueue<>(db, new Subspace(Tuple.from("jobs")), Codec.string());
    AtomicInteger taken = new AtomicInteger();
    List<List<String>> seen = new ArrayList<>();
    List<Runnable> tasks = new ArrayList<>();
    for (int p = 0; p < producers; p++) {
      int producer = p;
      tasks.add(() -> {
        for (int i = 0; i < perProducer; i++) {
          queue.enqueue(producer + ":" + i);
        }
      });
    }
    for (int c = 0; c < consumers; c++) {
      List<String> mine = Collections.synchronizedList(new ArrayList<>());
      seen.add(mine);
      tasks.add(() -> {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.getLong("strata.faults.seconds", 100));
        while (taken.get() < total && System.nanoTime() < deadline) {
          Optional<String> item = queue.dequeue();
          if (item.isPresent()) {
            mine.add(item.get());
            taken.incrementAndGet();
          }
        }
      });
    }
    Concurrently.run(tasks);
    List<String> all = new ArrayList<>();
    seen.forEach(all::addAll);
    Subspace jobs = new Subspace(Tuple.from("jobs"));
    String state = "items " + db.read(tr -> tr.getRange(jobs.range()).asList().join()).stream()
        .map(kv -> jobs.unpack(kv.getKey()).get(0)).filter(k -> !"op".equals(k)).toList();
    assertEquals(total, all.size(), REPLAY + ": items dequeued; left: " + state);
    assertEquals(total, new HashSet<>(all).size(), REPLAY + ": an item was dequeued twice");
    for (List<String> consumer : seen) {
      Map<String, Integer> last = new HashMap<>();
      for (String item : consumer) {
        String[] parts = item.split(":");
        int seq = Integer.parseInt(parts[1]);
        assertTrue(last.getOrDefault(parts[0], -1) < seq, REPLAY + ": producer " + parts[0] + " out of order: " + consumer);
        last.put(parts[0], seq);
      }
    }
    assertTrue(queue.isEmpty(), REPLAY);
  }

  @Test
  void priorityQueuePushesAndPopsExactlyOnce() throws Exception {
    try (Database db = faulty(SEED + 1)) {
      FdbPriorityQueue<String> pq = new FdbPriorityQueue<>(db, new Subspace(Tuple.from("pq")), Codec.string());
      List<Runnable> tasks = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        tasks.add(() -> {
          for (int i = 0; i < 50; i++) {
            pq.push(thread + ":" + i, i % 5);
          }
        });
      }
      Concurrently.run(tasks);
      Set<String> popped = Collections.synchronizedSet(new HashSet<>());
      AtomicInteger duplicates = new AtomicInteger();
      List<Runnable> poppers = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        poppers.add(() -> {
          Optional<String> item;
          while ((item = pq.popMin()).isPresent()) {
            if (!popped.add(item.get())) {
              duplicates.incrementAndGet();
            }
          }
        });
      }
      Concurrently.run(poppers);
      assertEquals(0, duplicates.get(), REPLAY);
      assertEquals(400, popped.size(), REPLAY);
    }
  }

  @Test
  void counterAddsAreNeverDoubledOrLost() throws Exception {
    try (Database db = faulty(SEED + 2)) {
      ShardedCounter counter = new ShardedCounter(db, new Subspace(Tuple.from("hits")), 4);
      List<Runnable> tasks = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        tasks.add(() -> {
          for (int i = 0; i < 200; i++) {
            counter.add(1);
          }
        });
      }
      Concurrently.run(tasks);
      assertEquals(1_600, counter.get(), REPLAY);
    }
  }
}
