package io.strata.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.apple.foundationdb.Database;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** The fixture itself: a started container serves reads and writes, and a fresh database is empty. */
@Testcontainers(disabledWithoutDocker = true)
class FdbClusterContainerClusterTest {

    @Container
    static final FdbClusterContainer FDB = new FdbClusterContainer();

    @Test
    void freshDatabaseForgetsWhatEarlierTestsWrote() {
        byte[] key = {0x01};
        try (Database db = FDB.openDatabase()) {
            db.run(tr -> {
                tr.set(key, new byte[] {0x2a});
                return null;
            });
            assertArrayEquals(new byte[] {0x2a}, db.read(tr -> tr.get(key).join()));
        }
        try (Database db = FDB.freshDatabase()) {
            assertNull(db.read(tr -> tr.get(key).join()));
        }
    }
}
