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
