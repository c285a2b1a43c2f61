package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The 5-second MVCC window and the version clock, on a database whose clock the test moves by hand
 * (embedded only: a real cluster's clock cannot be moved).
 */
class MvccWindowTest {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final Database db = EmbeddedFdb.builder().clock(nanos::get).open();

    @AfterEach
    void close() {
        db.close();
    }

    private void advanceMillis(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    private void write(String key, String value) {
        db.run(tr -> {
            tr.set(b(key), b(value));
            return null;
        });
    }

    @Test
    void readVersionFromAnIdleDatabaseIsCurrent() {
        write("k", "v");
        advanceMillis(10_000);
        long version = db.read(tr -> tr.getReadVersion().join());
        try (Transaction tr = db.createTransaction()) {
            tr.setReadVersion(version);
            assertEquals("v", s(tr.get(b("k")).join()));
        }
    }

    @Test
    void readsPastTheWindowFailWithTransactionTooOld() {
        write("k", "v");
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            advanceMillis(5_100);
            assertFdbError(1007, () -> tr.get(b("k")).join());
        }
    }

    @Test
    void readsOfKeysTheTransactionWroteNeverFailPastTheWindow() {
        write("k", "v");
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            tr.set(b("mine"), b("1"));
            tr.clear(b("p"), b("q"));
            advanceMillis(5_100);
            assertEquals("1", s(tr.get(b("mine")).join()));
            assertEquals(List.of(), tr.getRange(b("p"), b("q")).asList().join());
            assertEquals(null, tr.get(b("p1")).join());
            assertFdbError(1007, () -> tr.get(b("k")).join()); // not written, not read: reaches storage
        }
    }

    @Test
    void rereadsOfKeysAndRangesAlreadyReadNeverFailPastTheWindow() {
        write("a", "1");
        write("b", "2");
        write("c", "3");
        write("z", "26");
        try (Transaction tr = db.createTransaction()) {
            assertEquals("1", s(tr.get(b("a")).join()));
            assertEquals(null, tr.get(b("absent")).join());
            assertEquals(2, tr.getRange(b("b"), b("y")).asList().join().size());
            assertEquals(1, tr.getRange(b("z"), b("zz"), 5, true).asList().join().size());
            tr.snapshot().get(b("z")).join();
            advanceMillis(5_100);
            write("a", "changed"); // prunes versions: the cache still answers with what the transaction saw
            write("b", "changed");
            assertEquals("1", s(tr.get(b("a")).join()));
            assertEquals(null, tr.get(b("absent")).join());
            assertEquals(List.of("b", "c"), ReadYourWritesContract.keys(tr.getRange(b("b"), b("y")).asList().join()));
            assertEquals("2", s(tr.snapshot().get(b("b")).join())); // a point inside a range read
            assertEquals(List.of("c"), ReadYourWritesContract.keys(tr.getRange(b("bb"), b("x"), 1).asList().join()));
            assertEquals("26", s(tr.get(b("z")).join()));
            tr.set(b("b"), b("mine"));
            assertEquals(List.of("mine", "3"), tr.getRange(b("b"), b("y")).asList().join().stream().map(kv -> s(kv.getValue())).toList());
            assertFdbError(1007, () -> tr.get(b("y")).join()); // never read: reaches storage
            assertFdbError(1007, () -> tr.getRange(b("a"), b("zzz")).asList().join()); // only partly read
            assertFdbError(1007, () -> tr.commit().join()); // a read-write commit past the window still fails
        }
    }

    @Test
    void rangeReadsOverKeysPointReadBeforeNeverFailPastTheWindow() {
        write("a", "1");
        write("c", "3");
        write("d", "4");
        try (Transaction tr = db.createTransaction()) {
            tr.get(b("a")).join();
            tr.get(b("a\0")).join();
            tr.getRange(b("b"), b("c")).asList().join();
            tr.get(b("c")).join();
            advanceMillis(5_100);
            write("a", "changed");
            assertEquals(List.of("a"), ReadYourWritesContract.keys(tr.getRange(b("a"), b("a\0\0")).asList().join()));
            assertEquals(List.of("c"), ReadYourWritesContract.keys(tr.getRange(b("b"), b("c\0")).asList().join()));
            assertFdbError(1007, () -> tr.getRange(b("a"), b("b")).asList().join()); // a gap: reaches storage
        }
    }

    @Test
    void aLimitedRangeReadCachesOnlyUpToTheLastKeyItReturned() {
        write("a", "1");
        write("b", "2");
        write("c", "3");
        try (Transaction tr = db.createTransaction()) {
            tr.getRange(b("a"), b("z"), 2).asList().join();
            advanceMillis(5_100);
            assertEquals(2, tr.getRange(b("a"), b("b\0")).asList().join().size());
            assertFdbError(1007, () -> tr.getRange(b("a"), b("c\0")).asList().join());
        }
    }

    @Test
    void withReadYourWritesDisabledEveryReadReachesStorage() {
        write("a", "1");
        try (Transaction tr = db.createTransaction()) {
            tr.options().setReadYourWritesDisable();
            tr.get(b("a")).join();
            advanceMillis(5_100);
            assertFdbError(1007, () -> tr.get(b("a")).join());
        }
    }

    @Test
    void readWriteCommitPastTheWindowFailsEvenWhenNothingElseCommitted() {
        write("k", "v");
        try (Transaction tr = db.createTransaction()) {
            tr.get(b("k")).join();
            advanceMillis(5_100);
            tr.set(b("k"), b("w"));
            assertFdbError(1007, () -> tr.commit().join());
        }
    }

    @Test
    void readerInsideTheWindowSeesItsVersionOfAKeyWrittenManyTimesSince() {
        write("hot", "0");
        List<Transaction> readers = new ArrayList<>();
        try {
            for (int i = 1; i <= 400; i++) {
                Transaction reader = db.createTransaction();
                reader.getReadVersion().join();
                readers.add(reader);
                advanceMillis(10);
                write("hot", Integer.toString(i));
            }
            // the oldest reader is 4 s old; every one still sees the value as of its read version
            for (int i = 0; i < readers.size(); i++) {
                assertEquals(Integer.toString(i), s(readers.get(i).get(b("hot")).join()), "reader " + i);
            }
        } finally {
            readers.forEach(Transaction::close);
        }
    }

    @Test
    void atomicAddsToOneKeyKeepEveryIncrement() {
        byte[] one = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();
        for (int i = 0; i < 10_000; i++) {
            db.run(tr -> {
                tr.mutate(MutationType.ADD, b("counter"), one);
                return null;
            });
            if (i % 100 == 0) {
                advanceMillis(100); // crosses the window many times: old versions are pruned as it goes
            }
        }
        long total = ByteBuffer.wrap(db.read(tr -> tr.get(b("counter")).join())).order(ByteOrder.LITTLE_ENDIAN).getLong();
        assertEquals(10_000L, total);
    }

    @Test
    void conflictsAreStillFoundAfterOlderWritesLeftTheWindow() {
        for (int i = 0; i < 100; i++) {
            write("old" + i, "v");
        }
        advanceMillis(6_000);
        write("trigger-housekeeping", "v");
        Transaction tr = db.createTransaction();
        tr.get(b("old5")).join();
        write("old5", "changed");
        tr.set(b("x"), b("1"));
        assertFdbError(1020, () -> tr.commit().join());
        tr.close();
    }

    @Test
    void timeoutCountsFromCreationAcrossRetries() {
        Transaction tr = db.createTransaction();
        tr.options().setTimeout(1_000);
        advanceMillis(600);
        Transaction retry = tr.onError(new FDBException("not_committed", 1020)).join();
        advanceMillis(600);
        assertFdbError(1031, () -> retry.get(b("k")).join());
        retry.close();
    }
}
