package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.keys;
import static io.strata.embedded.ReadYourWritesContract.le;
import static io.strata.embedded.ReadYourWritesContract.s;
import static io.strata.embedded.ReadYourWritesContract.storeKeysAToE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Keys and values cross the API by copy, both ways, as fdb-java copies them into and out of the client:
 * a caller may reuse or change any array it passed or received without changing what the database
 * stores, what a transaction will write, or which reads conflict.
 */
public abstract class ArrayOwnershipContract extends BackendContract {

    @BeforeEach
    void storeKeys() {
        storeKeysAToE(db);
    }

    private String committed(String key) {
        return s(db.read(tr -> tr.get(b(key)).join()));
    }


    @Test
    void reusingTheKeyBufferAfterSetDoesNotRewriteThePendingWrite() {
        try (Transaction tr = db.createTransaction()) {
            byte[] key = b("x");
            tr.set(key, b("1"));
            key[0] = 'y';
            tr.set(key, b("2"));
            assertEquals("1", s(tr.get(b("x")).join()));
            assertEquals("2", s(tr.get(b("y")).join()));
            tr.commit().join();
        }
        assertEquals("1", committed("x"));
        assertEquals("2", committed("y"));
    }

    @Test
    void reusingTheValueBufferAfterSetDoesNotChangeTheWrite() {
        try (Transaction tr = db.createTransaction()) {
            byte[] value = b("first");
            tr.set(b("x"), value);
            value[0] = 'F';
            assertEquals("first", s(tr.get(b("x")).join()));
            tr.commit().join();
        }
        assertEquals("first", committed("x"));
    }

    @Test
    void reusingTheOperandOfAnAtomicOpDoesNotChangeIt() {
        try (Transaction tr = db.createTransaction()) {
            byte[] operand = le(5);
            tr.mutate(MutationType.ADD, b("n"), operand);
            operand[0] = 100;
            tr.commit().join();
        }
        assertEquals(5L, java.nio.ByteBuffer.wrap(db.read(tr -> tr.get(b("n")).join()))
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong());
    }

    @Test
    void changingAReturnedValueDoesNotChangeTheStoreForLaterReaders() {
        db.read(tr -> {
            byte[] value = tr.get(b("a")).join();
            value[0] = 'z';
            List<KeyValue> range = tr.getRange(b("a"), b("c")).asList().join();
            range.get(0).getKey()[0] = 'q';
            range.get(1).getValue()[0] = 'q';
            return null;
        });
        assertEquals("a", committed("a"));
        assertEquals(List.of("a", "b"), keys(db.read(tr -> tr.getRange(b("a"), b("c")).asList().join())));
        assertEquals("b", committed("b"));
    }

    @Test
    void changingAReturnedValueOfOwnWriteDoesNotChangeTheWrite() {
        try (Transaction tr = db.createTransaction()) {
            tr.set(b("x"), b("mine"));
            tr.get(b("x")).join()[0] = 'M';
            tr.getRange(b("x"), b("y")).asList().join().get(0).getValue()[1] = 'I';
            assertEquals("mine", s(tr.get(b("x")).join()));
            tr.commit().join();
        }
        assertEquals("mine", committed("x"));
    }

    @Test
    void changingAReturnedKeyOfGetKeyDoesNotChangeTheStore() {
        db.read(tr -> {
            tr.getKey(KeySelector.firstGreaterOrEqual(b("b"))).join()[0] = 'z';
            return null;
        });
        assertEquals(List.of("a", "b", "c", "d", "e"), keys(db.read(tr -> tr.getRange(b("a"), b("z")).asList().join())));
    }

    /** The lost update the issue found: the read-conflict range must be the key read, not the buffer's later contents. */
    @Test
    void reusingTheKeyBufferAfterGetKeepsTheReadConflictOnTheKeyRead() {
        try (Transaction tr = db.createTransaction()) {
            byte[] key = b("a");
            byte[] seen = tr.get(key).join();
            key[0] = 'q';
            tr.set(b("a"), b(s(seen) + "+1"));
            ConflictContract.concurrentWrite(db, "a");
            assertFdbError(1020, () -> tr.commit().join());
        }
        assertEquals("changed", committed("a"));
    }

    @Test
    void reusingRangeBoundsAfterGetRangeKeepsTheReadConflictOnTheRangeRead() {
        try (Transaction tr = db.createTransaction()) {
            byte[] begin = b("b");
            byte[] end = b("d");
            tr.getRange(begin, end).asList().join();
            begin[0] = 'x';
            end[0] = 'y';
            tr.set(b("z"), b("1"));
            ConflictContract.concurrentWrite(db, "c");
            assertFdbError(1020, () -> tr.commit().join());
        }
    }

    @Test
    void reusingASelectorKeyAfterGetKeyKeepsTheReadConflict() {
        try (Transaction tr = db.createTransaction()) {
            byte[] key = b("b");
            assertEquals("b", s(tr.getKey(KeySelector.firstGreaterOrEqual(key)).join()));
            key[0] = 'x';
            tr.set(b("z"), b("1"));
            ConflictContract.concurrentWrite(db, "b");
            assertFdbError(1020, () -> tr.commit().join());
        }
    }

    @Test
    void reusingBuffersAfterExplicitConflictRangesKeepsTheRanges() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            byte[] key = b("c");
            tr.addReadConflictKey(key);
            key[0] = 'x';
            byte[] begin = b("m");
            byte[] end = b("n");
            tr.addWriteConflictRange(begin, end);
            begin[0] = 'a';
            end[0] = 'b';
            ConflictContract.concurrentWrite(db, "c");
            assertFdbError(1020, () -> tr.commit().join());
        }
    }

    @Test
    void clearingThroughAReusedBufferClearsTheKeyGiven() {
        try (Transaction tr = db.createTransaction()) {
            byte[] key = b("a");
            tr.clear(key);
            key[0] = 'b';
            byte[] begin = b("c");
            byte[] end = b("d");
            tr.clear(begin, end);
            begin[0] = 'd';
            end[0] = 'e';
            tr.commit().join();
        }
        assertEquals(List.of("b", "d", "e"), keys(db.read(tr -> tr.getRange(b("a"), b("z")).asList().join())));
    }

    @Test
    void changingAKeyAfterCommitLeavesTheCommittedKeyReachable() {
        byte[] key = b("x");
        byte[] value = b("v");
        db.run(tr -> {
            tr.set(key, value);
            return null;
        });
        key[0] = 'y';
        value[0] = 'w';
        assertEquals("v", committed("x"));
        assertNull(committed("y"));
    }

    @Test
    void aWatchKeepsTheKeyItWasGivenWhenTheBufferIsReused() throws Exception {
        byte[] key = b("a");
        CompletableFuture<Void> watch = db.run(tr -> tr.watch(key));
        key[0] = 'b';
        ConflictContract.concurrentWrite(db, "a");
        watch.get(30, TimeUnit.SECONDS);
    }
}
