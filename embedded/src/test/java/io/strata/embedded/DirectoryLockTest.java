package io.strata.embedded;

import static io.strata.embedded.DurableFiles.commitNumbers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directory lock holds against other processes after anything this process does with the directory: POSIX
 * record locks are dropped when the process closes any descriptor of the locked file, so each test triggers one
 * such thing in this process, then asks a child JVM to open the directory while the database is still open.
 */
class DirectoryLockTest {
    @TempDir
    Path temp;

    /** What a child JVM gets when it opens {@code dir}: {@code LOCKED ...} or {@code OPENED}. */
    private static String otherProcessOpens(Path dir) throws Exception {
        try (ChildJvm child = ChildJvm.start("try", dir.toString())) {
            return child.await("", 60);
        }
    }

    private static void assertStillLocked(Path dir, Database db) throws Exception {
        String outcome = otherProcessOpens(dir);
        assertTrue(outcome.startsWith("LOCKED") && outcome.contains("process " + ProcessHandle.current().pid()),
                "another process must be refused while this one has the directory open, but it got: " + outcome);
        commitNumbers(db, 0, 1); // and this process still writes it
    }

    @Test
    void aRefusedSecondOpenInThisProcessLeavesTheDirectoryLockedForOthers() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            assertThrows(DirectoryLockedException.class, () -> EmbeddedFdb.open(dir));
            assertStillLocked(dir, db);
        }
    }

    @Test
    void aSecondOpenThroughAnotherSpellingOfThePathIsRefusedAndLeavesTheLock() throws Exception {
        Path dir = temp.resolve("db");
        Path link = Files.createSymbolicLink(temp.resolve("link"), dir.getFileName());
        try (Database db = EmbeddedFdb.open(dir)) {
            DirectoryLockedException viaLink = assertThrows(DirectoryLockedException.class, () -> EmbeddedFdb.open(link));
            assertTrue(viaLink.holder().contains("this process"), viaLink.getMessage());
            assertThrows(DirectoryLockedException.class, () -> EmbeddedFdb.open(dir.resolve("..").resolve("db")));
            assertStillLocked(dir, db);
        }
    }

    @Test
    void readingWhoHoldsTheDirectoryLeavesTheLock() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            String holder = Files.readString(dir.resolve(DirectoryLock.HOLDER_FILE), StandardCharsets.UTF_8);
            assertTrue(holder.startsWith("process " + ProcessHandle.current().pid() + " since "), holder);
            assertStillLocked(dir, db);
        }
    }

    @Test
    void afterCloseAnotherProcessOpensTheDirectory() throws Exception {
        Path dir = temp.resolve("db");
        try (Database db = EmbeddedFdb.open(dir)) {
            assertThrows(DirectoryLockedException.class, () -> EmbeddedFdb.open(dir));
        }
        assertEquals("OPENED", otherProcessOpens(dir), "closing releases the directory, for this process and others");
        EmbeddedFdb.open(dir).close();
    }
}
