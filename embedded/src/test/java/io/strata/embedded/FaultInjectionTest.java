package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import io.strata.embedded.Faults.Kind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Each kind of injected fault is observable through fdb-java's API, and the retry loop survives it. */
class FaultInjectionTest {

    private static final byte[] KEY = {0x01};
    private static final byte[] COUNTER = {0x02};
    private static final byte[] ONE = littleEndian(1);
    private static final int RUNS = 30;

    private static byte[] littleEndian(long value) {
        return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
    }

    private static long counter(Database db) {
        byte[] value = db.read(tr -> tr.get(COUNTER).join());
        return value == null ? 0 : ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    /** Runs {@code RUNS} increments through {@code Database.run}; returns how many attempts the bodies made. */
    private static int incrementThroughRun(Database db) {
        AtomicInteger attempts = new AtomicInteger();
        for (int i = 0; i < RUNS; i++) {
            db.run(tr -> {
                attempts.incrementAndGet();
                tr.mutate(MutationType.ADD, COUNTER, ONE);
                return null;
            });
        }
        return attempts.get();
    }

    @Test
    void notCommittedFailsTheCommitAndWritesNothing() {
        try (Database db = EmbeddedFdb.builder().faults(Faults.seeded(1).notCommitted(1)).open();
             Transaction tr = db.createTransaction()) {
            tr.set(KEY, ONE);
            assertFdbError(1020, () -> tr.commit().join());
            assertNull(db.read(r -> r.get(KEY).join()));
        }
    }

    @Test
    void retryLoopRecoversFromNotCommittedWithEachIncrementAppliedOnce() {
        Faults faults = Faults.seeded(2).notCommitted(0.3);
        try (Database db = EmbeddedFdb.builder().faults(faults).open()) {
            int attempts = incrementThroughRun(db);
            long injected = faults.injectedCount(Kind.NOT_COMMITTED);
            assertTrue(injected > 0, "the plan injected no fault; pick another seed");
            assertEquals(RUNS + injected, attempts);
            assertEquals(RUNS, counter(db));
        }
    }

    @Test
    void unknownResultAppliedReallyAppliesTheCommitOnce() {
        try (Database db = EmbeddedFdb.builder().faults(Faults.seeded(3).unknownResultApplied(1)).open();
             Transaction tr = db.createTransaction()) {
            tr.mutate(MutationType.ADD, COUNTER, ONE);
            assertFdbError(1021, () -> tr.commit().join());
            assertEquals(1, counter(db));
        }
    }

    @Test
    void retryingAnAppliedUnknownResultRunsANonIdempotentBodyAgain() {
        Faults faults = Faults.seeded(4).unknownResultApplied(0.3);
        try (Database db = EmbeddedFdb.builder().faults(faults).open()) {
            int attempts = incrementThroughRun(db);
            long injected = faults.injectedCount(Kind.UNKNOWN_RESULT_APPLIED);
            assertTrue(injected > 0, "the plan injected no fault; pick another seed");
            assertEquals(RUNS + injected, attempts);
            assertEquals(RUNS + injected, counter(db)); // every attempt was applied: the fault FoundationDB warns about
        }
    }

    @Test
    void unknownResultNotAppliedWritesNothing() {
        try (Database db = EmbeddedFdb.builder().faults(Faults.seeded(5).unknownResultNotApplied(1)).open();
             Transaction tr = db.createTransaction()) {
            tr.set(KEY, ONE);
            assertFdbError(1021, () -> tr.commit().join());
            assertNull(db.read(r -> r.get(KEY).join()));
        }
    }

    @Test
    void tooOldFailsAReadAndTheRetryLoopRecovers() {
        try (Database seeded = EmbeddedFdb.builder().faults(Faults.seeded(6).tooOld(1)).open();
             Transaction tr = seeded.createTransaction()) {
            assertFdbError(1007, () -> tr.get(KEY).join());
        }
        Faults faults = Faults.seeded(6).tooOld(0.3);
        try (Database db = EmbeddedFdb.builder().faults(faults).open()) {
            db.run(tr -> {
                tr.set(KEY, ONE);
                return null;
            });
            for (int i = 0; i < RUNS; i++) {
                assertArrayEquals(ONE, db.run(tr -> tr.get(KEY).join()));
            }
            assertTrue(faults.injectedCount(Kind.TOO_OLD) > 0, "the plan injected no fault; pick another seed");
        }
    }

    @Test
    void aStaleAttemptAnswersItsOwnWritesButFailsStorageReadsAndItsCommit() {
        try (Database seeded = EmbeddedFdb.builder().faults(Faults.seeded(6).tooOld(1)).open();
             Transaction tr = seeded.createTransaction()) {
            tr.set(KEY, ONE);
            assertArrayEquals(ONE, tr.get(KEY).join()); // the client's read-your-writes cache: no storage read
            assertFdbError(1007, () -> tr.get(new byte[] {2}).join());
            assertFdbError(1007, () -> tr.commit().join());
        }
    }

    @Test
    void delayedReadsStillReturnTheValue() {
        Faults faults = Faults.seeded(7).readDelay(Duration.ofMillis(1), 1);
        try (Database db = EmbeddedFdb.builder().faults(faults).open()) {
            db.run(tr -> {
                tr.set(KEY, ONE);
                return null;
            });
            for (int i = 0; i < 5; i++) {
                assertArrayEquals(ONE, db.read(tr -> tr.get(KEY).join()));
            }
            assertTrue(faults.injectedCount(Kind.READ_DELAY) >= 5);
        }
    }

    @Test
    void sameSeedGivesTheSameFaultsThroughTheDatabase() {
        assertEquals(attemptsPerRun(8), attemptsPerRun(8));
    }

    private static List<Integer> attemptsPerRun(long seed) {
        Faults faults = Faults.seeded(seed).notCommitted(0.2).unknownResultNotApplied(0.1).tooOld(0.1);
        List<Integer> attemptsPerRun = new ArrayList<>();
        try (Database db = EmbeddedFdb.builder().faults(faults).open()) {
            for (int i = 0; i < RUNS; i++) {
                AtomicInteger attempts = new AtomicInteger();
                db.run(tr -> {
                    attempts.incrementAndGet();
                    tr.get(KEY).join();
                    tr.mutate(MutationType.ADD, COUNTER, ONE);
                    return null;
                });
                attemptsPerRun.add(attempts.get());
            }
        }
        assertTrue(attemptsPerRun.stream().anyMatch(a -> a > 1), "the plan injected no fault; pick another seed");
        return attemptsPerRun;
    }
}
