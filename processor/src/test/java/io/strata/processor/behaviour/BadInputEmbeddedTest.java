package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.CodecException;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import io.strata.layers.FdbQueue;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BadInputEmbeddedTest extends BadInputContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }

  /**
   * Embedded only (it needs injected conflicts): a dequeue that loses the race for the head takes the
   * staged path, where the item is handed to its request before it is decoded; when decoding fails the
   * item goes back to the queue.
   */
  @Test
  void aStagedDequeueWhoseCodecCannotDecodeLeavesTheItemInTheQueue() {
    Faults faults = Faults.seeded(8).notCommitted(0.5);
    try (Database faulty = EmbeddedFdb.builder().faults(faults).open()) {
      Subspace s = new Subspace(Tuple.from("q"));
      new FdbQueue<>(faulty, s, Codec.string()).enqueue("item-1");
      FdbQueue<String> broken = new FdbQueue<>(faulty, s, new Codec<>() {
        @Override
        public byte[] encode(String value) {
          return Codec.string().encode(value);
        }

        @Override
        public String decode(byte[] bytes) {
          throw new IllegalStateException("cannot decode");
        }
      });
      for (int i = 0; i < 20; i++) {
        CodecException e = assertThrows(CodecException.class, broken::dequeue);
        assertTrue(e.getMessage().contains("FdbQueue") && e.getMessage().contains("left in place"), e.getMessage());
      }
      assertTrue(faults.injectedCount(Faults.Kind.NOT_COMMITTED) > 0, "some dequeues lost the race and took the staged path");
      FdbQueue<String> good = new FdbQueue<>(faulty, s, Codec.string());
      assertEquals(Optional.of("item-1"), good.dequeue(), "nothing lost");
      assertEquals(Optional.empty(), good.dequeue(), "nothing duplicated");
    }
  }
}
