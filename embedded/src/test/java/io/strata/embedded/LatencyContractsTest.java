package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.time.Duration;
import org.junit.jupiter.api.Nested;

/**
 * The engine's contracts with a simulated round trip: every answer is then a future that carries its wave on the
 * critical path ({@code Answer}), completed later from the timer, and must behave as any {@code CompletableFuture}
 * (values, exceptions and their wrapping, stages) so that code means the same with and without latency.
 */
class LatencyContractsTest {
    private static Database slow() {
        return EmbeddedFdb.builder().latency(Duration.ofMillis(1)).open();
    }

    @Nested
    class Transactions extends TransactionContract {
        @Override
        protected Database database() {
            return slow();
        }
    }

    @Nested
    class Lifecycle extends TransactionLifecycleContract {
        @Override
        protected Database database() {
            return slow();
        }
    }

    @Nested
    class ReadYourWrites extends ReadYourWritesContract {
        @Override
        protected Database database() {
            return slow();
        }
    }

    @Nested
    class MappedRanges extends MappedRangeContract {
        @Override
        protected Database database() {
            return slow();
        }
    }

    @Nested
    class Conflicts extends ConflictContract {
        @Override
        protected Database database() {
            return slow();
        }
    }

    @Nested
    class AtomicMutations extends AtomicMutationContract {
        @Override
        protected Database database() {
            return slow();
        }
    }
}
