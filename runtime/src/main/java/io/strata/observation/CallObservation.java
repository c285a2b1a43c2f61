package io.strata.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One repository call's observation ({@code strata.repository.call}) and what its transactions add up to, kept in the
 * observation's context so that transactions run inside its scope find it. Stopped once, whichever end comes first
 * (a blocking call's return, a future's completion, a stream's end, close or collection).
 */
final class CallObservation {
  /** What a call's transactions add up to. */
  static final class Tally {
    int retries;
    /** The approximate sizes of its committed transactions, for a database that does not count bytes written. */
    long approximateBytes;
    final ReadWriteCounts counts = new ReadWriteCounts();
  }

  private final Observation observation;
  private final Tally tally = new Tally();
  private final AtomicBoolean stopped = new AtomicBoolean();

  CallObservation(ObservationRegistry registry, String entity, String method, String plan) {
    observation = Observation.createNotStarted(ObservedDatabase.CALL, registry)
        .contextualName(method)
        .lowCardinalityKeyValue(ObservedDatabase.ENTITY, entity)
        .lowCardinalityKeyValue(ObservedDatabase.METHOD, method)
        .lowCardinalityKeyValue(ObservedDatabase.PLAN, plan);
    observation.getContext().put(Tally.class, tally);
    observation.start();
  }

  /** The call's scope: transactions run while it is open are the call's. */
  Observation.Scope openScope() {
    return observation.openScope();
  }

  void error(Throwable err) {
    observation.error(err);
  }

  void highCardinality(String key, String value) {
    observation.highCardinalityKeyValue(key, value);
  }

  /** Stops the observation with its retries and the keys and bytes its transactions read and wrote; later calls do nothing. */
  void stop() {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    long bytesWritten = tally.counts.bytesWritten();
    synchronized (tally) {
      observation.highCardinalityKeyValue(ObservedDatabase.RETRIES, Integer.toString(tally.retries))
          .highCardinalityKeyValue(ObservedDatabase.BYTES_WRITTEN,
              Long.toString(bytesWritten >= 0 ? bytesWritten : tally.approximateBytes));
    }
    ObservedDatabase.counted(observation, tally.counts).stop();
  }
}
