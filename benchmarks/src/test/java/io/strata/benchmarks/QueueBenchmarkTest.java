package io.strata.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.embedded.EmbeddedFdb;
import io.strata.layers.FdbQueue;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** QueueBenchmark must measure dequeues that take an item, never dequeues from a drained queue. */
class QueueBenchmarkTest {
  private final Database db = EmbeddedFdb.open();
  private final Subspace space = new Subspace(Tuple.from("q"));
  private final FdbQueue<String> queue = new FdbQueue<>(db, space, Codec.string());
  private final Range items = new Range(ByteArrayUtil.join(space.getKey(), new byte[] {0x0c}),
      ByteArrayUtil.join(space.getKey(), new byte[] {0x1d}));

  @Test
  void thePlainPopTakesItemsInOrderAndFailsOnceTheQueueIsDry() {
    QueueBenchmark.fill(db, space, 2);
    assertEquals("item 0", QueueBenchmark.taken(QueueBenchmark.plainPop(db, items)));
    assertEquals("item 1", QueueBenchmark.taken(QueueBenchmark.plainPop(db, items)));
    assertThrows(IllegalStateException.class, () -> QueueBenchmark.taken(QueueBenchmark.plainPop(db, items)));
  }

  @Test
  void theFillIsWhatEnqueueWouldHaveWritten() {
    QueueBenchmark.fill(db, space, 3);
    queue.enqueue("item 3");
    for (int i = 0; i < 4; i++) {
      assertEquals(Optional.of("item " + i), queue.dequeue());
    }
    assertTrue(queue.isEmpty());
  }

  @Test
  void theStagedDequeueFailsOnceTheQueueIsDry() {
    QueueBenchmark.fill(db, space, 1);
    assertEquals("item 0", QueueBenchmark.taken(queue.dequeue()));
    assertThrows(IllegalStateException.class, () -> QueueBenchmark.taken(queue.dequeue()));
  }
}
