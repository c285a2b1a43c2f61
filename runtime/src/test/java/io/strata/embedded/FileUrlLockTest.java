package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.StrataException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refused {@code Strata.connect("strata:file:...")} from the process that has the directory open leaves the
 * directory locked against other processes (in this package for the engine's {@link ChildJvm}).
 */
class FileUrlLockTest {
    @Test
    void aRefusedConnectFromTheHoldingProcessLeavesTheDirectoryLockedForOthers(@TempDir Path temp) throws Exception {
        String url = "strata:file:" + temp.resolve("db");
        try (StrataDb db = Strata.connect(url)) {
            StrataException refused = assertThrows(StrataException.class, () -> Strata.connect(url));
            assertTrue(refused.getCause() instanceof DirectoryLockedException, refused.toString());
            try (ChildJvm child = ChildJvm.start("try", temp.resolve("db").toString())) {
                String outcome = child.await("", 60);
                assertTrue(outcome.startsWith("LOCKED"), "another process must be refused while this one has the"
                        + " directory open, but it got: " + outcome);
            }
        }
    }
}
