package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.time.Duration;

/** {@link ConcurrentTransactionContract} with a simulated round trip: answers complete later, from the timer. */
class ConcurrentTransactionLatencyTest extends ConcurrentTransactionContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.builder().latency(Duration.ofMillis(1)).open();
    }
}
