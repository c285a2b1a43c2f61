package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.LocalityUtil;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.async.CloseableAsyncIterator;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Limits, error codes, versions, versionstamps, watches, retry options and lifecycle of a transaction. */
public abstract class TransactionContract extends BackendContract {

    /** The shard boundaries {@code LocalityUtil} reports in {@code [begin, end)}. */
    protected final List<byte[]> boundaryKeys(byte[] begin, byte[] end) {
        List<byte[]> out = new ArrayList<>();
        try (CloseableAsyncIterator<byte[]> keys = LocalityUtil.getBoundaryKeys(db, begin, end)) {
            keys.forEachRemaining(out::add); // not AsyncUtil.collectRemaining: its default executor loads libfdb_c
        }
        return out;
    }

    @Test
    void theShardBoundariesOfTheNormalKeySpaceBeginAtTheEmptyKey() {
        db.run(tr -> {
            tr.set(b("a"), b("1"));
            return null;
        });
        List<byte[]> boundaries = boundaryKeys(new byte[0], new byte[] {(byte) 0xff});
        assertFalse(boundaries.isEmpty(), "a scan split on shard boundaries needs at least the first");
        assertArrayEquals(new byte[0], boundaries.get(0), "the first shard begins at the empty key");
        for (int i = 1; i < boundaries.size(); i++) {
            assertTrue(Arrays.compareUnsigned(boundaries.get(i - 1), boundaries.get(i)) < 0, "in key order");
            assertTrue(Arrays.compareUnsigned(boundaries.get(i), new byte[] {(byte) 0xff}) < 0, "inside the range");
        }
    }

    @Test
    void keyOverTenThousandBytesFailsOnCommit() {
        try (Transaction tr = db.createTransaction()) {
            tr.set(new byte[10_001], b("v"));
            assertFdbError(2102, () -> tr.commit().join());
        }
    }

    @Test
    void valueOverOneHundredThousandBytesSurfacesOnTheNextRead() {
        try (Transaction tr = db.createTransaction()) {
            tr.set(b("k"), new byte[100_001]);
            assertFdbError(2103, () -> tr.get(b("other")).join());
        }
    }

    @Test
    void transactionOverTheSizeLimitFails() {
        try (Transaction tr = db.createTransaction()) {
            tr.options().setSizeLimit(50_000);
            for (int i = 0; i < 10; i++) {
                tr.set(b("k" + i), new byte[10_000]);
            }
            assertFdbError(2101, () -> tr.commit().join());
        }
    }

    @Test
    void systemKeysNeedTheOption() {
        try (Transaction tr = db.createTransaction()) {
            assertFdbError(2004, () -> tr.get(new byte[] {(byte) 0xff, 1}).join());
        }
        try (Transaction tr = db.createTransaction()) {
            tr.options().setReadSystemKeys();
            tr.get(new byte[] {(byte) 0xff, 1}).join();
        }
    }

    @Test
    void clearingAnInvertedRangeFailsTheCommit() {
        try (Transaction tr = db.createTransaction()) {
            tr.clear(b("z"), b("a"));
            assertFdbError(2005, () -> tr.commit().join());
        }
    }

    @Test
    void cancelledTransactionFailsEveryLaterOperation() {
        try (Transaction tr = db.createTransaction()) {
            tr.cancel();
            assertFdbError(1025, () -> tr.get(b("a")).join());
            assertFdbError(1025, () -> tr.commit().join());
        }
    }

    @Test
    void closedTransactionCannotBeUsed() {
        Transaction tr = db.createTransaction();
        tr.close();
        assertThrows(IllegalStateException.class, () -> tr.get(b("a")));
    }

    @Test
    void commitVersionsIncreaseAndReadOnlyCommitHasNone() {
        long first = commitOne("a");
        long second = commitOne("b");
        assertTrue(second > first, second + " > " + first);
        try (Transaction tr = db.createTransaction()) {
            tr.get(b("a")).join();
            CompletableFuture<byte[]> stamp = tr.getVersionstamp(); // asked for before commit, as FoundationDB requires
            tr.commit().join();
            assertEquals(-1L, tr.getCommittedVersion());
            assertFdbError(2021, stamp::join);
        }
    }

    private long commitOne(String key) {
        try (Transaction tr = db.createTransaction()) {
            tr.set(b(key), b("v"));
            tr.commit().join();
            return tr.getCommittedVersion();
        }
    }

    @Test
    void readVersionOlderThanFiveSecondsIsTooOld() {
        long now = db.read(tr -> tr.getReadVersion().join());
        try (Transaction tr = db.createTransaction()) {
            tr.setReadVersion(now - 6_000_000L);
            assertFdbError(1007, () -> tr.get(b("a")).join());
        }
    }

    @Test
    void versionstampedKeyIsFilledWithTheCommitVersion() {
        // the tuple ("log", <incomplete versionstamp, user version 7>) packed by hand: 0x33, 10 placeholder bytes, 2-byte user version
        byte[] prefix = Tuple.from("log").pack();
        ByteBuffer key = ByteBuffer.allocate(prefix.length + 13 + 4).order(ByteOrder.LITTLE_ENDIAN);
        key.put(prefix).put((byte) 0x33).put(new byte[10]).put((byte) 0).put((byte) 7).putInt(prefix.length + 1);
        byte[] param = key.array();
        byte[] stamp;
        try (Transaction tr = db.createTransaction()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, param, b("payload"));
            CompletableFuture<byte[]> vs = tr.getVersionstamp();
            tr.commit().join();
            stamp = vs.join();
            assertEquals(tr.getCommittedVersion(), ByteBuffer.wrap(stamp).getLong());
        }
        List<KeyValue> kvs = db.read(tr -> tr.getRange(Tuple.from("log").range()).asList().join());
        assertEquals(1, kvs.size());
        Tuple stored = Tuple.fromBytes(kvs.get(0).getKey());
        assertEquals(Versionstamp.complete(stamp, 7), stored.getVersionstamp(1));
    }

    @Test
    void versionstampedValueIsFilledAndItsKeyIsUnreadableBeforeCommit() {
        byte[] param = ByteBuffer.allocate(14).order(ByteOrder.LITTLE_ENDIAN).put(new byte[10]).putInt(0).array();
        try (Transaction tr = db.createTransaction()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, b("vs"), param);
            assertFdbError(1036, () -> tr.get(b("vs")).join());
        }
        try (Transaction tr = db.createTransaction()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, b("vs"), param);
            CompletableFuture<byte[]> vs = tr.getVersionstamp();
            tr.commit().join();
            assertArrayEquals(vs.join(), db.read(r -> r.get(b("vs")).join()));
        }
    }

    @Test
    void versionstampWithABadOffsetFailsWithInvalidOperation() {
        try (Transaction tr = db.createTransaction()) {
            byte[] param = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).put(new byte[4]).putInt(100).array();
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, b("vs"), param);
            assertFdbError(2000, () -> tr.commit().join());
        }
    }

    @Test
    void watchFiresWhenTheValueChanges() throws Exception {
        db.run(tr -> {
            tr.set(b("w"), b("1"));
            return null;
        });
        CompletableFuture<Void> watch = db.run(tr -> tr.watch(b("w")));
        assertFalse(watch.isDone());
        db.run(tr -> {
            tr.set(b("w"), b("1"));
            return null;
        });
        assertFalse(watch.isDone(), "writing the same value does not fire a watch");
        db.run(tr -> {
            tr.set(b("w"), b("2"));
            return null;
        });
        watch.get(10, TimeUnit.SECONDS);
    }

    @Test
    void retryLimitStopsTheRetryLoop() {
        AtomicInteger attempts = new AtomicInteger();
        assertFdbError(1020, () -> db.run(tr -> {
            tr.options().setRetryLimit(2);
            attempts.incrementAndGet();
            throw new FDBException("forced conflict", 1020);
        }));
        assertEquals(3, attempts.get());
    }

    @Test
    void nonRetryableErrorsEscapeTheRetryLoopAtOnce() {
        AtomicInteger attempts = new AtomicInteger();
        assertFdbError(2004, () -> db.run(tr -> {
            attempts.incrementAndGet();
            return tr.get(new byte[] {(byte) 0xff}).join();
        }));
        assertEquals(1, attempts.get());
    }

    @Test
    void runAsyncRetriesConflictsUntilCommitted() {
        AtomicInteger attempts = new AtomicInteger();
        String result = db.runAsync(tr -> {
            if (attempts.incrementAndGet() < 3) {
                return CompletableFuture.failedFuture(new FDBException("forced conflict", 1020));
            }
            tr.set(b("async"), b("done"));
            return CompletableFuture.completedFuture("ok");
        }).join();
        assertEquals("ok", result);
        assertEquals(3, attempts.get());
        assertEquals("done", s(db.readAsync(tr -> tr.get(b("async"))).join()));
    }

    @Test
    void estimatedRangeSizeAndSplitPointsReflectTheData() {
        db.run(tr -> {
            for (int i = 0; i < 100; i++) {
                tr.set(Tuple.from("est", i).pack(), new byte[1000]);
            }
            return null;
        });
        long estimate = db.read(tr -> tr.getEstimatedRangeSizeBytes(Tuple.from("est").range()).join());
        assertTrue(estimate >= 100_000 && estimate < 200_000, "estimate " + estimate);
        List<byte[]> points = db.read(tr -> tr.getRangeSplitPoints(Tuple.from("est").range(), 10_000).join().getKeys());
        assertTrue(points.size() >= 9 && points.size() <= 13, "split points " + points.size());
        assertArrayEquals(Tuple.from("est").range().begin, points.get(0));
    }

    @Test
    void committedDataIsVisibleToLaterTransactionsOnly() {
        try (Transaction before = db.createTransaction()) {
            before.getReadVersion().join();
            commitOne("late");
            assertNull(before.get(b("late")).join());
        }
        assertEquals("v", s(db.read(tr -> tr.get(b("late")).join())));
    }

    @Test
    void clearRangeRemovesCommittedKeys() {
        db.run(tr -> {
            for (int i = 0; i < 10; i++) {
                tr.set(Tuple.from("cr", i).pack(), b("v"));
            }
            return null;
        });
        db.run(tr -> {
            tr.clear(Tuple.from("cr", 2).pack(), Tuple.from("cr", 8).pack());
            return null;
        });
        List<Long> left = db.read(tr -> tr.getRange(Tuple.from("cr").range()).asList().join()).stream()
                .map(kv -> Tuple.fromBytes(kv.getKey()).getLong(1)).toList();
        assertEquals(List.of(0L, 1L, 8L, 9L), left);
        assertTrue(Arrays.equals(b("v"), db.read(tr -> tr.get(Tuple.from("cr", 9).pack()).join())));
    }
}
