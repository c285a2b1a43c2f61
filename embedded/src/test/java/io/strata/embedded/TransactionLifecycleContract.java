package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.keys;
import static io.strata.embedded.ReadYourWritesContract.storeKeysAToE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.Transaction;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a transaction allows at each point of its life (FoundationDB's ReadYourWritesTransaction and
 * fdb-java's handle): after commit, after onError, after cancel and timeout; and the read-side edge
 * cases a layer meets (inverted ranges, limits, over-long keys, read versions).
 */
public abstract class TransactionLifecycleContract extends BackendContract {
    private static final FDBException CONFLICT = new FDBException("Transaction not committed due to conflict with another transaction", 1020);

    @BeforeEach
    void storeKeys() {
        storeKeysAToE(db);
    }

    private Transaction committed() {
        Transaction tr = db.createTransaction();
        tr.set(b("x"), b("1"));
        tr.commit().join();
        return tr;
    }

    /** A transaction whose commit failed with not_committed: it read "a", which another transaction then wrote. */
    private Transaction conflicted() {
        Transaction tr = db.createTransaction();
        tr.get(b("a")).join();
        db.run(other -> {
            other.set(b("a"), b("changed"));
            return null;
        });
        tr.set(b("x"), b("1"));
        assertFdbError(1020, () -> tr.commit().join());
        return tr;
    }

    // ---------------------------------------------------------------- after commit

    @Test
    void readAfterACommitFailsWithUsedDuringCommit() {
        try (Transaction tr = committed()) {
            assertFdbError(2017, () -> tr.get(b("a")).join());
        }
    }

    @Test
    void secondCommitFailsWithUsedDuringCommit() {
        try (Transaction tr = committed()) {
            assertFdbError(2017, () -> tr.commit().join());
        }
    }

    @Test
    void versionstampAskedForAfterCommitFailsWithUsedDuringCommit() {
        try (Transaction tr = committed()) {
            assertFdbError(2017, () -> tr.getVersionstamp().join());
        }
    }

    @Test
    void writeAfterACommitSurfacesUsedDuringCommitOnTheNextCall() {
        try (Transaction tr = committed()) {
            tr.set(b("y"), b("2")); // fdb-java's set never throws
            assertFdbError(2017, () -> tr.commit().join());
        }
        assertNull(db.read(r -> r.get(b("y")).join()));
    }

    @Test
    void useAfterCommitAlsoFailsOnError() {
        try (Transaction tr = committed()) {
            assertFdbError(2017, () -> tr.get(b("a")).join());
            assertFdbError(2017, () -> tr.onError(CONFLICT).join());
        }
    }

    @Test
    void readVersionIsStillAvailableAfterCommit() {
        try (Transaction tr = db.createTransaction()) {
            long version = tr.getReadVersion().join();
            tr.set(b("x"), b("1"));
            tr.commit().join();
            assertEquals(version, tr.getReadVersion().join());
        }
    }

    @Test
    void readAfterAFailedCommitFailsWithUsedDuringCommit() {
        try (Transaction tr = conflicted()) {
            assertFdbError(2017, () -> tr.get(b("a")).join());
        }
    }

    @Test
    void onErrorAfterAFailedCommitReturnsAWorkingTransaction() {
        Transaction tr = conflicted();
        try (Transaction retry = tr.onError(CONFLICT).join()) {
            retry.set(b("x"), b("retried"));
            retry.commit().join();
        }
        assertEquals("retried", ReadYourWritesContract.s(db.read(r -> r.get(b("x")).join())));
    }

    // ---------------------------------------------------------------- onError

    @Test
    void onErrorHandsOverToANewTransactionAndClosesTheOldOne() {
        Transaction tr = db.createTransaction();
        Transaction retry = tr.onError(CONFLICT).join();
        try {
            assertNotSame(tr, retry);
            assertThrows(IllegalStateException.class, () -> tr.get(b("a")));
            assertEquals("a", ReadYourWritesContract.s(retry.get(b("a")).join()));
        } finally {
            retry.close();
            tr.close();
        }
    }

    @Test
    void onErrorDiscardsTheAttemptsWrites() {
        Transaction tr = db.createTransaction();
        tr.set(b("a"), b("mine"));
        try (Transaction retry = tr.onError(CONFLICT).join()) {
            assertEquals("a", ReadYourWritesContract.s(retry.get(b("a")).join()));
        }
    }

    @Test
    void onErrorWithANonRetryableErrorFailsWithIt() {
        Transaction tr = db.createTransaction();
        assertFdbError(2004, () -> tr.onError(new FDBException("Key outside legal range", 2004)).join());
        assertThrows(IllegalStateException.class, () -> tr.get(b("a")));
        tr.close();
    }

    @Test
    void onErrorAfterCancelFailsWithTransactionCancelled() {
        Transaction tr = db.createTransaction();
        tr.cancel();
        assertFdbError(1025, () -> tr.onError(CONFLICT).join());
        tr.close();
    }

    @Test
    void timedOutTransactionFailsLaterOperationsAndOnError() throws InterruptedException {
        Transaction tr = db.createTransaction();
        tr.options().setTimeout(1);
        Thread.sleep(50);
        assertFdbError(1031, () -> tr.get(b("a")).join());
        assertFdbError(1031, () -> tr.onError(CONFLICT).join());
        tr.close();
    }

    // ---------------------------------------------------------------- watches

    @Test
    void closingATransactionFailsItsUncommittedWatch() {
        Transaction tr = db.createTransaction();
        CompletableFuture<Void> watch = tr.watch(b("a"));
        tr.close();
        assertFdbError(1025, () -> watch.get(10, TimeUnit.SECONDS)); // bounded: a watch that never ends fails the test
    }

    @Test
    void watchOfATransactionWhoseCommitFailsFailsWithTheCommitError() {
        Transaction tr = db.createTransaction();
        tr.get(b("a")).join();
        CompletableFuture<Void> watch = tr.watch(b("w"));
        db.run(other -> {
            other.set(b("a"), b("changed"));
            return null;
        });
        tr.set(b("x"), b("1"));
        assertFdbError(1020, () -> tr.commit().join());
        assertFdbError(1020, () -> watch.get(10, TimeUnit.SECONDS));
        tr.close();
    }

    @Test
    void watchesBeyondMaxWatchesFailWithTooManyWatches() {
        db.options().setMaxWatches(2);
        try (Transaction tr = db.createTransaction()) {
            tr.watch(b("a"));
            tr.watch(b("b"));
            assertFdbError(1032, () -> tr.watch(b("c")).get(10, TimeUnit.SECONDS));
        } finally {
            db.options().setMaxWatches(10_000);
        }
    }

    // ---------------------------------------------------------------- reads

    @Test
    void rangeWithBeginAfterEndIsEmpty() {
        try (Transaction tr = db.createTransaction()) {
            assertEquals(List.of(), tr.getRange(b("d"), b("b")).asList().join());
            assertEquals(List.of(), tr.getRange(b("d"), b("b"), 0, true).asList().join());
        }
    }

    @Test
    void invertedKeySelectorsReadNothing() {
        try (Transaction tr = db.createTransaction()) {
            assertEquals(List.of(), tr.getRange(KeySelector.firstGreaterThan(b("d")), KeySelector.firstGreaterOrEqual(b("b")))
                    .asList().join());
            assertEquals(List.of(), tr.getRange(KeySelector.lastLessOrEqual(b("e")), KeySelector.lastLessOrEqual(b("c")))
                    .asList().join());
        }
    }

    @Test
    void rangeLimitZeroMeansUnlimited() {
        try (Transaction tr = db.createTransaction()) {
            assertEquals(List.of("a", "b", "c", "d", "e"), keys(tr.getRange(b("a"), b("z"), 0).asList().join()));
        }
    }

    @Test
    void reverseRangeWithALimitReturnsTheLastKeysFirst() {
        try (Transaction tr = db.createTransaction()) {
            assertEquals(List.of("e", "d"), keys(tr.getRange(b("a"), b("z"), 2, true).asList().join()));
        }
    }

    @Test
    void readingAKeyLongerThanTheLimitFindsNothing() {
        try (Transaction tr = db.createTransaction()) {
            assertNull(tr.get(new byte[10_001]).join());
            tr.clear(new byte[10_001]);
            tr.set(b("x"), b("1"));
            tr.commit().join();
        }
    }

    @Test
    void emptyClearRangeLeavesTheTransactionReadOnly() {
        try (Transaction tr = db.createTransaction()) {
            tr.clear(b("a"), b("a"));
            tr.commit().join();
            assertEquals(-1L, tr.getCommittedVersion());
        }
        assertEquals("a", ReadYourWritesContract.s(db.read(r -> r.get(b("a")).join())));
    }

    @Test
    void readVersionsAdvanceWithoutCommits() throws InterruptedException {
        long first = db.read(tr -> tr.getReadVersion().join());
        Thread.sleep(20);
        long second = db.read(tr -> tr.getReadVersion().join());
        assertTrue(second > first, "read version " + second + " after 20 ms of no commits, was " + first);
    }

    @Test
    void readVersionAheadOfTheDatabaseFailsWithFutureVersion() {
        long now = db.read(tr -> tr.getReadVersion().join());
        try (Transaction tr = db.createTransaction()) {
            tr.setReadVersion(now + 60_000_000L);
            assertFdbError(1009, () -> tr.get(b("a")).join());
        }
    }

    @Test
    void secondSetReadVersionFailsWithReadVersionAlreadySet() {
        long now = db.read(tr -> tr.getReadVersion().join());
        try (Transaction tr = db.createTransaction()) {
            tr.setReadVersion(now);
            tr.setReadVersion(now);
            assertFdbError(2010, () -> tr.get(b("a")).join());
        }
    }
}
