package io.strata.embedded;

import static io.strata.embedded.DurableFiles.commitNumbers;
import static io.strata.embedded.DurableFiles.crashImage;
import static io.strata.embedded.DurableFiles.numbers;
import static io.strata.embedded.DurableFiles.recordOffsets;
import static io.strata.embedded.DurableFiles.recordsEnd;
import static io.strata.embedded.DurableFiles.resize;
import static io.strata.embedded.DurableFiles.zero;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log is preallocated with zeros, so a commit forces data only and never changes the file's size; recovery
 * tells the zeros, a torn group and damage apart; and logs written before preallocation still open.
 */
class PreallocatedLogTest {
    @TempDir
    Path temp;

    private static List<Long> range(long from, long to) {
        List<Long> numbers = new ArrayList<>();
        for (long n = from; n < to; n++) {
            numbers.add(n);
        }
        return numbers;
    }

    /** A commit record's payload: version {@code version} sets {@code ("k", n)}. */
    private static ByteBuffer commit(long version, int n) {
        var set = new WriteBuffer.Mutation(WriteBuffer.Mutation.Kind.SET, Tuple.from("k", n).pack(), null, null,
                Tuple.from(n).pack());
        return LogRecords.withVersion(LogRecords.encode(List.of(set)), version);
    }

    /** Writes a log by the writer's own code: each inner list one group of commits, written and forced together. */
    private static Path logOfGroups(Path dir, List<List<ByteBuffer>> groups) throws IOException {
        Files.createDirectories(dir);
        try (LogFile log = LogFile.create(dir, 1, LogFile.chunkFor(1 << 20), UnaryOperator.identity())) {
            for (List<ByteBuffer> group : groups) {
                log.appendAndForce(group);
            }
            return log.path();
        }
    }

    @Test
    void commitsForceDataOnlyAndNeverChangeTheLogsSize() throws IOException {
        Path dir = temp.resolve("db");
        TestDisk disk = new TestDisk().watchingSizesIn(dir);
        EngineStats cost;
        // a small checkpoint threshold: the log grows by 64 KiB chunks, several times, and rotates once at least
        try (Database db = EmbeddedFdb.builder().checkpointAfter(400 << 10).logDisk(disk).open(dir)) {
            EngineStats before = EmbeddedFdb.stats(db);
            commitNumbers(db, 0, 5_000);
            cost = EmbeddedFdb.stats(db).since(before);
        }
        assertEquals(5_000, cost.loggedCommits());
        assertEquals(cost.logForces(), disk.forces() - disk.metadataForces(),
                "every force that made commits durable forced their data only");
        assertEquals(0, disk.dataForcesAfterResize(), "no commit changed the log's size");
        assertTrue(disk.metadataForces() > 0, "the log grew (or was cut at a rotation) in between, forcing its size");
        assertTrue(disk.metadataForces() * 100 < cost.logForces(), disk.metadataForces()
                + " forces with the file's size for " + cost.logForces() + " commit forces");
        try (Database db = EmbeddedFdb.open(dir)) {
            assertEquals(range(0, 5_000), numbers(db));
        }
    }

    @Test
    void aLogThatRotatesEndsAtItsLastRecordAndTheNewestKeepsItsZeros() throws IOException {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.builder().checkpointAfter(64 << 10).open(dir)) {
            commitNumbers(db, 0, 3_000);
            Path image = crashImage(dir, temp.resolve("image"));
            var logs = LogFile.list(image);
            assertTrue(logs.size() >= 1, "logs: " + logs);
            for (Path older : logs.headMap(logs.lastKey()).values()) {
                assertEquals(Files.size(older), recordsEnd(older), older + " was cut to its records before the next log");
            }
            Path newest = logs.lastEntry().getValue();
            assertTrue(Files.size(newest) > recordsEnd(newest), "the newest log is preallocated");
            try (Database reopened = EmbeddedFdb.open(image)) {
                assertEquals(range(0, 3_000), numbers(reopened));
            }
        }
    }

    @Test
    void aCrashWhileTheLogGrowsLosesNothingAndTheLogGrowsAgain() throws IOException {
        Path dir = temp.resolve("db");
        Path image;
        try (Database db = EmbeddedFdb.open(dir)) {
            commitNumbers(db, 0, 10);
            image = crashImage(dir, temp.resolve("image"));
        }
        Path log = DurableFiles.onlyLog(image);
        long records = recordsEnd(log);
        resize(log, 12_345); // part of a chunk of zeros, its size forced, when the process died
        try (RecoveryLog recovery = new RecoveryLog(); Database db = EmbeddedFdb.open(image)) {
            assertTrue(recovery.messages().isEmpty(), "zeros are the log's free space, not a torn tail: "
                    + recovery.messages());
            assertEquals(range(0, 10), numbers(db));
            commitNumbers(db, 10, 20);
            Path crashed = crashImage(image, temp.resolve("crashed again"));
            assertEquals(records, recordOffsets(DurableFiles.onlyLog(crashed)).get(10),
                    "commits go on right after the last record, over the zeros");
            try (Database again = EmbeddedFdb.open(crashed)) {
                assertEquals(range(0, 20), numbers(again));
            }
        }
    }

    @Test
    void aDiskThatFailsWhileTheLogGrowsFailsTheCommitThatNeededTheRoomAndKeepsEveryAcknowledgedOne() throws Exception {
        Path dir = temp.resolve("db");
        TestDisk disk = new TestDisk().failGrowth();
        int acknowledged = 0;
        // a 64 KiB chunk: the log grows before a commit a few hundred commits in
        try (Database db = EmbeddedFdb.builder().checkpointAfter(256 << 10).logDisk(disk).open(dir)) {
            StorageException failed = null;
            for (int n = 0; failed == null && n < 5_000; n++) {
                try {
                    commitNumbers(db, n, n + 1);
                    acknowledged++;
                } catch (RuntimeException e) {
                    failed = assertInstanceOf(StorageException.class, EmbeddedDatabase.unwrap(e), e.toString());
                }
            }
            assertNotNull(failed, "the log never grew");
            assertTrue(failed.getMessage().contains("was not committed") && failed.getMessage().contains("injected write"),
                    failed.getMessage());
            assertTrue(acknowledged > 100, acknowledged + " commits before the log grew");
        }
        try (Database db = EmbeddedFdb.open(dir)) {
            assertEquals(range(0, acknowledged), numbers(db), "every acknowledged commit, and not the failed one");
        }
    }

    @Test
    void aTornGroupWhoseLaterRecordsReachedTheDiskIsDroppedWhole() throws IOException {
        Path dir = temp.resolve("db");
        Path log = logOfGroups(dir, List.of(List.of(commit(1_000, 0)),
                List.of(commit(2_000, 1), commit(3_000, 2), commit(4_000, 3))));
        List<Long> offsets = recordOffsets(log);
        zero(log, offsets.get(1), offsets.get(2)); // the group's first sector never reached the disk; its others did
        try (RecoveryLog recovery = new RecoveryLog(); Database db = EmbeddedFdb.open(dir)) {
            assertTrue(recovery.droppedTheTornTailOf(log), recovery.messages().toString());
            assertEquals(List.of(0L), numbers(db), "the first group only: no commit of the torn one was acknowledged");
        }
    }

    @Test
    void anUnwrittenRecordFollowedByALaterGroupIsDamage() throws IOException {
        Path dir = temp.resolve("db");
        Path log = logOfGroups(dir, List.of(List.of(commit(1_000, 0)), List.of(commit(2_000, 1)),
                List.of(commit(3_000, 2))));
        List<Long> offsets = recordOffsets(log);
        zero(log, offsets.get(1), offsets.get(2));
        long size = Files.size(log);
        DamagedFileException e = assertThrows(DamagedFileException.class, () -> EmbeddedFdb.open(dir));
        assertEquals(log, e.file());
        assertEquals(offsets.get(1), e.offset());
        assertTrue(e.getMessage().contains("later group") && e.getMessage().contains("offset " + offsets.get(2)),
                e.getMessage());
        assertEquals(size, Files.size(log), "nothing is cut from a damaged log");
    }

    @Test
    void aLogWrittenBeforePreallocationOpensAndCommitsGoOnInANewLog() throws IOException {
        Path dir = temp.resolve("db");
        Files.createDirectories(dir);
        Path old = LogFile.path(dir, 1);
        try (FileChannel out = FileChannel.open(old, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long p = RecordFiles.writeFully(out, RecordFiles.fileHeader(RecordFiles.LOG_MAGIC,
                    RecordFiles.GROUPLESS_LOG_VERSION, 1), 0);
            for (int n = 0; n < 3; n++) {
                p = RecordFiles.writeFully(out, RecordFiles.frame(commit(1_000L * (n + 1), n)), p);
            }
            ByteBuffer torn = RecordFiles.frame(commit(4_000, 3));
            RecordFiles.writeFully(out, torn.limit(torn.limit() - 3), p); // cut short: the old format's torn tail
        }
        try (RecoveryLog recovery = new RecoveryLog(); Database db = EmbeddedFdb.open(dir)) {
            assertTrue(recovery.droppedTheTornTailOf(old), recovery.messages().toString());
            assertEquals(range(0, 3), numbers(db));
            assertEquals(List.of(1L, 2L), List.copyOf(LogFile.list(dir).keySet()), "appending goes on in a new log");
            commitNumbers(db, 3, 6);
            Path image = crashImage(dir, temp.resolve("image"));
            try (Database reopened = EmbeddedFdb.open(image)) {
                assertEquals(range(0, 6), numbers(reopened), "the old log, then the new one");
                assertArrayEquals(Tuple.from(2).pack(), reopened.read(tr -> tr.get(Tuple.from("k", 2).pack()).join()));
            }
        }
    }
}
