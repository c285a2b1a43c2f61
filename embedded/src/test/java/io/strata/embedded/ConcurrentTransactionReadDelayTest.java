package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.time.Duration;

/** {@link ConcurrentTransactionContract} with the fault plan delaying half the reads: answers arrive out of order. */
class ConcurrentTransactionReadDelayTest extends ConcurrentTransactionContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.builder().faults(Faults.seeded(13).readDelay(Duration.ofMillis(2), 0.5)).open();
    }
}
