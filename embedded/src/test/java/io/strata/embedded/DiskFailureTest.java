package io.strata.embedded;

import static io.strata.embedded.DurableFiles.commitNumbers;
import static io.strata.embedded.DurableFiles.numbers;
import static io.strata.embedded.DurableFiles.onlyLog;
import static io.strata.embedded.DurableFiles.recordOffsets;
import static io.strata.embedded.DurableFiles.recordsEnd;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk fails while a durable database is open: the commits being written fail with a
 * {@link StorageException} naming the log and are never visible, later commits fail at once saying the database
 * must be reopened, {@code close()} releases the directory, and reopening recovers exactly the commits
 * acknowledged before the failure.
 */
class DiskFailureTest {
    @TempDir
    Path temp;

    private static byte[] key(int n) {
        return Tuple.from("k", n).pack();
    }

    private static CompletableFuture<Void> commitKey(Database db, int n) {
        Transaction tr = db.createTransaction();
        tr.set(key(n), Tuple.from(n).pack());
        return tr.commit().whenComplete((ok, e) -> tr.close());
    }

    private static StorageException failure(CompletableFuture<Void> commit) throws Exception {
        ExecutionException e = assertThrows(ExecutionException.class, () -> commit.get(10, TimeUnit.SECONDS));
        return assertInstanceOf(StorageException.class, e.getCause());
    }

    @Test
    void aFailedForceFailsTheCommitsWaitingOnItAndStopsTheDatabase() throws Exception {
        Path dir = temp.resolve("db");
        // forces 1-5: commits 0-4 one by one; force 6 (commit 5) is held while 6, 7 and 8 queue; force 7 fails
        TestDisk disk = new TestDisk().holdForce(6).failForce(7);
        try (Database db = EmbeddedFdb.builder().logDisk(disk).open(dir)) {
            Path log = onlyLog(dir);
            commitNumbers(db, 0, 5);
            CompletableFuture<Void> held = commitKey(db, 5);
            disk.awaitHeld();
            List<CompletableFuture<Void>> waiting = new ArrayList<>();
            for (int n = 6; n <= 8; n++) {
                waiting.add(commitKey(db, n)); // queued (appended under the commit lock) before commit() returns
            }
            assertEquals(6, recordOffsets(log).size(), "commit 5 is written while its force is held");
            long forcedSize = recordsEnd(log);
            disk.release();
            held.get(10, TimeUnit.SECONDS);

            for (CompletableFuture<Void> commit : waiting) {
                StorageException e = failure(commit);
                assertTrue(e.getMessage().contains(log.toString()) && e.getMessage().contains("was not committed")
                        && e.getMessage().contains("injected force failure"), e.getMessage());
            }
            assertEquals(forcedSize, Files.size(log), "the failed group was cut from the log");
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), numbers(db), "no commit of the failed group is visible");

            StorageException later = failure(commitKey(db, 9));
            assertTrue(later.getMessage().contains("stopped accepting commits") && later.getMessage().contains(dir.toString())
                    && later.getMessage().contains("open the directory again"), later.getMessage());
            assertInstanceOf(StorageException.class, later.getCause(), "the disk failure that stopped the database");
            assertEquals(7, disk.writes(), "one write per group (commits 0-4, 5, then 6-8) and nothing after the failure");
            assertEquals(8, disk.forces(), "force 8 made the cut-back file durable");

            db.close(); // releases the directory
        }
        try (Database reopened = EmbeddedFdb.open(dir)) {
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), numbers(reopened), "exactly the acknowledged commits");
            commitNumbers(reopened, 10, 11);
            assertEquals(7, numbers(reopened).size(), "the reopened database commits again");
        }
    }

    @Test
    void aDiskThatDiesMidWriteLeavesATornTailThatRecoveryDrops() throws Exception {
        Path dir = temp.resolve("db");
        TestDisk disk = new TestDisk().deadAfterFailure();
        Path log;
        long acknowledgedSize;
        try (Database db = EmbeddedFdb.builder().logDisk(disk).open(dir)) {
            log = onlyLog(dir);
            commitNumbers(db, 0, 5); // writes 1-5
            acknowledgedSize = recordsEnd(log);
            // write 6 puts commit 5 on the disk up to the end of a 512-byte sector, then the disk refuses everything
            int written = (int) (512 - acknowledgedSize % 512);
            disk.failWrite(6, written);

            Transaction big = db.createTransaction();
            byte[] value = new byte[2_000];
            Arrays.fill(value, (byte) 7);
            big.set(key(5), value); // more sectors than the one written
            StorageException e = failure(big.commit().whenComplete((ok, x) -> big.close()));
            assertTrue(e.getMessage().contains(log.toString()) && e.getMessage().contains("is unknown")
                    && e.getMessage().contains("open the directory again"), e.getMessage());
            byte[] bytes = Files.readAllBytes(log);
            assertTrue(!Arrays.equals(new byte[written], Arrays.copyOfRange(bytes, (int) acknowledgedSize,
                    (int) acknowledgedSize + written)) && bytes[(int) acknowledgedSize + written] == 0,
                    "the torn write is on the disk, up to the sector's end");
            assertNull(db.read(tr -> tr.get(key(5)).join()), "the failed commit is not visible");
            StorageException later = failure(commitKey(db, 6));
            assertTrue(later.getMessage().contains("stopped accepting commits"), later.getMessage());

            db.close(); // releases the directory though the disk is dead: no closing checkpoint is attempted
        }
        assertFalse(Files.exists(dir.resolve(Checkpoints.FILE)), "no checkpoint of a store in doubt");
        try (RecoveryLog recovery = new RecoveryLog(); Database reopened = EmbeddedFdb.open(dir)) {
            assertTrue(recovery.droppedTheTornTailOf(log), recovery.messages().toString());
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L), numbers(reopened), "exactly the acknowledged commits");
            assertEquals(acknowledgedSize, Files.size(log), "recovery cut the torn tail off");
        }
    }

    @Test
    void aFailedWriteOnAWorkingDiskIsCutBackAndTheCommitIsNotCommitted() throws Exception {
        Path dir = temp.resolve("db");
        TestDisk disk = new TestDisk().failWrite(3, 1_000);
        try (Database db = EmbeddedFdb.builder().logDisk(disk).open(dir)) {
            Path log = onlyLog(dir);
            commitNumbers(db, 0, 2);
            long acknowledgedSize = recordsEnd(log);
            StorageException e = failure(commitKey(db, 2));
            assertTrue(e.getMessage().contains("was not committed") && e.getMessage().contains("injected write failure"),
                    e.getMessage());
            assertEquals(acknowledgedSize, Files.size(log), "the written record was cut off at once");
        }
        try (Database reopened = EmbeddedFdb.open(dir)) {
            assertEquals(List.of(0L, 1L), numbers(reopened));
        }
    }
}
