package io.strata.embedded;

import static io.strata.embedded.DurableFiles.commitNumbers;
import static io.strata.embedded.DurableFiles.crashImage;
import static io.strata.embedded.DurableFiles.flipByte;
import static io.strata.embedded.DurableFiles.onlyLog;
import static io.strata.embedded.DurableFiles.recordOffsets;
import static io.strata.embedded.DurableFiles.recordsEnd;
import static io.strata.embedded.DurableFiles.resize;
import static io.strata.embedded.DurableFiles.zero;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.Tuple;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Damaged files, a torn log tail, a directory in use, missing or read-only: each gets its clear outcome. */
class DurableErrorsTest {
    @TempDir
    Path temp;

    private static int count(Database db) {
        return db.read(tr -> tr.getRange(Range.startsWith(Tuple.from("k").pack())).asList().join()).size();
    }

    /** The on-disk image of a database that committed ten transactions and then was killed. */
    private Path crashedAfterTenCommits() throws IOException {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            commitNumbers(db, 0, 10);
            return crashImage(dir, temp.resolve("image"));
        }
    }

    @Test
    void aFlippedByteInTheCheckpointIsReportedWithFileAndOffset() throws IOException {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            commitNumbers(db, 0, 1000);
        }
        Path checkpoint = dir.resolve(Checkpoints.FILE);
        List<Long> records = recordOffsets(checkpoint);
        long flipped = records.get(1) + 40; // inside the first record of entries
        flipByte(checkpoint, flipped);
        DamagedFileException e = assertThrows(DamagedFileException.class, () -> EmbeddedFdb.open(dir));
        assertEquals(checkpoint, e.file());
        assertEquals(records.get(1), e.offset(), "the offset of the record that failed its checksum");
        assertTrue(e.getMessage().contains(checkpoint.toString()) && e.getMessage().contains("offset " + records.get(1))
                && e.getMessage().contains("checksum"), e.getMessage());
    }

    @Test
    void aFlippedByteInTheMiddleOfTheLogIsDamageNotATornTail() throws IOException {
        Path image = crashedAfterTenCommits();
        Path log = onlyLog(image);
        List<Long> records = recordOffsets(log);
        assertEquals(10, records.size());
        flipByte(log, records.get(4) + RecordFiles.RECORD_HEADER + 3);
        long sizeBefore = Files.size(log);
        DamagedFileException e = assertThrows(DamagedFileException.class, () -> EmbeddedFdb.open(image));
        assertEquals(log, e.file());
        assertEquals(records.get(4), e.offset());
        assertEquals(sizeBefore, Files.size(log), "nothing is cut from a damaged log");
    }

    @Test
    void aFlippedByteInTheLastRecordOfTheNewestLogIsDamageNotATornTail() throws IOException {
        Path image = crashedAfterTenCommits();
        Path log = onlyLog(image);
        long last = recordOffsets(log).get(9);
        flipByte(log, last + RecordFiles.RECORD_HEADER + 3); // the tenth commit was acknowledged, then its bytes changed
        long sizeBefore = Files.size(log);
        DamagedFileException e = assertThrows(DamagedFileException.class, () -> EmbeddedFdb.open(image));
        assertEquals(log, e.file());
        assertEquals(last, e.offset());
        assertTrue(e.getMessage().contains("checksum") && e.getMessage().contains("acknowledged"), e.getMessage());
        assertEquals(sizeBefore, Files.size(log), "the acknowledged commit is not cut off");
    }

    @Test
    void aFlippedByteInARecordLengthIsDamageToo() throws IOException {
        Path image = crashedAfterTenCommits();
        Path log = onlyLog(image);
        long record = recordOffsets(log).get(2);
        flipByte(log, record + 1);
        DamagedFileException e = assertThrows(DamagedFileException.class, () -> EmbeddedFdb.open(image));
        assertEquals(record, e.offset());
        assertTrue(e.getMessage().contains("header"), e.getMessage());
    }

    @Test
    void aLastRecordWhoseLastSectorWasNeverWrittenIsATornTailDroppedAndTheLogGoesOnFromThere() throws IOException {
        Path dir = temp.resolve("db");
        Path image;
        try (Database db = EmbeddedFdb.open(dir)) {
            commitNumbers(db, 0, 9);
            db.run(tr -> { // the tenth commit spans several 512-byte sectors
                byte[] value = new byte[2_000];
                Arrays.fill(value, (byte) 7);
                tr.set(Tuple.from("k", 9).pack(), value);
                return null;
            });
            image = crashImage(dir, temp.resolve("image"));
        }
        Path log = onlyLog(image);
        long lastRecord = recordOffsets(log).get(9);
        long end = recordsEnd(log);
        zero(log, end - 1 - (end - 1) % 512, end); // the process died before the disk wrote the record's last sector
        try (RecoveryLog recovery = new RecoveryLog(); Database db = EmbeddedFdb.open(image)) {
            assertTrue(recovery.droppedTheTornTailOf(log), recovery.messages().toString());
            assertEquals(9, count(db), "the nine whole commits; the torn tenth was never acknowledged");
            assertNull(db.read(tr -> tr.get(Tuple.from("k", 9).pack()).join()));
            assertEquals(lastRecord, recordsEnd(log), "the torn record is cut off before anything is appended");
            commitNumbers(db, 100, 101);
        }
        try (Database db = EmbeddedFdb.open(image)) {
            assertEquals(10, count(db));
        }
    }

    @Test
    void zeroBytesAfterTheLastRecordAreThePreallocatedSpaceAndNotATornTail() throws IOException {
        Path image = crashedAfterTenCommits();
        Path log = onlyLog(image);
        resize(log, 4096); // more zeros, as a crash while the log grew leaves
        try (RecoveryLog recovery = new RecoveryLog(); Database db = EmbeddedFdb.open(image)) {
            assertTrue(recovery.messages().isEmpty(), recovery.messages().toString());
            assertEquals(10, count(db));
        }
    }

    @Test
    void aMissingLogIsDamage() throws IOException {
        Path image = crashedAfterTenCommits();
        Path log = onlyLog(image);
        Files.move(log, LogFile.path(image, 2)); // as if log 1 had been lost
        DamagedFileException e = assertThrows(DamagedFileException.class, () -> EmbeddedFdb.open(image));
        assertEquals(log, e.file());
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }

    @Test
    void aMissingParentDirectoryIsAClearError() {
        Path dir = temp.resolve("no/such/place");
        StorageException e = assertThrows(StorageException.class, () -> EmbeddedFdb.open(dir));
        assertTrue(e.getMessage().contains(dir.toString()) && e.getMessage().contains(temp.resolve("no/such").toString())
                && e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void aFileWhereTheDirectoryShouldBeIsAClearError() throws IOException {
        Path file = Files.createFile(temp.resolve("plain"));
        StorageException e = assertThrows(StorageException.class, () -> EmbeddedFdb.open(file));
        assertTrue(e.getMessage().contains("not a directory"), e.getMessage());
    }

    @Test
    void aDirectoryOfOtherFilesIsNotAdoptedAndTheMessageNamesThem() throws IOException {
        Path dir = Files.createDirectory(temp.resolve("photos"));
        Files.writeString(dir.resolve("holiday.jpg"), "not a database");
        Files.createDirectory(dir.resolve("2024"));
        StorageException e = assertThrows(StorageException.class, () -> EmbeddedFdb.open(dir));
        assertTrue(e.getMessage().contains(dir.toString()) && e.getMessage().contains("holds no Strata database")
                && e.getMessage().contains("2024, holiday.jpg"), e.getMessage());
        try (var left = Files.list(dir)) {
            assertEquals(2, left.count(), "nothing was created in the directory");
        }
    }

    @Test
    void anEmptyDirectoryAndADatabaseWithAnExtraFileStillOpen() throws IOException {
        Path empty = Files.createDirectory(temp.resolve("empty"));
        EmbeddedFdb.open(empty).close();
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            commitNumbers(db, 0, 3);
        }
        Files.writeString(dir.resolve("NOTES.txt"), "kept by the operator");
        try (Database db = EmbeddedFdb.open(dir)) {
            assertEquals(3, count(db));
        }
    }

    @Test
    void aSecondOpenInTheSameProcessFailsAtOnce() {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            DirectoryLockedException e = assertThrows(DirectoryLockedException.class, () -> EmbeddedFdb.open(dir));
            assertEquals(dir, e.directory());
            assertTrue(e.getMessage().contains(dir.toString()) && e.holder().contains("this process"), e.getMessage());
        }
        EmbeddedFdb.open(dir).close(); // released on close
    }

    @Test
    void aDirectoryHeldByAnotherProcessNamesThatProcess() throws Exception {
        Path dir = temp.resolve("db");
        try (ChildJvm child = ChildJvm.start("hold", dir.toString())) {
            child.await("READY", 60);
            DirectoryLockedException e = assertThrows(DirectoryLockedException.class, () -> EmbeddedFdb.open(dir));
            assertTrue(e.getMessage().contains(dir.toString()) && e.holder().contains("process " + child.pid()),
                    e.getMessage());
            child.kill();
        }
        try (Database db = EmbeddedFdb.open(dir)) {
            assertNotNull(db, "the operating system released the lock when the holder died");
        }
    }

    @Test
    void aReadOnlyDirectoryIsAClearError() throws IOException {
        Path empty = Files.createDirectory(temp.resolve("empty"));
        Path withData = temp.resolve("with-data");
        try (Database db = EmbeddedFdb.open(withData)) {
            commitNumbers(db, 0, 3);
        }
        for (Path dir : List.of(empty, withData)) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
            try {
                assumePermissionsBite(dir);
                StorageException e = assertThrows(StorageException.class, () -> EmbeddedFdb.open(dir));
                assertTrue(e.getMessage().contains(dir.toString()) && e.getMessage().contains("not writable"), e.getMessage());
            } finally {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        try (Database db = EmbeddedFdb.open(withData)) {
            assertEquals(3, count(db), "writable again: nothing was lost");
        }
    }

    /** Skips the test where directory permissions do not stop this user (root). */
    private static void assumePermissionsBite(Path readOnly) {
        boolean bite;
        try {
            Files.delete(Files.createFile(readOnly.resolve("probe")));
            bite = false;
        } catch (IOException expected) {
            bite = true;
        }
        Assumptions.assumeTrue(bite, "this test runs as a user (root) whom directory permissions do not stop, so a"
                + " read-only directory cannot be made here");
    }
}
