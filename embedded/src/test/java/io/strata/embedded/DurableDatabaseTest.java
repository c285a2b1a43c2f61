package io.strata.embedded;

import static io.strata.embedded.DurableFiles.commitNumbers;
import static io.strata.embedded.DurableFiles.crashImage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A durable database keeps what it acknowledged across close, crash and checkpoints; versions keep rising. */
class DurableDatabaseTest {
    @TempDir
    Path temp;

    private static byte[] key(int n) {
        return Tuple.from("k", n).pack();
    }

    private static int count(Database db) {
        return db.read(tr -> tr.getRange(Range.startsWith(Tuple.from("k").pack())).asList().join()).size();
    }

    @Test
    void aMissingDirectoryIsCreatedAndWhatWasCommittedIsThereAfterReopening() {
        Path dir = temp.resolve("new");
        long before;
        try (Database db = EmbeddedFdb.open(dir)) {
            commitNumbers(db, 0, 10);
            try (Transaction tr = db.createTransaction()) {
                tr.mutate(MutationType.ADD, Tuple.from("n").pack(), new byte[] {5, 0, 0, 0, 0, 0, 0, 0});
                tr.commit().join();
                before = tr.getCommittedVersion();
            }
        }
        assertTrue(Files.exists(dir.resolve(Checkpoints.FILE)), "close() writes a checkpoint");
        try (Database db = EmbeddedFdb.open(dir)) {
            assertEquals(10, count(db));
            assertArrayEquals(new byte[] {5, 0, 0, 0, 0, 0, 0, 0}, db.read(tr -> tr.get(Tuple.from("n").pack()).join()));
            try (Transaction tr = db.createTransaction()) {
                assertTrue(tr.getReadVersion().join() > before, "read versions after reopening follow the last commit");
                tr.set(key(99), new byte[0]);
                tr.commit().join();
                assertTrue(tr.getCommittedVersion() > before, "versions keep increasing across restarts");
            }
        }
    }

    @Test
    void aCrashImageHoldsEveryAcknowledgedCommitAndReplaysTheLog() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            commitNumbers(db, 0, 50);
            db.run(tr -> {
                tr.clear(key(7));
                tr.clear(key(20), key(30));
                return null;
            });
            Path image = crashImage(dir, temp.resolve("image"));
            assertFalse(Files.exists(image.resolve(Checkpoints.FILE)), "nothing was checkpointed: recovery is the log alone");
            try (Database recovered = EmbeddedFdb.open(image)) {
                assertEquals(39, count(recovered));
                assertNull(recovered.read(tr -> tr.get(key(7)).join()));
            }
        }
    }

    /** Every key-value of the normal keyspace, as "key=value" lines of hex. */
    private static List<String> contents(Database db) {
        return db.read(tr -> tr.getRange(new byte[0], new byte[] {(byte) 0xff}).asList().join()).stream()
                .map(kv -> ByteArrayUtil.printable(kv.getKey()) + "=" + ByteArrayUtil.printable(kv.getValue())).toList();
    }

    @Test
    void replayingTheLogReproducesEveryMutationTypeExactly() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            byte[] operand = {(byte) 0x81, 0x7f, 0, (byte) 0xff};
            for (int round = 0; round < 3; round++) {
                int r = round;
                db.run(tr -> {
                    for (MutationType type : MutationType.values()) {
                        byte[] k = Tuple.from("m", type.name()).pack();
                        switch (type) {
                            case SET_VERSIONSTAMPED_KEY -> tr.mutate(type, ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
                                    .put(new byte[] {'v', 'k'}).put(new byte[10]).putInt(2).array(), operand);
                            case SET_VERSIONSTAMPED_VALUE -> tr.mutate(type, k, new byte[14]);
                            case COMPARE_AND_CLEAR -> tr.mutate(type, k, r == 1 ? operand : new byte[] {9});
                            default -> tr.mutate(type, k, operand);
                        }
                    }
                    tr.set(Tuple.from("c", r).pack(), new byte[] {(byte) r});
                    tr.clear(Tuple.from("c", r - 1).pack());
                    tr.clear(Tuple.from("x").range().begin, Tuple.from("x").range().end);
                    tr.set(Tuple.from("x", r).pack(), new byte[] {1});
                    return null;
                });
            }
            List<String> expected = contents(db);
            try (Database fromLog = EmbeddedFdb.open(crashImage(dir, temp.resolve("image")))) {
                assertEquals(expected, contents(fromLog), "the log alone replays to the same data");
            }
            db.close();
            try (Database fromCheckpoint = EmbeddedFdb.open(dir)) {
                assertEquals(expected, contents(fromCheckpoint), "the checkpoint holds the same data");
            }
        }
    }

    @Test
    void backgroundCheckpointsKeepTheLogShortWhileCommitsGoOn() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.builder().checkpointAfter(16 * 1024).open(dir)) {
            for (int i = 0; i < 400; i++) {
                int n = i;
                db.run(tr -> {
                    tr.set(key(n), new byte[512]);
                    tr.clear(key(n - 100));
                    return null;
                });
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (LogFile.list(dir).size() > 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(LogFile.list(dir).size() <= 2, "logs a checkpoint covers are deleted: " + LogFile.list(dir));
            assertTrue(Files.exists(dir.resolve(Checkpoints.FILE)));
            try (Database recovered = EmbeddedFdb.open(crashImage(dir, temp.resolve("image")))) {
                assertEquals(100, count(recovered), "checkpoint plus log: the last 100 keys");
            }
        }
    }

    @Test
    void concurrentCommitsAllCompleteAndAreAllKept() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            List<CompletableFuture<Void>> commits = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                commits.add(CompletableFuture.runAsync(() -> commitNumbers(db, thread * 100, thread * 100 + 50)));
            }
            CompletableFuture.allOf(commits.toArray(new CompletableFuture[0])).get(60, TimeUnit.SECONDS);
        }
        try (Database db = EmbeddedFdb.open(dir)) {
            assertEquals(400, count(db));
        }
    }

    @Test
    void closingWhileOthersCommitKeepsEveryCommitThatSucceeded() throws Exception {
        Path dir = temp.resolve("db");
        Database db = EmbeddedFdb.open(dir);
        Set<Integer> succeeded = ConcurrentHashMap.newKeySet();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            threads.add(new Thread(() -> {
                for (int i = thread * 100_000; ; i++) {
                    try (Transaction tr = db.createTransaction()) {
                        tr.set(key(i), new byte[0]);
                        tr.commit().join();
                        succeeded.add(i);
                    } catch (RuntimeException closed) {
                        return; // closed before or while this commit was written: it may or may not be there
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        Thread.sleep(200);
        db.close();
        for (Thread t : threads) {
            t.join(10_000);
        }
        try (Database reopened = EmbeddedFdb.open(dir)) {
            List<Integer> missing = succeeded.stream()
                    .filter(i -> reopened.read(tr -> tr.get(key(i)).join()) == null).sorted().toList();
            assertTrue(missing.isEmpty(), "commits that succeeded before close are all there; missing " + missing);
            assertTrue(succeeded.size() > 0, "some commits succeeded before the close");
        }
    }

    @Test
    void aWatchFiresOnlyOnceTheChangeIsDurable() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            CompletableFuture<Void> watch = db.run(tr -> tr.watch(key(1)));
            commitNumbers(db, 1, 2);
            watch.get(10, TimeUnit.SECONDS);
            assertEquals(1, count(db), "a reader woken by the watch sees the change");
        }
    }
}
