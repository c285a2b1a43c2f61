package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static io.strata.embedded.ReadYourWritesContract.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The simulated network ({@code EmbeddedFdb.builder().latency(...)}) and the counters behind
 * {@link EmbeddedFdb#stats}: which requests cost a round trip, and that answers wait for it without
 * blocking a thread (embedded only: a cluster's network is not simulated). Only lower bounds of time, and
 * upper bounds many times the sequential cost, are asserted.
 */
class RoundTripModelTest {

    private static void fill(Database db) {
        db.run(tr -> {
            for (int i = 0; i < 10; i++) {
                tr.set(Tuple.from("k", i).pack(), b("value"));
            }
            return null;
        });
    }

    @Test
    void statsCountRoundTripsKeysAndBytesAsAClusterUserPaysThem() {
        try (Database db = EmbeddedFdb.open()) {
            fill(db);
            EngineStats before = EmbeddedFdb.stats(db);
            db.run(tr -> {
                tr.get(Tuple.from("k", 1).pack()).join();                 // read version + 1 read
                tr.get(Tuple.from("k", 1).pack()).join();                 // read-your-writes cache: free
                tr.getRange(Tuple.from("k").range(), 3).asList().join();  // 1 read, 3 keys
                tr.set(b("x"), b("12345"));
                tr.get(b("x")).join();                                     // own write: free
                return null;
            });                                                            // 1 commit, 1 key written
            EngineStats cost = EmbeddedFdb.stats(db).since(before);
            assertEquals(1, cost.readVersionRoundTrips());
            assertEquals(2, cost.readRoundTrips());
            assertEquals(1, cost.commitRoundTrips());
            assertEquals(4, cost.roundTrips());
            assertEquals(4, cost.keysRead());
            int keyLength = Tuple.from("k", 1).pack().length;
            long rangeBytes = 0;
            for (int i = 0; i < 3; i++) {
                rangeBytes += Tuple.from("k", i).pack().length + 5;
            }
            assertEquals(keyLength + 5 + rangeBytes, cost.bytesRead());
            assertEquals(1, cost.keysWritten());
            assertEquals(6, cost.bytesWritten());
            assertEquals(0, cost.conflicts());
        }
    }

    @Test
    void aReadOnlyCommitIsNoRoundTripAndABlindWriteTakesAReadVersion() {
        try (Database db = EmbeddedFdb.open()) {
            EngineStats before = EmbeddedFdb.stats(db);
            db.read(tr -> tr.get(b("a")).join());
            db.run(tr -> {
                tr.set(b("a"), b("1"));
                return null;
            });
            EngineStats cost = EmbeddedFdb.stats(db).since(before);
            assertEquals(2, cost.readVersionRoundTrips());
            assertEquals(1, cost.readRoundTrips());
            assertEquals(1, cost.commitRoundTrips());
        }
    }

    @Test
    void conflictsAreCounted() {
        try (Database db = EmbeddedFdb.open()) {
            fill(db);
            try (Transaction tr = db.createTransaction()) {
                tr.get(Tuple.from("k", 1).pack()).join();
                tr.set(b("x"), b("1"));
                db.run(other -> {
                    other.set(Tuple.from("k", 1).pack(), b("changed"));
                    return null;
                });
                assertFdbError(1020, () -> tr.commit().join());
            }
            assertEquals(1, EmbeddedFdb.stats(db).conflicts());
        }
    }

    @Test
    void statsRefuseADatabaseNotOpenedByEmbeddedFdb() {
        Database other = (Database) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Database.class},
                (proxy, method, args) -> null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EmbeddedFdb.stats(other));
        assertTrue(e.getMessage().contains("opened by EmbeddedFdb"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EmbeddedFdb.builder().latency(Duration.ofMillis(-1)));
    }

    @Test
    void answersWaitOneRoundTripAfterTheReadVersionArrives() {
        try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(200)).open()) {
            fill(db);
            try (Transaction tr = db.createTransaction()) {
                long start = System.nanoTime();
                tr.get(Tuple.from("k", 1).pack()).join(); // read version, then the read
                assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(400));
                assertTrue(tr.get(Tuple.from("k", 1).pack()).isDone(), "a cached read is answered at once");
                tr.set(b("x"), b("1"));
                assertTrue(tr.get(b("x")).isDone(), "a read of an own write is answered at once");
                long sent = System.nanoTime();
                CompletableFuture<Void> commit = tr.commit();
                assertFalse(commit.isDone());
                commit.join();
                assertTrue(System.nanoTime() - sent >= TimeUnit.MILLISECONDS.toNanos(200));
            }
            try (Transaction tr = db.createTransaction()) {
                tr.snapshot().get(b("x"));
                tr.getReadVersion().join();
                assertTrue(tr.commit().isDone(), "a read-only commit is answered by the client at once");
            }
        }
    }

    @Test
    void timeSpentComputingBetweenRoundTripsAddsNoRoundTrip() throws Exception {
        try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(100)).open()) {
            fill(db);
            EngineStats before = EmbeddedFdb.stats(db);
            db.run(tr -> {
                tr.get(Tuple.from("k", 0).pack()).join();                    // read version, then the read: 2
                pause(130);                                                   // over a round trip of work
                tr.get(Tuple.from("k", 1).pack()).join();                    // 1
                pause(130);
                tr.set(b("x"), b("1"));
                return null;
            });                                                               // the commit: 1
            assertEquals(4, EmbeddedFdb.stats(db).since(before).sequentialRoundTrips(),
                    "a busy caller (or machine) waits as many round trips as an idle one");
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void sequentialRoundTripsCountTheCriticalPath() {
        try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(150)).open()) {
            fill(db);
            EngineStats before = EmbeddedFdb.stats(db);
            db.run(tr -> {
                tr.get(Tuple.from("k", 0).pack()).join();                    // read version, then the read: 2
                List<CompletableFuture<byte[]>> together = new ArrayList<>();
                for (int i = 1; i < 10; i++) {
                    together.add(tr.get(Tuple.from("k", i).pack()));         // sent together: 1
                }
                together.forEach(CompletableFuture::join);
                tr.set(b("x"), b("1"));
                return null;
            });                                                               // the commit: 1
            EngineStats cost = EmbeddedFdb.stats(db).since(before);
            assertEquals(4, cost.sequentialRoundTrips());
            assertEquals(12, cost.roundTrips());
        }
        try (Database db = EmbeddedFdb.open()) {
            db.read(tr -> tr.get(b("a")).join());
            assertEquals(0, EmbeddedFdb.stats(db).sequentialRoundTrips(), "measured only with a latency");
        }
    }

    @Test
    void concurrentRequestsOverlapWithoutBlockingTheCaller() {
        try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(500)).open()) {
            fill(db);
            try (Transaction tr = db.createTransaction()) {
                tr.getReadVersion().join();
                long start = System.nanoTime();
                List<CompletableFuture<byte[]>> reads = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    reads.add(tr.snapshot().get(Tuple.from("k", i, "absent").pack()));
                }
                long issued = System.nanoTime() - start;
                assertTrue(issued < TimeUnit.MILLISECONDS.toNanos(500), "issuing waited for answers: " + issued + " ns");
                assertTrue(reads.stream().noneMatch(CompletableFuture::isDone));
                CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).join();
                long all = System.nanoTime() - start;
                assertTrue(all >= TimeUnit.MILLISECONDS.toNanos(500));
                assertTrue(all < TimeUnit.SECONDS.toNanos(10), "40 reads of 500 ms took " + all + " ns: they did not overlap");
                CompletableFuture<byte[]> again = tr.get(Tuple.from("k", 1).pack());
                assertFalse(tr.get(Tuple.from("k", 1).pack()).isDone(), "a re-read comes no sooner than the read it repeats");
                again.join();
            }
        }
    }
}
