package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.storeKeysAToE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Serializable optimistic concurrency: which reads conflict with which later commits. */
public abstract class ConflictContract extends BackendContract {

    @BeforeEach
    void storeKeys() {
        storeKeysAToE(db);
    }

    /** Commits a write of {@code key} in its own transaction, after {@code reader} took its read version. */
    static void concurrentWrite(Database db, String key) {
        db.run(tr -> {
            tr.set(b(key), b("changed"));
            return null;
        });
    }

    @Test
    void pointReadConflictsWithALaterWriteOfThatKey() {
        try (Transaction tr = db.createTransaction()) {
            tr.get(b("a")).join();
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "a");
            assertFdbError(1020, () -> tr.commit().join());
        }
    }

    @Test
    void pointReadDoesNotConflictWithAWriteOfAnotherKey() {
        try (Transaction tr = db.createTransaction()) {
            tr.get(b("a")).join();
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "b");
            tr.commit().join();
        }
        assertEquals("1", ReadYourWritesContract.s(db.read(tr -> tr.get(b("x")).join())));
    }

    @Test
    void limitedRangeReadConflictsOnlyUpToTheLastKeyReturned() {
        try (Transaction tr = db.createTransaction()) {
            assertEquals(2, tr.getRange(b("a"), b("z"), 2).asList().join().size());
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "d");
            tr.commit().join();
        }
        try (Transaction tr = db.createTransaction()) {
            tr.getRange(b("a"), b("z"), 2).asList().join();
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "b");
            assertFdbError(1020, () -> tr.commit().join());
        }
    }

    @Test
    void reverseLimitedRangeReadConflictsOnlyDownToTheLastKeyReturned() {
        try (Transaction tr = db.createTransaction()) {
            tr.getRange(b("a"), b("z"), 2, true).asList().join();
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "b");
            tr.commit().join();
        }
    }

    @Test
    void unlimitedRangeReadConflictsWithAnInsertIntoTheRange() {
        try (Transaction tr = db.createTransaction()) {
            tr.getRange(b("a"), b("c")).asList().join();
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "bb");
            assertFdbError(1020, () -> tr.commit().join());
        }
    }

    @Test
    void snapshotReadsAddNoConflicts() {
        try (Transaction tr = db.createTransaction()) {
            tr.snapshot().get(b("a")).join();
            tr.snapshot().getRange(b("a"), b("z")).asList().join();
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "a");
            tr.commit().join();
        }
    }

    @Test
    void explicitReadConflictRangeConflicts() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            tr.addReadConflictRange(b("m"), b("n"));
            tr.set(b("x"), b("1"));
            concurrentWrite(db, "mm");
            assertFdbError(1020, () -> tr.commit().join());
        }
    }

    @Test
    void explicitWriteConflictRangeMakesOthersConflict() {
        try (Transaction reader = db.createTransaction()) {
            reader.get(b("q")).join();
            reader.set(b("x"), b("1"));
            db.run(tr -> {
                tr.addWriteConflictKey(b("q"));
                tr.set(b("other"), b("1"));
                return null;
            });
            assertFdbError(1020, () -> reader.commit().join());
        }
    }

    @Test
    void nextWriteNoWriteConflictRangeSkipsOnlyTheNextWrite() {
        try (Transaction reader = db.createTransaction()) {
            reader.get(b("a")).join();
            reader.get(b("b")).join();
            reader.set(b("x"), b("1"));
            db.run(tr -> {
                tr.options().setNextWriteNoWriteConflictRange();
                tr.set(b("a"), b("silent"));
                return null;
            });
            reader.commit().join();
        }
        try (Transaction reader = db.createTransaction()) {
            reader.get(b("b")).join();
            reader.set(b("x"), b("1"));
            db.run(tr -> {
                tr.options().setNextWriteNoWriteConflictRange();
                tr.set(b("a"), b("silent"));
                tr.set(b("b"), b("loud"));
                return null;
            });
            assertFdbError(1020, () -> reader.commit().join());
        }
    }

    @Test
    void readOnlyTransactionCommitsDespiteConflictingWrites() {
        try (Transaction tr = db.createTransaction()) {
            tr.get(b("a")).join();
            concurrentWrite(db, "a");
            tr.commit().join();
            assertEquals(-1L, tr.getCommittedVersion());
        }
    }

    @Test
    void atomicOpsAddNoReadConflicts() {
        try (Transaction tr = db.createTransaction()) {
            tr.mutate(MutationType.ADD, b("counter"), ReadYourWritesContract.le(1));
            try (Transaction other = db.createTransaction()) {
                other.mutate(MutationType.ADD, b("counter"), ReadYourWritesContract.le(1));
                other.commit().join();
            }
            tr.commit().join();
        }
        long total = java.nio.ByteBuffer.wrap(db.read(tr -> tr.get(b("counter")).join()))
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
        assertEquals(2, total);
    }

    @Test
    void conflictingCommitWritesNothing() {
        try (Transaction tr = db.createTransaction()) {
            tr.get(b("a")).join();
            tr.set(b("lost"), b("1"));
            concurrentWrite(db, "a");
            assertFdbError(1020, () -> tr.commit().join());
        }
        org.junit.jupiter.api.Assertions.assertNull(db.read(tr -> tr.get(b("lost")).join()));
    }

    @Test
    void concurrentIncrementsThroughRetryLoopsAreAllCounted() throws Exception {
        int threads = 8;
        int perThread = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        db.run(tr -> {
                            byte[] v = tr.get(b("rmw")).join();
                            long n = v == null ? 0 : Long.parseLong(ReadYourWritesContract.s(v));
                            tr.set(b("rmw"), b(Long.toString(n + 1)));
                            return null;
                        });
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(Long.toString(threads * perThread), ReadYourWritesContract.s(db.read(tr -> tr.get(b("rmw")).join())));
    }
}
