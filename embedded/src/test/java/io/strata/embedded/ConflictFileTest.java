package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** {@link ConflictContract} on a durable database: commits go through the log before they complete. */
class ConflictFileTest extends ConflictContract {
    @TempDir
    Path directory;

    @Override
    protected Database database() {
        return EmbeddedFdb.open(directory.resolve("db"));
    }
}
