package io.strata.index.vector;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import java.time.Duration;

/**
 * {@link VectorContract} on the embedded engine, with a simulated round trip so that the engine counts sequential
 * round trips (by causality, not by the clock: the 1 ms only makes them measured).
 */
class VectorEmbeddedTest extends VectorContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.builder().latency(Duration.ofMillis(1)).open();
  }

  @Override
  protected boolean countsReads() {
    return true;
  }
}
